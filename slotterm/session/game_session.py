"""A player's session around the pure engine: the one object the interface talks to.

The interface never calls the engine directly: it asks the session to ``act``; the
session applies the transition, hands the new state to its store (which persists it
before this call returns) and only then gives the events back to be shown.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field

from slotterm.engine.model import GameDefinition
from slotterm.engine.round import (
    Action,
    ActionRefused,
    Bet,
    GameState,
    Limits,
    Phase,
    Round,
    RoundClosed,
    Transition,
    apply,
    refusal,
)
from slotterm.rng import RandomSource

DEFAULT_START_CREDITS = 100_000
HISTORY_LENGTH = 100


@dataclass
class GameSession:
    """Machine state plus what the player chose; ``persist`` is called after every change."""

    game: GameDefinition
    state: GameState
    rng: RandomSource
    bet: Bet
    limits: Limits = field(default_factory=Limits)
    bet_steps: tuple[int, ...] = ()
    start_credits: int = DEFAULT_START_CREDITS
    history: deque[Round] = field(default_factory=lambda: deque(maxlen=HISTORY_LENGTH))
    persist: Callable[[GameSession], None] | None = None

    def __post_init__(self) -> None:
        if not self.bet_steps:
            self.bet_steps = self.game.bet_per_line_steps

    @property
    def phase(self) -> Phase:
        """The machine's current phase."""
        return self.state.phase

    @property
    def open_round(self) -> Round | None:
        """The round in progress, if any."""
        return self.state.round

    def refusal(self, action: Action) -> str | None:
        """Why ``action`` is not allowed now, or ``None``."""
        return refusal(self.game, self.state, action)

    def can(self, action: Action) -> bool:
        """True when ``action`` is allowed now."""
        return self.refusal(action) is None

    def act(self, action: Action) -> Transition:
        """Apply ``action``, persist the new state, then return the transition."""
        transition = apply(self.game, self.state, action, self.rng)
        self.state = transition.state
        for event in transition.events:
            if isinstance(event, RoundClosed):
                self.history.append(event.round)
        self._persist()
        return transition

    def set_bet(self, bet: Bet) -> None:
        """Change the selected bet between rounds (never in the middle of one)."""
        if self.state.phase is not Phase.IDLE:
            raise ActionRefused("the bet can only change between rounds")
        if not 1 <= bet.lines <= len(self.game.lines):
            raise ActionRefused(f"lines must be 1..{len(self.game.lines)}")
        if bet.bet_per_line not in self.bet_steps:
            raise ActionRefused("that bet per line is not offered")
        self.bet = bet
        self._persist()

    def _persist(self) -> None:
        if self.persist is not None:
            self.persist(self)


def demo_session(
    game: GameDefinition,
    rng: RandomSource,
    *,
    credits: int = DEFAULT_START_CREDITS,
    limits: Limits | None = None,
) -> GameSession:
    """A fresh in-memory session with the smallest bet on every line."""
    bet = Bet(game.bet_per_line_steps[0], len(game.lines))
    return GameSession(
        game=game,
        state=GameState(Phase.IDLE, credits),
        rng=rng,
        bet=bet,
        limits=limits or Limits(),
        start_credits=credits,
    )
