"""Pumpkin: open one, keep it or give it up for another (DESIGN.md §2)."""

from __future__ import annotations

from collections.abc import Mapping

from slotterm.engine.features.pick_game import PickGame, freeze_table
from slotterm.engine.model import DefinitionError

NAME = "pumpkin"


class Pumpkin(PickGame):
    """``pumpkins`` pumpkins hide amounts drawn from ``amounts``; up to ``give_ups`` give-ups.

    The player opens one and sees its amount, then keeps it or gives it up to open
    another; after ``give_ups`` give-ups the next one opened is kept.
    """

    name = NAME
    label = "pumpkin"
    title = "Pumpkin"

    def __init__(self, *, amounts: Mapping[int, int], pumpkins: int = 5, give_ups: int = 3) -> None:
        self.amounts = freeze_table(amounts, self.title)
        if pumpkins < 1 or not 0 <= give_ups < pumpkins:
            raise DefinitionError(f"{self.title}: needs 0 <= give-ups < pumpkins")
        self.pumpkins = pumpkins
        self.give_ups = give_ups

    def max_prize(self) -> int:
        """The top amount."""
        return max(self.amounts)
