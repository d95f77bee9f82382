"""The engine's shortcuts give what the plain rules give, in both games.

The strip tables' prefix entries (the lines running into reels 4 and 5 read from a
per-head table) against :func:`evaluate` of the window, and the features' trigger hints
against their triggers: a hint may never rule out a window the trigger accepts.
"""

from __future__ import annotations

import random

import pytest

from slotterm.engine.actions import Limits
from slotterm.engine.evaluate import evaluate, window_at
from slotterm.engine.feature import FeatureContext
from slotterm.engine.model import GameDefinition
from slotterm.engine.records import SpinResult
from slotterm.engine.strip_table import StripTable
from slotterm.games import get_game

GAMES = ["book-of-spells", "lucky-witch"]


@pytest.mark.parametrize("game_id", GAMES)
def test_every_strip_set_evaluates_as_the_window_does(game_id: str) -> None:
    game = get_game(game_id)
    for name, strips in game.reel_sets.items():
        table = StripTable(game, strips)
        chooser = random.Random(f"{game_id}:{name}")
        running = 0
        for _ in range(15_000):
            stops = tuple(chooser.randrange(len(s)) for s in strips)
            lines = chooser.choice([len(game.lines), chooser.randint(1, len(game.lines))])
            bet = chooser.choice([1, 2, 10, 200])
            window, fast = table.evaluate(stops, lines, bet)
            assert window == window_at(strips, stops, game.rows)
            assert table.window(stops) == window
            assert fast == evaluate(game, window, lines, bet)
            running += any(w.count > 3 for w in fast.line_wins)
        assert running > 100  # the lines read past reel 3 were exercised


def _hint_allows(game: GameDefinition, feature_index: int, result: SpinResult) -> bool:
    hint = game.features[feature_index].trigger_hint()
    if hint is None:
        return True
    if result.evaluation.scatter_count < hint.min_scatters:
        return False
    return hint.symbol is None or all(hint.symbol in result.window[r] for r in hint.reels)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_trigger_hint_never_rules_out_a_window_its_trigger_accepts(game_id: str) -> None:
    game = get_game(game_id)
    ctx = FeatureContext(
        game=game, bet=game.default_bet(len(game.lines)), limits=Limits(), room=10**12
    )
    table = StripTable(game, game.base_reels)
    chooser = random.Random(game_id)
    started = [0] * len(game.features)
    ruled_out = [0] * len(game.features)
    for _ in range(60_000):
        stops = tuple(chooser.randrange(n) for n in table.lengths)
        window, evaluation = table.evaluate(stops, len(game.lines), 1)
        result = SpinResult(stops, window, evaluation)
        for i, feature in enumerate(game.features):
            allowed = _hint_allows(game, i, result)
            if feature.trigger(ctx, result) is not None:
                started[i] += 1
                assert allowed, (feature.name, stops)
            ruled_out[i] += not allowed
    assert all(started), started  # each feature was seen starting
    assert all(n > 30_000 for n in ruled_out), ruled_out  # and the hints do rule out


@pytest.mark.parametrize("game_id", GAMES)
def test_a_hint_holds_on_the_windows_a_feature_draws(game_id: str) -> None:
    game = get_game(game_id)
    chooser = random.Random(f"{game_id} inside")
    started = ruled_out = 0
    for label, strips in game.reel_sets.items():
        if strips is game.base_reels:
            continue
        table = StripTable(game, strips)
        for inside in game.features:
            ctx = FeatureContext(
                game=game,
                bet=game.default_bet(len(game.lines)),
                limits=Limits(),
                room=10**12,
                inside=inside.name,
            )
            for _ in range(20_000):
                stops = tuple(chooser.randrange(n) for n in table.lengths)
                window, evaluation = table.evaluate(stops, len(game.lines), 1)
                result = SpinResult(stops, window, evaluation)
                for i, feature in enumerate(game.features):
                    allowed = _hint_allows(game, i, result)
                    if feature.trigger(ctx, result) is not None:
                        started += 1
                        assert allowed, (label, inside.name, feature.name, stops)
                    ruled_out += not allowed
    assert started and ruled_out  # triggers seen (a retrigger), and windows ruled out


def test_a_written_out_drawer_makes_the_draws_randbelow_each_makes() -> None:
    from slotterm.rng import ReplaySource, SeededSource, drawer

    bounds = (37, 37, 1, 2, 64, 100, 2**20 + 1)
    fast, plain = SeededSource(5), SeededSource(5)
    draw = drawer(fast, bounds)
    for _ in range(3_000):
        assert draw() == plain.randbelow_each(bounds)
    # any other source is drawn from one bound at a time, as draw_each does
    replay = drawer(ReplaySource([3, 0, 0, 1, 63, 99, 7]), bounds)
    assert replay() == (3, 0, 0, 1, 63, 99, 7)


