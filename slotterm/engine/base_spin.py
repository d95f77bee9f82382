"""The base spin: draw the window, cut it to the round cap, start the features it triggers.

:func:`spin_transition` is the transition of a :class:`~slotterm.engine.actions.Spin`
(the state machine in :mod:`slotterm.engine.round` checks the action first).  It is the
hottest code of the engine -- most rounds are one base spin that pays nothing -- so what
every spin at one bet needs is worked out once (:class:`_BaseSpin`), and a spin that pays
nothing builds its record and events only when someone asks for them.
"""

from __future__ import annotations

from collections.abc import Callable

from slotterm.engine.actions import ActionRefused, Bet, Limits, Spin
from slotterm.engine.events import (
    Collected,
    DeferredTransition,
    Event,
    ReelsStopped,
    RoundClosed,
    Transition,
    WinOffered,
)
from slotterm.engine.feature import Feature, FeatureContext, Triggered
from slotterm.engine.model import GameDefinition
from slotterm.engine.records import (
    EndReason,
    FeatureFrame,
    GameState,
    Phase,
    Round,
    SpinResult,
    Step,
    evolve,
    gamble_allowed,
)
from slotterm.engine.strip_table import strip_table
from slotterm.rng import RandomSource, draw_each, drawer

FORCE_TRIES = 1_000_000
"""How many base spins a forced spin may draw looking for its feature before it gives up."""


def draw_spin(
    game: GameDefinition,
    strips: tuple[tuple[str, ...], ...],
    rng: RandomSource,
    lines: int,
    bet_per_line: int,
) -> SpinResult:
    """Draw one stop per reel of ``strips``, build the window, and evaluate it."""
    table = strip_table(game, strips)
    stops = draw_each(rng, table.lengths)
    window, evaluation = table.evaluate(stops, lines, bet_per_line)
    return SpinResult(stops, window, evaluation)


def triggered_features(
    game: GameDefinition, ctx: FeatureContext, result: SpinResult, skip: str | None
) -> list[tuple[Feature, Triggered]]:
    """The features (other than ``skip``) that ``result`` starts, in the game's order."""
    started = []
    for feature in game.features:
        if feature.name != skip:
            triggered = feature.trigger(ctx, result)
            if triggered is not None:
                started.append((feature, triggered))
    return started


def push_frames(
    frames: tuple[FeatureFrame, ...],
    started: list[tuple[Feature, Triggered]],
    events: list[Event] | None,
) -> tuple[FeatureFrame, ...]:
    """``frames`` with the ``started`` ones pushed so that the first is played first."""
    if events is not None:
        for _, triggered in started:
            events.extend(triggered.events)
    pushed = tuple(
        FeatureFrame(feature.name, triggered.record, feature.finished(triggered.record))
        for feature, triggered in reversed(started)
    )
    return frames + pushed


_Gate = tuple[Feature, int, tuple[tuple[int, frozenset[int]], ...]]
"""A feature, the scatters its trigger needs, and per reel the stops that may start it."""


class _BaseSpin:
    """What every base spin of a game at one bet needs, worked out once (the last is kept).

    The strip table, the cap, the context the triggers see, and each feature's gate: its
    :class:`~slotterm.engine.feature.TriggerHint` turned into stops of the base strips.
    """

    __slots__ = (
        "bet",
        "bet_per_line",
        "cap",
        "ctx",
        "draw",
        "evaluation",
        "features",
        "game",
        "gates",
        "least",
        "lengths",
        "limits",
        "lines",
        "rng",
        "table",
        "total",
    )

    def __init__(self, game: GameDefinition, bet: Bet, limits: Limits) -> None:
        self.game = game
        self.bet = bet
        self.limits = limits
        self.lines = bet.lines
        self.bet_per_line = bet.bet_per_line
        self.total = bet.bet_per_line * bet.lines
        self.table = strip_table(game, game.base_reels)
        self.lengths = self.table.lengths
        self.cap = game.max_win(self.total, limits)
        self.features = game.features
        self.ctx = FeatureContext(game=game, bet=bet, limits=limits, room=self.cap)
        self.gates = tuple(self._gate(feature) for feature in game.features)
        # a spin showing fewer scatters than this starts nothing
        self.least = min((least for _, least, _ in self.gates), default=1 << 30)
        self.evaluation = self.table.evaluator(self.lines, self.bet_per_line)
        self.rng: RandomSource | None = None
        self.draw: Callable[[], tuple[int, ...]] = tuple

    def bind(self, rng: RandomSource) -> None:
        """Draw the stops from ``rng`` from now on."""
        self.rng = rng
        self.draw = drawer(rng, self.lengths)

    def _gate(self, feature: Feature) -> _Gate:
        hint = feature.trigger_hint()
        if hint is None:
            return feature, 0, ()
        symbol = hint.symbol
        if symbol is None:
            return feature, hint.min_scatters, ()
        columns = self.table.columns
        reels = tuple(
            (r, frozenset(stop for stop, column in enumerate(columns[r]) if symbol in column))
            for r in hint.reels
        )
        return feature, hint.min_scatters, reels

    def started(
        self, stops: tuple[int, ...], result: SpinResult
    ) -> list[tuple[Feature, Triggered]]:
        """The features an unforced base spin starts, asking only those its gates let by."""
        started = []
        scatters = result.evaluation.scatter_count
        for feature, least, reels in self.gates:
            if scatters < least:
                continue
            if reels and not all(stops[r] in allowed for r, allowed in reels):
                continue
            triggered = feature.trigger(self.ctx, result)
            if triggered is not None:
                started.append((feature, triggered))
        return started

    def may_start(self, stops: tuple[int, ...], scatters: int) -> bool:
        """False when no gate lets a spin at ``stops`` showing ``scatters`` scatters by."""
        for _, least, reels in self.gates:
            if scatters >= least and (
                not reels or all(stops[r] in allowed for r, allowed in reels)
            ):
                return True
        return False


