"""Spell Book: open one of the books; the imp may add to it (DESIGN.md §2).

Record :class:`SpellBookRecord`: ``books`` (every book's multiplier, total bets),
``imp`` (the imp's multiplier, ``None`` when the imp does not come; drawn at the start),
``opened`` (the book opened, ``None`` before), ``prize`` (cents), ``ended_by``.  Action
:class:`~..pick_game.Pick` (``pick``).  Phases ``picking``, ``done``.  Events
:class:`~..pick_game.ItemOpened`, :class:`ImpAppeared`, :class:`~..pick_game.PickGameEnded`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple

from slotterm.engine.actions import FeatureAction
from slotterm.engine.definition_error import DefinitionError
from slotterm.engine.events import FeatureEvent
from slotterm.engine.fast_init import fast_init, strict_tuple
from slotterm.engine.feature import FeatureContext, FeatureStep, Json, Triggered
from slotterm.engine.features.pick_game import (
    ItemOpened,
    Pick,
    PickGame,
    PickStory,
    freeze_table,
    weights_json,
)
from slotterm.engine.features.pick_layouts import (
    Draw,
    LayoutError,
    draw_weighted,
    layout_amount,
    layout_items,
    ticket_for,
)
from slotterm.engine.fields import as_dict, as_int, check, need
from slotterm.engine.records import EndReason
from slotterm.rng import RandomSource

if TYPE_CHECKING:
    from slotterm.engine.file_table import FileContext, FileTable

NAME = "spell_book"


@fast_init
@dataclass(frozen=True, slots=True)
class ImpAppeared(FeatureEvent):
    """The imp came and adds ``multiplier`` total bets to the book opened."""

    multiplier: int


@strict_tuple
class SpellBookRecord(NamedTuple):
    """The books' multipliers, the imp's (or ``None``), the book opened, the prize."""

    books: tuple[int, ...]
    imp: int | None
    opened: int | None
    prize: int
    ended_by: EndReason | None


class SpellBook(PickGame):
    """``book_count`` books hide multipliers from ``books``; the imp adds one from ``imp``.

    The imp appears with probability ``imp_chance`` (numerator, denominator), drawn with
    the layout when the game starts.  Pays (book + imp) total bets.
    """

    name = NAME
    label = "spell-book"
    title = "Spell Book"
    actions: ClassVar[Mapping[str, type[FeatureAction]]] = {Pick.name: Pick}

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

    @classmethod
    def from_file(cls, table: FileTable, context: FileContext) -> SpellBook:
        """``books`` and ``imp`` (weighted), ``book_count``, ``imp_chance`` ``[num, den]``."""
        books = table.weights("books")
        count = table.integer("book_count", low=1, high=100)
        imp = table.weights("imp")
        chance = table.integers("imp_chance", low=0, high=10**6)
        if len(chance) != 2:
            table.fail("must be two whole numbers [chances, out of]", "imp_chance")
        with table.building():
            return cls(books=books, imp=imp, imp_chance=(chance[0], chance[1]), book_count=count)

    def to_file(self) -> Json:
        """The table :meth:`from_file` reads."""
        num, den = self.imp_chance
        return {
            "books": weights_json(self.books),
            "book_count": self.book_count,
            "imp": weights_json(self.imp),
            "imp_chance": [num, den],
        }

    @property
    def item_count(self) -> int:
        """The books."""
        return self.book_count

    def max_prize(self) -> int:
        """The top book plus the top imp."""
        return max(self.books) + (max(self.imp) if self.imp_chance[0] else 0)

    # --- reports --------------------------------------------------------------------------

    def story(self, record: Any) -> PickStory:
        """The one book opened (it shows its multiplier, and the imp's, if he came)."""
        opened = () if record.opened is None else ((record.opened, "open"),)
        done = record.opened is not None
        return PickStory(
            layout=record.books,
            picks=opened,
            seen=frozenset(i for i, _ in opened),
            added=record.imp if done else None,
            multiple=record.books[record.opened] + (record.imp or 0) if done else None,
        )

    layout_syntax = "one multiplier per book, in order, then +IMP when the imp comes: 5,10,20+5"

    def layout_draws(self, text: str) -> tuple[Draw, ...]:
        """The books' multipliers in order, and ``+IMP`` (the imp's) when the imp comes."""
        books_text, plus, imp_text = text.partition("+")
        items = layout_items(books_text, self.book_count, "multipliers (one per book)")
        book_total = sum(self.books.values())
        draws = [
            Draw(book_total, ticket_for(self.books, layout_amount(i, tuple(self.books), "a book")))
            for i in items
        ]
        num, den = self.imp_chance
        if not plus:
            if num == den:
                raise LayoutError("the imp always comes: add +IMP, his multiplier")
            return (*draws, Draw(den, den - 1))
        if num == 0:
            raise LayoutError("the imp never comes in this game: no +IMP")
        imp = layout_amount(imp_text.strip(), tuple(self.imp), "an imp multiplier")
        return (*draws, Draw(den, 0), Draw(sum(self.imp.values()), ticket_for(self.imp, imp)))

    # --- play -----------------------------------------------------------------------------

    def start(self, ctx: FeatureContext, rng: RandomSource) -> Triggered:
        """Draw every book, then whether the imp comes, then (if it does) its multiplier."""
        books = tuple(draw_weighted(rng, self.books) for _ in range(self.book_count))
        num, den = self.imp_chance
        imp = draw_weighted(rng, self.imp) if rng.randbelow(den) < num else None
        record = SpellBookRecord(books=books, imp=imp, opened=None, prize=0, ended_by=None)
        return Triggered(record=record)

    def refusal(self, ctx: FeatureContext, record: Any, action: FeatureAction) -> str | None:
        """One book, once."""
        if record.opened is not None:
            return "the spell book game is over"
        assert isinstance(action, Pick)
        return self.index_refusal(action, ())

    def step(
        self, ctx: FeatureContext, record: Any, action: FeatureAction, rng: RandomSource
    ) -> FeatureStep:
        """Open the book: the imp adds its multiplier, the game ends and pays."""
        assert isinstance(action, Pick)
        index = action.index
        events: list[Any] = [ItemOpened(game=self.name, index=index, content=record.books[index])]
        if record.imp is not None:
            events.append(ImpAppeared(multiplier=record.imp))
        multiple = record.books[index] + (record.imp or 0)
        prize, ended_by = self.settle(ctx, multiple)
        done = record._replace(opened=index, prize=prize, ended_by=ended_by)
        events.append(self.ended(done, multiple, done.books))
        return FeatureStep(record=done, events=tuple(events), win=prize, ended_by=ended_by)

    def finished(self, record: Any) -> bool:
        """A book was opened."""
        return record.opened is not None

    def phase(self, record: Any) -> str:
        """``picking`` or ``done``."""
        return "done" if record.opened is not None else "picking"

    def next_action(
        self,
        ctx: FeatureContext,
        record: Any,
        policy: str,
        chooser: RandomSource | None = None,
    ) -> FeatureAction:
        """The books are exchangeable: the first (``random``: any)."""
        return self.choose(self.untaken(()), policy, chooser)

    # --- save codec -----------------------------------------------------------------------

    def encode(self, record: Any) -> Json:
        """The books, the imp, the book opened, the prize."""
        return {
            "books": list(record.books),
            "imp": record.imp,
            "opened": record.opened,
            **self.encode_end(record),
        }

    def decode(self, ctx: FeatureContext, value: Any, where: str) -> SpellBookRecord:
        """The record; multipliers from the tables, the prize from the book opened."""
        doc = as_dict(value, where)
        books = self.decode_amounts(
            need(doc, "books", where), f"{where}.books", self.books, self.book_count
        )
        raw_imp = need(doc, "imp", where)
        imp = None if raw_imp is None else as_int(raw_imp, f"{where}.imp", 1)
        check(imp is None or imp in self.imp, f"{where}.imp: {imp} is not in the imp's table")
        num, den = self.imp_chance
        check(imp is None or num > 0, f"{where}.imp: this imp never comes")
        check(imp is not None or num < den, f"{where}.imp: this imp always comes")
        raw_opened = need(doc, "opened", where)
        opened = (
            None
            if raw_opened is None
            else as_int(raw_opened, f"{where}.opened", 0, self.book_count - 1)
        )
        multiple = None if opened is None else books[opened] + (imp or 0)
        prize, ended_by = self.decode_prize(ctx, doc, where, multiple)
        return SpellBookRecord(books=books, imp=imp, opened=opened, prize=prize, ended_by=ended_by)