@pytest.mark.parametrize("game_id", GAMES)
def test_spins_whose_events_are_deferred_report_what_replay_rebuilds(game_id: str) -> None:
    from slotterm.engine.actions import Spin
    from slotterm.engine.events import DeferredTransition, RoundClosed
    from slotterm.engine.policy import next_action
    from slotterm.engine.records import GameState, Phase
    from slotterm.engine.replay import replay_round
    from slotterm.engine.round import apply
    from slotterm.rng import SeededSource

    game = get_game(game_id)
    rng = SeededSource(17)
    spin = Spin(game.default_bet(len(game.lines)))
    state = GameState(phase=Phase.IDLE, credits=10**9)
    deferred = 0
    for _ in range(400):
        transition = apply(game, state, spin, rng)
        deferred += type(transition) is DeferredTransition
        steps = [transition]
        while steps[-1].state.phase is not Phase.IDLE:
            action = next_action(game, steps[-1].state)
            assert action is not None
            steps.append(apply(game, steps[-1].state, action, rng))
        closed = [e.round for t in steps for e in t.events if type(e) is RoundClosed]
        assert len(closed) == 1
        assert replay_round(game, closed[0]) == closed[0]
        state = steps[-1].state
    assert deferred > 200  # most spins and collects build their events only when asked


def test_cached_draws_of_a_bounds_tuple_keep_the_stream_of_randrange() -> None:
    """randbelow_each of a tuple (a cached written-out drawer), of a list and randbelow,
    interleaved, draw exactly what ``random.Random(seed).randrange`` draws in turn."""
    from slotterm.rng import SeededSource

    reels, free = (37, 37, 37, 37, 37), (30, 30, 30, 31, 31)
    source, reference = SeededSource(11), random.Random(11)
    for n in range(2_000):
        bounds = (reels, free, list(free))[n % 3]
        assert source.randbelow_each(bounds) == tuple(reference.randrange(b) for b in bounds)
        assert source.randbelow(10) == reference.randrange(10)


def test_keyword_builders_build_what_their_class_builds() -> None:
    from slotterm.engine.events import ReelsStopped, build_reels_stopped
    from slotterm.engine.fast_init import keyword_builder
    from slotterm.engine.feature import FeatureStep, build_feature_step
    from slotterm.engine.outcome import NO_WIN
    from slotterm.engine.records import FeatureFrame, build_feature_frame

    spin = SpinResult(stops=(0,), window=(("A",),), evaluation=NO_WIN)
    built = build_reels_stopped(result=spin, reel_set="free", win=5, number=2)
    assert built == ReelsStopped(result=spin, reel_set="free", win=5, number=2, extra=None)
    assert type(built) is ReelsStopped
    assert build_feature_step(record=1, events=()) == FeatureStep(record=1, events=())
    assert build_feature_frame(feature="x", record=0) == FeatureFrame("x", 0, False)
    with pytest.raises(TypeError):
        build_feature_frame(feature="x")  # a field without a default is required
    with pytest.raises(TypeError):
        build_feature_frame(feature="x", record=0, colour="red")  # no such field
    with pytest.raises(TypeError):
        build_feature_frame("x", 0)  # by keyword only
    with pytest.raises(TypeError):
        keyword_builder(dict)  # type: ignore[type-var]


def test_evolve_changes_what_replace_changes_and_refuses_unknown_fields() -> None:
    from slotterm.engine.actions import Bet
    from slotterm.engine.outcome import NO_WIN
    from slotterm.engine.records import Round, evolve

    spin = SpinResult(stops=(0,), window=(("A",),), evaluation=NO_WIN)
    round_ = Round(
        number=1,
        bet=Bet(1, 1),
        limits=Limits(),
        autoplay=False,
        credits_before=100,
        base=spin,
        base_win=0,
        frames=(),
        feature_win=0,
        win=0,
        ended_by=None,
        gamble=(),
        gamble_closed=False,
        steps=(),
    )
    changes = {"win": 7, "feature_win": 7, "paid": 7, "steps": ()}
    evolved = evolve(round_, **changes)
    assert evolved == round_._replace(**changes) and type(evolved) is Round
    assert evolved != round_ and evolved.win == 7 and evolved.number == 1
    with pytest.raises(ValueError, match="colour"):
        evolve(round_, win=1, colour="red")