_BASE_SPINS: dict[int, _BaseSpin] = {}


_LAST: list[tuple[Spin, GameDefinition, _BaseSpin]] = []


def base_spin(game: GameDefinition, action: Spin) -> _BaseSpin:
    """The (cached) setup of the base spins of ``game`` at the action's bet and limits."""
    if _LAST:
        last_action, last_game, last = _LAST[0]
        if last_action is action and last_game is game:
            return last
    bet, limits = action.bet, action.limits
    base = _BASE_SPINS.get(id(game))
    if base is None or base.game is not game or base.bet != bet or base.limits != limits:
        if len(_BASE_SPINS) > 64:
            _BASE_SPINS.clear()
        base = _BASE_SPINS[id(game)] = _BaseSpin(game, bet, limits)
    _LAST[:] = [(action, game, base)]
    return base


# The hot records are built positionally, straight through ``tuple.__new__`` (several
# times cheaper than by keyword): this guards the field orders it relies on.
assert GameState._fields == ("phase", "credits", "round", "rounds_played", "recent_cards")
assert Round._fields == (
    "number",
    "bet",
    "limits",
    "autoplay",
    "credits_before",
    "base",
    "base_win",
    "frames",
    "feature_win",
    "win",
    "ended_by",
    "gamble",
    "gamble_closed",
    "steps",
    "paid",
)
assert Step._fields == ("action", "draws")
assert SpinResult._fields == ("stops", "window", "evaluation")
_new = tuple.__new__
_new_object = object.__new__

_IDLE = Phase.IDLE
_WIN_OFFERED = Phase.WIN_OFFERED


def spin_transition(
    game: GameDefinition, state: GameState, action: Spin, rng: RandomSource
) -> Transition:
    """The transition of an allowed ``action``: the bet is taken, the spin drawn and paid.

    The features the window starts are pushed (the round goes to ``FEATURE``); otherwise a
    win is offered (or, in a game without the gamble, paid) and a spin that pays nothing
    closes the round at once.  Such a spin builds its window, record and events only
    when someone asks for the events.
    """
    return spin_with(base_spin(game, action), state, action, rng)


def spin_with(base: _BaseSpin, state: GameState, action: Spin, rng: RandomSource) -> Transition:
    """:func:`spin_transition` with the action's :func:`base_spin` already found."""
    if rng is not base.rng:
        base.bind(rng)
    stops = base.draw()
    evaluation = base.evaluation(stops)
    win = evaluation.total_win
    game = base.game
    if action.force is None:
        scatters = evaluation.scatter_count
        if win or scatters >= base.least:
            if win < base.cap and base.may_start(stops, scatters):
                result = SpinResult(stops, base.table.window(stops), evaluation)
                return _opened(game, state, action, base, result, win, base.started(stops, result))
            if win:
                result = _new(SpinResult, (stops, base.table.window(stops), evaluation))
                if win < base.cap and game.gamble:  # the common win: on offer, no feature
                    offered = _base_round(state, action, result, win, (), None, stops)
                    opened = _new(
                        GameState,
                        (
                            _WIN_OFFERED,
                            state.credits - base.total,
                            offered,
                            state.rounds_played + 1,
                            state.recent_cards,
                        ),
                    )
                    offer = _new_object(DeferredTransition)  # see below
                    offer.state = opened
                    offer._events = _offer_events
                    offer._args = (offered,)
                    return offer
                return _opened(game, state, action, base, result, win, [])
        # the common case: nothing to show but the reels
        closed = _new(
            GameState,
            (_IDLE, state.credits - base.total, None, state.rounds_played + 1, state.recent_cards),
        )
        # DeferredTransition(closed, _silent_events, base, state, action, stops), made
        # without the call of its __init__ (a third of the cost of this path's records)
        silent = _new_object(DeferredTransition)
        silent.state = closed
        silent._events = _silent_events
        silent._args = (base, state, action, stops)
        return silent
    result = SpinResult(stops, base.table.window(stops), evaluation)
    started: list[tuple[Feature, Triggered]] = []
    if win < base.cap:
        ctx = base.ctx._replace(force=action.force)
        started = triggered_features(game, ctx, result, None)
    result, draws, started = _forced(game, base, action, rng, result, stops, started)
    return _opened(game, state, action, base, result, result.evaluation.total_win, started, draws)


