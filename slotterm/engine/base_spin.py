"""The base spin: draw the window, cut it to the round cap, start the features it triggers.

:func:`spin_transition` is the transition of a :class:`~slotterm.engine.actions.Spin`
(the state machine in :mod:`slotterm.engine.round` checks the action first).  It is the
hottest code of the engine -- most rounds are one base spin that pays nothing -- so what
every spin at one bet needs is worked out once
(:class:`~slotterm.engine.base_spin_setup.BaseSpin`), and a spin that pays
nothing builds its record and events only when someone asks for them.
"""

from __future__ import annotations

from slotterm.engine.actions import ActionRefused, Spin
from slotterm.engine.base_spin_setup import BaseSpin, base_spin
from slotterm.engine.events import (
    Collected,
    DeferredTransition,
    Event,
    ReelsStopped,
    RoundClosed,
    Transition,
    WinOffered,
)
from slotterm.engine.feature import Feature, FeatureContext, Triggered, TriggerHint
from slotterm.engine.model import GameDefinition
from slotterm.engine.outcome import Evaluation
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
from slotterm.rng import RandomSource, draw_each

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


def may_trigger(game: GameDefinition, result: SpinResult, skip: str) -> bool:
    """False when no feature of ``game`` but ``skip`` can start on ``result`` (a window a
    feature drew): each one's :class:`~slotterm.engine.feature.TriggerHint` rules it out."""
    hints = _HINTS.get(id(game))
    if hints is None or hints[0] is not game:
        if len(_HINTS) > 64:
            _HINTS.clear()
        hints = _HINTS[id(game)] = (game, tuple((f.name, f.trigger_hint()) for f in game.features))
    scatters = result.evaluation.scatter_count
    window = result.window
    for name, hint in hints[1]:
        if name == skip:
            continue
        if hint is None:
            return True
        if scatters >= hint.min_scatters and (
            hint.symbol is None or all(hint.symbol in window[r] for r in hint.reels)
        ):
            return True
    return False


_HINTS: dict[int, tuple[GameDefinition, tuple[tuple[str, TriggerHint | None], ...]]] = {}
"""Each game's features' names and trigger hints, by the game's id."""


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
assert ReelsStopped._fields == ("result", "reel_set", "win", "number", "extra")
assert Collected._fields == ("amount",) and RoundClosed._fields == ("round",)
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


def spin_with(base: BaseSpin, state: GameState, action: Spin, rng: RandomSource) -> Transition:
    """:func:`spin_transition` with the action's :func:`base_spin` already found."""
    if rng is not base.rng:
        base.bind(rng)
    stops = base.draw()
    return spin_drawn(base, state, action, rng, stops, base.evaluation(stops))


def spin_drawn(
    base: BaseSpin,
    state: GameState,
    action: Spin,
    rng: RandomSource,
    stops: tuple[int, ...],
    evaluation: Evaluation,
) -> Transition:
    """:func:`spin_with` once the stops are drawn from ``rng`` and ``evaluation`` is theirs."""
    win = evaluation.total_win
    game = base.game
    if action.force is None:
        scatters = evaluation.scatter_count
        if win or scatters >= base.least:
            if win < base.cap and base.gate_check(stops, scatters):
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
                if win < base.cap:  # no gamble: paid at once, the round closed
                    return _paid_at_once(state, action, base, result, win)
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
    base: BaseSpin, state: GameState, action: Spin, stops: tuple[int, ...]
) -> tuple[Event, ...]:
    """The events of a spin that paid and started nothing: the reels, the closed round."""
    silent = SpinResult(stops, base.table.window(stops), base.evaluation(stops))
    round_ = _base_round(state, action, silent, 0, (), None, stops)
    return ReelsStopped(silent, "base", 0), RoundClosed(round_)


def _opened(
    game: GameDefinition,
    state: GameState,
    action: Spin,
    base: BaseSpin,
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


def _paid_at_once(
    state: GameState, action: Spin, base: BaseSpin, result: SpinResult, win: int
) -> Transition:
    """What :func:`_opened` gives a spin that wins under the cap and starts nothing in a
    game without the gamble: the win paid, the round closed; its records built straight."""
    round_ = _base_round(state, action, result, win, (), None, result.stops, win)
    closed = _new(
        GameState,
        (
            _IDLE,
            state.credits - base.total + win,
            None,
            state.rounds_played + 1,
            state.recent_cards,
        ),
    )
    paid = _new_object(Transition)
    paid.state = closed
    # (ReelsStopped(result, "base", win), Collected(win), RoundClosed(round_))
    paid._events = (
        _new(ReelsStopped, (result, "base", win, None, None)),
        _new(Collected, (win,)),
        _new(RoundClosed, (round_,)),
    )
    return paid


def _offer_events(offered: Round) -> tuple[Event, ...]:
    """The events of a base spin whose win is on offer: the reels, the offer."""
    win = offered.win
    return ReelsStopped(offered.base, "base", win), WinOffered(win, gamble_allowed(offered))


def _forced(
    game: GameDefinition,
    base: BaseSpin,
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
    paid: int = 0,
) -> Round:
    """The round a base spin opens (``win`` already cut to the cap; ``paid``: what it has
    paid, when it closes at once)."""
    # Round(number=, bet=, limits=, autoplay=, credits_before=, base=, base_win=, frames=,
    # feature_win=0, win=, ended_by=, gamble=(), gamble_closed=False, steps=, paid=)
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
            paid,
        ),
    )
