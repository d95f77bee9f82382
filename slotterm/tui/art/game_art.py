"""A game's pictures from its definition: ``game.art`` says, per symbol, where they are.

``{"pixels": "/abs/path/x.art.toml"}``: that symbol's table in that pixel-art file
(:mod:`slotterm.tui.art.art_file`); ``{"text": "7", "colour": "#d03030"}`` (either or
both): a generated tile with that text and colour; nothing: a tile generated from the
symbol (:mod:`slotterm.tui.art.generated`).  The set is built once per definition.
"""

from __future__ import annotations

import os
from functools import lru_cache

from rich.color import Color, ColorParseError

from slotterm.engine.model import GameDefinition
from slotterm.tui.art.art_file import ArtFileError, file_art
from slotterm.tui.art.generated import generated_art
from slotterm.tui.art.model import ArtSet, SymbolArt


@lru_cache(maxsize=32)
def game_art(game: GameDefinition) -> ArtSet:
    """The pictures of every symbol of ``game`` (an unreadable art file raises
    :class:`~slotterm.tui.art.art_file.ArtFileError`, one line)."""
    arts: dict[str, SymbolArt] = {}
    stacked = set()
    for symbol in game.symbols:
        entry = game.art.get(symbol.id, {})
        pixels = entry.get("pixels")
        if pixels:
            found = file_art(pixels, symbol.id)
            arts[symbol.id] = found.art
            if found.stacked:
                stacked.add(symbol.id)
        else:
            colour = _hex_colour(game, symbol.id, entry.get("colour"))
            arts[symbol.id] = generated_art(symbol, game, text=entry.get("text"), colour=colour)
    return ArtSet(game=game.id, arts=arts, stacked=frozenset(stacked))


def _hex_colour(game: GameDefinition, symbol_id: str, colour: str | None) -> str | None:
    """A file's colour (``#rrggbb`` or a colour name) as ``#rrggbb``."""
    if colour is None:
        return None
    try:
        return Color.parse(colour).get_truecolor().hex
    except ColorParseError:
        where = os.path.basename(game.source) if game.source else game.id
        raise ArtFileError(f"{where}: art.{symbol_id}.colour: unknown colour {colour!r}") from None


def check_game_art(game: GameDefinition) -> None:
    """Read every art file ``game`` names: an :class:`~slotterm.tui.art.art_file.ArtFileError`
    (one line naming the file and the place) if one is bad."""
    game_art(game)