def _silent_events(
    base: _BaseSpin, state: GameState, action: Spin, stops: tuple[int, ...]
) -> tuple[Event, ...]:
    """The events of a spin that paid and started nothing: the reels, the closed round."""
    silent = SpinResult(stops, base.table.window(stops), base.evaluation(stops))
    round_ = _base_round(state, action, silent, 0, (), None, stops)
    return ReelsStopped(silent, "base", 0), RoundClosed(round_)


def _opened(
    game: GameDefinition,
    state: GameState,
    action: Spin,
    base: _BaseSpin,
    result: SpinResult,
    win: int,
    started: list[tuple[Feature, Triggered]],
    draws: tuple[int, ...] | None = None,
) -> Transition:
    """The transition of a spin that wins or starts a feature (``win`` before the cap).

    ``draws`` are the spin's draws when they are more than its stops (a forced spin).
    """
    if draws is None:
        draws = result.stops
    number = state.rounds_played + 1
    credits = state.credits - base.total
    recent = state.recent_cards
    if not win and not started:
        closed = GameState(
            phase=Phase.IDLE, credits=credits, round=None, rounds_played=number, recent_cards=recent
        )
        round_ = _base_round(state, action, result, 0, (), None, draws)
        return Transition(closed, (ReelsStopped(result, "base", 0), RoundClosed(round_)))
    ended_by: EndReason | None = None
    if win >= base.cap:
        win, ended_by = base.cap, EndReason.CAP
    if not started and game.gamble:  # a win on offer: its events are built when asked for
        offered = _base_round(state, action, result, win, (), ended_by, draws)
        opened = _new(GameState, (Phase.WIN_OFFERED, credits, offered, number, recent))
        return DeferredTransition(opened, _offer_events, offered)
    events: list[Event] = [ReelsStopped(result, "base", win)]
    frames = push_frames((), started, events) if started else ()
    round_ = _base_round(state, action, result, win, frames, ended_by, draws)
    if frames:
        opened = _new(GameState, (Phase.FEATURE, credits, round_, number, recent))
    else:
        events.append(Collected(win))
        round_ = evolve(round_, paid=win)
        events.append(RoundClosed(round_))
        opened = _new(GameState, (_IDLE, credits + win, None, number, recent))
    return Transition(opened, tuple(events))


def _offer_events(offered: Round) -> tuple[Event, ...]:
    """The events of a base spin whose win is on offer: the reels, the offer."""
    win = offered.win
    return ReelsStopped(offered.base, "base", win), WinOffered(win, gamble_allowed(offered))


def _forced(
    game: GameDefinition,
    base: _BaseSpin,
    action: Spin,
    rng: RandomSource,
    result: SpinResult,
    draws: tuple[int, ...],
    started: list[tuple[Feature, Triggered]],
) -> tuple[SpinResult, tuple[int, ...], list[tuple[Feature, Triggered]]]:
    """Redraw the base spin until it starts the feature ``action.force`` names (testers)."""
    bet = action.bet
    tries = 0
    name = action.force.partition(":")[0] if action.force else ""
    ctx = base.ctx._replace(force=action.force)
    while all(f.name != name for f, _ in started):
        tries += 1
        if tries > FORCE_TRIES:
            raise ActionRefused(f"no base spin in {FORCE_TRIES:,} started {name}")
        stops = draw_each(rng, base.lengths)
        draws += stops
        window, evaluation = base.table.evaluate(stops, bet.lines, bet.bet_per_line)
        result = SpinResult(stops, window, evaluation)
        started = (
            triggered_features(game, ctx, result, None) if evaluation.total_win < base.cap else []
        )
    return result, draws, started


def _base_round(
    state: GameState,
    action: Spin,
    result: SpinResult,
    win: int,
    frames: tuple[FeatureFrame, ...],
    ended_by: EndReason | None,
    draws: tuple[int, ...],
) -> Round:
    """The round a base spin opens (``win`` already cut to the cap)."""
    # Round(number=, bet=, limits=, autoplay=, credits_before=, base=, base_win=, frames=,
    # feature_win=0, win=, ended_by=, gamble=(), gamble_closed=False, steps=, paid=0)
    return _new(
        Round,
        (
            state.rounds_played + 1,
            action.bet,
            action.limits,
            action.autoplay,
            state.credits,
            result,
            win,
            frames,
            0,
            win,
            ended_by,
            (),
            False,
            (_new(Step, (action, draws)),),
            0,
        ),
    )
