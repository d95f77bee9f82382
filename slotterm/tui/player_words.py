"""The words a player reads for a symbol and for an amount in bets, the same on every
screen.

* :func:`symbol_name`: a symbol's one name, the game definition's display name ("Queen",
  never its id "Q"; upper case in banners and reel captions is the same name);
* a multiple of the total bet as the pick games write it ("15× bet", never "15x"):
  :func:`slotterm.bet_words.times_bet` (below ``session`` and ``tui``, so the
  ``slotterm history`` table writes it the same).
"""

from __future__ import annotations

from slotterm.engine.model import GameDefinition


def symbol_name(game: GameDefinition, symbol_id: str) -> str:
    """The player's name of ``symbol_id`` in ``game`` (its id if the game has no such
    symbol)."""
    return next((s.name for s in game.symbols if s.id == symbol_id), symbol_id)
