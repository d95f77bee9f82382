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
from contextlib import suppress
from dataclasses import dataclass, field
from datetime import UTC, datetime

from slotterm.engine.actions import Action, ActionRefused, Bet, Limits, Spin, TopUp
from slotterm.engine.events import RoundClosed, Transition
from slotterm.engine.model import GameDefinition
from slotterm.engine.records import GameState, Phase, Round
from slotterm.engine.round import apply, forced_draws, refusal
from slotterm.force_kinds import ForceError, Forcing
from slotterm.forced_stops import ForcedSpin, ForcedStopsSource, strip_lengths
from slotterm.rng import RandomSource
from slotterm.session.bet_choice import bet_refusal, changed_coin_bet
from slotterm.session.checkpoint import SessionCheckpoint
from slotterm.session.errors import SaveError
from slotterm.session.forced_play import forced_feature, left_after, resumed_draws, round_was_forced
from slotterm.session.left_round import NOTHING_SEEN, Seen, left_round_note, seen_mark
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
RULES_SWITCHED = "The round under the old rules is over: the game now plays by its new rules."
"""Said when the round left open under a game file's old rules closes (see ``next_game``)."""
RULES_CHANGED_OPEN = (
    "The game's rules have changed: the round in progress finishes under the old ones; "
    "the next round plays under the new ones."
)
"""Said on start when the game file changed while a round was open."""
RULES_CHANGED = "The game's rules have changed: the next round plays under the new ones."
"""Said on start when the game file changed since the last round."""


def utc_now() -> datetime:
    """The current time, timezone-aware UTC (the session's default clock)."""
    return datetime.now(UTC)


def steps_for(game: GameDefinition) -> tuple[int, ...]:
    """The game's own bet steps (its bet model's: bets per line, or coin sizes)."""
    return game.bet_model.default_steps


