"""What a transition reports, in order, for the interface to animate and the store to log."""

from __future__ import annotations

from dataclasses import dataclass

from slotterm.engine.fast_init import fast_init
from slotterm.engine.records import EndReason, GambleStep, GameState, Round, SpinResult

# --- events --------------------------------------------------------------------------------


@fast_init
@dataclass(frozen=True, slots=True)
class ReelsStopped:
    """A spin (base or free) was drawn; ``free_spin`` is its 1-based number or ``None``."""

    result: SpinResult
    free_spin: int | None
    win: int


@fast_init
@dataclass(frozen=True, slots=True)
class FreeSpinsAwarded:
    """Free spins were awarded (``retrigger`` during the feature)."""

    count: int
    retrigger: bool


@fast_init
@dataclass(frozen=True, slots=True)
class SpecialChosen:
    """The Magic Book chose the special expanding symbol."""

    symbol: str


@fast_init
@dataclass(frozen=True, slots=True)
class FeatureEnded:
    """The free spins are over; ``reason`` says if a cap or limit ended them early."""

    total: int
    spins_played: int
    reason: EndReason | None


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
    ReelsStopped
    | FreeSpinsAwarded
    | SpecialChosen
    | FeatureEnded
    | WinOffered
    | CardDrawn
    | Collected
    | RoundClosed
    | CreditsAdded
)


@fast_init
@dataclass(frozen=True, slots=True)
class Transition:
    """The new state and what happened on the way, in order."""

    state: GameState
    events: tuple[Event, ...]
