"""Paytable and help: amounts at the current bet, the rules, the lines, the keys, the RTP."""

from __future__ import annotations

import re

import pytest
from rich.text import Text
from textual.binding import Binding
from textual.screen import Screen

from slotterm.engine.actions import Bet
from slotterm.engine.model import GameDefinition
from slotterm.games import get_game
from slotterm.money import format_cents
from slotterm.tui.features.registry import FeatureViews
from slotterm.tui.keymap import parse_action
from slotterm.tui.screens.gamble_screen import GambleScreen
from slotterm.tui.screens.help_screen import HelpScreen, help_markdown
from slotterm.tui.screens.main_screen import MainScreen
from slotterm.tui.screens.paytable_screen import (
    PaytableScreen,
    line_pays,
    line_symbols,
    scatter_pays,
)
from slotterm.tui.widgets.help_text import MarkdownText, blocks, help_strips
from slotterm.tui.widgets.line_diagram import OFF, ON, Tiles, line_rows
from tests.tui.main_support import GAME, make_app, settle
from tests.tui.modal_support import ModalHost, screen_text, widget_text

SIZE = (100, 32)


def test_line_pays_are_multipliers_times_bet_per_line() -> None:
    bet = Bet(10, 9)
    assert line_pays(GAME, "WITCH", bet) == [(5, 50_000), (4, 10_000), (3, 1_000), (2, 100)]
    assert line_pays(GAME, "TEN", bet) == [
        (c, m * 10) for c, m in sorted(GAME.paytable["TEN"].items(), reverse=True)
    ]
    assert scatter_pays(GAME, bet) == [(5, 200 * 90), (4, 20 * 90), (3, 2 * 90)]


@pytest.mark.parametrize("bet", [Bet(2, 9), Bet(50, 3)])
async def test_paytable_shows_every_symbol_with_pays_at_the_bet(bet: Bet) -> None:
    app = ModalHost(lambda: PaytableScreen(GAME, bet))
    async with app.run_test(size=(124, 90)) as pilot:
        await pilot.pause()
        text = screen_text(app.screen)
        assert f"{format_cents(bet.bet_per_line)} per line" in text
        assert f"total bet {format_cents(bet.total)}" in text
        for symbol in line_symbols(GAME):
            for _count, cents in line_pays(GAME, symbol, bet):
                assert format_cents(cents) in text, (symbol, cents)
        for _count, cents in scatter_pays(GAME, bet):
            assert format_cents(cents) in text
        for name in ("Witch", "Cauldron", "Potion", "Hat", "Ace", "King", "Queen", "Jack", "Ten"):
            assert name in text
        assert "wild and scatter" in text
        assert "special symbol" in text
        assert format_cents(GAME.max_win(bet.total)) in text
        lines = widget_text(app.screen.query_one("#pays-lines", Tiles))
        assert all(f"Line {n}" in lines for n in range(1, len(GAME.lines) + 1))
        assert f"Line {len(GAME.lines) + 1}" not in lines


def test_line_diagrams_draw_each_line() -> None:
    for line in GAME.lines:
        rows = line_rows(line, GAME.rows)
        for reel, row in enumerate(line):
            cells = [r.split(" ")[reel] for r in rows]
            assert cells == [ON if r == row else OFF for r in range(GAME.rows)]


