"""Spell Book: open one of the books; the imp may add to it (DESIGN.md §2)."""

from __future__ import annotations

from collections.abc import Mapping

from slotterm.engine.features.pick_game import PickGame, freeze_table
from slotterm.engine.model import DefinitionError

NAME = "spell_book"


class SpellBook(PickGame):
    """``book_count`` books hide multipliers from ``books``; the imp adds one from ``imp``.

    The imp appears with probability ``imp_chance`` (numerator, denominator), drawn with
    the layout when the game starts.  Pays (book + imp) total bets.
    """

    name = NAME
    label = "spell-book"
    title = "Spell Book"

    def __init__(
        self,
        *,
        books: Mapping[int, int],
        imp: Mapping[int, int],
        imp_chance: tuple[int, int] = (1, 4),
        book_count: int = 3,
    ) -> None:
        self.books = freeze_table(books, f"{self.title} books")
        self.imp = freeze_table(imp, f"{self.title} imp")
        num, den = imp_chance
        if not 0 <= num <= den or den < 1:
            raise DefinitionError(f"{self.title}: the imp's chance must be a probability")
        if book_count < 1:
            raise DefinitionError(f"{self.title}: needs at least one book")
        self.imp_chance = (num, den)
        self.book_count = book_count

    def max_prize(self) -> int:
        """The top book plus the top imp."""
        return max(self.books) + (max(self.imp) if self.imp_chance[0] else 0)
