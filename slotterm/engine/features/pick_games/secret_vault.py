"""Secret Vault: choose three vaults of twelve, open one of them (DESIGN.md §2).

Record :class:`VaultRecord`: ``layout`` (the amounts in vault order, total bets: a
permutation of the game's amounts), ``chosen`` (vault indices in the order chosen),
``opened`` (the vault opened, ``None`` before), ``prize`` (cents), ``ended_by``.
Action :class:`~..pick_game.Pick` (``pick``): choose while fewer than ``chosen`` are
chosen, then open one of them.  Phases ``choosing``, ``opening``, ``done``.  Events
:class:`~..pick_game.ItemChosen`, :class:`~..pick_game.ItemsRevealed` (the vaults not
chosen, once the choice is made), :class:`~..pick_game.ItemOpened`,
:class:`~..pick_game.PickGameEnded`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple

from slotterm.engine.actions import FeatureAction
from slotterm.engine.definition_error import DefinitionError
from slotterm.engine.fast_init import strict_tuple
from slotterm.engine.feature import FeatureContext, FeatureStep, Json, Triggered
from slotterm.engine.features.pick_game import (
    ItemChosen,
    ItemOpened,
    ItemsRevealed,
    Pick,
    PickGame,
    PickStory,
)
from slotterm.engine.features.pick_layouts import (
    Draw,
    LayoutError,
    layout_amount,
    layout_items,
    shuffle_draws,
    shuffled,
)
from slotterm.engine.fields import as_dict, as_int, as_list, check, need
from slotterm.engine.records import EndReason
from slotterm.rng import RandomSource

if TYPE_CHECKING:
    from slotterm.engine.file_table import FileContext, FileTable

NAME = "secret_vault"


@strict_tuple
class VaultRecord(NamedTuple):
    """The amounts in vault order, the vaults chosen, the one opened, the prize."""

    layout: tuple[int, ...]
    chosen: tuple[int, ...]
    opened: int | None
    prize: int
    ended_by: EndReason | None


class SecretVault(PickGame):
    """The ``amounts`` lie in the vaults in a random order; the player chooses ``chosen``.

    The others show their amounts and vanish; the player opens one of the chosen.
    """

    name = NAME
    label = "vault"
    title = "Secret Vault"
    actions: ClassVar[Mapping[str, type[FeatureAction]]] = {Pick.name: Pick}

    def __init__(self, *, amounts: tuple[int, ...], chosen: int = 3) -> None:
        if not amounts or any(not isinstance(a, int) or a < 1 for a in amounts):
            raise DefinitionError(f"{self.title}: amounts must be positive integers")
        if not 1 <= chosen <= len(amounts):
            raise DefinitionError(f"{self.title}: chosen must be 1..{len(amounts)}")
        self.amounts = tuple(amounts)
        self.chosen = chosen

    @classmethod
    def from_file(cls, table: FileTable, context: FileContext) -> SecretVault:
        """``amounts`` (one per vault, in total bets) and ``chosen``."""
        amounts = table.integers("amounts", low=1)
        chosen = table.integer("chosen", low=1, high=len(amounts))
        with table.building():
            return cls(amounts=amounts, chosen=chosen)

    def to_file(self) -> Json:
        """The table :meth:`from_file` reads."""
        return {"amounts": list(self.amounts), "chosen": self.chosen}

    @property
    def vaults(self) -> int:
        """How many vaults there are."""
        return len(self.amounts)

    @property
    def item_count(self) -> int:
        """The vaults."""
        return self.vaults

    def max_prize(self) -> int:
        """The top amount."""
        return max(self.amounts)

    def others(self, record: Any) -> tuple[tuple[int, int], ...]:
        """The vaults not chosen and their amounts (shown once the choice is made)."""
        return tuple((i, a) for i, a in enumerate(record.layout) if i not in record.chosen)

    # --- reports --------------------------------------------------------------------------

    def story(self, record: Any) -> PickStory:
        """The vaults chosen, then the one opened; once it is, every vault shows its amount
        (the others were shown when the choice was made)."""
        opened = () if record.opened is None else ((record.opened, "open"),)
        done = record.opened is not None
        return PickStory(
            layout=record.layout,
            picks=(*((i, "choose") for i in record.chosen), *opened),
            seen=frozenset(range(self.vaults)) if done else frozenset(),
            added=None,
            multiple=record.layout[record.opened] if done else None,
        )

    layout_syntax = "one amount per vault, in order, each of the vaults' amounts once"

    def layout_draws(self, text: str) -> tuple[Draw, ...]:
        """The vaults' amounts in vault order: a reordering of the game's amounts."""
        items = layout_items(text, self.vaults, "amounts (one per vault)")
        layout = [layout_amount(item, self.amounts, "a vault amount") for item in items]
        for amount in sorted(set(layout)):
            if layout.count(amount) != self.amounts.count(amount):
                raise LayoutError(
                    f"{amount} stands {layout.count(amount)} times, the vaults hold it "
                    f"{self.amounts.count(amount)} times"
                )
        return shuffle_draws(self.amounts, layout)

    # --- play -----------------------------------------------------------------------------

    def start(self, ctx: FeatureContext, rng: RandomSource) -> Triggered:
        """Put the amounts in the vaults in a uniformly random order."""
        layout = tuple(int(a) for a in shuffled(rng, self.amounts))
        return Triggered(
            record=VaultRecord(layout=layout, chosen=(), opened=None, prize=0, ended_by=None)
        )

    def refusal(self, ctx: FeatureContext, record: Any, action: FeatureAction) -> str | None:
        """Choose distinct vaults, then open one of the chosen."""
        if record.opened is not None:
            return "the vault game is over"
        assert isinstance(action, Pick)
        if len(record.chosen) < self.chosen:
            return self.index_refusal(action, record.chosen)
        wrong = self.index_refusal(action, ())
        if wrong is not None:
            return wrong
        if action.index not in record.chosen:
            return "open one of the vaults you chose"
        return None

    def step(
        self, ctx: FeatureContext, record: Any, action: FeatureAction, rng: RandomSource
    ) -> FeatureStep:
        """Choose a vault (the last choice reveals the others), or open a chosen one."""
        assert isinstance(action, Pick)
        index = action.index
        if len(record.chosen) < self.chosen:
            record = record._replace(chosen=(*record.chosen, index))
            events: list[Any] = [ItemChosen(game=self.name, index=index)]
            if len(record.chosen) == self.chosen:
                events.append(ItemsRevealed(game=self.name, items=self.others(record)))
            return FeatureStep(record=record, events=tuple(events))
        amount = record.layout[index]
        prize, ended_by = self.settle(ctx, amount)
        done = record._replace(opened=index, prize=prize, ended_by=ended_by)
        opened = ItemOpened(game=self.name, index=index, content=amount)
        return FeatureStep(
            record=done,
            events=(opened, self.ended(done, amount, done.layout)),
            win=prize,
            ended_by=ended_by,
        )

    def finished(self, record: Any) -> bool:
        """A vault was opened."""
        return record.opened is not None

    def phase(self, record: Any) -> str:
        """``choosing``, ``opening`` or ``done``."""
        if record.opened is not None:
            return "done"
        return "opening" if len(record.chosen) == self.chosen else "choosing"

    def next_action(
        self,
        ctx: FeatureContext,
        record: Any,
        policy: str,
        chooser: RandomSource | None = None,
    ) -> FeatureAction:
        """The vaults are exchangeable: the lowest free (then chosen) one, or any (``random``)."""
        if len(record.chosen) < self.chosen:
            return self.choose(self.untaken(record.chosen), policy, chooser)
        return self.choose(sorted(record.chosen), policy, chooser)

    # --- save codec -----------------------------------------------------------------------

    def encode(self, record: Any) -> Json:
        """The vaults' amounts, the vaults chosen, the one opened, the prize."""
        return {
            "layout": list(record.layout),
            "chosen": list(record.chosen),
            "opened": record.opened,
            **self.encode_end(record),
        }

    def decode(self, ctx: FeatureContext, value: Any, where: str) -> VaultRecord:
        """The record; the layout must be a permutation of the amounts, the picks by the rules."""
        doc = as_dict(value, where)
        raw = as_list(need(doc, "layout", where), f"{where}.layout", self.vaults)
        layout = tuple(as_int(v, f"{where}.layout[{i}]", 1) for i, v in enumerate(raw))
        check(
            sorted(layout) == sorted(self.amounts),
            f"{where}.layout is not a permutation of the vaults' amounts",
        )
        chosen = self.decode_picks(need(doc, "chosen", where), f"{where}.chosen", self.chosen)
        raw_opened = need(doc, "opened", where)
        opened = (
            None
            if raw_opened is None
            else as_int(raw_opened, f"{where}.opened", 0, self.vaults - 1)
        )
        check(
            opened is None or (len(chosen) == self.chosen and opened in chosen),
            f"{where}.opened is not one of the vaults chosen",
        )
        multiple = None if opened is None else layout[opened]
        prize, ended_by = self.decode_prize(ctx, doc, where, multiple)
        return VaultRecord(
            layout=layout, chosen=chosen, opened=opened, prize=prize, ended_by=ended_by
        )
