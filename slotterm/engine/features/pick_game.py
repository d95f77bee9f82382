"""What the four pick games of a Mystery bonus share: tables, the prize caps, validation.

A pick game is a feature *part*: the Mystery bonus (:mod:`.mystery_bonus`) starts it
(:meth:`~slotterm.engine.feature.Feature.start`), which draws the whole hidden layout at
once and records it; the player's picks are actions without draws (DESIGN.md §2).  Every
prize is a whole multiple of the total bet, cut to the bonus cap (in coins) and to the
room left under the round cap.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import ClassVar

from slotterm.engine.feature import Feature
from slotterm.engine.model import DefinitionError, GameDefinition

Table = Mapping[int, int]
"""Amount (a multiple of the total bet) -> its integer weight."""

MAX_PRIZE_X_TOTAL_BET = 100
"""No pick game may pay more than this many total bets (DESIGN.md §2)."""


def freeze_table(table: Mapping[int, int], what: str) -> Table:
    """A validated, read-only copy of a weighted table (positive amounts and weights)."""
    if not table:
        raise DefinitionError(f"{what}: the table is empty")
    for amount, weight in table.items():
        if not isinstance(amount, int) or isinstance(amount, bool) or amount < 1:
            raise DefinitionError(f"{what}: amount {amount!r} must be a positive integer")
        if not isinstance(weight, int) or isinstance(weight, bool) or weight < 1:
            raise DefinitionError(f"{what}: weight {weight!r} must be a positive integer")
    return MappingProxyType(dict(sorted(table.items())))


class PickGame(Feature):
    """Base of a pick game: a feature part with a ``label`` and a largest prize.

    ``label`` is the game's name on the command line (``--force mystery-bonus:LABEL``) and
    ``title`` the name the player reads.
    """

    label: ClassVar[str] = ""
    title: ClassVar[str] = ""

    def max_prize(self) -> int:
        """The largest prize the game can pay, in total bets."""
        raise NotImplementedError

    def validate(self, game: GameDefinition) -> None:
        """A pick game never pays more than :data:`MAX_PRIZE_X_TOTAL_BET` total bets."""
        top = self.max_prize()
        if top > MAX_PRIZE_X_TOTAL_BET:
            raise DefinitionError(
                f"{self.title}: a prize of {top}x the total bet is over the "
                f"{MAX_PRIZE_X_TOTAL_BET}x limit"
            )
