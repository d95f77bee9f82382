"""The symbol art through :mod:`slotterm.tui.symbols`: pictures of the right size, every
symbol tellable apart without colour, coloured tiles, a plain tile for unknown ids."""

from slotterm.tui.art.sizes import ArtSize
from slotterm.tui.symbols import art_lines, art_set, art_size_for, art_text, glyph_text
from tests.tui.art_support import shipped

GAME = shipped("book-of-spells")
SYMBOLS = [s.id for s in GAME.symbols]


def test_every_picture_has_the_size_of_its_kind() -> None:
    for size in ArtSize:
        width, height = size.picture
        for sym in SYMBOLS:
            lines = art_lines(sym, size, GAME)
            assert len(lines) == height // 2, sym  # two pixels a line
            assert {len(line) for line in lines} == {width}, sym


def test_symbols_are_distinct_without_colour() -> None:
    for size in ArtSize:
        pictures = {art_lines(sym, size, GAME) for sym in SYMBOLS}
        assert len(pictures) == len(SYMBOLS)
    glyphs = {glyph_text(sym, GAME).plain for sym in SYMBOLS}
    assert len(glyphs) == len(SYMBOLS)


def test_art_text_is_a_tile_coloured_per_symbol() -> None:
    tiles = [art_text(sym, ArtSize.COMPACT, GAME) for sym in SYMBOLS]
    for tile in tiles:
        lines = tile.plain.split("\n")
        assert len(lines) == ArtSize.COMPACT.height
        assert {len(line) for line in lines} == {ArtSize.COMPACT.width}
    colours = {frozenset(str(span.style) for span in tile.spans) for tile in tiles}
    assert len(colours) == len(SYMBOLS)


def test_unknown_symbol_gets_a_plain_tile() -> None:
    art = art_set(GAME).art("ZZ")
    assert art.name == "Zz" and art.rank
    assert art_text("ZZ", ArtSize.MEDIUM, GAME).plain.count("\n") == ArtSize.MEDIUM.height - 1


def test_size_choice() -> None:
    assert art_size_for(40, 20) is ArtSize.LARGE
    assert art_size_for(20, 8) is ArtSize.MEDIUM
    assert art_size_for(12, 4) is ArtSize.COMPACT
    assert art_size_for(3, 2) is ArtSize.COMPACT
