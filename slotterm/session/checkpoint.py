"""What a session's ``act`` changes, taken before it so that a failed save can put it back.

:meth:`~slotterm.session.game_session.GameSession.act` takes a :class:`SessionCheckpoint`
before applying an action; when the store cannot save the outcome it restores it (state,
history, statistics, random generator, rules), so an outcome that could not be saved is
never shown.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from slotterm.rng import SeededSource

if TYPE_CHECKING:
    from slotterm.engine.actions import Bet
    from slotterm.engine.model import GameDefinition
    from slotterm.engine.records import GameState, Round
    from slotterm.rng import RandomSource
    from slotterm.session.stats import StatsLedger

__all__ = ["Checkpointed", "SessionCheckpoint"]


class Checkpointed(Protocol):
    """What a checkpoint takes and puts back: a :class:`~slotterm.session.game_session.GameSession`
    (named without importing it, which imports this module)."""

    state: GameState
    history: deque[Round]
    stats: StatsLedger | None
    round_times: dict[int, Any]
    rng: RandomSource
    game: GameDefinition
    next_game: GameDefinition | None
    round_rules: dict[int, GameDefinition]
    bet: Bet
    rules_note: str | None
    forced_steps: dict[int, tuple[int, ...]]


@dataclass(frozen=True, slots=True)
class SessionCheckpoint:
    """Everything ``act`` changes, so a failed save can put it back."""

    state: GameState
    history: tuple[Round, ...]
    stats: StatsLedger | None
    round_times: dict[int, Any]
    rng_state: tuple[object, ...] | None
    rules: tuple[GameDefinition, GameDefinition | None, dict[int, GameDefinition], Bet]
    rules_note: str | None
    forced_steps: dict[int, tuple[int, ...]]

    @classmethod
    def take(cls, session: Checkpointed) -> SessionCheckpoint:
        """The checkpoint of ``session`` as it stands."""
        rng = session.rng
        rng_state = rng.get_state() if isinstance(rng, SeededSource) else None
        return cls(
            state=session.state,
            history=tuple(session.history),
            stats=session.stats,
            round_times=dict(session.round_times),
            rng_state=rng_state,
            rules=(session.game, session.next_game, dict(session.round_rules), session.bet),
            rules_note=session.rules_note,
            forced_steps=dict(session.forced_steps),
        )

    def restore(self, session: Checkpointed) -> None:
        """Put ``session`` back as it was when the checkpoint was taken."""
        session.state = self.state
        session.history.clear()
        session.history.extend(self.history)
        session.stats = self.stats
        session.round_times = self.round_times
        session.game, session.next_game, session.round_rules, session.bet = self.rules
        session.rules_note = self.rules_note
        session.forced_steps = self.forced_steps
        if self.rng_state is not None and isinstance(session.rng, SeededSource):
            session.rng.set_state(self.rng_state)
