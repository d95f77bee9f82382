"""Pumpkin: open one, keep it or give it up for another (DESIGN.md §2).

Record :class:`PumpkinRecord`: ``layout`` (every pumpkin's amount, total bets),
``opened`` (indices in the order opened), ``given_up`` (how many were given up),
``kept`` (the last opened was kept: the game is over), ``prize`` (cents), ``ended_by``.
Actions :class:`~..pick_game.Pick` (``pick``), :class:`Keep` (``keep``),
:class:`PickAgain` (``pick_again``).  Phases ``picking``, ``deciding``, ``done``.

The one real decision of the four pick games: :func:`keep_thresholds` gives the optimal
stopping values the ``best`` and ``worst`` policies use.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple

from slotterm.engine.actions import FeatureAction
from slotterm.engine.definition_error import DefinitionError
from slotterm.engine.fast_init import fast_init, strict_tuple
from slotterm.engine.feature import FeatureContext, FeatureStep, Json, Triggered
from slotterm.engine.features.pick_game import (
    ItemGivenUp,
    ItemOpened,
    Pick,
    PickGame,
    PickStory,
    freeze_table,
    weights_json,
)
from slotterm.engine.features.pick_layouts import (
    Draw,
    draw_weighted,
    layout_amount,
    layout_items,
    ticket_for,
)
from slotterm.engine.fields import as_bool, as_dict, as_int, check, need
from slotterm.engine.records import EndReason
from slotterm.rng import RandomSource

if TYPE_CHECKING:
    from slotterm.engine.file_table import FileContext, FileTable

NAME = "pumpkin"


def keep_thresholds(amounts: Mapping[int, int], opens: int, policy: str) -> tuple[Fraction, ...]:
    """What going on is worth with ``k`` = 1..``opens`` pumpkins still openable (exact).

    ``best``: ``V_1 = E[X]``, ``V_{k+1} = E[max(X, V_k)]``; ``worst``: the same with
    ``min``.  Item ``k - 1`` is the value for ``k``; ``best`` keeps an amount ``>= V_k``,
    ``worst`` keeps one ``<= W_k``.
    """
    if policy not in ("best", "worst"):
        raise ValueError(f"no thresholds for the {policy!r} policy")
    total = sum(amounts.values())
    pick = max if policy == "best" else min
    values: list[Fraction] = []
    for _ in range(opens):
        if not values:
            value = Fraction(sum(a * w for a, w in amounts.items()), total)
        else:
            go_on = values[-1]
            value = sum((w * pick(Fraction(a), go_on) for a, w in amounts.items()), Fraction(0))
            value /= total
        values.append(value)
    return tuple(values)


@fast_init
@dataclass(frozen=True, slots=True)
class Keep(FeatureAction):
    """Keep the pumpkin just opened: its amount is the prize."""

    name = "keep"


@fast_init
@dataclass(frozen=True, slots=True)
class PickAgain(FeatureAction):
    """Give up the pumpkin just opened (its amount is lost) to open another."""

    name = "pick_again"


@strict_tuple
class PumpkinRecord(NamedTuple):
    """The hidden amounts, the pumpkins opened in order, the give-ups, whether kept, prize."""

    layout: tuple[int, ...]
    opened: tuple[int, ...]
    given_up: int
    kept: bool
    prize: int
    ended_by: EndReason | None


class Pumpkin(PickGame):
    """``pumpkins`` pumpkins hide amounts drawn from ``amounts``; up to ``give_ups`` give-ups.

    The player opens one and sees its amount, then keeps it or gives it up to open
    another; after ``give_ups`` give-ups the next one opened is kept.
    """

    name = NAME
    label = "pumpkin"
    title = "Pumpkin"
    actions: ClassVar[Mapping[str, type[FeatureAction]]] = {
        Pick.name: Pick,
        Keep.name: Keep,
        PickAgain.name: PickAgain,
    }

    def __init__(self, *, amounts: Mapping[int, int], pumpkins: int = 5, give_ups: int = 3) -> None:
        self.amounts = freeze_table(amounts, self.title)
        if pumpkins < 1 or not 0 <= give_ups < pumpkins:
            raise DefinitionError(f"{self.title}: needs 0 <= give-ups < pumpkins")
        self.pumpkins = pumpkins
        self.give_ups = give_ups
        self.thresholds = {
            policy: keep_thresholds(self.amounts, give_ups, policy) for policy in ("best", "worst")
        }

    @classmethod
    def from_file(cls, table: FileTable, context: FileContext) -> Pumpkin:
        """``amounts`` (weighted), ``pumpkins``, ``give_ups``."""
        amounts = table.weights("amounts")
        pumpkins = table.integer("pumpkins", low=1, high=100)
        give_ups = table.integer("give_ups", low=0, high=100)
        with table.building():
            return cls(amounts=amounts, pumpkins=pumpkins, give_ups=give_ups)

    def to_file(self) -> Json:
        """The table :meth:`from_file` reads."""
        return {
            "amounts": weights_json(self.amounts),
            "pumpkins": self.pumpkins,
            "give_ups": self.give_ups,
        }

    @property
    def item_count(self) -> int:
        """The pumpkins."""
        return self.pumpkins

    def max_prize(self) -> int:
        """The top amount."""
        return max(self.amounts)

    def keeps(self, amount: int, opens_left: int, policy: str) -> bool:
        """Whether ``policy`` keeps ``amount`` with ``opens_left`` pumpkins still openable."""
        if policy not in ("best", "keep-first", "random", "worst"):
            raise ValueError(f"unknown policy {policy!r}")
        if opens_left <= 0 or policy in ("keep-first", "random"):
            return True
        threshold = self.thresholds[policy][opens_left - 1]
        return amount >= threshold if policy == "best" else amount <= threshold

    @staticmethod
    def deciding(record: Any) -> bool:
        """A pumpkin is open, neither kept nor given up."""
        return not record.kept and len(record.opened) == record.given_up + 1

    # --- reports --------------------------------------------------------------------------

    def story(self, record: Any) -> PickStory:
        """Each pumpkin opened, then given up or kept; each opened shows its amount."""
        picks: list[tuple[int, str]] = []
        for n, index in enumerate(record.opened):
            picks.append((index, "open"))
            if n < record.given_up:
                picks.append((index, "give_up"))
            elif record.kept:
                picks.append((index, "keep"))
        return PickStory(
            layout=record.layout,
            picks=tuple(picks),
            seen=frozenset(record.opened),
            added=None,
            multiple=record.layout[record.opened[-1]] if record.kept else None,
        )

    layout_syntax = "one amount per pumpkin, in order: 2,4,6,10,50"

    def layout_draws(self, text: str) -> tuple[Draw, ...]:
        """Each pumpkin's amount (total bets), pumpkin 1 first, each one of the table's."""
        items = layout_items(text, self.pumpkins, "amounts (one per pumpkin)")
        total = sum(self.amounts.values())
        return tuple(
            Draw(
                total,
                ticket_for(self.amounts, layout_amount(item, tuple(self.amounts), "an amount")),
            )
            for item in items
        )

    # --- play -----------------------------------------------------------------------------

    def start(self, ctx: FeatureContext, rng: RandomSource) -> Triggered:
        """Draw every pumpkin's amount by the weights."""
        layout = tuple(draw_weighted(rng, self.amounts) for _ in range(self.pumpkins))
        record = PumpkinRecord(
            layout=layout, opened=(), given_up=0, kept=False, prize=0, ended_by=None
        )
        return Triggered(record=record)

    def refusal(self, ctx: FeatureContext, record: Any, action: FeatureAction) -> str | None:
        """Open while none is open; keep or give up the one open (while give-ups are left)."""
        if isinstance(action, PickAgain) and record.given_up >= self.give_ups:
            return f"no give-ups left: all {self.give_ups} are used"
        if record.kept:
            return "the pumpkin game is over"
        deciding = self.deciding(record)
        if isinstance(action, Pick):
            if deciding:
                return "keep the open pumpkin or give it up first"
            return self.index_refusal(action, record.opened)
        return None if deciding else "open a pumpkin first"

    def step(
        self, ctx: FeatureContext, record: Any, action: FeatureAction, rng: RandomSource
    ) -> FeatureStep:
        """Open a pumpkin (the last allowed is kept at once), keep it, or give it up."""
        if isinstance(action, PickAgain):
            index = record.opened[-1]
            given = ItemGivenUp(game=self.name, index=index, content=record.layout[index])
            return FeatureStep(
                record=record._replace(given_up=record.given_up + 1), events=(given,)
            )
        events: list[Any] = []
        if isinstance(action, Pick):
            record = record._replace(opened=(*record.opened, action.index))
            amount = record.layout[action.index]
            events.append(ItemOpened(game=self.name, index=action.index, content=amount))
            if record.given_up < self.give_ups:
                return FeatureStep(record=record, events=tuple(events))
        amount = record.layout[record.opened[-1]]
        prize, ended_by = self.settle(ctx, amount)
        done = record._replace(kept=True, prize=prize, ended_by=ended_by)
        events.append(self.ended(done, amount, done.layout))
        return FeatureStep(record=done, events=tuple(events), win=prize, ended_by=ended_by)

    def finished(self, record: Any) -> bool:
        """A pumpkin was kept."""
        return record.kept  # type: ignore[no-any-return]

    def phase(self, record: Any) -> str:
        """``picking``, ``deciding`` or ``done``."""
        if record.kept:
            return "done"
        return "deciding" if self.deciding(record) else "picking"

    def next_action(
        self,
        ctx: FeatureContext,
        record: Any,
        policy: str,
        chooser: RandomSource | None = None,
    ) -> FeatureAction:
        """Open the lowest (``random``: any) closed pumpkin; keep or go on by the policy.

        ``best`` keeps an amount at least what going on is worth, ``worst`` one at most
        what going on is worth, ``keep-first`` keeps, ``random`` keeps or goes on by
        ``chooser`` (keeps without one).
        """
        if not self.deciding(record):
            return self.choose(self.untaken(record.opened), policy, chooser)
        opens_left = self.give_ups - record.given_up
        if policy == "random":
            go_on = chooser is not None and chooser.randbelow(2) == 1
            return PickAgain() if go_on else Keep()
        amount = record.layout[record.opened[-1]]
        return Keep() if self.keeps(amount, opens_left, policy) else PickAgain()

    # --- save codec -----------------------------------------------------------------------

    def encode(self, record: Any) -> Json:
        """The amounts, the pumpkins opened, the give-ups, whether kept, the prize."""
        return {
            "layout": list(record.layout),
            "opened": list(record.opened),
            "given_up": record.given_up,
            "kept": record.kept,
            **self.encode_end(record),
        }

    def decode(self, ctx: FeatureContext, value: Any, where: str) -> PumpkinRecord:
        """The record; amounts from the table, opens and give-ups by the rules."""
        doc = as_dict(value, where)
        layout = self.decode_amounts(
            need(doc, "layout", where), f"{where}.layout", self.amounts, self.pumpkins
        )
        opened = self.decode_picks(need(doc, "opened", where), f"{where}.opened", self.give_ups + 1)
        given_up = as_int(need(doc, "given_up", where), f"{where}.given_up", 0, self.give_ups)
        kept = as_bool(need(doc, "kept", where), f"{where}.kept")
        check(
            len(opened) in (given_up, given_up + 1),
            f"{where}.given_up does not match the pumpkins opened",
        )
        check(not kept or len(opened) == given_up + 1, f"{where}.kept: no pumpkin is open")
        check(
            kept or len(opened) <= self.give_ups,
            f"{where}.kept: the last pumpkin allowed is always kept",
        )
        multiple = layout[opened[-1]] if kept else None
        prize, ended_by = self.decode_prize(ctx, doc, where, multiple)
        return PumpkinRecord(
            layout=layout,
            opened=opened,
            given_up=given_up,
            kept=kept,
            prize=prize,
            ended_by=ended_by,
        )
