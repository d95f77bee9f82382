"""Charts as inline SVG text, for the PAR report page: no script, no external file.

Two kinds: :func:`bar_chart` (labelled horizontal bars) and :func:`line_chart` (lines,
shaded bands between two lines, and marked points, on linear or logarithmic axes).  Every
piece of text and every attribute value is escaped (:func:`element`).  Colours come from
the page's style sheet, by class: ``bar``, ``bar inner``, ``line``, ``point``, ``band``
with a class of its own.  The figures a drawing stands for are in its ``data-*``
attributes, every digit (``repr``), beside a ``<title>`` a browser shows on hover.
"""

from __future__ import annotations

import html
import math
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

Point = tuple[float, float]
"""``(x, y)`` in the chart's units."""

SUPERSCRIPT = str.maketrans("-0123456789", "⁻⁰¹²³⁴⁵⁶⁷⁸⁹")


def element(tag: str, attrs: Mapping[str, object], content: str = "") -> str:
    """``<tag a="v"...>content</tag>``, each value escaped (``content`` is already markup)."""
    cells = "".join(
        f' {name}="{html.escape(str(value), quote=True)}"' for name, value in attrs.items()
    )
    return f"<{tag}{cells}>{content}</{tag}>"


def text(x: float, y: float, words: str, **attrs: object) -> str:
    """A ``<text>`` at ``(x, y)`` saying ``words`` (escaped); ``class_`` gives its class."""
    named = {k.rstrip("_").replace("_", "-"): v for k, v in attrs.items()}
    return element("text", {"x": _px(x), "y": _px(y), **named}, html.escape(words))


def titled(tag: str, attrs: Mapping[str, object], tip: str) -> str:
    """An element with a hover text (``<title>``)."""
    return element(tag, attrs, element("title", {}, html.escape(tip)))


def power_of_ten(exponent: int) -> str:
    """``10³``, ``10⁻⁴``; ``1`` and ``10`` as they are."""
    if exponent in (0, 1):
        return str(10**exponent)
    return "10" + str(exponent).translate(SUPERSCRIPT)


def svg_height(chart: str) -> float | None:
    """The height an ``<svg>`` element's text says it has (``None`` for other markup)."""
    found = re.match(r'<svg [^>]*?\bheight="([0-9.]+)"', chart)
    return None if found is None else float(found[1])


def _px(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".")


@dataclass(frozen=True)
class Bar:
    """One bar: its label, its value, the value as shown, the figures behind it (``data``),
    whether it is part of the bar above it (drawn indented and lighter), and more words
    for its hover text."""

    label: str
    value: float
    shown: str
    data: Mapping[str, object] = field(default_factory=dict)
    inner: bool = False
    note: str = ""


BAR_HEIGHT = 22
BAR_GAP = 8
LABEL_WIDTH = 260
VALUE_WIDTH = 110
CHART_WIDTH = 760


def _svg(chart_id: str, title: str, width: float, height: float, body: Sequence[str]) -> str:
    heading = element("title", {"id": f"{chart_id}-title"}, html.escape(title))
    attrs = {
        "id": chart_id,
        "class": "chart",
        "viewBox": f"0 0 {_px(width)} {_px(height)}",
        "width": _px(width),
        "height": _px(height),
        "role": "img",
        "aria-labelledby": f"{chart_id}-title",
    }
    return element("svg", attrs, heading + "".join(body))


def bar_chart(chart_id: str, title: str, bars: Sequence[Bar]) -> str:
    """Horizontal bars, one a row, their lengths in proportion to the largest value."""
    most = max((bar.value for bar in bars), default=0.0)
    room = CHART_WIDTH - LABEL_WIDTH - VALUE_WIDTH
    body = []
    for n, bar in enumerate(bars):
        top = BAR_GAP + n * (BAR_HEIGHT + BAR_GAP)
        indent = 16 if bar.inner else 0
        length = room * max(bar.value, 0.0) / most if most > 0 else 0.0
        middle = top + BAR_HEIGHT / 2 + 4
        body.append(text(LABEL_WIDTH - 8, middle, bar.label, text_anchor="end", class_="label"))
        rect = {
            "class": "bar inner" if bar.inner else "bar",
            "x": _px(LABEL_WIDTH + indent),
            "y": _px(top + (4 if bar.inner else 0)),
            "width": _px(max(length - indent, 1.0)),
            "height": _px(BAR_HEIGHT - (8 if bar.inner else 0)),
            **{f"data-{key}": value for key, value in bar.data.items()},
        }
        body.append(titled("rect", rect, f"{bar.label}: {bar.shown}{bar.note}"))
        body.append(text(LABEL_WIDTH + max(length, indent + 1.0) + 6, middle, bar.shown))
    height = BAR_GAP + len(bars) * (BAR_HEIGHT + BAR_GAP)
    return _svg(chart_id, title, CHART_WIDTH, height, body)


