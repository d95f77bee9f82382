"""``eval`` and ``simulate`` take the bet of the game's bet model (commands/bet_inputs.py)."""

from __future__ import annotations

import pytest

from slotterm.cli import main
from slotterm.commands.bet_input_error import BetInputError
from slotterm.commands.bet_inputs import BET_INPUTS, bet_inputs, is_given, other_bet_inputs
from slotterm.engine.actions import Bet
from slotterm.games import game_ids, get_game

PER_LINE = BET_INPUTS["per_line"]
COINS = BET_INPUTS["coins"]


def a_game_of(kind: str) -> str:
    """The id of a shipped game bet the ``kind`` way."""
    return next(g for g in game_ids() if get_game(g).bet_model.kind == kind)


def test_each_game_takes_its_own_models_inputs_and_refuses_the_others() -> None:
    for game_id in game_ids():
        game = get_game(game_id)
        mine = bet_inputs(game)
        assert mine is BET_INPUTS[game.bet_model.kind]
        assert mine not in other_bet_inputs(game)
        assert len(other_bet_inputs(game)) == len(BET_INPUTS) - 1


def test_a_bet_per_line_is_parsed_from_text_with_a_default() -> None:
    game = get_game(a_game_of("per_line"))
    assert PER_LINE.parse(game, {}, 3) == Bet(bet_per_line=10, lines=3)
    assert PER_LINE.parse(game, {"bet": "0.50"}, 3) == Bet(bet_per_line=50, lines=3)
    with pytest.raises(BetInputError, match="bet must be an amount") as caught:
        PER_LINE.parse(game, {"bet": None}, 3)  # a request's null is not "left out"
    assert caught.value.option == "--bet"


def test_a_bet_in_coins_is_parsed_with_the_fewest_coins_of_the_smallest_size_by_default() -> None:
    game = get_game(a_game_of("coins"))
    low = game.bet_model.smallest_bet(4)
    assert COINS.parse(game, {}, 4) == low
    assert COINS.parse(game, {"coins": 3, "coin_size": "0.05"}, 4) == Bet(15, 4, 5)
    with pytest.raises(BetInputError) as caught:
        COINS.parse(game, {"coins": 0}, 4)
    assert caught.value.option == "--coins"


def test_zero_is_given_but_a_flag_left_off_is_not() -> None:
    assert is_given(0) and is_given("") and is_given(True)
    assert not is_given(None) and not is_given(False)
    assert COINS.given({"coins": 0, "coin_size": None}) == ["--coins"]


def test_a_bet_of_another_model_given_as_zero_is_refused(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # was silently ignored: 0 counted as "not given"
    game_id = a_game_of("per_line")
    grid = ",".join(["A"] * get_game(game_id).reels)
    grid = "/".join([grid] * get_game(game_id).rows)
    assert main(["eval", game_id, "--grid", grid, "--coins", "0"]) == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and "not --coins" in err


@pytest.mark.parametrize("kind", ["per_line", "coins"])
def test_with_jsonl_the_bet_comes_from_each_request_only(
    kind: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # a game bet per line used to ignore --bet with --jsonl silently
    game_id = a_game_of(kind)
    option, value = BET_INPUTS[kind].options[0][1], "2"
    assert main(["eval", game_id, "--jsonl", option, value]) == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1
    assert f"--jsonl reads the bet from each request: leave out {option}" in err
