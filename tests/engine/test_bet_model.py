"""The bet models (:mod:`slotterm.engine.bet_model`) and the definition's delegation to them."""

from __future__ import annotations

from typing import Any

import pytest

from slotterm.engine.actions import Bet
from slotterm.engine.bet_model import (
    BET_MODELS,
    CONFIG_KEYS,
    DEFAULT_BET_STEPS,
    BetPerLine,
    CoinsPerLine,
)
from slotterm.engine.definition_error import DefinitionError
from slotterm.engine.model import CoinBet, GameDefinition
from slotterm.engine.symbols import Symbol, SymbolKind

COINS = CoinsPerLine(coins_per_line=(2, 10), coin_sizes=(1, 5, 20))
PER_LINE = BetPerLine(steps=(3, 7, 40))


def tiny(**bet: Any) -> GameDefinition:
    """A one-row, three-reel game bet as ``bet`` says (``bet_per_line_steps=``, ``coins=``)."""
    return GameDefinition(
        id="tiny",
        name="Tiny",
        reels=3,
        rows=1,
        symbols=(Symbol("A", SymbolKind.REGULAR, "A"), Symbol("S", SymbolKind.SCATTER, "S")),
        paytable={"A": {3: 5}},
        scatter_pays={3: 1},
        lines=((0, 0, 0),),
        base_reels=(("A", "S"), ("A", "S"), ("A", "S")),
        max_win_x_total_bet=100,
        wild_only_pays_as=None,
        published_rtp=0.9,
        **{"bet_per_line_steps": (), **bet},
    )


# --- a bet per line ---------------------------------------------------------------------------


def test_a_bet_per_line_is_a_step_times_the_lines() -> None:
    assert BetPerLine().default_steps == DEFAULT_BET_STEPS == (2, 5, 10, 20, 50, 100, 200)
    assert PER_LINE.default_steps == (3, 7, 40)
    assert PER_LINE.smallest_bet(4) == Bet(bet_per_line=3, lines=4)
    assert PER_LINE.smallest_bet(2, (7, 40)) == Bet(bet_per_line=7, lines=2)
    assert PER_LINE.highest_bet_per_line() == 40
    assert PER_LINE.step_of(Bet(7, 3)) == 7
    assert PER_LINE.most_coins_per_line is None
    assert not PER_LINE.in_coins


def test_a_bet_per_line_refuses_a_coin_size() -> None:
    assert PER_LINE.refusal(7, None) is None
    assert PER_LINE.refusal(8, None) is None  # the operator's steps are checked apart
    assert PER_LINE.refusal(7, 1) == "this game is not bet in coins"


def test_a_saved_bet_per_line_fits_the_steps_offered_now() -> None:
    assert PER_LINE.fit(Bet(7, 3), (3, 7)) == Bet(7, 3)
    assert PER_LINE.fit(Bet(20, 3), (3, 7, 40)) == Bet(7, 3)  # the highest below
    assert PER_LINE.fit(Bet(2, 3), (3, 7)) == Bet(3, 3)  # none below: the lowest


def test_a_bet_per_line_reports_nothing_of_its_own_and_exports_only_other_steps() -> None:
    assert PER_LINE.bet_json(Bet(7, 3)) == {}
    assert BetPerLine().file_table() is None
    assert PER_LINE.file_table() == {"bet_steps": ["0.03", "0.07", "0.40"]}


@pytest.mark.parametrize(
    ("steps", "problem"),
    [
        ((), "bet steps must be increasing and distinct"),
        ((5, 2), "bet steps must be increasing and distinct"),
        ((2, 2), "bet steps must be increasing and distinct"),
        ((0, 2), "bet steps must be positive cents"),
        ((1,), None),
    ],
)
def test_bet_steps_must_be_increasing_positive_cents(
    steps: tuple[int, ...], problem: str | None
) -> None:
    assert BetPerLine(steps=steps).problem() == problem


# --- coins per line × a coin size -------------------------------------------------------------


def test_a_bet_in_coins_is_coins_times_a_coin_size_times_the_lines() -> None:
    assert COINS.default_steps == (1, 5, 20)
    assert COINS.smallest_bet(3) == Bet(bet_per_line=2, lines=3, coin_size=1)
    assert COINS.smallest_bet(3, (5, 20)) == Bet(bet_per_line=10, lines=3, coin_size=5)
    assert COINS.highest_bet_per_line() == 10 * 20
    assert COINS.step_of(Bet(10, 3, 5)) == 5
    assert COINS.most_coins_per_line == 10
    assert COINS.in_coins


