"""The command palette (Ctrl+P): the game's commands at rest and what each one opens, the
commands that wait while the reels move (left out, or found with the reason), and a
palette opened mid-spin that never breaks the round."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.screen import Screen

from slotterm.engine.actions import Spin
from slotterm.money import format_cents
from slotterm.tui.screens.autoplay_screen import AutoplayScreen
from slotterm.tui.screens.help_screen import HelpScreen
from slotterm.tui.screens.history_screen import HistoryScreen
from slotterm.tui.screens.lobby_screen import LobbyScreen
from slotterm.tui.screens.options_screen import OptionsScreen
from slotterm.tui.screens.paytable_screen import PaytableScreen
from slotterm.tui.screens.stats_screen import StatsScreen
from tests.tui.main_support import box, freeze_scenes, make_app, session_for, settle
from tests.tui.palette_support import choose, listed, open_palette, search
from tests.tui.shell_support import SIZE, at_rest, demo, saved_shelf, shell_app, wait_for

SCREENS: dict[str, type[Screen[Any]]] = {
    "Paytable": PaytableScreen,
    "Help": HelpScreen,
    "History": HistoryScreen,
    "Statistics": StatsScreen,
    "Options": OptionsScreen,
    "Autoplay settings": AutoplayScreen,
    "Lobby": LobbyScreen,
}
"""Each of the game's commands that opens a screen, and that screen."""
WAITING = set(SCREENS)
"""The commands that wait while the reels move (all but quick spin)."""


async def test_at_rest_every_command_is_listed(tmp_path: Path) -> None:
    app = shell_app(tmp_path, shelf=saved_shelf(tmp_path), session=demo())
    async with app.run_test(size=SIZE) as pilot:
        await at_rest(pilot, app)
        shown = listed(await open_palette(pilot, app))
        assert {*SCREENS, "Quick spin", "Theme"} <= set(shown), shown
        assert "(P)" in shown["Paytable"] and "(L)" in shown["Lobby"]


@pytest.mark.parametrize("title", list(SCREENS))
async def test_each_command_opens_its_screen(tmp_path: Path, title: str) -> None:
    app = shell_app(tmp_path, shelf=saved_shelf(tmp_path), session=demo("lucky-witch"))
    async with app.run_test(size=SIZE) as pilot:
        await at_rest(pilot, app)
        await choose(pilot, app, title)
        await wait_for(pilot, lambda: isinstance(app.screen, SCREENS[title]))


async def test_quick_spin_switches_over(tmp_path: Path) -> None:
    app = shell_app(tmp_path, session=demo())
    async with app.run_test(size=SIZE) as pilot:
        await at_rest(pilot, app)
        machine = app.main_screen
        assert machine is not None and not machine.quick
        await choose(pilot, app, "Quick spin")
        await wait_for(pilot, lambda: machine.quick)
        await choose(pilot, app, "Quick spin")
        await wait_for(pilot, lambda: not machine.quick)


async def test_a_program_of_one_game_has_no_lobby_command(tmp_path: Path) -> None:
    app = shell_app(tmp_path, session=demo())
    async with app.run_test(size=SIZE) as pilot:
        await at_rest(pilot, app)
        palette = await open_palette(pilot, app)
        assert "Options" in listed(palette) and "Lobby" not in listed(palette)
        hits = await search(pilot, palette, "Options")
        assert "Lobby" not in hits


async def test_over_another_window_the_game_commands_are_not_offered(tmp_path: Path) -> None:
    app = shell_app(tmp_path, session=demo())
    async with app.run_test(size=SIZE) as pilot:
        await at_rest(pilot, app)
        await pilot.press("p")
        await wait_for(pilot, lambda: isinstance(app.screen, PaytableScreen))
        shown = listed(await open_palette(pilot, app))
        assert "Theme" in shown
        assert not {*SCREENS, "Quick spin"} & set(shown), shown


async def test_mid_spin_the_palette_never_breaks_the_round() -> None:
    seed = 1
    # The same seed's first spin without the palette: what the round must come to.
    twin = session_for(seed)
    twin.act(Spin(twin.bet))
    app = make_app(seed, animations=True)
    notes: list[str] = []
    async with app.run_test(size=SIZE) as pilot:
        app.notify = lambda message, **_: notes.append(str(message))  # type: ignore[method-assign]
        freeze_scenes(app)
        await pilot.press("space")
        machine = app.main_screen
        assert machine is not None
        await wait_for(pilot, lambda: machine.presenter.stoppable)
        # The reels move: only what may be done now is listed ...
        palette = await open_palette(pilot, app)
        shown = listed(palette)
        assert "Quick spin" in shown and "Theme" in shown
        assert not WAITING & set(shown), shown
        # ... a command found by name says why it waits, and taken it only says so.
        hits = await search(pilot, palette, "Paytable")
        assert hits["Paytable"].startswith("Not now"), hits
        assert "reels" in hits["Paytable"]
        await pilot.press("down", "enter")
        await wait_for(pilot, lambda: app.screen is machine)
        assert any("reels" in n for n in notes), notes
        assert machine.presenter.busy
        # The palette open again while the reels run out under it: the round ends.
        palette = await open_palette(pilot, app)
        await settle(pilot, app)  # moves the scene clock past each scene
        assert app.screen is palette and not machine.presenter.busy
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is machine)
        await settle(pilot, app)
        assert box(app, "credits") == format_cents(twin.state.credits)
    assert machine.session.state == twin.state


