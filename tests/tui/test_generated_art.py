"""Tiles for a game without art (slotterm.tui.art.generated): every symbol its text at every
size the reels use and without colour; a colour from its kind and pay rank (the highest
paying warmest); never dark on dark; and a machine of such a game plays at 80×24 and at a
large size, with and without colour."""

from __future__ import annotations

import colorsys
from typing import Any

import pytest

from slotterm.engine.symbols import SymbolKind
from slotterm.rng import SeededSource
from slotterm.session.game_session import demo_session
from slotterm.tui.app import SlotApp
from slotterm.tui.art.font import FONT, NARROW, glyphs, scaled
from slotterm.tui.art.generated import labels, pay_ranks
from slotterm.tui.art.model import SymbolArt
from slotterm.tui.art.shapes import lit
from slotterm.tui.art.sizes import ArtSize
from slotterm.tui.art.tiles import TileState, brightness, tile_strips
from slotterm.tui.symbols import art_set
from tests.tui.art_support import plain_game
from tests.tui.main_support import main, settle

GAME = plain_game()
TILE_SIZES = [(10, 4), (13, 4), (16, 7), (20, 9), (32, 15), (36, 15)]


def arts() -> list[SymbolArt]:
    return [art_set(GAME).art(s.id) for s in GAME.symbols]


def _hue(colour: str) -> float:
    value = int(colour[1:], 16)
    rgb = ((value >> 16) / 255, ((value >> 8) & 0xFF) / 255, (value & 0xFF) / 255)
    return colorsys.rgb_to_hls(*rgb)[0]


def _inked(rows: tuple[str, ...]) -> tuple[str, ...]:
    """The lit pixels of ``rows`` as ``#``, cut to their bounding box."""
    marks = [["#" if lit(ch) else "." for ch in row] for row in rows]
    ys = [y for y, row in enumerate(marks) if "#" in row]
    xs = [x for row in marks for x, ch in enumerate(row) if ch == "#"]
    return tuple("".join(marks[y][min(xs) : max(xs) + 1]) for y in range(ys[0], ys[-1] + 1))


def _writings(text: str) -> set[tuple[str, ...]]:
    """``text`` (or its start) in either font at any scale the pictures use."""
    return {
        scaled(glyphs(text[:n], font), scale)
        for n in range(1, len(text) + 1)
        for font in (FONT, NARROW)
        for scale in (1, 2)
    }


def test_every_symbol_gets_a_tile_of_its_text_at_every_size() -> None:
    names = labels(GAME)
    assert len(set(names.values())) == len(names)  # no two labels alike
    for art in arts():
        label = names[art.id]
        assert _inked(art.small) in _writings(label), art.id
        assert _inked(art.medium) in _writings(label), art.id
        for size in ArtSize:
            for mono in (False, True):
                strips = tile_strips(art, size.width, size.height, mono=mono)
                assert len(strips) == size.height
                assert {s.cell_length for s in strips} == {size.width}
                if size is not ArtSize.COMPACT:  # room for the name on the plate
                    assert art.name.upper() in strips[-1].text, (art.id, size)


@pytest.mark.parametrize("width,height", TILE_SIZES)
def test_the_tiles_stay_distinct_by_shape_without_colour(width: int, height: int) -> None:
    drawn = [tuple(s.text for s in tile_strips(art, width, height, mono=True)) for art in arts()]
    assert len(set(drawn)) == len(drawn)
    for tile in drawn:
        assert sum(ch in "▀▄█" for line in tile for ch in line) >= 6


def test_the_colour_comes_from_the_kind_and_the_pay_rank() -> None:
    ranks = pay_ranks(GAME)
    assert ranks == {"SEVEN": 0, "BAR": 1, "BELL": 2, "CHERRY": 3, "LEMON": 4}
    pictures = art_set(GAME)
    inks = [pictures.art(s).color for s in sorted(ranks, key=ranks.get)]  # type: ignore[arg-type]
    assert len(set(inks)) == len(inks)  # different ranks, different colours
    hues = [_hue(ink) for ink in inks]
    assert hues == sorted(hues) and hues[0] < 0.05  # the highest paying warmest: red
    special = {s.kind: pictures.art(s.id) for s in GAME.symbols if s.kind != SymbolKind.REGULAR}
    assert set(special) == {SymbolKind.WILD, SymbolKind.SCATTER}
    looks = {art.look for art in special.values()} | {pictures.art(s).look for s in ranks}
    assert len(looks) == len(GAME.symbols)
    # symbols that pay alike share a rank, and so a colour
    same = {**GAME.paytable, "BAR": GAME.paytable["SEVEN"]}
    alike = art_set(plain_game(paytable=same))
    assert alike.art("BAR").color == alike.art("SEVEN").color


def test_nothing_is_dark_on_dark() -> None:
    for art in arts():
        for width, height in TILE_SIZES:
            for state in TileState:
                for strip in tile_strips(art, width, height, state):
                    assert all(seg.style and seg.style.bgcolor for seg in strip), art.id
        assert brightness(art.look.frame) >= 0.35, art.id
        for ch in {ch for row in (*art.small, *art.medium) for ch in row if lit(ch)}:
            colour = art.colour_of(ch)
            gap = min(
                abs(brightness(colour) - brightness(b)) for b in (art.look.top, art.look.bottom)
            )
            assert gap >= 0.2, (art.id, ch)


def _app() -> SlotApp:
    app = SlotApp(demo_session(GAME, SeededSource(4)))
    app.animation_level = "none"
    return app


@pytest.mark.parametrize("size", [(80, 24), (200, 60)], ids=["80x24", "200x60"])
@pytest.mark.parametrize("colour", [True, False], ids=["colour", "no-colour"])
async def test_a_game_without_art_plays_at_every_size(
    monkeypatch: pytest.MonkeyPatch, size: tuple[int, int], colour: bool
) -> None:
    if not colour:
        monkeypatch.setenv("NO_COLOR", "1")
    app = _app()
    async with app.run_test(size=size) as pilot:
        await settle(pilot, app)
        reels = main(app).reels
        assert reels.mono is not colour
        for _ in range(3):
            await pilot.press("space")
            await settle(pilot, app)
        assert app.session.history, "no round was played"
        drawn = reels.drawn_text()
        assert reels.art_size() is (ArtSize.COMPACT if size == (80, 24) else ArtSize.LARGE)
        if reels.art_size() is ArtSize.LARGE:  # the names on the plates
            for symbol in {symbol for column in reels.window for symbol in column}:
                assert GAME.symbol_index[symbol].name.upper() in drawn, symbol


def test_a_game_without_art_snapshot(snap_compare: Any) -> None:
    assert snap_compare(_app(), terminal_size=(120, 40))
