"""What the charts of the PAR report show, computed from the sheet's exact figures.

* :func:`rtp_split`: the parts of the RTP, as the split table of ``slotterm par GAME`` has
  them (the base game's line wins and scatters, then what each feature adds, a feature's
  own parts under it), and the total.
* :func:`win_exceedance`: the probability that a round pays at least x times the total
  bet, the sheet's exact win tail (``win_tail``: 0.1, 0.2, 0.5, 1, 2, 5... and the cap).
* :func:`volatility`: where the RTP of N rounds lands, RTP ± VI/√N at 90 % and 95 %, for
  N from 10^3 to 10^6 (:data:`VOLATILITY_ROUNDS`): the ``confidence`` rows in that range,
  and the same law at any N between them for the curves.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from slotterm.analysis.sheet import UNCAPPED
from slotterm.analysis.sheet_text import split_rows
from slotterm.commands.par_formats import feature_text

if TYPE_CHECKING:
    from slotterm.analysis.sheet import Confidence, ParSheet, WinTail

VOLATILITY_ROUNDS = (10**3, 10**6)
"""The range of rounds the volatility chart spans."""


@dataclass(frozen=True)
class SplitPart:
    """One bar of the RTP split: its label, its value (a fraction of the total bet), the
    JSON key of the figure when the sheet names it, whether it is part of the bar above
    (a feature's own parts) rather than a part of the total, and the figure without the
    round cap when the sheet gives it (``NAME_uncapped``)."""

    label: str
    value: float
    name: str | None = None
    inner: bool = False
    uncapped: float | None = None


@dataclass(frozen=True)
class Spread:
    """Where the RTP of ``rounds`` rounds lands: ``centre`` ± the 90 % and 95 % half widths."""

    rounds: float
    centre: float
    half_90: float
    half_95: float


def _part(sheet: ParSheet, label: str, figure: float | str | None) -> SplitPart | None:
    """A split row as a bar: ``figure`` is the value, or the name of the figure."""
    inner = label.startswith(" ")
    if isinstance(figure, str):
        value = getattr(sheet, figure)
        name: str | None = figure
    else:
        value, name = figure, None
    if value is None:
        return None
    uncapped = None if name is None else getattr(sheet, name + UNCAPPED)
    return SplitPart(
        label=label.strip(),
        value=float(value),
        name=name,
        inner=inner,
        uncapped=None if uncapped is None else float(uncapped),
    )


def rtp_split(sheet: ParSheet) -> list[SplitPart]:
    """The bars of the RTP split: the parts, each feature's own parts under it, the total."""
    features = feature_text(sheet)
    rows: list[tuple[str, float | str | None]] = [*split_rows(features), ("total", "rtp")]
    parts = (_part(sheet, label, figure) for label, figure in rows)
    return [part for part in parts if part is not None]


def win_exceedance(sheet: ParSheet) -> list[WinTail]:
    """P(round win >= x × total bet) at each point of the sheet's win tail above zero."""
    return [point for point in sheet.win_tail if point.probability > 0]


def _spread(row: Confidence) -> Spread:
    return Spread(
        rounds=row.rounds,
        centre=(row.low_90 + row.high_90) / 2,
        half_90=(row.high_90 - row.low_90) / 2,
        half_95=(row.high_95 - row.low_95) / 2,
    )


def volatility(sheet: ParSheet) -> list[Confidence]:
    """The sheet's ``confidence`` rows whose rounds are in :data:`VOLATILITY_ROUNDS`."""
    low, high = VOLATILITY_ROUNDS
    return [row for row in sheet.confidence if low <= row.rounds <= high]


def volatility_curve(sheet: ParSheet, steps: int = 48) -> list[Spread]:
    """RTP ± VI/√N at ``steps + 1`` numbers of rounds evenly spaced on a log scale over
    :data:`VOLATILITY_ROUNDS`, from the law of the ``confidence`` rows (the half widths
    shrink as 1/√N)."""
    rows = volatility(sheet) or list(sheet.confidence)
    if not rows:
        return []
    known = _spread(rows[0])
    low, high = (math.log10(n) for n in VOLATILITY_ROUNDS)
    curve = []
    for step in range(steps + 1):
        rounds = 10 ** (low + (high - low) * step / steps)
        shrink = math.sqrt(known.rounds / rounds)
        curve.append(
            Spread(
                rounds=rounds,
                centre=known.centre,
                half_90=known.half_90 * shrink,
                half_95=known.half_95 * shrink,
            )
        )
    return curve
