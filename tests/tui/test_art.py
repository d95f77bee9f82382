"""The art system (slotterm.tui.art) and the reel window drawn with it: every symbol of both
games its own picture, tellable apart by shape alone, never dark on dark; winning tiles keep
their picture; the layout fits each terminal; paylines are one continuous path; the active
lines show after a line change and go again; the expanding symbol is one tall picture."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from slotterm.engine.features.expanding_symbol import Expansion
from slotterm.tui.art.model import SymbolArt
from slotterm.tui.art.shapes import lit
from slotterm.tui.art.sizes import PALETTE, ArtSize
from slotterm.tui.art.tiles import TileState, brightness, fitted_picture, thumbnail, tile_strips
from slotterm.tui.symbols import art_set
from slotterm.tui.widgets import reels as reels_module
from slotterm.tui.widgets.paylines import (
    DOWN,
    LEFT,
    RIGHT,
    UP,
    LabelPlace,
    PathCanvas,
    draw_line,
    label_places,
    path_style,
)
from slotterm.tui.widgets.reel_layout import ReelLayout, reel_layout
from tests.tui.art_support import shipped
from tests.tui.main_support import FREE_SPINS, expansion_seed, main, make_app, record, settle
from tests.tui.modal_support import wait_for

GAMES = [shipped("book-of-spells"), shipped("lucky-witch")]
TILE_SIZES = [(10, 4), (13, 4), (16, 7), (20, 9), (32, 15), (36, 15)]
"""Tiles of each art size's smallest size and grown ones."""
CONTENT = {(80, 24): (78, 13), (100, 32): (98, 21), (120, 40): (118, 29), (200, 60): (198, 49)}
"""The reel window's content area (inside its border) at each terminal size."""


def arts(game_id: str) -> list[SymbolArt]:
    game = next(g for g in GAMES if g.id == game_id)
    return [art_set(game).art(s.id) for s in game.symbols]


def per_row(lines: Sequence[Sequence[int]], rows: int) -> int:
    return max(sum(1 for r in lines if r[end] == row) for row in range(rows) for end in (0, -1))


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_every_symbol_has_a_picture_of_its_own_game(game) -> None:  # type: ignore[no-untyped-def]
    pictures = art_set(game).arts
    assert {s.id for s in game.symbols} <= set(pictures)
    assert all(not pictures[s.id].rank or len(s.id) <= 3 for s in game.symbols)


def test_ids_both_games_have_are_drawn_their_own_way() -> None:
    book, lucky = art_set(GAMES[0]), art_set(GAMES[1])
    shared = set(book.arts) & set(lucky.arts)
    assert shared >= {"WITCH", "CAULDRON", "POTION"}
    for symbol in shared:
        assert tile_strips(book.art(symbol), 16, 7) != tile_strips(lucky.art(symbol), 16, 7)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
@pytest.mark.parametrize("width,height", TILE_SIZES)
def test_symbols_stay_distinct_by_shape_without_colour(game, width: int, height: int) -> None:  # type: ignore[no-untyped-def]
    drawn = [
        tuple(strip.text for strip in tile_strips(art, width, height, mono=True))
        for art in arts(game.id)
    ]
    assert len(set(drawn)) == len(drawn)
    for tile in drawn:  # a picture is drawn, not a blank frame
        assert sum(ch in "▀▄█" for line in tile for ch in line) >= 6


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_nothing_is_dark_on_dark(game) -> None:  # type: ignore[no-untyped-def]
    for art in arts(game.id):
        # the tile has its own background everywhere: the screen never shows through
        for width, height in TILE_SIZES:
            for strip in tile_strips(art, width, height):
                assert all(seg.style and seg.style.bgcolor for seg in strip), art.id
        assert brightness(art.look.frame) >= 0.35, art.id  # a frame that shows on black
        backgrounds = (art.look.top, art.look.bottom)
        for rows in (art.small, art.medium):
            for ch in {ch for row in rows for ch in row if lit(ch)}:
                contrast = min(abs(brightness(PALETTE[ch]) - brightness(b)) for b in backgrounds)
                assert contrast >= 0.2, (art.id, ch)


