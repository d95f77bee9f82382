"""The key bar: its keys in its first build when the screen can say which work, and a
rebuild only when the keys to show change (Textual's Footer builds empty, then again on
every bindings signal)."""

from __future__ import annotations

from typing import ClassVar

import pytest
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import Static
from textual.widgets._footer import FooterKey

from slotterm.tui.screens import windows_ahead
from slotterm.tui.screens.help_screen import HelpScreen
from slotterm.tui.screens.paytable_screen import PaytableScreen
from slotterm.tui.widgets.key_bar import KeyBar
from tests.tui.main_support import make_app, settle
from tests.tui.modal_support import wait_for


class CountingBar(KeyBar):
    """A key bar that counts its builds."""

    builds = 0

    def compose(self) -> ComposeResult:
        """Count, then build."""
        self.builds += 1
        yield from super().compose()


class KeysScreen(Screen[None]):
    """Two keys; ``B`` works only while ``armed``; ``lookup`` makes ``check_action`` read
    a widget of the screen (not there yet while the screen is being built)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("a", "first", "First"),
        Binding("b", "second", "Second"),
    ]

    def __init__(self, *, lookup: bool = False) -> None:
        super().__init__()
        self.lookup = lookup
        self.armed = True

    def compose(self) -> ComposeResult:
        """A body and the bar."""
        yield Static("body", id="body")
        yield CountingBar()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """``second`` only while armed (greyed out otherwise)."""
        if self.lookup:
            self.query_one("#body")
        return True if action != "second" or self.armed else None

    def action_first(self) -> None:
        """Nothing."""

    def action_second(self) -> None:
        """Nothing."""


class KeysApp(App[None]):
    """Shows one :class:`KeysScreen` (no command palette key)."""

    ENABLE_COMMAND_PALETTE = False

    def __init__(self, screen: KeysScreen) -> None:
        super().__init__()
        self.keys_screen = screen

    def on_mount(self) -> None:
        """Show the screen."""
        self.push_screen(self.keys_screen)


def keys(app: App[None]) -> list[tuple[str, bool]]:
    """The actions the bar shows, each with whether it works."""
    return [(key.action, not key.has_class("-disabled")) for key in app.screen.query(FooterKey)]


async def test_the_keys_are_in_the_first_build_and_a_signal_without_change_keeps_them() -> None:
    screen = KeysScreen()
    app = KeysApp(screen)
    async with app.run_test() as pilot:
        await wait_for(pilot, lambda: app.screen is screen and bool(keys(app)))
        bar = screen.query_one(CountingBar)
        assert keys(app) == [("first", True), ("second", True)]
        before = list(screen.query(FooterKey))
        screen.refresh_bindings()
        await pilot.pause()
        await pilot.pause()
        assert bar.builds == 1
        assert list(screen.query(FooterKey)) == before  # the same widgets, not rebuilt


async def test_a_change_in_what_works_rebuilds_the_bar() -> None:
    screen = KeysScreen()
    app = KeysApp(screen)
    async with app.run_test() as pilot:
        await wait_for(pilot, lambda: app.screen is screen and bool(keys(app)))
        screen.armed = False
        screen.refresh_bindings()
        await wait_for(pilot, lambda: keys(app) == [("first", True), ("second", False)])
        assert screen.query_one(CountingBar).builds == 2


async def test_a_screen_not_ready_at_the_first_build_gets_its_keys_with_its_signal() -> None:
    screen = KeysScreen(lookup=True)
    app = KeysApp(screen)
    async with app.run_test() as pilot:
        await wait_for(pilot, lambda: app.screen is screen and bool(keys(app)))
        assert keys(app) == [("first", True), ("second", True)]


async def test_the_help_and_paytable_bars_are_built_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """A window's bar lists its scroll keys first, as the footer does once the text has
    the focus, so the focus coming does not rebuild the bar (a frame and a layout more)."""
    monkeypatch.setattr(windows_ahead, "AHEAD_AFTER", 3600.0)  # built when asked, here
    builds: list[str] = []
    compose = KeyBar.compose

    def counted(bar: KeyBar) -> ComposeResult:
        builds.append(type(bar.screen).__name__)
        return compose(bar)

    monkeypatch.setattr(KeyBar, "compose", counted)
    app = make_app(1)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot, app)
        for key, window in (("h", HelpScreen), ("p", PaytableScreen)):
            await pilot.press(key)
            await wait_for(pilot, lambda w=window: isinstance(app.screen, w))  # type: ignore[misc]
            await wait_for(pilot, lambda: app.screen.focused is not None)
            for _ in range(5):
                await pilot.pause()
            assert builds.count(window.__name__) == 1, builds
            bar = app.screen.query_one(KeyBar)
            shown = [k.description for k in bar.query(FooterKey) if k.display]
            assert shown[:2] == ["Scroll", "Close"]
            await pilot.press("escape")
            await wait_for(pilot, lambda w=window: not isinstance(app.screen, w))  # type: ignore[misc]
