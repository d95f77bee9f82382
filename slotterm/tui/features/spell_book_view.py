"""The Spell Book pick game's screen (:mod:`slotterm.engine.features.pick_games.spell_book`).

Three books; the player opens one.  The imp (drawn with the books when the game started,
so already in the record) may then appear and add its multiplier; the imp shows only
once the book is open, under that book on a tile of the books' size (its picture
:data:`~slotterm.tui.art.pick_items.IMP`, "IMP" on its top edge, what it adds on its
plate).  At the end the other books show what they held.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from textual.containers import Center
from textual.widget import Widget

from slotterm.bet_words import times_bet, times_bet_list
from slotterm.engine.actions import Bet
from slotterm.engine.features.pick_games.spell_book import NAME
from slotterm.tui.art.pick_items import CLOSED, IMP, OPEN
from slotterm.tui.features.pick_cell import ItemLook, PickCell
from slotterm.tui.features.pick_help import PickHelp, times_total_bet
from slotterm.tui.features.pick_screen import PickScreen


class SpellBookScreen(PickScreen, PickHelp):
    """Open one book; the imp may add to it."""

    game_name = NAME
    columns = 3
    extra_rows = 1  # the imp's, under the books
    story = (
        "Three spell books each hold a multiplier of your bet.  Open one of them: it is "
        "your prize, and now and then a mischievous imp jumps out and adds to it."
    )

    @classmethod
    def help_item(cls, game: Any) -> str:
        """One book of several; the imp."""
        return (
            f"**{game.title}**: open one of {game.book_count} books to find a multiplier of "
            "the total bet; sometimes the imp turns up and adds another."
        )

    @classmethod
    def paytable_rule(cls, game: Any, bet: Bet) -> str:
        """The books, the imp's chance and their multipliers at ``bet``."""
        chance = Fraction(*game.imp_chance)
        odds = f"{chance.numerator} time in {chance.denominator}"
        return (
            f"• {game.title}: {game.book_count} books, each hiding a multiplier "
            f"({times_total_bet(game.books, bet)}). Open one; {odds} the imp comes and adds "
            f"one more ({', '.join(f'{v}×' for v in sorted(game.imp))}). You win the sum "
            "times the total bet, and the other books are shown."
        )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.imp = PickCell(0, self.pictures, tab="IMP", id="pick-imp")
        """The imp's tile (shown once it has come)."""

    def extra_widgets(self) -> list[Widget]:
        """The imp's tile, under the books."""
        return [Center(self.imp, id="pick-imp-row")]

    def fit(self, width: int, height: int) -> None:
        """The books, and the imp's tile of their size (a row's gap under them)."""
        super().fit(width, height)
        fitted = self.board_fit(width, height)
        self.imp.resize_tile(fitted.width, fitted.height)
        self.imp.styles.margin = (fitted.gap, 0, 0, 0)
        self._place_imp(self.record.opened)

    def _place_imp(self, opened: int | None) -> None:
        """Under the book ``opened`` (the imp's row is centred under the middle book)."""
        step = self.imp.tile_size[0] + 1
        shift = 0 if opened is None else (2 * opened - (self.columns - 1)) * step // 2
        self.imp.styles.offset = (shift, 0)

    def draw_extra(self, record: Any, *, reveal: bool) -> None:
        """The imp, once the book is open (and only if it came); lit gold with the book at
        the end."""
        opened = record.opened
        came = record.imp is not None and opened is not None and opened not in self.masked
        self.imp.display = came
        if came:
            adds = self.amount_look(IMP, "won" if reveal else "open", record.imp, sign="+")
            self.imp.show(adds, highlighted=False)
            self._place_imp(opened)

    def looks(self, record: Any, *, reveal: bool) -> list[ItemLook]:
        """The book opened, the others at the end."""
        looks = []
        for i, multiple in enumerate(record.books):
            if i == record.opened:
                looks.append(self.amount_look(OPEN, "won" if reveal else "open", multiple))
            elif reveal:
                looks.append(self.amount_look(CLOSED, "revealed", multiple))
            else:
                looks.append(ItemLook(CLOSED, "closed"))
        return looks

    def selectable(self, record: Any) -> list[int]:
        """Every book until one is open."""
        return [] if record.opened is not None else self.game.untaken(())

    def status(self, record: Any) -> str:
        """Choose a book."""
        return "Which book holds the strongest spell?"

    def end_text(self, record: Any) -> str:
        """The book's multiplier, and the imp's."""
        book = record.books[record.opened]
        if record.imp is None:
            return f"Your book holds {book}× bet."
        return f"Your book holds {book}× bet and the imp adds {record.imp}× bet."

    @classmethod
    def replay_lines(cls, record: Any, total_bet: int) -> tuple[str, ...]:
        """The book opened, the imp, and the other books."""
        if record.opened is None:
            return ("No book opened yet.",)
        imp = f"; the imp added {times_bet(record.imp)}" if record.imp is not None else ""
        return (
            f"Book {record.opened + 1} opened: {times_bet(record.books[record.opened])}{imp}.",
            f"The books held: {times_bet_list(record.books)}.",
        )
