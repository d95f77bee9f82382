"""Free spins' actions, record and events: what :mod:`slotterm.engine.features.free_spins`
plays, keeps and tells (its save codec, :mod:`.free_spins_codec`, reads and writes the
record)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from slotterm.engine.actions import FeatureAction
from slotterm.engine.events import FeatureEvent
from slotterm.engine.fast_init import fast_init, strict_tuple
from slotterm.engine.records import EndReason, Round, SpinResult

NAME = "free_spins"
"""The feature's name in a game and in saves."""


@fast_init
@dataclass(frozen=True, slots=True)
class StartFeature(FeatureAction):
    """Begin the awarded free spins (the modifier, if any, draws its state)."""

    name = "start_feature"


@fast_init
@dataclass(frozen=True, slots=True)
class PlayFreeSpin(FeatureAction):
    """Play the next free spin."""

    name = "play_free_spin"


@strict_tuple
class FreeSpin(NamedTuple):
    """One played free spin: what it drew, what the modifier added, the running total.

    ``awarded_so_far`` counts every spin awarded up to and including this one's
    retrigger; ``win`` is what the spin paid (after any limit or cap),
    ``feature_total`` the feature's total after it.
    """

    number: int
    awarded_so_far: int
    result: SpinResult
    extra: Any
    win: int
    feature_total: int


@strict_tuple
class FreeSpinsRecord(NamedTuple):
    """The feature so far: spins awarded, whether it started, the modifier's state, spins."""

    awarded: int
    started: bool
    modifier: Any
    spins: tuple[FreeSpin, ...]
    win: int
    ended_by: EndReason | None

    @property
    def left(self) -> int:
        """Free spins still to play."""
        return self.awarded - len(self.spins)


@fast_init
@dataclass(frozen=True, slots=True)
class FreeSpinsAwarded(FeatureEvent):
    """Free spins were awarded (``retrigger`` during the feature)."""

    count: int
    retrigger: bool


@fast_init
@dataclass(frozen=True, slots=True)
class FeatureEnded(FeatureEvent):
    """The free spins are over; ``reason`` says if a cap or limit ended them early."""

    total: int
    spins_played: int
    reason: EndReason | None


def record_of(round_: Round | None) -> FreeSpinsRecord | None:
    """The free-spins record of ``round_``, if the round awarded free spins."""
    frame = round_.frame(NAME) if round_ is not None else None
    return None if frame is None else frame.record
