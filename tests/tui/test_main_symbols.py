"""The symbol art: right shape, and every symbol tellable apart without colour."""

from slotterm.games import get_game
from slotterm.tui.symbols import ArtSize, art_lines, art_size_for, art_text, glyph_text

GAME = get_game("book-of-spells")
SYMBOLS = [s.id for s in GAME.symbols]


def test_every_picture_has_the_size_of_its_kind() -> None:
    for size in ArtSize:
        for sym in SYMBOLS:
            lines = art_lines(sym, size)
            assert len(lines) == size.height, sym
            assert {len(line) for line in lines} == {size.width}, sym


def test_symbols_are_distinct_without_colour() -> None:
    for size in ArtSize:
        pictures = {art_lines(sym, size) for sym in SYMBOLS}
        assert len(pictures) == len(SYMBOLS)
    glyphs = {glyph_text(sym).plain for sym in SYMBOLS}
    assert len(glyphs) == len(SYMBOLS)


def test_art_text_is_coloured_per_symbol() -> None:
    colours = {str(art_text(sym, ArtSize.COMPACT).style) for sym in SYMBOLS}
    assert len(colours) == len(SYMBOLS)


def test_unknown_symbol_gets_a_label() -> None:
    assert any("ZZ" in line for line in art_lines("ZZ", ArtSize.LARGE))


def test_size_choice() -> None:
    assert art_size_for(20, 6) is ArtSize.LARGE
    assert art_size_for(12, 4) is ArtSize.COMPACT
