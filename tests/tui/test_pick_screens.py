"""The Mystery bonus's pick games played with the keyboard: each to its end through the
whole program, the keys of each screen, the Pumpkin's odds hint, a restart after a pick
(from the save on disk), and key storms (no crash, no wrong amount).

Prizes are checked against DESIGN.md §2 worked out in ``pick_support`` (not the engine's
code); the Pumpkin's values of going on are the hand-worked 6.4 / 8.52 / 10.216 total bets.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from slotterm.engine.actions import Limits, Spin
from slotterm.engine.features.pick_game import Pick
from slotterm.engine.features.pick_games.pumpkin import PickAgain
from slotterm.engine.policy import next_action
from slotterm.engine.records import Phase
from slotterm.rng import SeededSource
from slotterm.session.game_session import GameSession, demo_session
from slotterm.session.preferences import Preferences
from slotterm.tui.features.pick_cell import ITEM_KEYS, prize_text
from slotterm.tui.features.pick_screen import PickScreen
from slotterm.tui.screens.autoplay_screen import AutoplayScreen
from tests.tui.main_support import SceneClock
from tests.tui.modal_support import wait_for
from tests.tui.pick_support import (
    LABELS,
    PAYS,
    SIZE,
    START,
    WITCH,
    PickApp,
    at_rest,
    bonus_session,
    closed_round,
    content_text,
    contents,
    faces,
    force,
    machine_at_rest,
    make_witch_app,
    opened_items,
    pick_frame,
    pick_screen,
    play_to_end,
    press_all,
    saved_session,
    text_of,
    witch_session,
)

GAMES = list(LABELS)


@pytest.mark.parametrize("game", GAMES)
async def test_each_pick_game_is_played_to_its_end_with_the_keyboard(game: str) -> None:
    session = witch_session()
    app = make_witch_app(session, force_next=force(game))
    async with app.run_test(size=SIZE) as pilot:
        machine = await machine_at_rest(pilot, app)
        await pilot.press("space")  # the spin lands the three cauldrons
        await machine_at_rest(pilot, app)
        assert session.phase is Phase.FEATURE
        assert "stir the cauldron" in machine.message.text
        assert not isinstance(app.screen, PickScreen)  # the player opens the bonus
        await pilot.press("space")
        screen = await at_rest(pilot, app)
        assert screen.game.name == game
        await play_to_end(pilot, app, game)
        screen = pick_screen(app)
        record = screen.record
        bet = screen.total_bet
        prize = PAYS[game](record) * bet
        assert record.prize == prize
        assert f"You win {prize_text(prize, 1)}!" in text_of(screen, "#pick-status")
        assert "coins" in text_of(screen, "#pick-status")
        # everything hidden is shown at the end
        for face, content in zip(faces(screen), contents(game, record), strict=True):
            assert content_text(content) in face
        number = screen.round_number
        await pilot.press("enter")
        await machine_at_rest(pilot, app)
        assert closed_round(session, number).paid == prize
        assert session.state.credits == START - bet + prize


async def test_arrows_move_among_the_items_left_and_enter_opens_the_highlighted_one() -> None:
    session = bonus_session("magic_potion")
    app = PickApp(session)
    async with app.run_test(size=SIZE) as pilot:
        screen = await at_rest(pilot, app)
        assert screen.highlight == 0
        await press_all(pilot, app, "down", "right", "right", "left")  # 6, 7, 8, 7
        assert screen.highlight == 7
        await press_all(pilot, app, "up", "left")  # 1, 0
        assert screen.highlight == 0
        await press_all(pilot, app, "left")  # wraps to the last
        assert screen.highlight == 11
        record = screen.record
        if isinstance(record.layout[11], int):  # the bottle opened is skipped from now on
            await press_all(pilot, app, "enter")
            assert screen.record.opened == (11,)
            assert screen.highlight == 0  # the next bottle still closed
            await press_all(pilot, app, "left", "left")
            assert screen.highlight == 9  # 11 is skipped


async def test_a_taken_item_is_refused_with_a_message_and_nothing_changes() -> None:
    session = bonus_session("secret_vault")
    app = PickApp(session)
    async with app.run_test(size=SIZE) as pilot:
        screen = await press_all(pilot, app, "2", "2")
        assert screen.record.chosen == (1,)
        assert "already taken" in text_of(screen, "#pick-message")
        await press_all(pilot, app, "9", "a")  # three chosen: the other nine show their amounts
        record = screen.record
        for i, face in enumerate(faces(screen)):
            if i not in record.chosen:
                assert f"{record.layout[i]}× bet" in face
        await press_all(pilot, app, "3")  # not one of the three
        assert "open one of the vaults you chose" in text_of(screen, "#pick-message").lower()
        assert screen.record.opened is None


async def test_pumpkin_y_keeps_n_picks_again_and_the_hint_says_what_going_on_is_worth() -> None:
    session = bonus_session("pumpkin")
    app = PickApp(session)
    bet = session.bet.total  # 15 coins of 1 cent
    async with app.run_test(size=SIZE) as pilot:
        screen = await press_all(pilot, app, "1")
        # V_3 = 10.216 total bets = 153.24 cents with best play
        hint = text_of(screen, "#pick-hint")
        assert "10.22× bet" in hint and "1.53" in hint
        assert "Pick-agains left: 3 of 3" in text_of(screen, "#pick-status")
        assert f"{screen.record.layout[0]}× bet" in hint
        await press_all(pilot, app, "n", "2")
        assert screen.record.given_up == 1
        assert "8.52× bet" in text_of(screen, "#pick-hint")  # 127.8 cents
        assert "1.28" in text_of(screen, "#pick-hint")
        assert "Pick-agains left: 2 of 3" in text_of(screen, "#pick-status")
        await press_all(pilot, app, "n", "3")
        assert "6.40× bet" in text_of(screen, "#pick-hint")  # 96 cents
        assert "0.96" in text_of(screen, "#pick-hint")
        await press_all(pilot, app, "n")
        assert "The next pumpkin you open is yours" in text_of(screen, "#pick-status")
        await press_all(pilot, app, "y")  # nothing to keep: refused, nothing changes
        assert not screen.finished and screen.record.given_up == 3
        await press_all(pilot, app, "5")
        record = screen.record
        assert record.kept and record.opened == (0, 1, 2, 4)
        assert record.prize == record.layout[4] * bet
        assert f"You win {prize_text(record.prize, 1)}" in text_of(screen, "#pick-status")


async def test_the_odds_hint_follows_the_option(tmp_path: Path) -> None:
    session = bonus_session("pumpkin")
    session.act(Pick(0))
    app = make_witch_app(session)
    app.preferences = Preferences(odds_hints=False)
    async with app.run_test(size=SIZE) as pilot:
        screen = await at_rest(pilot, app)
        assert screen.record.opened == (0,)
        assert text_of(screen, "#pick-hint") == ""
        assert not screen.query_one("#pick-hint").display
        assert "Y keeps" in text_of(screen, "#pick-message")


IMP_SEED = 29
"""A seed whose forced Spell Book brings the imp (+5 total bets; found by trying seeds)."""


async def test_the_imp_appears_only_once_the_book_is_open_and_adds_to_it() -> None:
    session = bonus_session("spell_book", seed=IMP_SEED)
    record = session.state.round.frames[pick_frame(session)].record  # type: ignore[union-attr]
    assert record.imp is not None  # the seed still brings the imp
    app = PickApp(session)
    app.animation_level = "full"
    async with app.run_test(size=SIZE) as pilot:
        screen = await at_rest(pilot, app)
        clock = SceneClock()
        screen.presenter.clock = clock
        assert not screen.query_one("#pick-imp").display
        await pilot.press("3")
        await pilot.pause()
        assert screen.presenter.busy  # the book is opening: no imp yet, no amount
        assert not screen.query_one("#pick-imp").display
        assert "× bet" not in faces(screen)[2]
        screen = await at_rest(pilot, app)
        assert screen.query_one("#pick-imp").display
        assert f"+{record.imp}× bet" in text_of(screen, "#pick-imp")
        done = screen.record
        assert done.prize == (done.books[2] + done.imp) * screen.total_bet
        assert f"the imp adds {done.imp}× bet" in text_of(screen, "#pick-status")


def _one_pick(game: str, session: GameSession) -> None:
    """Some picks, through the session (as the screen makes them)."""
    picks = {"magic_potion": [], "pumpkin": [1], "spell_book": [], "secret_vault": [7, 0]}
    if game == "magic_potion":
        record = session.state.round.frames[pick_frame(session)].record  # type: ignore[union-attr]
        picks["magic_potion"] = [next(i for i, c in enumerate(record.layout) if isinstance(c, int))]
    for index in picks.get(game, []):
        session.act(Pick(index))
    if game == "pumpkin":
        session.act(PickAgain())
        session.act(Pick(3))


@pytest.mark.parametrize("game", [g for g in GAMES if g != "spell_book"])
async def test_a_restart_after_a_pick_shows_the_same_layout_and_picks(
    game: str, tmp_path: Path
) -> None:
    opened = saved_session(tmp_path)
    bonus_session(game, session=opened.session)
    _one_pick(game, opened.session)
    before = opened.session.state.round
    assert before is not None
    record_before = before.frames[pick_frame(opened.session)].record
    opened.close()  # every step was saved before it was shown: as good as a kill

    again = saved_session(tmp_path)
    session = again.session
    app = make_witch_app(session)
    try:
        async with app.run_test(size=SIZE) as pilot:
            screen = await at_rest(pilot, app)  # the machine puts the game back up by itself
            assert screen.record == record_before
            shown = faces(screen)
            held = contents(game, record_before)
            taken = set(getattr(record_before, "chosen", ())) | set(opened_items(record_before))
            for i, face in enumerate(shown):
                if game == "secret_vault" and i in record_before.chosen:
                    assert "CHOSEN" in face
                elif i in taken:
                    assert content_text(held[i]) in face
                else:
                    assert "× bet" not in face  # still hidden
            if game == "pumpkin":
                assert "Pick-agains left: 2 of 3" in text_of(screen, "#pick-status")
            await _finish(pilot, app)
            record = pick_screen(app).record
            prize = PAYS[game](record) * screen.total_bet
            assert record.prize == prize
            await pilot.press("enter")
            await machine_at_rest(pilot, app)
            assert session.state.credits == START - screen.total_bet + prize
    finally:
        again.close()


async def test_a_restart_before_the_book_is_opened_shows_the_three_books(
    tmp_path: Path,
) -> None:
    opened = saved_session(tmp_path)
    bonus_session("spell_book", session=opened.session)
    opened.close()
    again = saved_session(tmp_path)
    app = make_witch_app(again.session)
    try:
        async with app.run_test(size=SIZE) as pilot:
            screen = await at_rest(pilot, app)
            assert all("× bet" not in face for face in faces(screen))
            assert not screen.query_one("#pick-imp").display
            await press_all(pilot, app, "2")
            record = screen.record
            assert record.opened == 1
            assert screen.query_one("#pick-imp").display is (record.imp is not None)
    finally:
        again.close()


async def _finish(pilot: Pilot[Any], app: Any) -> None:
    """Play whatever is left of the game on the screen: keep, or take the first item."""
    for _ in range(30):
        screen = pick_screen(app)
        if screen.finished:
            return
        choices = screen.selectable(screen.record)
        key = ITEM_KEYS[choices[0]] if choices else "y"
        await press_all(pilot, app, key)
    raise AssertionError("the game never ended")


async def test_a_restart_before_the_cauldron_is_stirred_waits_for_the_player(
    tmp_path: Path,
) -> None:
    opened = saved_session(tmp_path)
    session = opened.session
    session.act(Spin(session.bet, force=force("pumpkin"), limits=session.limits))
    opened.close()
    again = saved_session(tmp_path)
    app = make_witch_app(again.session)
    try:
        async with app.run_test(size=SIZE) as pilot:
            machine = await machine_at_rest(pilot, app)
            assert "stir the cauldron" in machine.message.text
            assert again.session.state.round.frames[-1].record.game is None  # type: ignore[union-attr]
            await pilot.press("space")
            screen = await at_rest(pilot, app)
            assert screen.game.name == "pumpkin"
            assert all("× bet" not in face for face in faces(screen))
    finally:
        again.close()


async def test_q_on_a_pick_screen_quits_and_the_pick_is_kept(tmp_path: Path) -> None:
    opened = saved_session(tmp_path)
    bonus_session("secret_vault", session=opened.session)
    app = make_witch_app(opened.session)
    async with app.run_test(size=SIZE) as pilot:
        await at_rest(pilot, app)
        await press_all(pilot, app, "4")
        await pilot.press("q")
        await wait_for(pilot, lambda: not app.is_running)
    opened.close()
    again = saved_session(tmp_path)
    try:
        round_ = again.session.state.round
        assert round_ is not None and round_.frames[-1].record.chosen == (3,)
    finally:
        again.close()


async def test_autoplay_stops_at_the_bonus_and_the_player_stirs_the_cauldron() -> None:
    session = witch_session()
    app = make_witch_app(session, force_next=force("magic_potion"))
    async with app.run_test(size=SIZE) as pilot:
        machine = await machine_at_rest(pilot, app)
        await pilot.press("a")  # Lucky Witch's A: the autoplay settings, Enter starts
        await wait_for(pilot, lambda: isinstance(app.screen, AutoplayScreen))
        await pilot.press("enter")
        await wait_for(pilot, lambda: session.phase is Phase.FEATURE)
        machine = await machine_at_rest(pilot, app)
        assert not machine.autoplay
        assert "stir the cauldron" in machine.message.text
        assert session.state.rounds_played == 1
        assert not isinstance(app.screen, PickScreen)
        await pilot.press("space")
        assert (await at_rest(pilot, app)).game.name == "magic_potion"


BONUS_IN_FREE_SPINS = (99, 12)
"""A seed whose forced free spins bring the Mystery bonus, and the steps to it (by the
engine's policy: start, then eleven free spins; found by trying seeds)."""


async def test_a_bonus_inside_free_spins_goes_back_to_the_free_spins() -> None:
    seed, steps = BONUS_IN_FREE_SPINS
    session = witch_session(seed)
    session.act(Spin(session.bet, force="free_spins", limits=session.limits))
    for _ in range(steps):
        action = next_action(WITCH, session.state)
        assert action is not None
        session.act(action)
    round_ = session.state.round
    assert round_ is not None and round_.active is not None
    assert round_.active.feature == "mystery_bonus"  # the seed still brings the bonus
    win_before = round_.feature_win
    app = make_witch_app(session)
    async with app.run_test(size=SIZE) as pilot:
        machine = await machine_at_rest(pilot, app)
        assert "stir the cauldron" in machine.message.text
        await pilot.press("space")
        await at_rest(pilot, app)
        await _finish(pilot, app)
        screen = pick_screen(app)
        prize = PAYS[screen.game.name](screen.record) * screen.total_bet
        await pilot.press("enter")
        machine = await machine_at_rest(pilot, app)
        after = session.state.round
        assert after is not None and after.active is not None
        assert after.active.feature == "free_spins"
        assert after.feature_win == win_before + prize
        assert "free spin" in machine.message.text.lower()
        assert session.state.credits == START - session.bet.total  # paid when they end


async def test_a_prize_cut_by_the_maximum_win_says_so() -> None:
    session = demo_session(WITCH, SeededSource(3), credits=START, limits=Limits(max_win=20))
    bonus_session("pumpkin", session=session)
    round_ = session.state.round
    assert round_ is not None and round_.base_win == 0  # the room is the whole 0.20
    app = PickApp(session)
    async with app.run_test(size=SIZE) as pilot:
        screen = await press_all(pilot, app, "1", "y")  # every pumpkin holds 2x = 0.30 or more
        assert screen.record.prize == 20
        status = text_of(screen, "#pick-status")
        assert "You win 0.20 (20 coins)!" in status
        assert "maximum win" in status
