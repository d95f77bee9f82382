"""Magic Potion: bottles hiding amounts, one Win All, one Stop (DESIGN.md §2).

Record :class:`PotionRecord`: ``layout`` (every bottle's content: an amount in total
bets, :data:`WIN_ALL` or :data:`STOP`), ``opened`` (bottle indices in the order opened),
``prize`` (cents), ``ended_by``.  Action :class:`~..pick_game.Pick` (``pick``).  Phases
``picking``, ``done``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple

from slotterm.engine.actions import FeatureAction
from slotterm.engine.definition_error import DefinitionError
from slotterm.engine.fast_init import strict_tuple
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
    Content,
    Draw,
    LayoutError,
    draw_weighted,
    layout_amount,
    layout_items,
    shuffle_draws,
    shuffled,
    ticket_for,
)
from slotterm.engine.fields import as_dict, as_int, as_list, check, need
from slotterm.engine.records import EndReason
from slotterm.rng import RandomSource

if TYPE_CHECKING:
    from slotterm.engine.file_table import FileContext, FileTable

NAME = "magic_potion"

WIN_ALL = "win_all"
"""The bottle that pays every amount."""

STOP = "stop"
"""The bottle that ends the game."""


@strict_tuple
class PotionRecord(NamedTuple):
    """The shelf (hidden contents), the bottles opened in order, the prize."""

    layout: tuple[Content, ...]
    opened: tuple[int, ...]
    prize: int
    ended_by: EndReason | None


class MagicPotion(PickGame):
    """``amount_bottles`` bottles hide amounts drawn from ``amounts``, plus Win All and Stop.

    The player opens bottles one at a time.  An amount is added; Win All pays every
    amount (opened or not) and ends the game; Stop ends it, paying the amounts opened
    plus ``stop_bonus`` total bets for each bottle left unopened.
    """

    name = NAME
    label = "potion"
    title = "Magic Potion"
    actions: ClassVar[Mapping[str, type[FeatureAction]]] = {Pick.name: Pick}

    def __init__(
        self, *, amounts: Mapping[int, int], amount_bottles: int = 10, stop_bonus: int = 1
    ) -> None:
        self.amounts = freeze_table(amounts, self.title)
        if amount_bottles < 1 or stop_bonus < 0:
            raise DefinitionError(f"{self.title}: needs amount bottles and a stop bonus >= 0")
        self.amount_bottles = amount_bottles
        self.stop_bonus = stop_bonus

    @classmethod
    def from_file(cls, table: FileTable, context: FileContext) -> MagicPotion:
        """``amounts`` (weighted), ``amount_bottles``, ``stop_bonus_per_unopened``; one Win
        All and one Stop bottle (``win_all_bottles``/``stop_bottles``, 1 if given)."""
        amounts = table.weights("amounts")
        bottles = table.integer("amount_bottles", low=1, high=100)
        table.derived("win_all_bottles", 1)
        table.derived("stop_bottles", 1)
        stop_bonus = table.integer("stop_bonus_per_unopened", low=0, high=1000)
        with table.building():
            return cls(amounts=amounts, amount_bottles=bottles, stop_bonus=stop_bonus)

    def to_file(self) -> Json:
        """The table :meth:`from_file` reads."""
        return {
            "amounts": weights_json(self.amounts),
            "amount_bottles": self.amount_bottles,
            "win_all_bottles": 1,
            "stop_bottles": 1,
            "stop_bonus_per_unopened": self.stop_bonus,
        }

    @property
    def bottles(self) -> int:
        """Bottles on the shelf: the amounts, Win All and Stop."""
        return self.amount_bottles + 2

    @property
    def item_count(self) -> int:
        """The bottles."""
        return self.bottles

    def max_prize(self) -> int:
        """Every bottle at the top amount (Win All), or Stop after ``k`` amounts opened.

        Stop pays ``k × top + (amount_bottles + 1 - k) × stop_bonus`` at best, linear in
        ``k``: its largest value is at ``k = amount_bottles`` or at ``k = 0``.
        """
        n, top = self.amount_bottles, max(self.amounts)
        return max(n * top, n * top + self.stop_bonus, (n + 1) * self.stop_bonus)

    def multiple(self, layout: tuple[Content, ...], opened: tuple[int, ...]) -> int | None:
        """What the bottles ``opened`` pay in total bets, or ``None`` while the game goes on."""
        if not opened or isinstance(layout[opened[-1]], int):
            return None
        if layout[opened[-1]] == WIN_ALL:
            return sum(c for c in layout if isinstance(c, int))
        found = sum(c for i in opened if isinstance(c := layout[i], int))
        return found + self.stop_bonus * (len(layout) - len(opened))

    # --- reports --------------------------------------------------------------------------

    def story(self, record: Any) -> PickStory:
        """The bottles opened in order; each shows what it held."""
        return PickStory(
            layout=record.layout,
            picks=tuple((i, "open") for i in record.opened),
            seen=frozenset(record.opened),
            added=None,
            multiple=self.multiple(record.layout, record.opened),
        )

    layout_syntax = (
        "one item per bottle, in order: an amount, or win-all or stop once each: "
        "5,2,stop,1,3,win-all,8,1,2,5,3,1"
    )

    def layout_draws(self, text: str) -> tuple[Draw, ...]:
        """Each bottle's content in order: amounts of the table, one ``win-all``, one ``stop``."""
        items = layout_items(text, self.bottles, "items (one per bottle)")
        layout: list[Content] = []
        for item in items:
            special = item.replace("-", "_").lower()
            if special in (WIN_ALL, STOP):
                layout.append(special)
            else:
                layout.append(
                    layout_amount(item, tuple(self.amounts), "an amount, win-all or stop")
                )
        for special in (WIN_ALL, STOP):
            if layout.count(special) != 1:
                shown = special.replace("_", "-")
                raise LayoutError(
                    f"needs {shown} exactly once, got it {layout.count(special)} times"
                )
        amounts = [c for c in layout if isinstance(c, int)]
        total = sum(self.amounts.values())
        draws = [Draw(total, ticket_for(self.amounts, a)) for a in amounts]
        return (*draws, *shuffle_draws([*amounts, WIN_ALL, STOP], layout))

    # --- play -----------------------------------------------------------------------------

    def start(self, ctx: FeatureContext, rng: RandomSource) -> Triggered:
        """Draw the amounts (each by the weights), then shuffle them with Win All and Stop."""
        amounts: list[Content] = [
            draw_weighted(rng, self.amounts) for _ in range(self.amount_bottles)
        ]
        layout = shuffled(rng, [*amounts, WIN_ALL, STOP])
        return Triggered(record=PotionRecord(layout=layout, opened=(), prize=0, ended_by=None))

    def refusal(self, ctx: FeatureContext, record: Any, action: FeatureAction) -> str | None:
        """Open a bottle not opened yet, while the game goes on."""
        if self.finished(record):
            return "the potion game is over"
        assert isinstance(action, Pick)
        return self.index_refusal(action, record.opened)

    def step(
        self, ctx: FeatureContext, record: Any, action: FeatureAction, rng: RandomSource
    ) -> FeatureStep:
        """Open the bottle; a special ends the game and pays."""
        assert isinstance(action, Pick)
        layout = record.layout
        opened = (*record.opened, action.index)
        events: list[Any] = [
            ItemOpened(game=self.name, index=action.index, content=layout[action.index])
        ]
        multiple = self.multiple(layout, opened)
        if multiple is None:
            return FeatureStep(record=record._replace(opened=opened), events=tuple(events))
        prize, ended_by = self.settle(ctx, multiple)
        done = PotionRecord(layout=layout, opened=opened, prize=prize, ended_by=ended_by)
        events.append(self.ended(done, multiple, layout))
        return FeatureStep(record=done, events=tuple(events), win=prize, ended_by=ended_by)

    def finished(self, record: Any) -> bool:
        """A special bottle was opened."""
        return bool(record.opened) and not isinstance(record.layout[record.opened[-1]], int)

    def phase(self, record: Any) -> str:
        """``picking`` or ``done``."""
        return "done" if self.finished(record) else "picking"

    def next_action(
        self,
        ctx: FeatureContext,
        record: Any,
        policy: str,
        chooser: RandomSource | None = None,
    ) -> FeatureAction:
        """The bottles are exchangeable: the lowest unopened (``random``: any unopened)."""
        return self.choose(self.untaken(record.opened), policy, chooser)

    # --- save codec -----------------------------------------------------------------------

    def encode(self, record: Any) -> Json:
        """The shelf, the bottles opened, the prize."""
        return {
            "layout": list(record.layout),
            "opened": list(record.opened),
            **self.encode_end(record),
        }

    def decode(self, ctx: FeatureContext, value: Any, where: str) -> PotionRecord:
        """The record; the shelf must fit the table and the picks the rules."""
        doc = as_dict(value, where)
        raw = as_list(need(doc, "layout", where), f"{where}.layout", self.bottles)
        layout: list[Content] = []
        for i, item in enumerate(raw):
            at = f"{where}.layout[{i}]"
            if item in (WIN_ALL, STOP) and isinstance(item, str):
                layout.append(item)
            else:
                amount = as_int(item, at, 1)
                check(amount in self.amounts, f"{at}: {amount} is not in the table")
                layout.append(amount)
        check(layout.count(WIN_ALL) == 1, f"{where}.layout needs exactly one {WIN_ALL}")
        check(layout.count(STOP) == 1, f"{where}.layout needs exactly one {STOP}")
        shelf = tuple(layout)
        opened = self.decode_picks(need(doc, "opened", where), f"{where}.opened", self.bottles)
        check(
            all(isinstance(shelf[i], int) for i in opened[:-1]),
            f"{where}.opened: bottles opened after the game ended",
        )
        prize, ended_by = self.decode_prize(ctx, doc, where, self.multiple(shelf, opened))
        return PotionRecord(layout=shelf, opened=opened, prize=prize, ended_by=ended_by)
