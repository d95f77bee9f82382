"""A multiple of the total bet in the player's words, the same in every layer.

``15`` -> ``"15× bet"`` (never ``"15x"``): the pick screens, the round replay and the
``slotterm history`` table all write a pick game's amounts this way.  Kept here, below
both ``session`` and ``tui`` (DESIGN §4: imports point one way), so each can use it.
"""

from __future__ import annotations

from collections.abc import Iterable


def times_bet(multiple: int) -> str:
    """``15`` -> ``"15× bet"``: a multiple of the total bet."""
    return f"{multiple}× bet"


def times_bet_list(multiples: Iterable[int]) -> str:
    """``[5, 15, 10]`` -> ``"5× bet, 15× bet, 10× bet"``."""
    return ", ".join(times_bet(m) for m in multiples)