@pytest.mark.parametrize(("size", "per_row"), [((124, 90), 9), ((100, 32), 5), ((80, 24), 5)])
async def test_the_line_diagrams_are_laid_out_as_the_width_allows(
    size: tuple[int, int], per_row: int
) -> None:
    """All nine in a row when they fit (11 columns each, 1 apart), else balanced rows
    (5 + 4); each diagram is its title over the line's grid, as line_rows draws it."""
    app = ModalHost(lambda: PaytableScreen(GAME, Bet(2, 9)))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        drawn = widget_text(app.screen.query_one("#pays-lines", Tiles)).splitlines()
        assert len(drawn) == 4 * -(-len(GAME.lines) // per_row)
        for n, line in enumerate(GAME.lines):
            top, left = 4 * (n // per_row), 12 * (n % per_row)
            assert drawn[top][left : left + 11].strip() == f"Line {n + 1}"
            grid = [row[left : left + 9] for row in drawn[top + 1 : top + 4]]
            assert grid == line_rows(line, GAME.rows)


def test_tiles_sit_side_by_side_in_rows() -> None:
    tiles = [Text("t0\nx"), Text("w\nyy\nz")]
    laid = Tiles(tiles, tile_width=4, gap=1).laid_out(9).plain.splitlines()
    assert laid == ["t0   w", "x    yy", "     z"]
    assert Tiles(tiles, tile_width=4, gap=1).laid_out(8).plain.splitlines() == [
        "t0",
        "x",
        "w",
        "yy",
        "z",
    ]


@pytest.mark.parametrize("key", ["escape", "p", "8", "q"])
async def test_paytable_closes(key: str) -> None:
    app = ModalHost(lambda: PaytableScreen(GAME, Bet(2, 9)))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, PaytableScreen)
        await pilot.press(key)
        await pilot.pause()
        assert app.dismissed == 1
        assert not isinstance(app.screen, PaytableScreen)


async def test_paytable_scrolls_with_the_keyboard() -> None:
    app = ModalHost(lambda: PaytableScreen(GAME, Bet(2, 9)))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        scroll = app.screen.query_one("#pays-scroll")
        assert scroll.max_scroll_y > 0, "at 80×24 the paytable needs scrolling"
        await pilot.press("pagedown")
        await pilot.pause()
        assert scroll.scroll_y > 0


def test_help_text_has_the_figures_and_every_key() -> None:
    text = help_markdown(GAME)
    assert "96.13 %" in text
    assert "$" not in text, "every placeholder is filled"
    assert "5,000" in text and "10 free spins" in text
    tokens = help_key_tokens()
    # every shortcut of the rules text, plus our extra keys
    for key in ("Space", "Enter", "0", "S", "7", "+", "−", "B", "P", "8", "H", "9", "Q", "A"):
        assert key in tokens, key
    for key in ("←", "→", "1", "2", "5", "6", "Y", "T", "F", "U", "Escape"):
        assert key in tokens, key
    assert "keypad" in text.lower()


KEY_NAMES = {
    "space": "Space",
    "enter": "Enter",
    "plus": "+",
    "minus": "−",
    "right": "→",
    "left": "←",
    "escape": "Escape",
    "up": "↑",
    "down": "↓",
}
KEYPAD_ONLY = {"add", "subtract"}  # the keypad's + and −: covered by the keypad sentence


def help_key_tokens(game: GameDefinition = GAME) -> set[str]:
    """Every key named in the first column of the help's keys table."""
    text = help_markdown(game)
    table = text[text.index("## Keys") :]
    cells = re.findall(r"^\| ([^|]+) \|", table, flags=re.M)
    return {token for cell in cells for token in cell.split()}


def test_the_paytable_lists_the_nine_paying_symbols() -> None:
    assert line_symbols(GAME) == ("WITCH", "CAULDRON", "POTION", "HAT", "A", "K", "Q", "J", "TEN")


COIN_ACTIONS = {"coin_size", "coins", "units"}
"""The keys of a game bet in coins only."""
GAMBLE_ACTIONS = {"bet", "collect", "collect_and_spin", "gamble"}
"""The keys of a game with a bet per line and a gamble only (Book of Spells)."""


def never_enabled(game: GameDefinition) -> set[str]:
    """The main screen's actions that never work in ``game`` (its help need not name them)."""
    return GAMBLE_ACTIONS if game.coins is not None else COIN_ACTIONS


@pytest.mark.parametrize(
    ("screen", "game"),
    [(MainScreen, GAME), (GambleScreen, GAME), (MainScreen, get_game("lucky-witch"))],
)
def test_help_names_every_bound_key(screen: type[Screen[None]], game: GameDefinition) -> None:
    tokens = help_key_tokens(game)
    feature_keys = FeatureViews(game).bindings() if screen is MainScreen else []
    for binding in [*screen.BINDINGS, *feature_keys]:
        assert isinstance(binding, Binding)
        if screen is MainScreen and parse_action(binding.action)[0] in never_enabled(game):
            continue
        for key in binding.key.split(","):
            if key in KEYPAD_ONLY:
                continue
            assert KEY_NAMES.get(key, key.upper()) in tokens, (binding.action, key)


async def test_help_screen_renders_and_shows_the_rtp() -> None:
    app = ModalHost(lambda: HelpScreen(GAME))
    async with app.run_test(size=(110, 200)) as pilot:
        await pilot.pause()
        text = screen_text(app.screen)
        assert "How to play Book of Spells" in text
        assert "96.13 %" in text
        assert "Magic Book" in text and "Gamble" in text


@pytest.mark.parametrize("key", ["escape", "h", "9", "q"])
async def test_help_closes(key: str) -> None:
    app = ModalHost(lambda: HelpScreen(GAME))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        await pilot.press(key)
        await pilot.pause()
        assert app.dismissed == 1


@pytest.mark.parametrize(
    ("key", "screen"),
    [("p", PaytableScreen), ("8", PaytableScreen), ("h", HelpScreen), ("9", HelpScreen)],
)
async def test_opened_from_the_main_screen(key: str, screen: type) -> None:
    app = make_app(1)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await pilot.press("plus")
        await settle(pilot, app)
        await pilot.press(key)
        await pilot.pause()
        assert isinstance(app.screen, screen)
        if isinstance(app.screen, PaytableScreen):
            assert app.screen.bet == app.session.bet
            assert f"{format_cents(app.session.bet.bet_per_line)} per line" in screen_text(
                app.screen
            )
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, screen)


