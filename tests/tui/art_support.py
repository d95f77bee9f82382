"""The shipped games with their pixel art, for the art tests.

The shipped game files name their art files (``[art.SYM] pixels = ...``); until they do,
:func:`shipped` names them here, so the tests draw the games' own pictures.
"""

from __future__ import annotations

from dataclasses import replace
from importlib import resources

from slotterm.engine.model import GameDefinition
from slotterm.games import get_game


def shipped(game_id: str) -> GameDefinition:
    """The shipped game ``game_id`` with its pictures (its ``.art.toml`` beside it)."""
    game = get_game(game_id)
    if game.art:
        return game
    path = str(resources.files("slotterm.games").joinpath(f"{game_id}.art.toml"))
    return replace(game, art={s.id: {"pixels": path} for s in game.symbols})