def smallest_bet(game: GameDefinition, steps: tuple[int, ...], lines: int | None = None) -> Bet:
    """The smallest bet ``steps`` allow on ``lines`` lines (all by default).

    ``steps`` are the bet model's (bets per line, or coin sizes: then the fewest coins
    per line of the smallest size).
    """
    count = len(game.lines) if lines is None else lines
    return game.bet_model.smallest_bet(count, steps)


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
    the two copies (``None`` when both hold it), ``seen`` the last step the player saw
    shown to its end (:mod:`slotterm.session.left_round`; ``None`` from a save older than
    the mark), ``resume_note`` what became of a round left while it was shown, for the
    player on start (``None``: nothing to say).

    Testers: ``forced_stops`` are the reel stops the next spins take, in order, each on
    its strips (``--stops``; not saved: they are the command line's); ``forced_steps`` says, per
    round, which of its steps took forced stops (saved, shown by ``history``: a forced
    round is never taken for a fair one).  ``forcing`` is a ``--force`` for the next
    round (:mod:`slotterm.force_kinds`; not saved): a feature its spin forces (when the
    spin forces none itself), or a plan (a retrigger, a five of a kind, the cap) whose
    reel stops are found at that round's bet and go before the
    ``forced_stops`` (``plan_spins_left`` of them are still there: the round's close
    drops them); ``forced_draws`` the single draws a forced spin's detail asks for (a
    pick game's layout, ``mystery_bonus:pumpkin=2,4,6,10,50``), dropped at the close too.

    Rules (DESIGN.md §7: a game file may change while a round is open): ``game`` is the
    definition the open round plays under, and the next one unless ``next_game`` is set:
    the game file's definition now, which ``act`` puts in ``game``'s place when the round
    closes (then ``rules_note`` says so, for the player).  ``round_rules`` holds the
    history rounds played under rules other than ``game``'s (:meth:`rules_of`).
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
    seen: Seen | None = None
    resume_note: str | None = None
    next_game: GameDefinition | None = None
    round_rules: dict[int, GameDefinition] = field(default_factory=dict)
    rules_note: str | None = None
    forced_stops: list[ForcedSpin] = field(default_factory=list)
    forced_steps: dict[int, tuple[int, ...]] = field(default_factory=dict)
    forcing: Forcing | None = None
    forced_draws: list[tuple[int, int]] = field(default_factory=list)
    plan_spins_left: int = 0
    _planned: tuple[tuple[Forcing, Bet, Limits], tuple[ForcedSpin, ...]] | None = field(
        default=None, init=False, repr=False, compare=False
    )

    def __post_init__(self) -> None:
        if not self.bet_steps:
            self.bet_steps = steps_for(self.game)
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
        """Why ``action`` is not allowed now, or ``None`` (a spin the tester's ``forcing``
        cannot play at its bet is refused, saying why)."""
        if isinstance(action, Spin):
            action = self.with_forced_feature(action)
        reason = refusal(self.game, self.state, action)
        if reason is None and isinstance(action, Spin) and self.forcing is not None:
            try:
                self._plan(action)
            except ForceError as exc:
                return f"--force {self.forcing.text}: {exc}"
        return reason

    def with_forced_feature(self, spin: Spin) -> Spin:
        """``spin`` forcing the feature ``forcing`` names (``--force free-spins``,
        ``mystery-bonus:NAME``...), unless it forces one itself or none is named."""
        return forced_feature(spin, self.forcing)

    def _plan(self, spin: Spin) -> tuple[ForcedSpin, ...]:
        """The reel stops ``forcing`` plays at the spin's bet (worked out once per bet)."""
        forcing = self.forcing
        if forcing is None:
            return ()
        key = (forcing, spin.bet, spin.limits)
        if self._planned is None or self._planned[0] != key:
            self._planned = (key, forcing.spins(self.game, spin.bet, spin.limits))
        return self._planned[1]

    def resume_forced_draws(self) -> None:
        """On loading a save: the draws the open round's forced spin asks for (a pick
        game's layout) when its feature has not started the part that makes them yet,
        so a round stopped before its bonus opened still opens on the forced layout."""
        draws = resumed_draws(self.game, self.state.round)
        if draws is not None:
            self.forced_draws = draws

    def round_forced(self, round_: Round) -> bool:
        """Whether a tester forced ``round_``: its spin forced a feature (``--force``), or
        one of its steps took forced stops or draws (``--stops``, a ``--force`` plan)."""
        return round_was_forced(round_, self.forced_steps)

    def rules_of(self, number: int) -> GameDefinition:
        """The definition round ``number`` was (or is being) played under."""
        return self.round_rules.get(number, self.game)

    def can(self, action: Action) -> bool:
        """True when ``action`` is allowed now."""
        return self.refusal(action) is None

    def act(self, action: Action) -> Transition:
        """Apply ``action``, persist the new state, then return the transition.

        Raises :class:`ActionRefused` when the action is not allowed, and
        :class:`SaveError` (after restoring the previous state) when it cannot be saved.
        """
        if isinstance(action, Spin):
            action = self.with_forced_feature(action)
        checkpoint = SessionCheckpoint.take(self)
        stops, draws, plan_left = self.forced_stops, self.forced_draws, self.plan_spins_left
        if isinstance(action, Spin):
            try:
                plan = self._plan(action)
            except ForceError as exc:
                assert self.forcing is not None
                raise ActionRefused(f"--force {self.forcing.text}: {exc}") from None
            stops, plan_left = [*plan, *stops], len(plan)
            if action.force is not None:
                draws = list(forced_draws(self.game, action.force))
        forcing = None
        if stops or draws:
            forcing = ForcedStopsSource(self.rng, stops, strip_lengths(self.game), draws)
        transition = apply(self.game, self.state, action, forcing or self.rng)
        now = self.clock()
        self.state = transition.state
        stops, draws, plan_left = left_after(
            transition, forcing, (stops, draws, plan_left), self.forced_steps
        )
        if isinstance(action, Spin):
            self.round_times[self.state.rounds_played] = RoundTimes(started_at=now)
        ledger = record_activity(self.ledger, now)
        for event in transition.events:
            if isinstance(event, RoundClosed):
                self._close(event.round, now)
                forced = self.round_forced(event.round)
                ledger = record_round(ledger, event.round, self.state.credits, now, forced)
                if self.next_game is not None:
                    self.switch_rules()
        if isinstance(action, TopUp):
            ledger = record_top_up(ledger, action.amount, self.state.credits)
        self.stats = ledger
        try:
            self._persist()
        except SaveError:
            checkpoint.restore(self)
            raise
        self.forced_stops, self.forced_draws, self.plan_spins_left = stops, draws, plan_left
        if isinstance(action, Spin):
            self.forcing, self._planned = None, None
        return transition

    def switch_rules(self) -> None:
        """Play from now on under :attr:`next_game` (between rounds; saved with the next
        change): the history keeps each round's own rules, the bet is fitted to the new
        game (the smallest bet when the old one is not one of its bets), and
        :attr:`rules_note` tells the player."""
        new, old = self.next_game, self.game
        assert new is not None and self.state.round is None
        for round_ in self.history:
            self.round_rules.setdefault(round_.number, old)
        self.round_rules = {n: g for n, g in self.round_rules.items() if g is not new}
        self.game, self.next_game = new, None
        if self.bet_refusal(self.bet) is not None:
            self.bet = smallest_bet(new, self.bet_steps, min(self.bet.lines, len(new.lines)))
            if self.bet_refusal(self.bet) is not None:
                self.bet = smallest_bet(new, self.bet_steps)
        self.rules_note = RULES_SWITCHED

    def save_now(self) -> None:
        """Persist the session as it stands (raises :class:`SaveError` when it cannot)."""
        self._persist()

    def mark_seen(self) -> None:
        """The show of every step so far came to rest: the player saw it.

        The mark is saved at once only when a restart would otherwise tell the player about
        a step he saw (:func:`~slotterm.session.left_round.left_round_note`); else it goes
        into the next save.  A failed save is not the player's concern here: the next
        start would tell him about a step he saw, nothing worse.  A :attr:`resume_note` is
        said by then (the screen read it before its first rest): it is not said twice.
        """
        self.resume_note = None
        mark = seen_mark(self.state, self.history)
        if mark == self.seen:
            return
        told = self.left_round()
        self.seen = mark
        if told is not None:
            with suppress(SaveError):
                self._persist()

    def left_round(self) -> str | None:
        """What the steps the player did not see shown did, for him on the next start
        (:func:`~slotterm.session.left_round.left_round_note`; ``None``: nothing to say)."""
        latest = self.state.round or (self.history[-1] if self.history else None)
        game = self.game if latest is None else self.rules_of(latest.number)
        return left_round_note(game, self.state, self.history, self.seen)

    def bet_refusal(self, bet: Bet) -> str | None:
        """Why ``bet`` cannot be selected now, or ``None``.

        The lines must be the game's, the bet the game's (a coin game: coins per line in
        its range and a coin size), and the operator must offer it: the bet per line among
        :attr:`bet_steps`, or in a coin game the coin size among them.
        """
        return bet_refusal(self.game, self.state.phase, self.bet_steps, bet)

    def set_bet(self, bet: Bet) -> None:
        """Change the selected bet between rounds (never in the middle of one).

        Raises :class:`ActionRefused` with :meth:`bet_refusal`'s message for a bet that
        cannot be selected; the choice is saved like any other change.
        """
        refused = self.bet_refusal(bet)
        if refused is not None:
            raise ActionRefused(refused)
        previous = self.bet
        self.bet = bet
        try:
            self._persist()
        except SaveError:
            self.bet = previous
            raise

    def coin_bet(
        self, *, coins: int | None = None, coin_size: int | None = None, lines: int | None = None
    ) -> Bet:
        """The selected bet with some of its coins per line, coin size or lines changed.

        For a game bet in coins (the result is checked by :meth:`set_bet`, not here).
        """
        return changed_coin_bet(self.game, self.bet, coins, coin_size, lines)

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
            self.round_rules.pop(self.history[0].number, None)
            self.forced_steps.pop(self.history[0].number, None)
        self.history.append(closed)
        times = self.round_times.get(closed.number, RoundTimes(started_at=now))
        self.round_times[closed.number] = RoundTimes(started_at=times.started_at, closed_at=now)

    def _persist(self) -> None:
        if self.persist is not None:
            self.persist(self)


def demo_session(
    game: GameDefinition,
    rng: RandomSource,
    *,
    credits: int = DEFAULT_START_CREDITS,
    limits: Limits | None = None,
    bet_steps: tuple[int, ...] = (),
    clock: Callable[[], datetime] = utc_now,
) -> GameSession:
    """A fresh in-memory session with the smallest bet on every line.

    ``bet_steps`` are the operator's bets per line, or coin sizes for a game bet in coins
    (the game's own by default); the bet is the first step (the fewest coins of it).
    """
    steps = bet_steps or steps_for(game)
    bet = smallest_bet(game, steps)
    return GameSession(
        game=game,
        state=GameState(phase=Phase.IDLE, credits=credits),
        rng=rng,
        bet=bet,
        limits=limits or Limits(),
        bet_steps=steps,
        start_credits=credits,
        clock=clock,
        seen=NOTHING_SEEN,
    )
