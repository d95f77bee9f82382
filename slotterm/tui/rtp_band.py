"""The band of returns that 95 % of players see after a number of spins ("is it rigged?").

After ``n`` spins the observed return of a player is close to normal about the game's RTP
with standard deviation σ / √n, where σ is the exact standard deviation of one round's
win per unit of total bet (from the par sheet, :mod:`slotterm.analysis`).  The band is
RTP ± z₉₅ · σ / √n.  The interface does not import the analysis: the program's start
(``slotterm play``) gives :func:`use_exact_sd` the function that works σ out, which
imports the analysis the first time the statistics screen asks for σ (in a worker
thread); σ is then kept for the program's life.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from slotterm.engine.model import GameDefinition

Z_95 = 1.959963984540054
"""The two-sided 95 % point of the normal law (as ``slotterm.analysis.par.Z_95``)."""


@dataclass(frozen=True, slots=True)
class RtpBand:
    """The returns (fractions of the bet) between which 95 % of players land after
    ``spins`` spins, about the game's ``rtp``."""

    rtp: float
    sd: float
    spins: int
    low: float
    high: float


def rtp_band(rtp: float, sd: float, spins: int) -> RtpBand | None:
    """The 95 % band after ``spins`` spins (``None`` before the first)."""
    if spins < 1:
        return None
    half = Z_95 * sd / math.sqrt(spins)
    return RtpBand(rtp=rtp, sd=sd, spins=spins, low=max(rtp - half, 0.0), high=rtp + half)


SdOf = Callable[[GameDefinition, int], float]
"""σ of one round's win per unit of total bet, of a game at a number of lines."""

_SD_OF: list[SdOf] = []
"""Where :func:`exact_sd` takes σ from (set by :func:`use_exact_sd`)."""


def use_exact_sd(sd_of: SdOf) -> None:
    """Take σ from ``sd_of`` from now on (the exact analysis, given by the program's start)."""
    _SD_OF[:] = [sd_of]
    exact_sd.cache_clear()


@lru_cache(maxsize=8)
def exact_sd(game: GameDefinition, lines: int) -> float:
    """σ of one round's win per unit of total bet at ``lines`` lines, from the exact par
    sheet (slow the first time: seconds for a game with pick games).  ``LookupError``
    when the program gave no analysis (:func:`use_exact_sd`)."""
    if not _SD_OF:
        raise LookupError("this program has no exact analysis")
    return _SD_OF[0](game, lines)
