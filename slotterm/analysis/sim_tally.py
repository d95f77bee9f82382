"""What a simulation counts (:class:`Tally`) and what it derives from the counts.

:mod:`slotterm.analysis.simulate` plays the rounds; this module holds its integer
tallies, which add up across chunks and processes, and :class:`SimulationResult`, the
statistics a report prints (RTP and its 99 % interval, frequencies, per-feature figures).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import zip_longest

Z_99 = 2.5758293035489004
"""The two-sided 99 % normal quantile."""


def _sum(a: Sequence[int], b: Sequence[int]) -> tuple[int, ...]:
    return tuple(x + y for x, y in zip_longest(a, b, fillvalue=0))


@dataclass(frozen=True, slots=True)
class Tally:
    """Integer tallies of a number of rounds (amounts in cents).

    ``features`` counts rounds that started free spins.  ``frames``, ``frame_rounds``,
    ``frame_paid`` and ``base_frames`` are per feature of the game's ``all_features``
    (frames played, rounds with at least one, what they paid, frames the base spin
    started).
    """

    rounds: int = 0
    staked: int = 0
    paid: int = 0
    paid_squares: int = 0
    base_hits: int = 0
    features: int = 0
    free_spins: int = 0
    capped: int = 0
    top_win: int = 0
    frames: tuple[int, ...] = ()
    frame_rounds: tuple[int, ...] = ()
    frame_paid: tuple[int, ...] = ()
    base_frames: tuple[int, ...] = ()

    def __add__(self, other: Tally) -> Tally:
        """The tally of both sets of rounds."""
        return Tally(
            rounds=self.rounds + other.rounds,
            staked=self.staked + other.staked,
            paid=self.paid + other.paid,
            paid_squares=self.paid_squares + other.paid_squares,
            base_hits=self.base_hits + other.base_hits,
            features=self.features + other.features,
            free_spins=self.free_spins + other.free_spins,
            capped=self.capped + other.capped,
            top_win=max(self.top_win, other.top_win),
            frames=_sum(self.frames, other.frames),
            frame_rounds=_sum(self.frame_rounds, other.frame_rounds),
            frame_paid=_sum(self.frame_paid, other.frame_paid),
            base_frames=_sum(self.base_frames, other.base_frames),
        )


@dataclass(frozen=True, slots=True)
class SimulationResult:
    """What a simulation measured, with the statistics derived from it."""

    game_id: str
    seed: int
    lines: int
    bet_per_line: int
    workers: int
    tally: Tally
    policy: str = "best"
    coin_size: int | None = None
    feature_names: tuple[str, ...] = ()

    @property
    def total_bet(self) -> int:
        """The total bet of one round in cents."""
        return self.bet_per_line * self.lines

    @property
    def rtp(self) -> float:
        """Paid / staked."""
        return self.tally.paid / self.tally.staked if self.tally.staked else 0.0

    @property
    def sd(self) -> float:
        """Sample standard deviation of one round's return (win / total bet)."""
        n = self.tally.rounds
        if n < 2:
            return 0.0
        # exact integer arithmetic for the sum of squared deviations, in cents²
        deviations = n * self.tally.paid_squares - self.tally.paid**2
        variance_cents = deviations / (n * (n - 1))
        return math.sqrt(max(variance_cents, 0.0)) / self.total_bet

    @property
    def ci99_half_width(self) -> float:
        """Half the width of the 99 % confidence interval of the RTP."""
        n = self.tally.rounds
        return Z_99 * self.sd / math.sqrt(n) if n else math.inf

    @property
    def ci99(self) -> tuple[float, float]:
        """The 99 % confidence interval of the RTP."""
        half = self.ci99_half_width
        return self.rtp - half, self.rtp + half

    @property
    def hit_frequency(self) -> float:
        """Share of rounds whose base spin paid anything."""
        return self.tally.base_hits / self.tally.rounds if self.tally.rounds else 0.0

    @property
    def feature_frequency(self) -> float:
        """Share of rounds that triggered free spins."""
        return self.tally.features / self.tally.rounds if self.tally.rounds else 0.0

    @property
    def free_spins_per_feature(self) -> float:
        """Average free spins played per feature."""
        return self.tally.free_spins / self.tally.features if self.tally.features else 0.0

    @property
    def top_win_x(self) -> float:
        """The biggest round win as a multiple of the total bet."""
        return self.tally.top_win / self.total_bet

    def _of(self, counts: tuple[int, ...], name: str) -> int:
        names = self.feature_names
        return counts[names.index(name)] if name in names and len(counts) > names.index(name) else 0

    def frames_of(self, name: str) -> int:
        """How many times the feature (or part) ``name`` was played."""
        return self._of(self.tally.frames, name)

    def started_by_base_spin(self, name: str) -> int:
        """How many times a base spin started the feature ``name``."""
        return self._of(self.tally.base_frames, name)

    def rounds_with(self, name: str) -> int:
        """How many rounds played the feature (or part) ``name`` at least once."""
        return self._of(self.tally.frame_rounds, name)

    def paid_of(self, name: str) -> int:
        """What the feature (or part) ``name`` paid in all, in cents."""
        return self._of(self.tally.frame_paid, name)

    def rtp_of(self, names: Sequence[str]) -> float:
        """What the features ``names`` paid, per amount staked."""
        paid = sum(self.paid_of(n) for n in names)
        return paid / self.tally.staked if self.tally.staked else 0.0
