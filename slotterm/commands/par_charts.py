"""The PAR report's three charts as inline SVG: the RTP split, the win distribution and
the volatility bands (the figures from :mod:`~slotterm.commands.par_report_data`, the
drawing from :mod:`~slotterm.commands.par_svg`), and the three as one picture of their own
(:func:`charts_picture`, the README's: ``tools/make_par_picture.py``)."""

from __future__ import annotations

import html
import math
from typing import TYPE_CHECKING

from slotterm.commands.par_formats import sheet_game
from slotterm.commands.par_html_style import STYLE
from slotterm.commands.par_report_data import (
    rtp_split,
    volatility,
    volatility_curve,
    win_exceedance,
)
from slotterm.commands.par_svg import (
    CHART_WIDTH,
    Axis,
    Band,
    Bar,
    Series,
    bar_chart,
    decades,
    element,
    line_chart,
    power_of_ten,
    steps,
    svg_height,
    text,
)

if TYPE_CHECKING:
    from slotterm.analysis.sheet import Confidence, ParSheet
    from slotterm.commands.par_report_data import Spread

BOUNDS = ("low_90", "high_90", "low_95", "high_95")
"""The figures of a ``confidence`` row the volatility chart marks."""


def percent(value: float) -> str:
    """A fraction as a percentage, four places (small ones in powers of ten)."""
    shown = 100 * value
    if shown != 0 and abs(shown) < 0.01:
        return f"{shown:.3e} %"
    return f"{shown:.4f} %"


def times(value: float) -> str:
    """A multiple of the total bet: whole, or to two places."""
    return f"{value:,.0f}" if float(value).is_integer() else f"{value:,.2f}"


def log_axis(label: str, low: float, high: float, unit: str = "") -> Axis:
    """A logarithmic axis from ``low`` to ``high`` with a tick at each power of ten."""
    ticks = decades(low, high)
    return Axis(
        label=label,
        low=ticks[0],
        high=ticks[-1],
        ticks=ticks,
        tick_text=lambda v: power_of_ten(round(math.log10(v))) + unit,
        log=True,
    )


def split_chart(sheet: ParSheet) -> str:
    """The RTP split as bars (a feature's own parts indented under it)."""
    bars = []
    for part in rtp_split(sheet):
        data = {"value": repr(part.value)} | ({} if part.name is None else {"name": part.name})
        note = ""
        if part.uncapped is not None:
            data["uncapped"] = repr(part.uncapped)
            note = f" with the round cap, {percent(part.uncapped)} without"
        bars.append(
            Bar(
                label=part.label,
                value=part.value,
                shown=percent(part.value),
                data=data,
                inner=part.inner,
                note=note,
            )
        )
    return bar_chart("rtp-split", "RTP split, as fractions of the total bet", bars)


def distribution_chart(sheet: ParSheet) -> str:
    """P(round pays >= x × total bet) on log-log axes, marked where the sheet knows it."""
    points = win_exceedance(sheet)
    if not points:
        return element("p", {}, "No round pays anything.")
    marks = [
        (
            p.x,
            p.probability,
            {"x": repr(p.x), "probability": repr(p.probability)},
            f"at least {times(p.x)}× the total bet: {percent(p.probability)} of rounds",
        )
        for p in points
    ]
    line = Series(
        points=[(p.x, p.probability) for p in points], name="exceedance", marks=marks, dashed=True
    )
    return line_chart(
        "win-distribution",
        "Probability that a round pays at least x times the total bet",
        x=log_axis(
            "x, multiples of the total bet",
            min(p.x for p in points),
            max(p.x for p in points),
            "×",
        ),
        y=log_axis("probability per round", min(p.probability for p in points), 1.0),
        series=[line],
    )


def _marks(rows: list[Confidence]) -> list[tuple[float, float, dict[str, object], str]]:
    """A mark at each bound of each ``confidence`` row."""
    found: list[tuple[float, float, dict[str, object], str]] = []
    for row in rows:
        for figure in BOUNDS:
            value = getattr(row, figure)
            data: dict[str, object] = {"rounds": row.rounds, "figure": figure, "value": repr(value)}
            found.append(
                (row.rounds, value, data, f"{row.rounds:,} rounds, {figure}: {percent(value)}")
            )
    return found


def _band(curve: list[Spread], name: str) -> Band:
    """The area between RTP - half width and RTP + half width (``half_90`` or ``half_95``)."""
    half = [getattr(s, name.replace("band", "half").replace("-", "_")) for s in curve]
    return Band(
        lower=[(s.rounds, s.centre - h) for s, h in zip(curve, half, strict=True)],
        upper=[(s.rounds, s.centre + h) for s, h in zip(curve, half, strict=True)],
        name=name,
    )


def volatility_chart(sheet: ParSheet) -> str:
    """RTP ± VI/√N at 90 % and 95 % against the rounds played, marked at each sheet row."""
    curve = volatility_curve(sheet)
    if not curve:
        return ""
    low = min(s.centre - s.half_95 for s in curve)
    high = max(s.centre + s.half_95 for s in curve)
    low, high = low - (high - low) * 0.04, high + (high - low) * 0.04  # room for the marks
    ticks = [t for t in steps(low, high) if low <= t <= high] or [low, high]
    rtp = Axis(
        label="RTP of the rounds",
        low=low,
        high=high,
        ticks=ticks,
        tick_text=lambda v: f"{100 * v:.0f} %",
    )
    return line_chart(
        "volatility",
        "Where the RTP of N rounds lands: 90 % and 95 % of the time inside the bands",
        x=log_axis("rounds played (N)", curve[0].rounds, curve[-1].rounds),
        y=rtp,
        series=[
            Series(points=[(s.rounds, s.centre) for s in curve], name="centre"),
            Series(points=[], name="bounds", marks=_marks(volatility(sheet))),
        ],
        bands=[_band(curve, "band-95"), _band(curve, "band-90")],
    )


PICTURE_GAP = 44
"""Room above each chart of the picture, for its heading."""


def charts_picture(sheet: ParSheet) -> str:
    """The three charts stacked in one standalone SVG picture, each under its heading,
    the page's colours in it."""
    charts = [
        ("RTP split", split_chart(sheet)),
        (
            "Win distribution: P(round pays at least x times the total bet)",
            distribution_chart(sheet),
        ),
        ("Where the RTP of N rounds lands (90 % and 95 %)", volatility_chart(sheet)),
    ]
    game = sheet_game(sheet)
    title = f"{game.name}: exact PAR charts, {sheet.lines} lines"
    body = [element("rect", {"class": "paper", "width": "100%", "height": "100%"})]
    body.append(text(8, 26, title, class_="heading"))
    top = 36.0
    for heading, chart in charts:
        height = svg_height(chart)
        if height is None:  # a chart with nothing to draw is a sentence
            continue
        body.append(text(8, top + 28, heading, class_="subheading"))
        body.append(element("g", {"transform": f"translate(0 {top + PICTURE_GAP:g})"}, chart))
        top += PICTURE_GAP + height + 8
    attrs = {
        "xmlns": "http://www.w3.org/2000/svg",
        "viewBox": f"0 0 {CHART_WIDTH} {top:g}",
        "width": CHART_WIDTH,
        "height": f"{top:g}",
        "role": "img",
        "aria-label": title,
    }
    style = element("style", {}, html.escape(STYLE, quote=False))
    return element("svg", attrs, style + "".join(body)) + "\n"
