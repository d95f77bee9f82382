"""Every Lucky Witch main-screen key at rest and after a win: coins per line, coin size,
lines, Bet Max, the unit switch, the letters in both cases, and the refusals when the
credits are short (animations off, seeded outcomes)."""

from __future__ import annotations

import pytest

from slotterm.engine.actions import Bet
from slotterm.engine.records import Phase
from slotterm.money import format_cents
from slotterm.tui.screens.help_screen import HelpScreen
from slotterm.tui.screens.history_screen import HistoryScreen
from slotterm.tui.screens.paytable_screen import PaytableScreen
from slotterm.tui.screens.stats_screen import StatsScreen
from slotterm.tui.widgets.coin_boxes import CoinBoxes
from tests.tui.lucky_witch_support import START, doubled_seed, losing_lw_seed, lw_app
from tests.tui.main_support import box, freeze_scenes, main, make_app, message, settle
from tests.tui.modal_support import wait_for

SIZE = (100, 32)


def coin(coins: int, size: int = 1, lines: int = 15) -> Bet:
    """A Lucky Witch bet: ``coins`` per line of ``size`` cents on ``lines`` lines."""
    return Bet(bet_per_line=coins * size, lines=lines, coin_size=size)


async def test_the_boxes_are_the_coin_games() -> None:
    app = lw_app(1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        boxes = main(app).boxes
        assert isinstance(boxes, CoinBoxes)
        titles = [b.border_title for b in boxes.children]
        assert titles == ["Lines", "Coins", "Coin size", "Bet", "Credits", "Win"]
        assert (box(app, "lines"), box(app, "coins"), box(app, "coin_size")) == ("15", "1", "0.01")
        assert box(app, "bet") == "0.15"  # 1 coin × 15 lines × 0.01
        assert box(app, "credits") == "1,000.00"


@pytest.mark.parametrize(
    ("keys", "coins"),
    [(["up"], 2), (["up", "up", "up"], 4), (["up", "down"], 1), (["down"], 1)],
)
async def test_up_and_down_change_the_coins_per_line(keys: list[str], coins: int) -> None:
    app = lw_app(1)
    async with app.run_test(size=SIZE) as pilot:
        for key in keys:
            await pilot.press(key)
            await settle(pilot, app)
        assert app.session.bet == coin(coins)
        assert box(app, "coins") == str(coins)
        assert box(app, "bet") == format_cents(coins * 15)
        assert app.session.state.rounds_played == 0


async def test_the_coins_stop_at_twenty_and_at_one() -> None:
    app = lw_app(1)
    async with app.run_test(size=SIZE) as pilot:
        app.session.set_bet(coin(20))
        await pilot.press("up")
        await settle(pilot, app)
        assert app.session.bet == coin(20)
        assert "20 coins per line is the most" in message(app)
        app.session.set_bet(coin(1))
        await pilot.press("down")
        await settle(pilot, app)
        assert app.session.bet == coin(1)
        assert "fewest" in message(app)


@pytest.mark.parametrize(
    ("keys", "size"),
    [
        (["plus"], 2),
        (["plus", "add"], 5),
        (["plus", "plus", "plus", "minus"], 5),
        (["add", "subtract"], 1),
        (["minus"], 1),
    ],
)
async def test_plus_and_minus_step_the_coin_size(keys: list[str], size: int) -> None:
    app = lw_app(1)
    async with app.run_test(size=SIZE) as pilot:
        for key in keys:
            await pilot.press(key)
            await settle(pilot, app)
        assert app.session.bet == coin(1, size)
        assert box(app, "coin_size") == format_cents(size)
        assert box(app, "bet") == format_cents(15 * size)


async def test_the_coin_size_stops_at_the_operators_ends() -> None:
    app = lw_app(1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("minus")
        await settle(pilot, app)
        assert "0.01 is the smallest coin size" in message(app)
        largest = max(app.session.bet_steps)
        app.session.set_bet(coin(1, largest))
        await pilot.press("plus")
        await settle(pilot, app)
        assert app.session.bet == coin(1, largest)
        assert f"{format_cents(largest)} is the largest coin size" in message(app)


@pytest.mark.parametrize(
    ("keys", "lines"),
    [(["left"], 14), (["right"], 1), (["right", "right"], 2), (["1"], 14), (["2"], 1)],
)
async def test_the_lines_keys_wrap_past_fifteen(keys: list[str], lines: int) -> None:
    app = lw_app(1)
    async with app.run_test(size=SIZE) as pilot:
        for key in keys:
            await pilot.press(key)
            await settle(pilot, app)
        assert app.session.bet == coin(1, lines=lines)
        assert box(app, "lines") == str(lines)
        assert box(app, "bet") == format_cents(lines)


async def test_the_lines_wrap_from_one_to_fifteen() -> None:
    app = lw_app(1)
    async with app.run_test(size=SIZE) as pilot:
        app.session.set_bet(coin(3, 2, lines=1))
        await pilot.press("left")
        await settle(pilot, app)
        assert app.session.bet == coin(3, 2, lines=15)  # coins and coin size kept


@pytest.mark.parametrize("key", ["b", "B"])
async def test_bet_max_sets_twenty_coins_on_every_line_and_spins(key: str) -> None:
    app = lw_app(losing_lw_seed())
    async with app.run_test(size=SIZE) as pilot:
        app.session.set_bet(coin(3, 5, lines=4))
        await pilot.press(key)
        await settle(pilot, app)
        session = app.session
        assert session.bet == coin(20, 5)  # 20 coins, 15 lines, the coin size kept
        assert session.state.rounds_played == 1
        assert session.history[-1].bet == coin(20, 5)
        assert session.state.credits == START - 20 * 15 * 5
        assert box(app, "bet") == "15.00"


@pytest.mark.parametrize(("credits", "coins"), [(100, 6), (299, 19), (300, 20), (44, 2)])
async def test_bet_max_takes_the_most_coins_the_credits_cover(credits: int, coins: int) -> None:
    app = lw_app(losing_lw_seed(), credits=credits)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("b")
        await settle(pilot, app)
        # coins = credits // (15 lines × 1 cent), found by hand for each case
        assert app.session.bet == coin(coins)
        assert app.session.state.rounds_played == 1
        assert app.session.state.credits == credits - coins * 15


async def test_bet_max_refuses_when_not_one_coin_per_line_is_covered() -> None:
    app = lw_app(1, credits=140)
    async with app.run_test(size=SIZE) as pilot:
        app.session.set_bet(coin(1, 10))  # 15 lines × 0.10 = 1.50 > 1.40
        await pilot.press("b")
        await settle(pilot, app)
        assert app.session.state.rounds_played == 0
        assert app.session.state.credits == 140
        assert app.session.bet == coin(1, 10)
        assert "Credits can't cover one coin on every line at coin size 0.10" in message(app)


@pytest.mark.parametrize("key", ["space", "enter", "0", "s", "S"])
async def test_a_spin_the_credits_cannot_cover_is_refused(key: str) -> None:
    app = lw_app(1, credits=200)
    async with app.run_test(size=SIZE) as pilot:
        app.session.set_bet(coin(20))  # 3.00 > 2.00
        await pilot.press(key)
        await settle(pilot, app)
        assert app.session.state.rounds_played == 0
        assert app.session.state.credits == 200
        assert box(app, "credits") == "2.00"


@pytest.mark.parametrize("key", ["space", "enter", "0", "s", "S"])
async def test_the_spin_keys_spin_at_the_coin_bet(key: str) -> None:
    app = lw_app(losing_lw_seed())
    async with app.run_test(size=SIZE) as pilot:
        app.session.set_bet(coin(2, 5))
        await pilot.press(key)
        await settle(pilot, app)
        assert app.session.state.rounds_played == 1
        assert app.session.state.credits == START - 2 * 15 * 5


async def test_c_shows_the_amounts_in_coins_and_back() -> None:
    app = lw_app(1)
    async with app.run_test(size=SIZE) as pilot:
        app.session.set_bet(coin(2, 5))
        await pilot.press("c")
        await settle(pilot, app)
        # 1,000.00 in coins of 0.05 is 20,000; the bet is 2 × 15 = 30 coins
        assert box(app, "credits") == "20,000"
        assert box(app, "bet") == "30"
        assert box(app, "win") == "0"
        await pilot.press("C")
        await settle(pilot, app)
        assert box(app, "credits") == "1,000.00"
        assert box(app, "bet") == "1.50"


async def test_after_a_win_the_bet_keys_and_the_spin_still_work() -> None:
    app = lw_app(doubled_seed())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("space")
        await settle(pilot, app)
        session = app.session
        paid = session.history[-1].paid
        assert paid > 0 and session.phase is Phase.IDLE  # no gamble: paid at once
        assert session.state.credits == START - 15 + paid
        assert box(app, "win") == format_cents(paid)
        for key in ("up", "plus", "left"):
            await pilot.press(key)
            await settle(pilot, app)
        assert session.bet == coin(2, 2, lines=14)
        assert box(app, "win") == format_cents(paid)  # the last win stays shown
        for key in ("7", "5"):  # collect and gamble mean nothing here
            await pilot.press(key)
            await settle(pilot, app)
        assert session.state.rounds_played == 1
        await pilot.press("space")
        await settle(pilot, app)
        assert session.state.rounds_played == 2


async def test_bet_keys_do_nothing_while_the_reels_turn() -> None:
    app = lw_app(losing_lw_seed(), animations=True)
    async with app.run_test(size=SIZE) as pilot:
        freeze_scenes(app)
        await pilot.press("space")
        await pilot.pause()
        assert main(app).presenter.stoppable
        for key in ("up", "down", "plus", "minus", "left", "right", "b"):
            await pilot.press(key)
            await pilot.pause()
        assert app.session.bet == coin(1)
        assert app.session.state.rounds_played == 1
        await settle(pilot, app)
        assert app.session.bet == coin(1)


async def test_the_coin_keys_do_nothing_in_book_of_spells() -> None:
    app = make_app(1)
    async with app.run_test(size=SIZE) as pilot:
        before = app.session.bet
        for key in ("up", "down", "c"):
            await pilot.press(key)
            await settle(pilot, app)
        assert app.session.bet == before
        assert not isinstance(main(app).boxes, CoinBoxes)


@pytest.mark.parametrize(
    ("key", "screen"),
    [
        ("p", PaytableScreen),
        ("P", PaytableScreen),
        ("8", PaytableScreen),
        ("h", HelpScreen),
        ("H", HelpScreen),
        ("9", HelpScreen),
        ("y", HistoryScreen),
        ("Y", HistoryScreen),
        ("t", StatsScreen),
        ("T", StatsScreen),
    ],
)
async def test_the_letters_open_their_screens_in_both_cases(key: str, screen: type) -> None:
    app = lw_app(1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(key)
        await wait_for(pilot, lambda: isinstance(app.screen, screen))
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is main(app))


@pytest.mark.parametrize("key", ["q", "Q"])
async def test_q_quits_in_both_cases(key: str) -> None:
    app = lw_app(1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(key)
        await pilot.pause()
        assert app.return_code is not None or not app.is_running


def test_the_key_rule_gives_coin_games_their_own_bet_keys() -> None:
    from slotterm.games import get_game
    from slotterm.tui.bet_views import bet_view
    from slotterm.tui.keymap import KeyState, key_enabled

    witch, book = get_game("lucky-witch"), get_game("book-of-spells")

    def state(*, coins: bool, phase: Phase = Phase.IDLE, stoppable: bool = False) -> KeyState:
        return KeyState(
            phase=phase,
            stoppable=stoppable,
            autoplay=False,
            summary=False,
            can_gamble=False,
            needs_top_up=False,
            bet_keys=bet_view(witch if coins else book).bet_actions,
        )

    coin_keys = ("coin_size", "coins", "units")
    for name in coin_keys:
        assert key_enabled(name, state(coins=True))
        assert not key_enabled(name, state(coins=False))
    assert not key_enabled("bet", state(coins=True))
    assert key_enabled("bet", state(coins=False))
    for name in ("coin_size", "coins", "lines", "bet_max"):  # never mid-round or mid-spin
        assert not key_enabled(name, state(coins=True, phase=Phase.FEATURE))
        assert not key_enabled(name, state(coins=True, stoppable=True))
    assert not key_enabled("units", state(coins=True, stoppable=True))


def test_both_cases_adds_the_upper_case_letters_only() -> None:
    from slotterm.tui.keymap import both_cases

    assert both_cases("b") == "b,B"
    assert both_cases("p,8") == "p,8,P"
    assert both_cases("space,enter,s,0") == "space,enter,s,0,S"
