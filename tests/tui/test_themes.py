"""Themes: the palette's Theme command changes the colours and is remembered with the
options, a theme that is not known is told, the chrome takes its colours from the theme's
variables, and no style file or screen of the interface hard-codes a colour."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from textual.color import Color
from textual.command import CommandPalette
from textual.widget import Widget

import slotterm.tui
from slotterm.session.preferences import (
    Preferences,
    load_preferences,
    options_path,
    save_preferences,
)
from slotterm.tui.app import SlotApp
from slotterm.tui.screens.paytable_screen import PaytableScreen
from tests.tui.palette_support import open_palette, search
from tests.tui.shell_support import SIZE, at_rest, demo, shell_app, wait_for

TUI = Path(slotterm.tui.__file__).parent
ART = TUI / "art"
"""The symbol art keeps its own palette (not chrome)."""


async def pick_theme(pilot: object, app: SlotApp, name: str) -> None:
    """Ctrl+P, Theme, then ``name`` in the list of themes."""
    from textual.pilot import Pilot

    assert isinstance(pilot, Pilot)
    first = await open_palette(pilot, app)
    await search(pilot, first, "Theme")
    await pilot.press("down", "enter")
    await wait_for(
        pilot,
        lambda: (
            isinstance(app.screen, CommandPalette)
            and app.screen is not first
            and app.screen.has_class("-ready")
        ),
    )
    themes = app.screen
    assert isinstance(themes, CommandPalette)
    await search(pilot, themes, name)
    await pilot.press("down", "enter")
    await wait_for(pilot, lambda: app.screen is app.main_screen)


async def test_the_theme_is_chosen_in_the_palette_and_remembered(tmp_path: Path) -> None:
    app = shell_app(tmp_path, session=demo())
    async with app.run_test(size=SIZE) as pilot:
        await at_rest(pilot, app)
        assert app.theme != "textual-light"
        await pick_theme(pilot, app, "textual-light")
        assert app.theme == "textual-light"
    saved = load_preferences(options_path(tmp_path / "config"))
    assert saved.problem is None and saved.value.theme == "textual-light"
    assert saved.value == Preferences(theme="textual-light")  # the other options untouched
    again = shell_app(tmp_path, session=demo())
    async with again.run_test(size=SIZE) as pilot:
        await at_rest(pilot, again)
        await wait_for(pilot, lambda: again.theme == "textual-light")


async def test_starting_without_a_choice_writes_nothing(tmp_path: Path) -> None:
    app = shell_app(tmp_path, session=demo())
    async with app.run_test(size=SIZE) as pilot:
        await at_rest(pilot, app)
        default = app.theme
    assert not options_path(tmp_path / "config").exists()
    assert default == SlotApp(demo()).theme


async def test_a_theme_that_is_not_known_is_told_and_the_default_kept(tmp_path: Path) -> None:
    save_preferences(Preferences(theme="no-such-theme"), options_path(tmp_path / "config"))
    app = shell_app(tmp_path, session=demo())
    async with app.run_test(size=SIZE) as pilot:
        await at_rest(pilot, app)
        messages = [n.message for n in app._notifications]
        assert any("no-such-theme" in m for m in messages), messages
        assert app.theme == SlotApp(demo()).theme


@pytest.mark.parametrize("value", ["3", '"Not A Theme!"', "true"])
def test_a_bad_theme_in_the_file_is_named(tmp_path: Path, value: str) -> None:
    path = options_path(tmp_path)
    path.write_text(f"theme = {value}\nquick_spin = true\n")
    loaded = load_preferences(path)
    assert loaded.value == Preferences(quick_spin=True)
    assert loaded.problem is not None and "theme" in loaded.problem


WANTED = {"primary", "secondary", "accent", "surface"}
"""The theme's variables the chrome's checks read (as the theme resolves them)."""


def border_colour(widget: Widget) -> str:
    """The colour of the widget's top border (hex)."""
    return widget.styles.border_top[1].hex