@dataclass(frozen=True)
class Axis:
    """One axis: its label, its range, logarithmic or linear, its ticks and how a tick reads."""

    label: str
    low: float
    high: float
    ticks: Sequence[float]
    tick_text: Callable[[float], str]
    log: bool = False

    def place(self, value: float, start: float, end: float) -> float:
        """Where ``value`` falls between the pixels ``start`` (low) and ``end`` (high)."""
        scale: Callable[[float], float] = math.log10 if self.log else float
        low, high = scale(self.low), scale(self.high)
        share = (scale(value) - low) / (high - low) if high > low else 0.5
        return start + share * (end - start)


@dataclass(frozen=True)
class Series:
    """A line through ``points`` (with class ``line`` and its own; none for fewer than two
    points), and a marked point (class ``point``) at each of ``marks``: ``(x, y, data
    attributes, hover text)``."""

    points: Sequence[Point]
    name: str
    marks: Sequence[tuple[float, float, Mapping[str, object], str]] = ()
    dashed: bool = False


@dataclass(frozen=True)
class Band:
    """The area between the lines ``lower`` and ``upper`` (at the same x values)."""

    lower: Sequence[Point]
    upper: Sequence[Point]
    name: str


PLOT_LEFT, PLOT_RIGHT, PLOT_TOP, PLOT_BOTTOM = 80, 24, 16, 56
PLOT_HEIGHT = 360


def line_chart(
    chart_id: str,
    title: str,
    x: Axis,
    y: Axis,
    series: Sequence[Series],
    bands: Sequence[Band] = (),
) -> str:
    """Bands, then lines and their marked points, over a grid of each axis's ticks."""
    left, right = PLOT_LEFT, CHART_WIDTH - PLOT_RIGHT
    top, bottom = PLOT_TOP, PLOT_HEIGHT - PLOT_BOTTOM

    def at(point: Point) -> str:
        return f"{_px(x.place(point[0], left, right))},{_px(y.place(point[1], bottom, top))}"

    body = [
        element(
            "rect",
            {"class": "plot", "x": left, "y": top, "width": right - left, "height": bottom - top},
        )
    ]
    for tick in x.ticks:
        px = x.place(tick, left, right)
        body.append(
            element(
                "line", {"class": "grid", "x1": _px(px), "x2": _px(px), "y1": top, "y2": bottom}
            )
        )
        body.append(text(px, bottom + 18, x.tick_text(tick), text_anchor="middle", class_="tick"))
    for tick in y.ticks:
        py = y.place(tick, bottom, top)
        body.append(
            element(
                "line", {"class": "grid", "x1": left, "x2": right, "y1": _px(py), "y2": _px(py)}
            )
        )
        body.append(text(left - 6, py + 4, y.tick_text(tick), text_anchor="end", class_="tick"))
    body.append(
        text((left + right) / 2, PLOT_HEIGHT - 12, x.label, text_anchor="middle", class_="axis")
    )
    middle = (top + bottom) / 2
    body.append(
        text(
            16,
            middle,
            y.label,
            text_anchor="middle",
            class_="axis",
            transform=f"rotate(-90 16 {_px(middle)})",
        )
    )
    for band in bands:
        outline = [*band.lower, *reversed(band.upper)]
        body.append(
            element("polygon", {"class": f"band {band.name}", "points": " ".join(map(at, outline))})
        )
    for line in series:
        attrs: dict[str, object] = {
            "class": f"line {line.name}",
            "points": " ".join(map(at, line.points)),
        }
        if line.dashed:
            attrs["stroke-dasharray"] = "6 4"
        if len(line.points) > 1:  # a series of marks alone draws no line
            body.append(element("polyline", attrs))
        for mx, my, data, tip in line.marks:
            spot = {
                "class": f"point {line.name}",
                "cx": _px(x.place(mx, left, right)),
                "cy": _px(y.place(my, bottom, top)),
                "r": 4,
                **{f"data-{key}": value for key, value in data.items()},
            }
            body.append(titled("circle", spot, tip))
    return _svg(chart_id, title, CHART_WIDTH, PLOT_HEIGHT, body)


def decades(low: float, high: float) -> list[float]:
    """The powers of ten from the one at or below ``low`` to the one at or above ``high``."""
    first, last = math.floor(math.log10(low)), math.ceil(math.log10(high))
    return [10.0**k for k in range(first, max(last, first + 1) + 1)]


def steps(low: float, high: float, most: int = 8) -> list[float]:
    """Round ticks (1, 2 or 5 times a power of ten apart) covering ``low`` to ``high``."""
    span = high - low if high > low else abs(high) or 1.0
    raw = span / most
    power = 10.0 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 5, 10) if m * power >= raw)
    first = math.floor(low / step)
    return [k * step for k in range(first, math.ceil(high / step) + 1)]