@pytest.mark.parametrize("width,height", TILE_SIZES)
def test_a_winning_tile_keeps_its_picture_and_lights_its_frame(width: int, height: int) -> None:
    for art in arts("book-of-spells") + arts("lucky-witch"):
        normal = tile_strips(art, width, height)
        for state in (TileState.MARKED, TileState.GLOW):  # both beats of the pulse
            marked = tile_strips(art, width, height, state)
            for y in range(1, height - 1):  # inside the frame: the same cells
                assert normal[y].crop(1, width - 1) == marked[y].crop(1, width - 1), art.id
            assert normal[0] != marked[0] and normal[1].crop(0, 1) != marked[1].crop(0, 1)
        glow = tile_strips(art, width, height, TileState.GLOW)
        assert glow[0] != tile_strips(art, width, height, TileState.MARKED)[0]
        dimmed = tile_strips(art, width, height, TileState.DIM)
        assert dimmed[height // 2] != normal[height // 2]


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_the_banner_thumbnails_are_three_lines_on_their_own_tiles(game) -> None:  # type: ignore[no-untyped-def]
    drawn = []
    for art in arts(game.id):
        lines = thumbnail(art)
        assert [line.cell_len for line in lines] == [10, 10, 10]
        assert all(span.style.bgcolor for line in lines for span in line.spans)  # type: ignore[union-attr]
        drawn.append(tuple(str(line.spans) for line in lines))
    assert len(set(drawn)) == len(drawn)


def test_tiles_have_the_size_asked_for_and_pictures_their_scale() -> None:
    art = art_set(GAMES[0]).art("WITCH")
    for width, height in [*TILE_SIZES, (16, 21), (36, 49)]:
        for mono in (False, True):
            strips = tile_strips(art, width, height, mono=mono, tall=height > 15)
            assert len(strips) == height
            assert {s.cell_length for s in strips} == {width}
    w, h = ArtSize.LARGE.picture
    large = fitted_picture(art, w + 2, h + 4, tall=False)
    assert large == tuple("".join(2 * ch for ch in row) for row in art.medium for _ in range(2))
    tall = fitted_picture(art, 14, 40, tall=True)
    assert len(tall) == 2 * len(art.medium)  # the tall picture: twice as high


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
@pytest.mark.parametrize("terminal", sorted(CONTENT))
def test_the_layout_fits_and_grows_with_the_terminal(game, terminal) -> None:  # type: ignore[no-untyped-def]
    width, height = CONTENT[terminal]
    grid = reel_layout(width, height, 5, 3, per_row=per_row(game.lines, 3))
    expected = {80: ArtSize.COMPACT, 100: ArtSize.MEDIUM, 120: ArtSize.MEDIUM, 200: ArtSize.LARGE}
    assert grid.size is expected[terminal[0]]
    assert grid.left + grid.width <= width and grid.top + grid.height <= height
    assert grid.tile_w >= grid.size.width and grid.tile_h >= grid.size.height
    assert grid.height >= height - 4 and grid.width >= 0.85 * width
    places = label_places(grid, game.lines)
    cells = [p.left for p in places] + [p.right for p in places]
    assert len(set(cells)) == len(cells)  # no two numbers on one spot
    for place, rows in zip(places, game.lines, strict=True):
        assert place.left[0] + 2 < grid.reel_x(0)
        assert place.right[0] > grid.reel_x(4) + grid.tile_w
        top, bottom = grid.row_y(rows[0]), grid.row_y(rows[-1])
        assert top <= place.left[1] < top + grid.tile_h
        assert bottom <= place.right[1] < bottom + grid.tile_h


def walk(canvas: PathCanvas, grid: ReelLayout, place: LabelPlace) -> tuple[int, int]:
    """Follow a path from just right of its left number; jump across each tile from the
    port on its left frame to the one on its right frame. Returns where it ends."""
    step = {LEFT: (-1, 0), RIGHT: (1, 0), UP: (0, -1), DOWN: (0, 1)}
    back = {LEFT: RIGHT, RIGHT: LEFT, UP: DOWN, DOWN: UP}
    x, y = place.left[0] + 2, place.left[1]
    came = LEFT
    tiles = {grid.reel_x(r): grid.reel_x(r) + grid.tile_w - 1 for r in range(grid.reels)}
    for _ in range(1000):
        bits = canvas.bits.get((x, y), 0)
        assert bits & came, f"the path breaks at {(x, y)}"
        out = [d for d in step if bits & d and d != came]
        assert len(out) == 1, f"the path forks or stops at {(x, y)}"
        if out[0] == RIGHT and x in tiles:  # behind the tile
            x = tiles[x]
            assert canvas.bits.get((x, y), 0) & LEFT, "no port on the tile's right frame"
        elif out[0] == RIGHT and x + 1 in tiles and not canvas.bits.get((x + 1, y)):
            x, came = tiles[x + 1] + 1, LEFT  # drawn without ports: on past the tile
            continue
        dx, dy = step[out[0]]
        if (x + dx, y + dy) == place.right:  # into the number on the right
            return x, y
        x, y, came = x + dx, y + dy, back[out[0]]
    raise AssertionError("the path never ends")


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
@pytest.mark.parametrize("terminal", [(80, 24), (200, 60)])
def test_each_payline_is_one_continuous_path_from_number_to_number(game, terminal) -> None:  # type: ignore[no-untyped-def]
    grid = reel_layout(*CONTENT[terminal], 5, 3, per_row=per_row(game.lines, 3))
    places = label_places(grid, game.lines)
    for number, rows in enumerate(game.lines, 1):
        for centre, ports in ((True, True), (False, True), (False, False)):
            canvas = PathCanvas()
            style = path_style(number, False)
            draw_line(canvas, grid, rows, places[number - 1], style, centre=centre, ports=ports)
            end = walk(canvas, grid, places[number - 1])
            assert end == (places[number - 1].right[0] - 1, places[number - 1].right[1])


# --- the reels on the screen ----------------------------------------------------------------


async def test_changing_the_lines_draws_the_active_lines_until_a_spin(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(reels_module, "LINES_SECONDS", 600.0)
    app = make_app(1)
    async with app.run_test(size=(100, 32)) as pilot:
        reels = main(app).reels
        assert not reels.lines_lit and reels.active_lines == 9
        assert "━" not in reels.drawn_text()
        await pilot.press("left")
        await wait_for(pilot, lambda: reels.lines_lit)
        assert reels.active_lines == app.session.bet.lines == 8
        assert "━" in reels.drawn_text() and "┃" in reels.drawn_text()
        await pilot.press("space")
        await settle(pilot, app)
        assert not reels.lines_lit


async def test_the_active_lines_go_again_by_themselves(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(reels_module, "LINES_SECONDS", 0.2)
    app = make_app(1)
    async with app.run_test(size=(100, 32)) as pilot:
        reels = main(app).reels
        await pilot.press("right")  # 9 lines wrap to 1
        await wait_for(pilot, lambda: reels.active_lines == 1 and not reels.lines_lit)
        assert "━" not in reels.drawn_text()


async def test_the_expanding_symbol_is_one_tall_picture_over_its_reels(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("NO_COLOR", "1")
    seed, spins = expansion_seed()
    app = make_app(seed, force=FREE_SPINS)
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(2 + spins):
            await pilot.press("space")
            await settle(pilot, app)
        extra = record(app.session).spins[-1].extra
        assert isinstance(extra, Expansion)
        reels = main(app).reels
        assert reels.mono
        grid = reels.layout_now()
        lines = reels.drawn_text().split("\n")
        for reel in range(5):
            tiles = reels.tiles_of(reel)
            left = [line[grid.reel_x(reel)] for line in lines[grid.top : grid.top + grid.height]]
            if reel in extra.reels:
                assert tiles == [(0, 3, extra.symbol, True)]
                # one frame from top to bottom: two corners, sides all the way
                assert left[0] in "┏╭" and left[-1] in "┗╰"
                assert all(ch in "┃│" for ch in left[1:-1])
            else:
                assert len(tiles) == 3


async def test_winning_frames_pulse_a_few_beats_in_animated_play_then_stay_lit() -> None:
    cells = frozenset({(0, 1), (1, 1), (2, 1)})
    still = make_app(1)  # animations off: lit, no pulse
    async with still.run_test(size=(100, 32)) as pilot:
        reels = main(still).reels
        reels.mark(cells, dim_others=False)
        await pilot.pause()
        assert not reels.pulsing and not reels.glowing
    app = make_app(1, animations=True)
    async with app.run_test(size=(100, 32)) as pilot:
        reels = main(app).reels
        reels.mark(cells, dim_others=False)
        assert reels.pulsing
        await wait_for(pilot, lambda: reels.glowing)
        grid = reels.layout_now()
        glow = reels.drawn_text()  # same characters: only the frame's colour changes
        await wait_for(pilot, lambda: not reels.pulsing)
        assert not reels.glowing and reels.marked == cells
        assert reels.drawn_text() == glow
        assert grid == reels.layout_now()
        reels.clear_marks()
        assert not reels.pulsing


async def test_a_new_theme_redraws_the_reels_around_the_tiles() -> None:
    app = make_app(1)
    async with app.run_test(size=(100, 32)) as pilot:
        reels = main(app).reels
        grid = reels.layout_now()
        y, x = grid.row_y(1) + 1, grid.reel_x(2)

        def tile_colours() -> list[object]:
            line = reels.render_line(y).crop(x, x + grid.tile_w)
            return [segment.style.bgcolor if segment.style else None for segment in line]

        def blank() -> object:
            first = next(iter(reels.render_line(0)))
            return first.style.bgcolor if first.style else None

        dark, tile = blank(), tile_colours()
        app.theme = "textual-light"
        await wait_for(pilot, lambda: blank() != dark)
        assert tile_colours() == tile  # the tiles keep their own colours on any theme
