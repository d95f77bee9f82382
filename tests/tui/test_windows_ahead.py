"""The help and the paytable are built ahead while the machine rests: the first H or P only
shows a window already built, which looks exactly like one built when asked for; nothing
is built while the machine is not quiet, and a new bet gets its own paytable ahead."""

from __future__ import annotations

from typing import Any

import pytest
from textual.screen import Screen

from slotterm.tui.app import SlotApp
from slotterm.tui.screens import windows_ahead
from slotterm.tui.screens.help_screen import HelpScreen
from slotterm.tui.screens.kept_screens import kept_for
from slotterm.tui.screens.main_screen import MainScreen
from slotterm.tui.screens.paytable_screen import PaytableScreen
from tests.tui.lucky_witch_support import lw_app
from tests.tui.main_support import make_app, settle
from tests.tui.modal_support import wait_for

SIZE = (100, 32)
WINDOWS = {"h": ("help", HelpScreen), "p": ("paytable", PaytableScreen)}


def machine(app: SlotApp) -> MainScreen:
    """The game's main screen."""
    screen = app.main_screen
    assert isinstance(screen, MainScreen)
    return screen


def kept_now(app: SlotApp, kind: str) -> Screen[Any] | None:
    """The window of ``kind`` kept for today's game, bet and theme, if any."""
    key, _ = machine(app).side.kept_window(kind)
    return kept_for(app, kind, key)


def laid_out(screen: Screen[Any] | None) -> bool:
    """Built, mounted and laid out at the test terminal's size, nothing left to lay out."""
    return (
        screen is not None
        and screen.is_mounted
        and screen.size == SIZE
        and not screen._layout_required
        and not screen._dirty_widgets
    )


async def both_ahead(pilot: Any, app: SlotApp) -> tuple[Screen[Any], Screen[Any]]:
    """Wait (real time: the machine must rest) for both windows to be built ahead."""
    await wait_for(
        pilot, lambda: laid_out(kept_now(app, "help")) and laid_out(kept_now(app, "paytable")), 15
    )
    help_, pays = kept_now(app, "help"), kept_now(app, "paytable")
    assert help_ is not None and pays is not None
    return help_, pays


async def shown_picture(app: SlotApp, pilot: Any, key: str) -> str:
    """Open the window of ``key`` and return its screenshot (SVG), then close it."""
    _, window = WINDOWS[key]
    await pilot.press(key)
    await wait_for(pilot, lambda: isinstance(app.screen, window))
    await pilot.pause()
    await pilot.pause()
    picture = app.export_screenshot()
    await pilot.press("escape")
    await wait_for(pilot, lambda: not isinstance(app.screen, window))
    return picture


@pytest.mark.parametrize("game", ["book-of-spells", "lucky-witch"])
async def test_the_first_h_and_p_show_windows_built_ahead(game: str) -> None:
    app = make_app(1) if game == "book-of-spells" else lw_app(1)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        help_, pays = await both_ahead(pilot, app)
        for key, built in (("h", help_), ("p", pays)):
            _, window = WINDOWS[key]
            await pilot.press(key)
            await wait_for(pilot, lambda w=window: isinstance(app.screen, w))  # type: ignore[misc]
            assert app.screen is built  # shown, not built again
            await pilot.press("escape")
            await wait_for(pilot, lambda: app.screen is app.main_screen)


@pytest.mark.parametrize("game", ["book-of-spells", "lucky-witch"])
@pytest.mark.parametrize("key", ["h", "p"])
async def test_a_window_built_ahead_looks_like_one_built_when_asked(
    game: str, key: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    def build() -> SlotApp:
        return make_app(1) if game == "book-of-spells" else lw_app(1)

    monkeypatch.setattr(windows_ahead, "AHEAD_AFTER", 3600.0)  # this one builds when asked
    cold = build()
    async with cold.run_test(size=SIZE) as pilot:
        await settle(pilot, cold)
        assert kept_now(cold, WINDOWS[key][0]) is None  # asked for before the machine rested
        asked = await shown_picture(cold, pilot, key)
    monkeypatch.undo()
    warm = build()
    async with warm.run_test(size=SIZE) as pilot:
        await settle(pilot, warm)
        await both_ahead(pilot, warm)
        ahead = await shown_picture(warm, pilot, key)
    assert ahead == asked


async def test_nothing_is_built_ahead_while_a_window_is_over_the_machine(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(windows_ahead, "AHEAD_AFTER", 3600.0)  # steps taken by hand only
    app = make_app(1)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await pilot.press("y")  # the history: the machine is not on top
        await wait_for(pilot, lambda: app.screen is not app.main_screen)
        assert machine(app).ahead.step() is False
        assert kept_now(app, "help") is None and kept_now(app, "paytable") is None
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is app.main_screen)
        assert machine(app).ahead.step() is True  # quiet again: the help is built
        assert kept_now(app, "help") is not None


async def test_a_new_bet_gets_its_paytable_ahead() -> None:
    app = make_app(1)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        _, old = await both_ahead(pilot, app)
        await pilot.press("plus")
        await settle(pilot, app)
        _, new = await both_ahead(pilot, app)
        assert new is not old and not old.is_attached  # the old one let go
        assert isinstance(new, PaytableScreen) and new.bet == app.session.bet
