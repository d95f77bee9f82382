"""Every window's styles are read when the app starts, so opening a window never makes
Textual read new styles and restyle the whole app (about 40 ms the first time each
window opened)."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from pathlib import Path

from textual.screen import Screen

import slotterm.tui.features
import slotterm.tui.screens
from slotterm.tui.app import SlotApp
from slotterm.tui.screens.help_screen import HelpScreen
from tests.tui.main_support import make_app, settle
from tests.tui.modal_support import wait_for

TUI = Path(slotterm.tui.screens.__file__).parent.parent


def screen_classes() -> list[type[Screen[object]]]:
    """Every screen class of the game's own windows, features and pick games."""
    found: list[type[Screen[object]]] = []
    for package in (slotterm.tui.screens, slotterm.tui.features):
        for module in pkgutil.iter_modules(package.__path__, f"{package.__name__}."):
            for _, value in inspect.getmembers(importlib.import_module(module.name)):
                if (
                    inspect.isclass(value)
                    and issubclass(value, Screen)
                    and value.__module__ == module.name
                ):
                    found.append(value)
    return found


def own_stylesheets(screen: type[Screen[object]]) -> list[Path]:
    """The files a screen class's ``CSS_PATH`` names, as absolute paths."""
    paths = screen.CSS_PATH
    if paths is None:
        return []
    listed = [paths] if isinstance(paths, str | Path) else list(paths)
    module_dir = Path(inspect.getfile(screen)).parent
    return [Path(p) if Path(p).is_absolute() else module_dir / p for p in listed]


def test_every_screens_stylesheet_is_in_the_apps() -> None:
    at_start = {(TUI / p).resolve() for p in SlotApp.CSS_PATH}
    screens = screen_classes()
    assert HelpScreen in screens and len(screens) >= 10
    for screen in screens:
        for path in own_stylesheets(screen):
            assert path.is_file(), (screen, path)
            assert path.resolve() in at_start, (screen.__name__, path)


async def test_opening_the_help_reads_no_new_styles() -> None:
    app = make_app(1)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot, app)
        files = stylesheet_files(app)
        assert any(name.endswith("help_screen.tcss") for name in files)
        await pilot.press("h")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        assert stylesheet_files(app) == files


def stylesheet_files(app: SlotApp) -> set[str]:
    """The ``.tcss`` files the app's styles have been read from (not widgets' own CSS)."""
    return {path for path, name in app.stylesheet.source if path.endswith(".tcss") and not name}
