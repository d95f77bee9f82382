"""Symbol art for the screens: a game's pictures (:mod:`slotterm.tui.art`) by symbol id.

Every symbol is a framed tile with a pixel picture (:mod:`slotterm.tui.art.tiles`); the
pictures differ in shape, not only in colour, so the symbols stay apart with ``NO_COLOR``.
Art is per game (symbol ids repeat across games in other roles): :func:`art_set` gives a
game's :class:`ArtSet`, built from its definition (:func:`~slotterm.tui.art.game_art.game_art`:
its art files, or tiles generated from its symbols); the functions below take the game.

Public API (also used by the paytable screen and the feature views)::

    art_set(game)                            -> ArtSet (pictures by id, stacked symbols)
    symbol_art("WITCH", game)                -> SymbolArt (id, name, glyph, color, pictures)
    art_lines("WITCH", ArtSize.MEDIUM, game) -> the picture's shape, plain text
    art_text("WITCH", ArtSize.COMPACT, game) -> rich Text: the coloured tile
    glyph_text("WITCH", game)                -> rich Text, the coloured bold letter
    art_size_for(width, height)              -> the largest size whose tile fits
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text

from slotterm.engine.model import GameDefinition
from slotterm.tui.art.game_art import game_art
from slotterm.tui.art.model import ArtSet, SymbolArt
from slotterm.tui.art.sizes import SIZES_LARGEST_FIRST, ArtSize
from slotterm.tui.art.tiles import tile_text

__all__ = [
    "art_lines",
    "art_set",
    "art_size_for",
    "art_text",
    "glyph_text",
    "symbol_art",
]


def art_set(game: GameDefinition) -> ArtSet:
    """The pictures of ``game``'s symbols (generated tiles for those without art)."""
    return game_art(game)


def symbol_art(symbol_id: str, game: GameDefinition) -> SymbolArt:
    """The art of ``symbol_id`` in ``game``; an unknown symbol gets a plain tile."""
    return art_set(game).art(symbol_id)


def art_lines(symbol_id: str, size: ArtSize, game: GameDefinition) -> tuple[str, ...]:
    """The plain-text shape of ``symbol_id``'s picture at ``size``."""
    return symbol_art(symbol_id, game).lines(size)


def art_text(
    symbol_id: str,
    size: ArtSize,
    game: GameDefinition,
    *,
    style: Style | None = None,
    mono: bool = False,
) -> Text:
    """The symbol's tile at ``size`` as Rich text, lines joined by newlines.

    ``style`` is laid over the whole tile (e.g. bold); ``mono``: drawn by shape alone,
    for a terminal without colour (where a coloured tile is blank).
    """
    text = tile_text(symbol_art(symbol_id, game), size, mono=mono)
    if style is not None:
        text.stylize(style)
    return text


def glyph_text(symbol_id: str, game: GameDefinition) -> Text:
    """The symbol's one-letter glyph, bold in its colour."""
    art = symbol_art(symbol_id, game)
    return Text(art.glyph, style=art.style, end="")


def art_size_for(width: int, height: int) -> ArtSize:
    """The largest size whose smallest tile fits a cell of ``width`` × ``height``."""
    for size in SIZES_LARGEST_FIRST:
        if width >= size.width and height >= size.height:
            return size
    return ArtSize.COMPACT
