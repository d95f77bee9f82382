"""The help and the paytable are built once and shown again while the game, the bet and
the theme stay the same; shown again they fit today's terminal and start at the top."""

from __future__ import annotations

from textual.screen import Screen

from slotterm.money import format_cents
from slotterm.tui.app import SlotApp
from slotterm.tui.screens.covering import COVERING
from slotterm.tui.screens.help_screen import HelpScreen
from slotterm.tui.screens.paytable_screen import PaytableScreen
from tests.tui.main_support import make_app, settle
from tests.tui.modal_support import screen_text, wait_for

SIZE = (100, 32)


async def open_and_close(pilot: object, app: SlotApp, key: str) -> Screen[object]:
    """Press ``key`` on the machine, wait for its window, close it; the window shown."""
    await pilot.press(key)  # type: ignore[attr-defined]
    window = HelpScreen if key == "h" else PaytableScreen
    await wait_for(pilot, lambda: isinstance(app.screen, window))  # type: ignore[arg-type]
    shown = app.screen
    await pilot.press("escape")  # type: ignore[attr-defined]
    await wait_for(pilot, lambda: not isinstance(app.screen, window))  # type: ignore[arg-type]
    return shown


async def test_the_paytable_is_kept_for_its_bet_and_built_again_for_another() -> None:
    app = make_app(1)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        first = await open_and_close(pilot, app, "p")
        assert await open_and_close(pilot, app, "p") is first
        assert first.is_attached  # kept, not thrown away when closed
        await pilot.press("plus")
        await settle(pilot, app)
        await pilot.press("p")
        await wait_for(pilot, lambda: isinstance(app.screen, PaytableScreen))
        assert app.screen is not first
        assert app.screen.bet == app.session.bet
        per_line = format_cents(app.session.bet.bet_per_line)
        assert f"{per_line} per line" in screen_text(app.screen)
        await pilot.press("escape")
        await wait_for(pilot, lambda: not first.is_attached)  # the old one let go


async def test_the_help_is_built_again_for_another_theme() -> None:
    app = make_app(1)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        first = await open_and_close(pilot, app, "h")
        assert await open_and_close(pilot, app, "h") is first
        app.theme = "textual-light" if app.theme != "textual-light" else "nord"
        await pilot.pause()
        assert await open_and_close(pilot, app, "h") is not first


async def test_a_kept_help_comes_back_at_the_top_and_fitted_to_a_new_size() -> None:
    app = make_app(1)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await pilot.press("h")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        help_screen = app.screen
        scroll = help_screen.query_one("#help-scroll")
        await pilot.press("pagedown")
        await wait_for(pilot, lambda: scroll.scroll_y > 0)
        assert help_screen.has_class(COVERING)  # 100 columns: the window fills them
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is not help_screen)
        await pilot.resize_terminal(160, 40)
        await pilot.pause()
        await pilot.press("h")
        await wait_for(pilot, lambda: app.screen is help_screen)
        await wait_for(pilot, lambda: scroll.scroll_y == 0)
        assert not help_screen.has_class(COVERING)  # 160 columns: the machine shows beside


def test_every_window_the_machine_opens_is_loaded_ahead() -> None:
    """The modules ``side_screens`` imports when a window opens are those it loads ahead."""
    import ast
    import inspect

    from slotterm.tui.screens import side_screens

    tree = ast.parse(inspect.getsource(side_screens))
    late = {
        node.module
        for function in ast.walk(tree)
        if isinstance(function, ast.FunctionDef)
        for node in ast.walk(function)
        if isinstance(node, ast.ImportFrom) and node.module is not None
    }
    assert "slotterm.tui.screens.help_screen" in late
    assert late == set(side_screens.WINDOW_MODULES)


async def test_the_machine_loads_the_windows_after_its_first_frame(monkeypatch: object) -> None:
    from slotterm.tui.screens import main_screen

    calls: list[int] = []
    monkeypatch.setattr(main_screen, "load_windows", lambda: calls.append(1))  # type: ignore[attr-defined]
    app = make_app(1)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: calls == [1])