@pytest.mark.parametrize("theme", ["textual-dark", "textual-light", "nord"])
async def test_the_chrome_follows_the_theme(tmp_path: Path, theme: str) -> None:
    app = shell_app(tmp_path, session=demo())
    async with app.run_test(size=SIZE) as pilot:
        await at_rest(pilot, app)
        app.theme = theme
        colours = {k: Color.parse(v).hex for k, v in app.get_css_variables().items() if k in WANTED}
        machine = app.main_screen
        assert machine is not None
        await wait_for(pilot, lambda: border_colour(machine.reels) == colours["primary"])
        assert border_colour(machine.boxes.box("bet")) == colours["secondary"]
        await pilot.press("p")
        await wait_for(pilot, lambda: isinstance(app.screen, PaytableScreen))
        dialog = app.screen.query_one("#pays-dialog")
        assert border_colour(dialog) == colours["accent"]
        assert dialog.styles.background.hex == colours["surface"]


def declarations(css: str) -> list[tuple[str, str]]:
    """The ``property: value`` pairs of a style sheet (comments left out)."""
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    bodies = re.findall(r"\{([^{}]*)\}", css)
    pairs = (d.split(":", 1) for body in bodies for d in body.split(";") if ":" in d)
    return [(name.strip(), value.strip()) for name, value in pairs]


def hard_coded(value: str) -> list[str]:
    """The words of a CSS value that name a colour outright (not a theme variable)."""
    found = []
    for word in value.split():
        if word.startswith("$") or word == "transparent":
            continue
        try:
            Color.parse(word)
        except Exception:
            continue
        found.append(word)
    return found


def test_the_checks_find_a_hard_coded_colour() -> None:
    css = "#x { color: red; border: round #ff8800; background: $panel 40%; }"
    assert [w for _, v in declarations(css) for w in hard_coded(v)] == ["red", "#ff8800"]


def test_no_style_of_the_chrome_hard_codes_a_colour() -> None:
    sheets = [p for p in TUI.rglob("*.tcss") if ART not in p.parents]
    assert len(sheets) >= 10, sheets
    for sheet in sheets:
        for name, value in declarations(sheet.read_text(encoding="utf-8")):
            assert not hard_coded(value), f"{sheet.name}: {name}: {value}"


@pytest.mark.parametrize(
    ("theme", "variable"), [("textual-light", "text-warning"), ("textual-dark", "warning")]
)
async def test_on_a_light_theme_the_win_title_takes_the_darker_shade(
    tmp_path: Path, theme: str, variable: str
) -> None:
    app = shell_app(tmp_path, session=demo())
    async with app.run_test(size=SIZE) as pilot:
        await at_rest(pilot, app)
        app.theme = theme
        wanted = Color.parse(app.get_css_variables()[variable]).hex
        machine = app.main_screen
        assert machine is not None
        win = machine.boxes.box("win")

        def title_colour() -> str:
            colour = win.styles.border_title_color
            return (colour if colour.a else win.styles.border_top[1]).hex

        await wait_for(pilot, lambda: title_colour() == wanted)


def test_the_screens_keep_their_styles_in_tcss_files() -> None:
    modules = [*(TUI / "screens").glob("*.py"), *(TUI / "features").glob("*.py")]
    inline = [p.name for p in modules if "DEFAULT_CSS" in p.read_text(encoding="utf-8")]
    assert inline == []


async def test_the_options_dialog_keeps_the_theme(tmp_path: Path) -> None:
    from tests.tui.shell_support import open_options

    save_preferences(Preferences(theme="nord"), options_path(tmp_path / "config"))
    app = shell_app(tmp_path, session=demo())
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: app.theme == "nord")
        await open_options(pilot, app)
        await pilot.press("1", "enter")  # quick spin on
        await wait_for(pilot, lambda: app.screen is app.main_screen)
        assert app.theme == "nord"
    saved = load_preferences(options_path(tmp_path / "config")).value
    assert saved == Preferences(quick_spin=True, theme="nord")