@pytest.mark.parametrize("game", [GAME, get_game("lucky-witch")])
def test_help_names_the_shell_keys(game: GameDefinition) -> None:
    """L / Escape (the lobby), O (options), G (autoplay settings), T (statistics)."""
    from slotterm.tui.shell import SHELL_BINDINGS

    tokens = help_key_tokens(game)
    for binding in SHELL_BINDINGS:
        assert isinstance(binding, Binding)
        for key in binding.key.split(","):
            assert KEY_NAMES.get(key, key.upper()) in tokens, (binding.action, key)
    table = help_markdown(game)[help_markdown(game).index("## Keys") :]
    rows = {row.split(" |")[0]: row for row in re.findall(r"^\| (.+) \|$", table, flags=re.M)}
    assert "lobby" in rows["L"] and "lobby" in rows["Escape"]
    assert "options" in rows["O"] and "statistics" in rows["T"]


def test_lucky_witch_help_explains_its_autoplay_key() -> None:
    """In Lucky Witch A opens the autoplay settings (its stop conditions named)."""
    text = help_markdown(get_game("lucky-witch"))
    row = next(r for r in text.splitlines() if r.startswith("| A "))
    for words in ("autoplay settings", "any win", "credits up or down", "a feature", "stops"):
        assert words in row, words
    assert "Mystery bonus" in text[text.index(row) :]


SMALL_HELP = """# Title

## Section one

A paragraph that goes on
over two lines with **bold** and `code`.

- first item, long enough to wrap at a narrow width
  - nested item
- second item

| Key | What it does |
|---|---|
| Space Enter | spin the reels and stop them again when they turn |
| Q | quit |
"""


def test_the_help_reader_finds_each_block() -> None:
    found = blocks(SMALL_HELP)
    assert [(b.kind, b.depth) for b in found] == [
        ("h1", 0),
        ("h2", 0),
        ("p", 0),
        ("li", 0),
        ("li", 1),
        ("li", 0),
        ("table", 0),
    ]
    assert found[2].text == "A paragraph that goes on over two lines with **bold** and `code`."
    assert found[6].rows == (
        ("Key", "What it does"),
        ("Space Enter", "spin the reels and stop them again when they turn"),
        ("Q", "quit"),
    )