@pytest.mark.parametrize(
    ("bet_per_line", "coin_size", "refusal"),
    [
        (10, 5, None),
        (8, 1, None),
        (10, None, "a bet in this game needs a positive coin size"),
        (10, 0, "a bet in this game needs a positive coin size"),
        (11, 5, "the bet per line must be a whole number of coins"),
        (5, 5, "coins per line must be 2..10"),
        (55, 5, "coins per line must be 2..10"),
    ],
)
def test_a_bet_in_coins_needs_a_coin_size_and_whole_coins_in_the_range(
    bet_per_line: int, coin_size: int | None, refusal: str | None
) -> None:
    assert COINS.refusal(bet_per_line, coin_size) == refusal


def test_a_saved_bet_in_coins_keeps_its_coins_under_the_sizes_offered_now() -> None:
    saved = Bet(bet_per_line=4 * 20, lines=3, coin_size=20)
    assert COINS.fit(saved, (1, 5, 20)) == saved
    assert COINS.fit(saved, (1, 5)) == Bet(bet_per_line=4 * 5, lines=3, coin_size=5)
    assert COINS.fit(Bet(4, 3, 1), (5, 20)) == Bet(bet_per_line=4 * 5, lines=3, coin_size=5)


def test_a_bet_in_coins_reports_its_coins_and_exports_its_table() -> None:
    assert COINS.bet_json(Bet(15, 3, 5)) == {"coin_size": "0.05", "coins_per_line": 3}
    assert COINS.file_table() == {"coins_per_line": [2, 10], "coin_sizes": ["0.01", "0.05", "0.20"]}


@pytest.mark.parametrize(
    ("coins", "sizes", "problem"),
    [
        ((0, 3), (1,), "coins per line must be a range 1 <= lowest <= highest"),
        ((4, 3), (1,), "coins per line must be a range 1 <= lowest <= highest"),
        ((1, 3), (), "coin sizes must be increasing and distinct"),
        ((1, 3), (5, 1), "coin sizes must be increasing and distinct"),
        ((1, 3), (0, 1), "coin sizes must be positive cents"),
        ((3, 3), (1,), None),
    ],
)
def test_coins_need_a_range_and_increasing_positive_sizes(
    coins: tuple[int, int], sizes: tuple[int, ...], problem: str | None
) -> None:
    assert CoinsPerLine(coins_per_line=coins, coin_sizes=sizes).problem() == problem


# --- the models together and the definition ---------------------------------------------------


def test_each_model_has_its_own_kind_and_settings_key() -> None:
    assert len({model.kind for model in BET_MODELS}) == len(BET_MODELS)
    assert tuple(model.config_key for model in BET_MODELS) == CONFIG_KEYS
    assert set(CONFIG_KEYS) == {"bet_steps", "coin_sizes"}
    assert {model.pay_unit for model in BET_MODELS} == {
        "× bet per line",
        "coins per coin bet per line",
    }


def test_the_definition_derives_its_bet_model_from_its_parameters() -> None:
    per_line = tiny(bet_per_line_steps=(3, 7, 40))
    assert per_line.bet_model == PER_LINE
    coins = tiny(coins=CoinBet(coins_per_line=(2, 10), coin_sizes=(1, 5, 20)))
    assert coins.bet_model == COINS
    assert CoinBet(coins_per_line=(2, 10), coin_sizes=(1, 5, 20)).model() == COINS


@pytest.mark.parametrize(
    "game", [tiny(bet_per_line_steps=(3, 7, 40)), tiny(coins=CoinBet((2, 10), (1, 5, 20)))]
)
def test_the_definition_asks_its_bet_model(game: GameDefinition) -> None:
    model = game.bet_model
    assert game.default_bet() == model.smallest_bet(1)
    assert game.highest_bet_per_line() == model.highest_bet_per_line()
    for per_line, size in ((10, 5), (7, None), (11, 5), (7, 1)):
        assert game.bet_refusal(per_line, size) == model.refusal(per_line, size)
    assert game.bet_refusal(0, None) == "the bet per line must be positive"


@pytest.mark.parametrize(
    ("bet", "message"),
    [
        ({"bet_per_line_steps": ()}, "bet steps must be increasing and distinct"),
        ({"bet_per_line_steps": (0, 2)}, "bet steps must be positive cents"),
        (
            {"bet_per_line_steps": (2,), "coins": CoinBet((1, 2), (1,))},
            "a game bet in coins has no bet-per-line steps",
        ),
    ],
)
def test_a_definition_with_a_bad_bet_fails_naming_it(bet: dict[str, Any], message: str) -> None:
    with pytest.raises(DefinitionError, match=message):
        tiny(**bet)


def test_bad_coins_fail_when_described() -> None:
    with pytest.raises(DefinitionError, match="coins per line must be a range"):
        CoinBet(coins_per_line=(0, 2), coin_sizes=(1,))
