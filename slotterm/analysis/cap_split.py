"""How the operator's round cap shares out over the parts of the RTP.

The cap takes ``E[round win] - E[min(round win, cap)]`` off the RTP (:func:`cap_loss`).
Part of that is the base spin's own win above the cap (``base``), which comes off the base
spin's parts (:data:`~slotterm.analysis.sheet.BASE`) in their order: line wins first, then
the scatter, then what other laws pay on the base spin (a bonus), none below zero.  The
rest (``feature``: features cut short, or never played because the base spin already
reached the cap) comes off the feature's parts (:data:`~slotterm.analysis.sheet.FEATURE`)
in proportion to their size.  So the capped parts add up to the capped RTP exactly as the
uncapped parts add up to the uncapped one.

A guard keeps float error from flipping a sign: where no round can reach the cap (the most
a round pays is below it), the loss is exactly 0 and every capped figure equals its
uncapped partner; elsewhere the loss is never below the base spin's own part of it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from slotterm.analysis.sheet import BASE, FEATURE

if TYPE_CHECKING:
    from slotterm.analysis.exact import RoundAnalysis


@dataclass(frozen=True)
class CapLoss:
    """What the cap takes off the mean round win (bet-per-line units): in all, and the
    base spin's own win above the cap."""

    total: float
    base: float

    @property
    def feature(self) -> float:
        """The part the feature's share carries: ``total - base``."""
        return self.total - self.base


@dataclass(frozen=True)
class Part:
    """One part of the RTP before the cap (a fraction of the total bet) and what wins it."""

    name: str
    uncapped: float
    won: str


def cap_loss(a: RoundAnalysis) -> CapLoss:
    """The cap's effect on ``a``'s mean round win, guarded (see the module notes); a game
    whose base spin awards no feature has all of it on the base spin."""
    if a.top < a.cap:
        return CapLoss(total=0.0, base=0.0)
    base = max(a.base_cap_loss, 0.0)
    total = max(a.mean - a.capped_mean, base)
    return CapLoss(total=total, base=total if a.feature is None else base)


def share_cap(parts: Sequence[Part], loss: CapLoss, lines: int) -> Mapping[str, float]:
    """Each part's figure with the cap: the base loss off the base parts in order, the
    feature's loss in proportion over the feature's parts (see the module notes)."""
    capped = {part.name: part.uncapped for part in parts}
    left = loss.base / lines
    for part in parts:
        if part.won == BASE and left > 0:
            taken = min(left, capped[part.name])
            capped[part.name] -= taken
            left -= taken
    feature = [part for part in parts if part.won == FEATURE]
    whole = sum(part.uncapped for part in feature)
    if whole > 0:
        for part in feature:
            capped[part.name] = max(
                part.uncapped - loss.feature / lines * part.uncapped / whole, 0.0
            )
    return capped
