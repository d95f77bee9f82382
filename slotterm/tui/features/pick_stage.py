"""What a pick game's scenes need of the screen they play on (:class:`PickStage`).

Below both :mod:`slotterm.tui.features.pick_scenes` and
:mod:`slotterm.tui.features.pick_screen`, so the scenes name no screen: the pick screen is
one such stage.
"""

from __future__ import annotations

from typing import Protocol

from slotterm.engine.features.pick_game import PickGame
from slotterm.tui.features.pick_cell import PickCell


class PickStage(Protocol):
    """The board a pick scene draws on: its game, its items, the ones masked while they open, the
    holds that keep the picture still, and a redraw from the record."""

    game: PickGame
    """The pick game shown (the scenes play its events only)."""
    cells: list[PickCell]
    """The board's items, in order."""
    masked: set[int]
    """The items shown closed while a scene opens them."""
    holding_end: bool
    """True while the end hold keeps the final reveal back."""
    holding: bool
    """True while a hold keeps the keys waiting."""

    def draw(self) -> None:
        """Draw the board from the record (masked items closed)."""
