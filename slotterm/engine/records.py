"""What a round is made of: its phase, the drawn spins and gamble cards, its steps.

:class:`Round` is the complete record of one round (every draw, in its steps),
:class:`GameState` the machine between transitions.  Frozen values; the
transitions in :mod:`slotterm.engine.round` build new ones.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from slotterm.engine.actions import Action, Bet, Limits
from slotterm.engine.evaluate import Evaluation, Window
from slotterm.engine.fast_init import fast_init
from slotterm.engine.gamble import Color


class Phase(StrEnum):
    """Where the machine stands between transitions."""

    IDLE = "idle"
    FEATURE_AWARDED = "feature_awarded"
    FREE_SPINS = "free_spins"
    WIN_OFFERED = "win_offered"
    GAMBLE = "gamble"


class EndReason(StrEnum):
    """Why the round's winnings were cut short."""

    CAP = "cap"
    LIMIT = "limit"


# --- round records -------------------------------------------------------------------------


@fast_init
@dataclass(frozen=True, slots=True)
class SpinResult:
    """One drawn spin: the stops, the window they show, and what it pays."""

    stops: tuple[int, ...]
    window: Window
    evaluation: Evaluation


@fast_init
@dataclass(frozen=True, slots=True)
class FreeSpin:
    """One played free spin and the feature's running total after it."""

    number: int
    awarded_so_far: int
    result: SpinResult
    win: int
    feature_total: int


@fast_init
@dataclass(frozen=True, slots=True)
class GambleStep:
    """One gamble card: the card (0..51), the guess, the stake and the outcome."""

    card: int
    guess: Color
    stake: int
    won: bool
    result: int


@fast_init
@dataclass(frozen=True, slots=True)
class Step:
    """One transition of a round: the action and the draws it consumed."""

    action: Action
    draws: tuple[int, ...]


@fast_init
@dataclass(frozen=True, slots=True)
class Round:
    """An open (or just closed) round with every step it went through."""

    number: int
    bet: Bet
    limits: Limits
    autoplay: bool
    credits_before: int
    base: SpinResult
    base_win: int
    special: str | None
    free_spins_awarded: int
    free_spins: tuple[FreeSpin, ...]
    feature_win: int
    win: int
    ended_by: EndReason | None
    gamble: tuple[GambleStep, ...]
    gamble_closed: bool
    steps: tuple[Step, ...]
    paid: int = 0

    @property
    def free_spins_left(self) -> int:
        """Free spins still to play."""
        return self.free_spins_awarded - len(self.free_spins)

    @property
    def triggered(self) -> bool:
        """True when the base spin awarded free spins."""
        return self.free_spins_awarded > 0

    @property
    def round_win(self) -> int:
        """What the spin and its feature won, before any gamble."""
        return self.base_win + self.feature_win


@fast_init
@dataclass(frozen=True, slots=True)
class GameState:
    """The machine: phase, credits, the open round, and a little memory across rounds."""

    phase: Phase
    credits: int
    round: Round | None = None
    rounds_played: int = 0
    recent_cards: tuple[int, ...] = ()
