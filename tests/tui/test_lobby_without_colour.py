"""Without colour (``NO_COLOR``) the lobby's cards show their symbols by shape: each
thumbnail is the symbol's small picture drawn as the reels draw it without colour (bright
pixels as half blocks between two sides; a big card, in a tall window, the reels' own
tiles), the card carries no colour at all, and the symbols of one card differ in their
characters, for every shipped game, at 80×24 and 200×60.  (The colour thumbnails are
half blocks whose meaning is in their colours: drawn grey they are blocks of grey, and
their characters say little.)"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from rich.console import Console

from slotterm.games import game_ids, get_game
from slotterm.tui.art.sizes import ArtSize
from slotterm.tui.art.tiles import tile_strips
from slotterm.tui.screens.lobby_screen import BIG_SCREEN
from slotterm.tui.symbols import symbol_art
from slotterm.tui.widgets.lobby_card import BIG_TILE, showcase, symbol_row
from tests.tui.lobby_support import lobby_of
from tests.tui.shell_support import saved_shelf, shell_app, wait_for

PICTURE = re.compile(r"[│╭╰]([^│╭╮╰╯]{8}|[^│╭╮╰╯]{14})[│╮╯]")
"""One line of a symbol drawn by shape between its sides: a thumbnail's eight cells of
half blocks, or a whole tile's fourteen (its top and bottom lines with their corners)."""


def thumbnails(lines: list[str]) -> list[str]:
    """The symbols in ``lines`` (side by side, as many lines each as they run), each as
    one string."""
    for y, line in enumerate(lines):
        count = len(PICTURE.findall(line))
        if count:
            run = []
            for below in lines[y:]:
                found = PICTURE.findall(below)
                if len(found) != count:
                    break
                run.append(found)
            return ["".join(parts) for parts in zip(*run, strict=True)]
    return []


def rendered(content: object, width: int) -> tuple[list[str], set[str]]:
    """``content``'s lines as plain text, and every colour any of its cells is drawn in."""
    console = Console(width=width, color_system="truecolor", legacy_windows=False)
    lines, colours = [], set()
    for line in console.render_lines(content, pad=False):  # type: ignore[arg-type]
        lines.append("".join(segment.text for segment in line))
        for segment in line:
            style = segment.style
            if style is not None:
                colours |= {str(c) for c in (style.color, style.bgcolor) if c is not None}
    return lines, colours


@pytest.mark.parametrize("game_id", game_ids())
def test_each_thumbnail_is_the_symbols_shape_and_no_two_alike(game_id: str) -> None:
    game = get_game(game_id)
    ids = showcase(game)
    lines, colours = rendered(symbol_row(game, 80, 0, mono=True), 80)
    assert not colours
    drawn = thumbnails(lines)
    assert len(drawn) == min(5, len(ids))
    for symbol, shape in zip(ids, drawn, strict=False):
        assert shape == "".join(symbol_art(symbol, game).lines(ArtSize.COMPACT))
    assert len(set(drawn)) == len(drawn), "two thumbnails alike"


@pytest.mark.parametrize("game_id", game_ids())
def test_a_big_cards_tiles_are_the_reels_own_without_colour(game_id: str) -> None:
    game = get_game(game_id)
    ids = showcase(game)
    lines, colours = rendered(symbol_row(game, 60, 0, mono=True, big=True), 60)
    assert not colours
    drawn = thumbnails(lines)
    assert len(drawn) == min(3, len(ids))
    for symbol, shape in zip(ids, drawn, strict=False):
        tile = tile_strips(symbol_art(symbol, game), BIG_TILE.width, BIG_TILE.height, mono=True)
        assert shape == "".join(strip.text[1:-1] for strip in tile)
    assert len(set(drawn)) == len(drawn), "two tiles alike"


@pytest.mark.parametrize("size", [(80, 24), (200, 60)], ids=lambda s: f"{s[0]}x{s[1]}")
async def test_under_no_color_the_lobby_cards_show_shapes(
    tmp_path: Path, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    app = shell_app(tmp_path, shelf=saved_shelf(tmp_path))
    async with app.run_test(size=size) as pilot:
        lobby = lobby_of(app)
        await wait_for(pilot, lambda: all(card.region.width > 0 for card in lobby.cards[:1]))
        assert app.no_color
        for index, card in enumerate(lobby.cards):
            lines, colours = rendered(card.content, card.content_region.width or size[0])
            assert not colours, f"card {index + 1} draws in colour"
            drawn = thumbnails(lines)
            assert len(drawn) >= 2, f"card {index + 1} shows no symbols by shape"
            assert len(set(drawn)) == len(drawn), f"card {index + 1}: two thumbnails alike"
            cells = 14 * 7 if size[1] >= BIG_SCREEN else 8 * 3  # a whole tile, or a thumbnail
            assert {len(shape) for shape in drawn} == {cells}
