"""Magic Potion: bottles hiding amounts, one Win All, one Stop (DESIGN.md §2)."""

from __future__ import annotations

from collections.abc import Mapping

from slotterm.engine.features.pick_game import PickGame, freeze_table
from slotterm.engine.model import DefinitionError

NAME = "magic_potion"


class MagicPotion(PickGame):
    """``amount_bottles`` bottles hide amounts drawn from ``amounts``, plus Win All and Stop.

    The player opens bottles one at a time.  An amount is added; Win All pays every
    amount (opened or not) and ends the game; Stop ends it, paying the amounts opened
    plus ``stop_bonus`` total bets for each bottle left unopened.
    """

    name = NAME
    label = "potion"
    title = "Magic Potion"

    def __init__(
        self, *, amounts: Mapping[int, int], amount_bottles: int = 10, stop_bonus: int = 1
    ) -> None:
        self.amounts = freeze_table(amounts, self.title)
        if amount_bottles < 1 or stop_bonus < 0:
            raise DefinitionError(f"{self.title}: needs amount bottles and a stop bonus >= 0")
        self.amount_bottles = amount_bottles
        self.stop_bonus = stop_bonus

    @property
    def bottles(self) -> int:
        """Bottles on the shelf: the amounts, Win All and Stop."""
        return self.amount_bottles + 2

    def max_prize(self) -> int:
        """Every bottle at the top amount (Win All), or all opened but Win All (Stop)."""
        top = max(self.amounts) * self.amount_bottles
        return max(top, top + self.stop_bonus)