async def test_a_mystery_bonus_drawn_under_the_palette_still_opens() -> None:
    from slotterm.tui.features.pick_screen import PickScreen
    from tests.tui.lucky_witch_support import START, lw_app
    from tests.tui.pick_support import at_rest as pick_at_rest

    app = lw_app(3, force="mystery_bonus:vault", animations=True)
    async with app.run_test(size=SIZE) as pilot:
        freeze_scenes(app)
        await pilot.press("space")  # the spin that awards the bonus
        await settle(pilot, app)
        machine = app.main_screen
        assert machine is not None
        await pilot.press("space")  # stir the cauldron: it brews the pick game
        await wait_for(pilot, lambda: machine.presenter.busy)
        palette = await open_palette(pilot, app)
        await settle(pilot, app)  # the cauldron's show ends under the palette
        # The machine shows through the palette: its pick game comes up at once, over it.
        await wait_for(pilot, lambda: isinstance(app.screen, PickScreen))
        assert palette in app.screen_stack
        # The vault played to its end and closed: the palette is back, then the machine.
        for key in ("5", "8", "c", "8", "enter"):  # three vaults, then one of the three
            await pick_at_rest(pilot, app)
            await pilot.press(key)
        await wait_for(pilot, lambda: app.screen is palette)
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is machine)
        await settle(pilot, app)
        session = machine.session
        # Nothing lost: the round closed with the vault's prize paid into the credits.
        assert session.state.round is None and session.state.rounds_played == 1
        paid = session.history[-1].paid
        assert paid > 0 and session.state.credits == START - session.bet.total + paid


async def test_quit_in_the_palette_asks_first_as_q_does_in_a_demo_round() -> None:
    from slotterm.tui.screens.quit_confirm import QuitConfirm
    from tests.tui.main_support import winning_seed

    app = make_app(winning_seed())  # a demo: nothing saved, a win is offered after a spin
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("space")
        await settle(pilot, app)
        machine = app.main_screen
        assert machine is not None and machine.session.state.round is not None
        await choose(pilot, app, "Quit")
        await wait_for(pilot, lambda: isinstance(app.screen, QuitConfirm))
        await pilot.press("n")
        await wait_for(pilot, lambda: app.screen is machine)
        assert machine.session.state.round is not None  # still there, still offered


async def test_ctrl_c_in_the_palette_copies_its_text_else_quits_as_q() -> None:
    from textual.command import CommandPalette
    from textual.widgets import Input

    from slotterm.tui.screens.quit_confirm import QuitConfirm
    from tests.tui.main_support import winning_seed

    app = make_app(winning_seed())  # a demo with a win offered after a spin: Q asks
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("space")
        await settle(pilot, app)
        palette = await open_palette(pilot, app)
        await search(pilot, palette, "Help")
        await pilot.press("shift+home", "ctrl+c")  # the typed word selected: copied
        await wait_for(pilot, lambda: app.clipboard == "Help")
        assert app.screen is palette and app.is_running
        await pilot.press("end", "ctrl+c")  # nothing selected: quit, asking first
        await wait_for(pilot, lambda: isinstance(app.screen, QuitConfirm))
        assert palette.query_one(Input).value == "Help"
        await pilot.press("n")
        await wait_for(pilot, lambda: isinstance(app.screen, CommandPalette))
        assert app.is_running and app.main_screen is not None
        assert app.main_screen.session.state.round is not None


async def test_over_the_lobby_each_game_can_be_played(tmp_path: Path) -> None:
    from slotterm.tui.screens.main_screen import MainScreen

    app = shell_app(tmp_path, shelf=saved_shelf(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
        shown = listed(await open_palette(pilot, app))
        assert {"Play Book of Spells", "Play Lucky Witch"} <= set(shown), shown
        assert "Paytable" not in shown
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
        await choose(pilot, app, "Play Lucky Witch")
        await wait_for(pilot, lambda: isinstance(app.screen, MainScreen))
        assert app.main_screen is not None and app.main_screen.session.game.id == "lucky-witch"
