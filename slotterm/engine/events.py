"""What a transition reports, in order, for the interface to animate and the store to log.

These are the core's events; a feature defines its own (subclasses of
:class:`FeatureEvent`) in its module.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from slotterm.engine.fast_init import fast_init
from slotterm.engine.records import GambleStep, GameState, Round, SpinResult


class FeatureEvent:
    """Base of the events a feature reports (free spins awarded, a symbol chosen...)."""

    __slots__ = ()


@fast_init
@dataclass(frozen=True, slots=True)
class ReelsStopped:
    """A spin was drawn on the strips ``reel_set`` (``"base"`` or a feature's set).

    ``number`` is the feature's count of it (free spin 3, say; ``None`` for the base
    spin), ``win`` what it added to the round, ``extra`` what a feature added to the
    window (an expansion, say; the feature's own value) or ``None``.
    """

    result: SpinResult
    reel_set: str
    win: int
    number: int | None = None
    extra: Any = None


@fast_init
@dataclass(frozen=True, slots=True)
class WinOffered:
    """A win waits for collect; ``gamble_allowed`` says whether the gamble is open."""

    amount: int
    gamble_allowed: bool


@fast_init
@dataclass(frozen=True, slots=True)
class CardDrawn:
    """A gamble card was turned."""

    step: GambleStep


@fast_init
@dataclass(frozen=True, slots=True)
class Collected:
    """The win went into credits."""

    amount: int


@fast_init
@dataclass(frozen=True, slots=True)
class RoundClosed:
    """The round is finished; ``round`` is its complete record."""

    round: Round


@fast_init
@dataclass(frozen=True, slots=True)
class CreditsAdded:
    """Demo credits were topped up."""

    amount: int


Event = (
    ReelsStopped | WinOffered | CardDrawn | Collected | RoundClosed | CreditsAdded | FeatureEvent
)
"""Any event a transition may report."""


@fast_init
@dataclass(frozen=True, slots=True)
class Transition:
    """The new state and what happened on the way, in order."""

    state: GameState
    events: tuple[Event, ...]
