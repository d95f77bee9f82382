"""A player's session around the pure engine: the one object the interface talks to.

The interface never calls the engine directly: it asks the session to ``act``; the
session applies the transition, hands the new state to its store (which persists it
before this call returns) and only then gives the events back to be shown.

If the store cannot save (disk full, I/O error) it raises
:class:`~slotterm.session.errors.SaveError`; ``act`` then puts the session back exactly
as it was before the action (state, history, statistics, random generator) and re-raises,
so an outcome that could not be saved is never shown.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime

from slotterm.engine.actions import Action, ActionRefused, Bet, Limits, Spin, TopUp
from slotterm.engine.events import RoundClosed, Transition
from slotterm.engine.model import GameDefinition
from slotterm.engine.records import GameState, Phase, Round
from slotterm.engine.round import apply, refusal
from slotterm.rng import RandomSource, SeededSource
from slotterm.session.errors import SaveError
from slotterm.session.stats import (
    SessionStatistics,
    StatsLedger,
    new_ledger,
    record_activity,
    record_round,
    record_top_up,
    summarise,
)

DEFAULT_START_CREDITS = 100_000
HISTORY_LENGTH = 100


def utc_now() -> datetime:
    """The current time, timezone-aware UTC (the session's default clock)."""
    return datetime.now(UTC)


@dataclass(frozen=True, slots=True)
class RoundTimes:
    """When a round started (its spin) and, once closed, when it closed."""

    started_at: datetime
    closed_at: datetime | None = None


@dataclass
class GameSession:
    """Machine state plus what the player chose; ``persist`` is called after every change.

    ``stats`` is the statistics ledger (see :meth:`statistics`), ``round_times`` the start
    and close time of the open round and of each round in ``history``, ``load_notice`` a
    message for the player about how the session was loaded (a damaged copy recovered, a
    pending win collected), ``currency`` the operator's currency label, ``clock`` the time
    source (injectable for tests), ``save_warning`` why the last save reached only one of
    the two copies (``None`` when both hold it).
    """

    game: GameDefinition
    state: GameState
    rng: RandomSource
    bet: Bet
    limits: Limits = field(default_factory=Limits)
    bet_steps: tuple[int, ...] = ()
    start_credits: int = DEFAULT_START_CREDITS
    history: deque[Round] = field(default_factory=lambda: deque(maxlen=HISTORY_LENGTH))
    persist: Callable[[GameSession], None] | None = None
    clock: Callable[[], datetime] = utc_now
    stats: StatsLedger | None = None
    round_times: dict[int, RoundTimes] = field(default_factory=dict)
    load_notice: str | None = None
    currency: str = ""
    save_warning: str | None = None

    def __post_init__(self) -> None:
        if not self.bet_steps:
            self.bet_steps = self.game.bet_per_line_steps
        if self.stats is None:
            self.stats = new_ledger(self.clock(), self.state.credits)

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
        """Apply ``action``, persist the new state, then return the transition.

        Raises :class:`ActionRefused` when the action is not allowed, and
        :class:`SaveError` (after restoring the previous state) when it cannot be saved.
        """
        checkpoint = _Checkpoint.take(self)
        transition = apply(self.game, self.state, action, self.rng)
        now = self.clock()
        self.state = transition.state
        if isinstance(action, Spin):
            self.round_times[self.state.rounds_played] = RoundTimes(started_at=now)
        ledger = record_activity(self.ledger, now)
        for event in transition.events:
            if isinstance(event, RoundClosed):
                self._close(event.round, now)
                ledger = record_round(ledger, event.round, self.state.credits, now)
        if isinstance(action, TopUp):
            ledger = record_top_up(ledger, action.amount, self.state.credits)
        self.stats = ledger
        try:
            self._persist()
        except SaveError:
            checkpoint.restore(self)
            raise
        return transition

    def set_bet(self, bet: Bet) -> None:
        """Change the selected bet between rounds (never in the middle of one)."""
        if self.state.phase is not Phase.IDLE:
            raise ActionRefused("the bet can only change between rounds")
        lines = self.game.lines_refusal(bet.lines)
        if lines is not None:
            raise ActionRefused(lines)
        if bet.bet_per_line not in self.bet_steps:
            raise ActionRefused("that bet per line is not offered")
        previous = self.bet
        self.bet = bet
        try:
            self._persist()
        except SaveError:
            self.bet = previous
            raise

    @property
    def ledger(self) -> StatsLedger:
        """The statistics ledger (always present after construction)."""
        assert self.stats is not None
        return self.stats

    def statistics(self) -> SessionStatistics:
        """The session's statistics, for the statistics screen."""
        return summarise(self.ledger, self.game.published_rtp)

    def money_in_play(self) -> int:
        """Credits plus the bet of the open round: what the player owns right now."""
        round_ = self.state.round
        return self.state.credits + (round_.bet.total if round_ is not None else 0)

    def _close(self, closed: Round, now: datetime) -> None:
        if self.history.maxlen is not None and len(self.history) == self.history.maxlen:
            self.round_times.pop(self.history[0].number, None)
        self.history.append(closed)
        times = self.round_times.get(closed.number, RoundTimes(started_at=now))
        self.round_times[closed.number] = RoundTimes(started_at=times.started_at, closed_at=now)

    def _persist(self) -> None:
        if self.persist is not None:
            self.persist(self)


@dataclass(frozen=True, slots=True)
class _Checkpoint:
    """Everything ``act`` changes, so a failed save can put it back."""

    state: GameState
    history: tuple[Round, ...]
    stats: StatsLedger | None
    round_times: dict[int, RoundTimes]
    rng_state: tuple[object, ...] | None

    @classmethod
    def take(cls, session: GameSession) -> _Checkpoint:
        rng = session.rng
        rng_state = rng.get_state() if isinstance(rng, SeededSource) else None
        return cls(
            state=session.state,
            history=tuple(session.history),
            stats=session.stats,
            round_times=dict(session.round_times),
            rng_state=rng_state,
        )

    def restore(self, session: GameSession) -> None:
        session.state = self.state
        session.history.clear()
        session.history.extend(self.history)
        session.stats = self.stats
        session.round_times = self.round_times
        if self.rng_state is not None and isinstance(session.rng, SeededSource):
            session.rng.set_state(self.rng_state)


def demo_session(
    game: GameDefinition,
    rng: RandomSource,
    *,
    credits: int = DEFAULT_START_CREDITS,
    limits: Limits | None = None,
    bet_steps: tuple[int, ...] = (),
    clock: Callable[[], datetime] = utc_now,
) -> GameSession:
    """A fresh in-memory session with the smallest bet on every line."""
    steps = bet_steps or game.bet_per_line_steps
    bet = Bet(bet_per_line=steps[0], lines=len(game.lines))
    return GameSession(
        game=game,
        state=GameState(phase=Phase.IDLE, credits=credits),
        rng=rng,
        bet=bet,
        limits=limits or Limits(),
        bet_steps=steps,
        start_credits=credits,
        clock=clock,
    )
