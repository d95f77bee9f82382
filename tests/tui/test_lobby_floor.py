"""The lobby as a casino floor: cards side by side as the window allows, every card
reachable by the keys and kept in view for 1, 2, 5 and 12 games, the attract animation
(it runs only while idle, a key stops it, animations off keep the still frame), the
wording after a finished round, and snapshots at 80x24 and 200x60."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from slotterm.engine.actions import Collect, Spin
from slotterm.engine.records import Phase
from slotterm.tui.lobby_attract import IDLE_TICKS, Attract
from slotterm.tui.screens.lobby_screen import LobbyScreen
from slotterm.tui.widgets.lobby_card import logo, showcase
from tests.tui.lobby_support import card_in_view, lobby_of, toy_game, toy_shelf
from tests.tui.shell_support import at_rest, lobby_text, saved_shelf, shell_app, wait_for

pytestmark = pytest.mark.textual_idle  # the list scrolls smoothly: each key waits it out

SMALL = (80, 24)
BIG = (200, 60)


def card_text_of(lobby: LobbyScreen, index: int) -> str:
    """Card ``index``'s content as plain text."""
    console = Console(width=200, color_system=None)
    with console.capture() as capture:
        console.print(lobby.cards[index].content)
    return capture.get()


async def test_cards_stand_side_by_side_when_the_window_is_wide(tmp_path: Path) -> None:
    app = shell_app(tmp_path, shelf=toy_shelf(5))
    async with app.run_test(size=BIG) as pilot:
        await pilot.pause()
        lobby = lobby_of(app)
        assert lobby.across == 3
        await wait_for(pilot, lambda: lobby.cards[2].region.width > 0)
        first, second, third, fourth = (lobby.cards[i].region for i in range(4))
        assert first.y == second.y == third.y  # one row of three machines
        assert first.x < second.x < third.x
        assert fourth.y > first.y and fourth.x == first.x  # the fourth starts a new row
    app = shell_app(tmp_path, shelf=toy_shelf(5))
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        assert lobby_of(app).across == 1


@pytest.mark.parametrize("count", [1, 2, 5, 12])
@pytest.mark.parametrize("size", [SMALL, BIG])
async def test_every_card_is_reached_and_kept_in_view(
    tmp_path: Path, count: int, size: tuple[int, int]
) -> None:
    app = shell_app(tmp_path, shelf=toy_shelf(count))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        lobby = lobby_of(app)
        for index in range(1, count):
            await pilot.press("right" if index % 2 else "down")
            await wait_for(pilot, lambda i=index: card_in_view(app, i))
            assert lobby.highlighted == index
        await pilot.press("home")
        await wait_for(pilot, lambda: card_in_view(app, 0))
        await pilot.press("end")
        await wait_for(pilot, lambda: card_in_view(app, count - 1))
        assert lobby.highlighted == count - 1
        await pilot.press("pageup")
        await wait_for(pilot, lambda: card_in_view(app, lobby.highlighted))
        assert lobby.highlighted < count - 1 or count == 1
        await pilot.press("left")
        await wait_for(pilot, lambda: card_in_view(app, lobby.highlighted))
        if count <= 9:
            await pilot.press(str(count))  # the last game's digit opens it
            await at_rest(pilot, app)
            assert app.session is not None and app.session.game.id == f"toy-{count}"


def test_the_attract_runs_only_when_quiet_and_animated() -> None:
    attract = Attract()
    for _ in range(IDLE_TICKS - 1):
        assert not attract.tick(animated=True)
    assert attract.tick(animated=True) and attract.phase == 1  # quiet long enough
    assert attract.poke() and attract.phase == 0  # a key: the still frame at once
    assert not attract.tick(animated=True)  # and quiet must come again
    for _ in range(IDLE_TICKS):
        attract.tick(animated=True)
    assert attract.running
    assert attract.tick(animated=False) and attract.phase == 0  # animations off: still
    assert not attract.tick(animated=False)


async def test_the_attract_moves_the_highlighted_card_and_a_key_stops_it(
    tmp_path: Path,
) -> None:
    app = shell_app(tmp_path, shelf=toy_shelf(2))
    app.animation_level = "full"
    async with app.run_test(size=BIG) as pilot:
        await pilot.pause()
        lobby = lobby_of(app)
        lobby.attract_timer.pause()  # the test ticks it itself
        still, other = card_text_of(lobby, 0), card_text_of(lobby, 1)
        for _ in range(IDLE_TICKS):
            lobby.attract_tick()
        await pilot.pause()
        assert lobby.attract.running
        assert card_text_of(lobby, 0) != still  # the lights chased, the symbols turned
        assert card_text_of(lobby, 1) == other  # only the highlighted card moves
        await pilot.press("x")  # any key, even one that does nothing
        await wait_for(pilot, lambda: card_text_of(lobby, 0) == still)
        assert not lobby.attract.running


async def test_with_animations_off_the_lobby_stays_still(tmp_path: Path) -> None:
    app = shell_app(tmp_path, shelf=toy_shelf(2))  # animations off
    async with app.run_test(size=BIG) as pilot:
        await pilot.pause()
        lobby = lobby_of(app)
        still = card_text_of(lobby, 0)
        for _ in range(3 * IDLE_TICKS):
            lobby.attract_tick()
        await pilot.pause()
        assert not lobby.attract.running and card_text_of(lobby, 0) == still


def test_the_logo_is_big_letters_and_the_symbols_the_best_first() -> None:
    game = toy_game(3)
    wide = logo(game, 80, tall=False).plain.split("\n")
    assert len(wide) == 3 and "▀" in wide[0] + wide[1]  # one line of half-block letters
    narrow = logo(game, 20, tall=False).plain
    assert narrow == "T O Y   G A M E   3"  # too narrow: the name spaced out
    assert showcase(game)[0] == "S"  # the scatter first, then the fruits by their pay
    assert showcase(game)[1:] == ["A", "B"]


async def test_after_a_finished_round_the_lobby_does_not_say_playing(tmp_path: Path) -> None:
    app = shell_app(tmp_path, shelf=saved_shelf(tmp_path))
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.press("enter")
        await at_rest(pilot, app)
        session = app.session
        assert session is not None
        session.act(Spin(session.bet, limits=session.limits))
        if session.phase is not Phase.IDLE:
            session.act(Collect())
        await pilot.press("l")
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
        text = lobby_text(app)
        assert "saved, open here" in text and "playing" not in text


@pytest.mark.parametrize("size", [SMALL, BIG])
def test_snapshot_of_two_games(snap_compare: Any, tmp_path: Path, size: tuple[int, int]) -> None:
    app = shell_app(tmp_path, shelf=toy_shelf(2))
    assert snap_compare(app, terminal_size=size)


@pytest.mark.parametrize("size", [SMALL, BIG])
def test_snapshot_of_many_games(snap_compare: Any, tmp_path: Path, size: tuple[int, int]) -> None:
    app = shell_app(tmp_path, shelf=toy_shelf(12))
    assert snap_compare(app, terminal_size=size, press=["end", "left"])


def test_snapshot_still_frame_with_animations_off(snap_compare: Any, tmp_path: Path) -> None:
    app = shell_app(tmp_path, shelf=saved_shelf(tmp_path))  # animations off

    async def tick(pilot: Any) -> None:
        lobby = lobby_of(pilot.app)
        for _ in range(3 * IDLE_TICKS):  # the attract's timer, had it run for seconds
            lobby.attract_tick()
        await pilot.pause()

    assert snap_compare(app, terminal_size=BIG, run_before=tick)
