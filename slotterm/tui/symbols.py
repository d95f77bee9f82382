"""Symbol art for the screens: each game's pictures (:mod:`slotterm.tui.art`) by symbol id.

Every symbol is a framed tile with a pixel picture (:mod:`slotterm.tui.art.tiles`); the
pictures differ in shape, not only in colour, so the symbols stay apart with ``NO_COLOR``.
Art is per game (symbol ids repeat across games in other roles): :func:`art_set` gives a
game's :class:`ArtSet`; the functions below take the game's id (``game``), the Book of
Spells' pictures when it is left out.

Public API (also used by the paytable screen and the feature views)::

    art_set("lucky-witch")                   -> ArtSet (pictures by id, stacked symbols)
    symbol_art("WITCH", game)                -> SymbolArt (id, name, glyph, color, pictures)
    art_lines("WITCH", ArtSize.MEDIUM, game) -> the picture's shape, plain text
    art_text("WITCH", ArtSize.COMPACT, game=game) -> rich Text: the coloured tile
    glyph_text("WITCH", game)                -> rich Text, the coloured bold letter
    art_size_for(width, height)              -> the largest size whose tile fits
"""

from __future__ import annotations

from collections.abc import Mapping

from rich.style import Style
from rich.text import Text

from slotterm.tui.art.book_of_spells import BOOK_OF_SPELLS_ART
from slotterm.tui.art.lucky_witch import LUCKY_WITCH_ART
from slotterm.tui.art.model import SIZES_LARGEST_FIRST, ArtSet, ArtSize, SymbolArt
from slotterm.tui.art.tiles import tile_text

__all__ = [
    "SYMBOL_ART",
    "art_lines",
    "art_set",
    "art_size_for",
    "art_text",
    "glyph_text",
    "symbol_art",
]

SYMBOL_ART: Mapping[str, SymbolArt] = BOOK_OF_SPELLS_ART.arts
"""The Book of Spells' symbol art by symbol id."""

_ART_SETS = {art.game: art for art in (BOOK_OF_SPELLS_ART, LUCKY_WITCH_ART)}


def art_set(game: str | None = None) -> ArtSet:
    """The pictures of the game with id ``game`` (the Book of Spells' when ``None``).

    A game without pictures of its own gets plain tiles for every symbol.
    """
    if game is None:
        return BOOK_OF_SPELLS_ART
    return _ART_SETS.get(game) or ArtSet(game=game, arts={})


def symbol_art(symbol_id: str, game: str | None = None) -> SymbolArt:
    """The art of ``symbol_id`` in ``game``; an unknown symbol gets a plain tile."""
    return art_set(game).art(symbol_id)


def art_lines(symbol_id: str, size: ArtSize, game: str | None = None) -> tuple[str, ...]:
    """The plain-text shape of ``symbol_id``'s picture at ``size``."""
    return symbol_art(symbol_id, game).lines(size)


def art_text(
    symbol_id: str, size: ArtSize, *, style: Style | None = None, game: str | None = None
) -> Text:
    """The symbol's tile at ``size`` as Rich text, lines joined by newlines.

    ``style`` is laid over the whole tile (e.g. bold).
    """
    text = tile_text(symbol_art(symbol_id, game), size)
    if style is not None:
        text.stylize(style)
    return text


def glyph_text(symbol_id: str, game: str | None = None) -> Text:
    """The symbol's one-letter glyph, bold in its colour."""
    art = symbol_art(symbol_id, game)
    return Text(art.glyph, style=art.style, end="")


def art_size_for(width: int, height: int) -> ArtSize:
    """The largest size whose smallest tile fits a cell of ``width`` × ``height``."""
    for size in SIZES_LARGEST_FIRST:
        if width >= size.width and height >= size.height:
            return size
    return ArtSize.COMPACT
