"""Games for the art and help tests: the shipped ones with their pixel art, and a plain
fruit machine with no art or help of its own.

The shipped game files name their art files (``[art.SYM] pixels = ...``); until they do,
:func:`shipped` names them here, so the tests draw the games' own pictures.
"""

from __future__ import annotations

from dataclasses import replace
from importlib import resources
from typing import Any

from slotterm.engine.model import GameDefinition
from slotterm.engine.symbols import Symbol, SymbolKind
from slotterm.games import get_game


def shipped(game_id: str) -> GameDefinition:
    """The shipped game ``game_id`` with its pictures (its ``.art.toml`` beside it)."""
    game = get_game(game_id)
    if game.art:
        return game
    path = str(resources.files("slotterm.games").joinpath(f"{game_id}.art.toml"))
    return replace(game, art={s.id: {"pixels": path} for s in game.symbols})


def _strip(text: str) -> tuple[str, ...]:
    return tuple(text.split())


PLAIN_REELS = _strip("SEVEN BAR BELL CHERRY LEMON WILD STAR LEMON CHERRY BELL LEMON CHERRY")
"""One reel strip of :func:`plain_game`, the same on every reel."""


def plain_game(**changes: Any) -> GameDefinition:
    """A small fruit machine with no art of its own (nor help): five paying fruits, a wild,
    a scatter and eight free spins (``changes``: other constructor arguments)."""
    from slotterm.engine.features.free_spins import FreeSpins

    pays = {"SEVEN": {3: 50, 4: 200, 5: 1000}, "BAR": {3: 20, 4: 80, 5: 300}}
    pays |= {"BELL": {3: 10, 4: 40, 5: 150}, "CHERRY": {3: 5, 4: 20, 5: 80}}
    pays |= {"LEMON": {3: 2, 4: 10, 5: 40}}
    fields: dict[str, Any] = dict(
        id="plain-fruit",
        name="Plain Fruit",
        reels=5,
        rows=3,
        symbols=(
            Symbol("SEVEN", SymbolKind.REGULAR, "Seven"),
            Symbol("BAR", SymbolKind.REGULAR, "Bar"),
            Symbol("BELL", SymbolKind.REGULAR, "Bell"),
            Symbol("CHERRY", SymbolKind.REGULAR, "Cherry"),
            Symbol("LEMON", SymbolKind.REGULAR, "Lemon"),
            Symbol("WILD", SymbolKind.WILD, "Wild"),
            Symbol("STAR", SymbolKind.SCATTER, "Star"),
        ),
        paytable=pays,
        scatter_pays={3: 2, 4: 10, 5: 50},
        lines=((1, 1, 1, 1, 1), (0, 0, 0, 0, 0), (2, 2, 2, 2, 2), (0, 1, 2, 1, 0), (2, 1, 0, 1, 2)),
        base_reels=(PLAIN_REELS,) * 5,
        max_win_x_total_bet=1000,
        wild_only_pays_as=None,
        bet_per_line_steps=(2, 5, 10, 20),
        published_rtp=0.95,
        wild_substitutes=frozenset({"SEVEN", "BAR", "BELL", "CHERRY", "LEMON"}),
        features=(FreeSpins(trigger=3, award=8, retrigger=0, strips=(PLAIN_REELS,) * 5),),
    )
    return GameDefinition(**(fields | changes))
