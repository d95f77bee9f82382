"""What the four pick games of a Mystery bonus share: tables, the prize caps, validation.

A pick game is a feature *part*: the Mystery bonus (:mod:`.mystery_bonus`) starts it
(:meth:`~slotterm.engine.feature.Feature.start`), which draws the whole hidden layout at
once and records it; the player's picks are actions without draws (DESIGN.md §2).  Every
prize is a whole multiple of the total bet, cut to the bonus cap (in coins; the host
feature that starts the game says how much, :class:`PickHost`) and to the room left under
the round cap (the round then ends, ``ended_by`` is ``cap``).  The prize is paid on the
step that finishes the game.

Shared here: the :class:`Pick` action (open or choose item ``index``, 0-based), the
events the interface animates (:class:`ItemOpened`, :class:`ItemChosen`,
:class:`ItemsRevealed`, :class:`ItemGivenUp`, :class:`PickGameEnded`), the readers
the games' save codecs use, and what every pick game reports as data: its record told
pick by pick (:meth:`PickGame.story`, a :class:`PickStory`, for the history).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple

from slotterm.engine.actions import Bet, FeatureAction
from slotterm.engine.definition_error import DefinitionError
from slotterm.engine.events import FeatureEvent
from slotterm.engine.fast_init import fast_init, strict_tuple
from slotterm.engine.feature import Feature, FeatureContext, Json
from slotterm.engine.features.pick_layouts import Content, Draw, LayoutError, Table
from slotterm.engine.fields import RecordError, as_int, as_list, as_str, check, need
from slotterm.engine.model import GameDefinition
from slotterm.engine.records import EndReason

if TYPE_CHECKING:
    from slotterm.rng import RandomSource

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


def weights_json(table: Table) -> dict[str, int]:
    """A weighted table as a game file writes it: ``{"5": 30, ...}``."""
    return {str(amount): weight for amount, weight in table.items()}


# --- the action and the events ---------------------------------------------------------------


@fast_init
@dataclass(frozen=True, slots=True)
class Pick(FeatureAction):
    """Open (or, in Secret Vault, choose) item ``index`` (0-based)."""

    name = "pick"
    index: int


@fast_init
@dataclass(frozen=True, slots=True)
class ItemOpened(FeatureEvent):
    """Item ``index`` of the pick game ``game`` was opened: it held ``content``."""

    game: str
    index: int
    content: Content


@fast_init
@dataclass(frozen=True, slots=True)
class ItemChosen(FeatureEvent):
    """Item ``index`` was chosen, still closed (Secret Vault)."""

    game: str
    index: int


@fast_init
@dataclass(frozen=True, slots=True)
class ItemsRevealed(FeatureEvent):
    """Items not taken show what they held: ``(index, content)`` pairs (Secret Vault)."""

    game: str
    items: tuple[tuple[int, Content], ...]


@fast_init
@dataclass(frozen=True, slots=True)
class ItemGivenUp(FeatureEvent):
    """The opened item ``index`` (holding ``content``) was given up (Pumpkin)."""

    game: str
    index: int
    content: Content


@fast_init
@dataclass(frozen=True, slots=True)
class PickGameEnded(FeatureEvent):
    """The pick game is over: ``multiple`` total bets won, ``prize`` cents paid.

    ``layout`` is every item's content (the whole hidden layout, revealed); ``reason`` is
    ``cap`` when the round cap cut the prize.
    """

    game: str
    multiple: int
    prize: int
    layout: tuple[Content, ...]
    reason: EndReason | None


# --- what a pick game reports ----------------------------------------------------------------

PICK_ACTIONS = ("open", "choose", "give_up", "keep")
"""What a player may do with an item, as a :class:`PickStory` names it: open it, choose it
still closed (Secret Vault), give up the one opened or keep it (Pumpkin)."""


@strict_tuple
class PickStory(NamedTuple):
    """A pick game's record told pick by pick (what the history shows of it).

    ``layout`` is every item's content in item order (0-based); ``picks`` the player's
    ``(index, action)`` in order (actions from :data:`PICK_ACTIONS`); ``seen`` the items
    whose content the player has been shown so far; ``added`` a multiple added to the item
    opened, once shown (Spell Book's imp), else ``None``; ``multiple`` what the picks are
    worth in total bets before any cap, ``None`` while the game goes on.
    """

    layout: tuple[Content, ...]
    picks: tuple[tuple[int, str], ...]
    seen: frozenset[int]
    added: int | None
    multiple: int | None


# --- the host and the base class -------------------------------------------------------------


class PickHost(Feature):
    """A feature that starts pick games (the Mystery bonus) and caps their prizes."""

    def prize_cap(self, bet: Bet) -> int | None:
        """The most one of its pick games pays at ``bet``, in cents (``None``: no cap)."""
        return None


class PickGame(Feature):
    """Base of a pick game: a feature part with a ``label`` and a largest prize.

    ``label`` is the game's name on the command line (``--force mystery_bonus:LABEL``) and
    ``title`` the name the player reads.  Records of every pick game have ``prize`` (cents
    paid, ``0`` until the end) and ``ended_by``.
    """

    label: ClassVar[str] = ""
    title: ClassVar[str] = ""

    @property
    def item_count(self) -> int:
        """How many items (bottles, pumpkins, books, vaults) the game shows."""
        raise NotImplementedError

    def max_prize(self) -> int:
        """The largest prize the game can pay, in total bets."""
        raise NotImplementedError

    def story(self, record: Any) -> PickStory:
        """``record`` told pick by pick (:class:`PickStory`)."""
        raise NotImplementedError

    layout_syntax: ClassVar[str] = ""
    """How a tester writes a layout of the game (``--force mystery-bonus:LABEL=LAYOUT``)."""

    def layout_draws(self, text: str) -> tuple[Draw, ...]:
        """The draws that make :meth:`start` draw the layout ``text`` (:attr:`layout_syntax`).

        Raises :class:`LayoutError` (one line, naming what is wrong) when ``text`` is not
        a possible draw of the game.
        """
        raise LayoutError(f"{self.title} takes no forced layout")

    def validate(self, game: GameDefinition) -> None:
        """A pick game never pays more than :data:`MAX_PRIZE_X_TOTAL_BET` total bets."""
        top = self.max_prize()
        if top > MAX_PRIZE_X_TOTAL_BET:
            raise DefinitionError(
                f"{self.title}: a prize of {top}x the total bet is over the "
                f"{MAX_PRIZE_X_TOTAL_BET}x limit"
            )

    # --- prizes -----------------------------------------------------------------------------

    def bonus_cap(self, ctx: FeatureContext) -> int | None:
        """The cap of the feature that starts this game in ``ctx.game``, in cents."""
        for feature in ctx.game.features:
            if isinstance(feature, PickHost) and any(p is self for p in feature.parts()):
                return feature.prize_cap(ctx.bet)
        return None

    def capped(self, ctx: FeatureContext, multiple: int) -> int:
        """``multiple`` total bets in cents, cut to the bonus cap (not to the room)."""
        prize = multiple * ctx.bet.total
        cap = self.bonus_cap(ctx)
        return prize if cap is None else min(prize, cap)

    def settle(self, ctx: FeatureContext, multiple: int) -> tuple[int, EndReason | None]:
        """The prize paid for ``multiple`` total bets, and the reason (the cap or the
        features' limit) if the room cut it."""
        prize = self.capped(ctx, multiple)
        if ctx.cuts(prize):
            return ctx.room, ctx.room_ends
        return prize, None

    def ended(self, record: Any, multiple: int, layout: tuple[Content, ...]) -> PickGameEnded:
        """The event that ends the game with ``record``'s prize."""
        return PickGameEnded(
            game=self.name,
            multiple=multiple,
            prize=record.prize,
            layout=layout,
            reason=record.ended_by,
        )

    def pay(self, record: Any) -> int:
        """The prize (``0`` until the game ends)."""
        return record.prize  # type: ignore[no-any-return]

    # --- shared checks ----------------------------------------------------------------------

    def index_refusal(self, action: Pick, taken: Sequence[int]) -> str | None:
        """Why ``action`` cannot take its item: out of range, or already ``taken``."""
        index = action.index
        if isinstance(index, bool) or not isinstance(index, int):
            return "pick an item by its number"
        if not 0 <= index < self.item_count:
            return f"there is no item {index + 1} (1..{self.item_count})"
        if index in taken:
            return f"item {index + 1} is already taken"
        return None

    def choose(self, indices: Sequence[int], policy: str, chooser: RandomSource | None) -> Pick:
        """The policy's pick among ``indices`` (exchangeable items): the first, or random."""
        if policy == "random" and chooser is not None:
            return Pick(index=indices[chooser.randbelow(len(indices))])
        return Pick(index=indices[0])

    def untaken(self, taken: Sequence[int]) -> list[int]:
        """The items not in ``taken``, lowest first."""
        return [i for i in range(self.item_count) if i not in taken]

    # --- codec ------------------------------------------------------------------------------

    def encode_action(self, action: FeatureAction) -> Json:
        """``{"type": "pick", "index": i}``, or a field-less action."""
        if isinstance(action, Pick):
            return {"type": Pick.name, "index": action.index}
        return super().encode_action(action)

    def decode_action(self, value: Mapping[str, Any], where: str) -> FeatureAction:
        """An action of this game; a pick's index must name one of the items."""
        if value.get("type") == Pick.name and Pick.name in self.actions:
            index = as_int(need(value, "index", where), f"{where}.index", 0, self.item_count - 1)
            return Pick(index=index)
        return super().decode_action(value, where)

    def decode_picks(self, value: Any, where: str, most: int) -> tuple[int, ...]:
        """Distinct item indices, at most ``most`` of them."""
        items = as_list(value, where)
        check(len(items) <= most, f"{where}: more than {most} items")
        picks = tuple(
            as_int(v, f"{where}[{i}]", 0, self.item_count - 1) for i, v in enumerate(items)
        )
        check(len(set(picks)) == len(picks), f"{where}: an item is taken twice")
        return picks

    def decode_amounts(
        self, value: Any, where: str, allowed: Mapping[int, int], length: int
    ) -> tuple[int, ...]:
        """``length`` amounts, each one of ``allowed``'s."""
        items = as_list(value, where, length)
        amounts = tuple(as_int(v, f"{where}[{i}]", 1) for i, v in enumerate(items))
        for i, amount in enumerate(amounts):
            check(amount in allowed, f"{where}[{i}]: {amount} is not in the table")
        return amounts

    def decode_prize(
        self, ctx: FeatureContext, doc: Mapping[str, Any], where: str, multiple: int | None
    ) -> tuple[int, EndReason | None]:
        """The record's ``prize`` and ``ended_by``, checked against ``multiple`` total bets.

        ``multiple`` is ``None`` while the game is still being played (no prize yet).
        Only the round cap or the features' limit may leave the prize below its capped value.
        """
        raw_end = need(doc, "ended_by", where)
        try:
            ended_by = None if raw_end is None else EndReason(as_str(raw_end, f"{where}.ended_by"))
        except ValueError:
            raise RecordError(f"{where}.ended_by is not a reason") from None
        limited = ended_by is EndReason.LIMIT and ctx.limits.free_spin_limit is not None
        check(
            ended_by in (None, EndReason.CAP) or limited,
            f"{where}.ended_by: only the cap or the features' limit (when set) ends a pick game",
        )
        prize = as_int(need(doc, "prize", where), f"{where}.prize")
        if multiple is None:
            check(prize == 0, f"{where}.prize: nothing is paid before the game ends")
            check(ended_by is None, f"{where}.ended_by: the game has not ended")
            return prize, ended_by
        due = self.capped(ctx, multiple)
        if ended_by is None:
            check(prize == due, f"{where}.prize: the picks pay {due}, not {prize}")
        else:
            check(prize <= due, f"{where}.prize is more than the picks pay")
        return prize, ended_by

    @staticmethod
    def encode_end(record: Any) -> Json:
        """The fields every pick-game record ends with."""
        return {
            "prize": record.prize,
            "ended_by": None if record.ended_by is None else record.ended_by.value,
        }
