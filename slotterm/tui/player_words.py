"""The words a player reads for a symbol and for an amount in bets, the same on every
screen.

* :func:`symbol_name`: a symbol's one name, the game definition's display name ("Queen",
  never its id "Q"; upper case in banners and reel captions is the same name);
* :func:`times_bet`: a multiple of the total bet as the pick games write it ("15× bet",
  never "15x"), and :func:`times_bet_list` for several (from :mod:`slotterm.bet_words`,
  which the history table of ``session`` uses too).
"""

from __future__ import annotations

from slotterm.bet_words import times_bet, times_bet_list
from slotterm.engine.model import GameDefinition

__all__ = ["symbol_name", "times_bet", "times_bet_list"]


def symbol_name(game: GameDefinition, symbol_id: str) -> str:
    """The player's name of ``symbol_id`` in ``game`` (its id if the game has no such
    symbol)."""
    return next((s.name for s in game.symbols if s.id == symbol_id), symbol_id)
