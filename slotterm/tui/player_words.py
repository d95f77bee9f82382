"""The words a player reads for a symbol and for an amount in bets, the same on every
screen.

* :func:`symbol_name`: a symbol's one name, the game definition's display name ("Queen",
  never its id "Q"; upper case in banners and reel captions is the same name);
* :func:`times_bet`: a multiple of the total bet as the pick games write it ("15× bet",
  never "15x"), and :func:`times_bet_list` for several.
"""

from __future__ import annotations

from collections.abc import Iterable

from slotterm.engine.model import GameDefinition


def symbol_name(game: GameDefinition, symbol_id: str) -> str:
    """The player's name of ``symbol_id`` in ``game`` (its id if the game has no such
    symbol)."""
    return next((s.name for s in game.symbols if s.id == symbol_id), symbol_id)


def times_bet(multiple: int) -> str:
    """``15`` -> ``"15× bet"``: a multiple of the total bet."""
    return f"{multiple}× bet"


def times_bet_list(multiples: Iterable[int]) -> str:
    """``[5, 15, 10]`` -> ``"5× bet, 15× bet, 10× bet"``."""
    return ", ".join(times_bet(m) for m in multiples)