def test_the_help_layout_wraps_with_hanging_indents() -> None:
    lines = [s.text.rstrip() for s in help_strips(SMALL_HELP, 40, "#ff0000", "#808080")]
    assert lines[0].strip() == "Title"
    assert "A paragraph that goes on over two lines with bold and code." not in lines
    assert "with bold and code." in " ".join(lines)  # the markers are gone
    first = lines.index("• first item, long enough to wrap at a")
    assert lines[first + 1] == "  narrow width"  # under the text, not the bullet
    assert lines[first + 2] == "  ◦ nested item"
    key = next(n for n, line in enumerate(lines) if line.startswith("Space Enter"))
    assert lines[key].startswith("Space Enter  spin")
    assert lines[key + 1].startswith(" " * 13) and lines[key + 1].strip()
    assert all(len(line) <= 40 for line in lines)


async def test_the_help_widget_draws_the_laid_out_text() -> None:
    app = ModalHost(lambda: HelpScreen(get_game("lucky-witch")))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        text = app.screen.query_one(MarkdownText)
        shown = text.plain.splitlines()
        assert shown[0].strip() == "How to play Lucky Witch"
        assert any(line.startswith("• The Lucky Witch stands in for") for line in shown)
        assert len(shown) == text.size.height  # as tall as its text


@pytest.mark.parametrize("game", [GAME, get_game("lucky-witch")])
def test_help_names_the_command_palette_key(game: GameDefinition) -> None:
    from slotterm.tui.app import SlotApp

    assert SlotApp.ENABLE_COMMAND_PALETTE
    assert SlotApp.COMMAND_PALETTE_BINDING == "ctrl+p"
    assert "Ctrl+P" in help_key_tokens(game)


def test_the_special_symbol_texts_say_what_the_book_does_and_does_not_count_for() -> None:
    """In free spins the Book completes a line of the special symbol but does not make it
    expand; the help and the paytable must say both halves, not "does not stand in"."""
    from slotterm.commands.eval_request import Request
    from slotterm.commands.evaluate import evaluate_request, parse_grid

    window = parse_grid(GAME, "A,K,Q,J,TEN/BOOK,WITCH,HAT,POTION,CAULDRON/K,Q,J,TEN,A")
    result = evaluate_request(
        GAME, Request(window=window, lines=9, bet_per_line=10, special="WITCH")
    )
    assert [(w.line, w.symbol, w.count) for w in result.evaluation.line_wins] == [(1, "WITCH", 2)]
    assert result.expanding_wins == ()  # one real WITCH: the Book does not count
    texts = [help_markdown(GAME)] + [t for _, t in FeatureViews(GAME).paytable_rules(Bet(10, 9))]
    assert len(texts) == 2
    for text in texts:
        flat = " ".join(text.split())
        assert "does not stand in" not in flat
        assert "count for the expansion" in flat


QUIT_ACTIONS = {"quit", "quit_or_copy"}
"""The app's actions that end the game (Textual's Ctrl+Q, our Ctrl+C)."""


def key_token(key: str) -> str:
    """How the help names a key: ``ctrl+q`` -> ``Ctrl+Q``, ``q`` -> ``Q``."""
    if key.startswith("ctrl+"):
        return "Ctrl+" + key.removeprefix("ctrl+").upper()
    return KEY_NAMES.get(key, key.upper())


@pytest.mark.parametrize("game", [GAME, get_game("lucky-witch")], ids=lambda g: g.id)
def test_help_names_every_app_level_quit_key(game: GameDefinition) -> None:
    """Every key the app (or Textual under it) binds to quitting, whatever the screen,
    is in the keys table: Ctrl+Q and Ctrl+C as well as Q."""
    from slotterm.tui.app import SlotApp

    bound: dict[str, str] = {}  # key -> action; a subclass's binding hides its base's
    for cls in reversed(SlotApp.__mro__):
        for binding in cls.__dict__.get("BINDINGS", []):
            assert isinstance(binding, Binding)
            for key in binding.key.split(","):
                bound[key] = binding.action
    quit_keys = {key for key, action in bound.items() if action in QUIT_ACTIONS}
    assert {"ctrl+q", "ctrl+c"} <= quit_keys  # the test looks where the keys are
    tokens = help_key_tokens(game)
    for key in sorted(quit_keys):
        assert key_token(key) in tokens, key
    assert "Q" in tokens
