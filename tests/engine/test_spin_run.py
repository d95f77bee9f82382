"""``spin_run`` plays base spins exactly as as many calls of ``apply`` do.

The same draws from the same source in the same order, the same state after the silent
spins, the very transition of the spin that ends the run; a run stops when the credits
run out, a refused spin is refused, a forced spin is played alone.
"""

from __future__ import annotations

import pytest

from slotterm.engine.actions import ActionRefused, Bet, Spin
from slotterm.engine.events import RoundClosed
from slotterm.engine.model import GameDefinition
from slotterm.engine.outcome import Evaluation
from slotterm.engine.policy import next_action
from slotterm.engine.records import GameState, Phase
from slotterm.engine.round import apply
from slotterm.engine.spin_run import spin_run
from slotterm.games import get_game
from slotterm.rng import SeededSource

GAMES = ("book-of-spells", "lucky-witch")


def _finish(game: GameDefinition, state: GameState, rng: SeededSource) -> GameState:
    """Play the open round to its end (the features, the win collected)."""
    while state.phase is not Phase.IDLE:
        action = next_action(game, state)
        assert action is not None
        state = apply(game, state, action, rng).state
    return state


@pytest.mark.parametrize("game_id", GAMES)
def test_a_run_is_what_as_many_calls_of_apply_give(game_id: str) -> None:
    game = get_game(game_id)
    spin = Spin(game.default_bet())
    by_run, by_apply = SeededSource(17), SeededSource(17)
    run_state = apply_state = GameState(phase=Phase.IDLE, credits=10**9)
    runs_with_silent = runs_ended = 0
    for _ in range(400):
        silent, before, transition = spin_run(game, run_state, spin, by_run, 12)
        for _ in range(silent):
            quiet = apply(game, apply_state, spin, by_apply)
            closed = quiet.events[-1]
            assert type(closed) is RoundClosed and not closed.round.win
            assert not closed.round.frames
            apply_state = quiet.state
        assert before == apply_state
        runs_with_silent += silent > 0
        if transition is None:
            assert silent == 12
            run_state = before
            continue
        runs_ended += 1
        played = apply(game, apply_state, spin, by_apply)
        assert transition.state == played.state and transition.events == played.events
        run_state = _finish(game, transition.state, by_run)
        apply_state = _finish(game, played.state, by_apply)
        assert run_state == apply_state
    assert by_run.get_state() == by_apply.get_state()
    assert runs_with_silent > 50 and runs_ended > 50


def test_a_run_stops_when_the_credits_run_out_and_refuses_what_apply_refuses() -> None:
    game = get_game("book-of-spells")
    bet = game.default_bet()
    spin = Spin(bet)
    state = GameState(phase=Phase.IDLE, credits=3 * bet.total)
    rng = SeededSource(5)
    while state.credits >= bet.total:
        _, state, transition = spin_run(game, state, spin, rng, 1000)
        if transition is not None:
            state = _finish(game, transition.state, rng)
    assert state.credits < bet.total
    with pytest.raises(ActionRefused, match="not enough credits"):
        spin_run(game, state, spin, rng, 10)
    with pytest.raises(ActionRefused):
        spin_run(game, GameState(phase=Phase.IDLE, credits=10**6), Spin(Bet(1, 99)), rng, 5)
    assert spin_run(game, state, spin, rng, 0) == (0, state, None)


def test_a_forced_spin_is_played_alone() -> None:
    game = get_game("book-of-spells")
    forced = Spin(game.default_bet(), force=game.features[0].name)
    state = GameState(phase=Phase.IDLE, credits=10**6)
    silent, before, transition = spin_run(game, state, forced, SeededSource(3), 50)
    assert silent == 0 and before == state and transition is not None
    expected = apply(game, state, forced, SeededSource(3))
    assert transition.state == expected.state and transition.state.phase is Phase.FEATURE


@pytest.mark.parametrize("game_id", GAMES)
def test_a_run_that_collects_wins_is_what_apply_and_collect_give(game_id: str) -> None:
    """With ``wins``, a spin that only pays is played out (its win collected) and the run
    goes on: each such spin is one ``apply`` and its round played to its end (a win on
    offer collected), which paid exactly its evaluation's win and started nothing."""
    game = get_game(game_id)
    spin = Spin(game.default_bet())
    total = spin.bet.total
    by_run, by_apply = SeededSource(23), SeededSource(23)
    run_state = apply_state = GameState(phase=Phase.IDLE, credits=10**9)
    collected = ended = 0
    for _ in range(300):
        wins: list[Evaluation] = []
        played, before, transition = spin_run(game, run_state, spin, by_run, 12, wins)
        paid = []
        for _ in range(played):
            step = apply(game, apply_state, spin, by_apply)
            round_ = step.state.round
            assert round_ is None or not round_.frames  # it started nothing
            after = _finish(game, step.state, by_apply)
            if after.credits != apply_state.credits - total:
                paid.append(after.credits - apply_state.credits + total)
            apply_state = after
        assert paid == [won.total_win for won in wins]
        assert before == apply_state
        collected += len(wins)
        if transition is None:
            assert played == 12
            run_state = before
            continue
        ended += 1
        expected = apply(game, apply_state, spin, by_apply)
        assert transition.state == expected.state and transition.events == expected.events
        run_state = _finish(game, transition.state, by_run)
        apply_state = _finish(game, expected.state, by_apply)
        assert run_state == apply_state
    assert by_run.get_state() == by_apply.get_state()
    assert collected > 100 and ended > 5
