"""The Mystery bonus: a bonus symbol on given reels starts one of several pick games.

One :attr:`MysteryBonus.symbol` showing anywhere on each of :attr:`MysteryBonus.reels`
at once (base game or free spin) awards the bonus; it is played before the free spins
(the game lists it first) and, awarded inside them, before the next free spin (the round
pushes its frame above theirs).  :class:`OpenBonus` draws one of
:attr:`MysteryBonus.games` with equal weights (a tester may force one:
``mystery_bonus:LABEL``) and starts it as a part: the pick game draws its hidden layout
and its frame goes on top.  The bonus itself pays nothing; the pick game pays, at most
:attr:`MysteryBonus.cap_coins` coins.

Record: :class:`MysteryRecord` (``forced``: the label of a forced game or ``None``;
``game``: the name of the game drawn, ``None`` until opened).  Phases ``awarded`` and
``done``.  Events :class:`MysteryBonusAwarded` and :class:`BonusGameDrawn`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple

from slotterm.engine.actions import Bet, FeatureAction
from slotterm.engine.definition_error import DefinitionError
from slotterm.engine.events import FeatureEvent
from slotterm.engine.fast_init import fast_init, strict_tuple
from slotterm.engine.feature import (
    Feature,
    FeatureContext,
    FeatureStep,
    Json,
    Triggered,
    TriggerHint,
)
from slotterm.engine.features.pick_game import PickGame, PickHost
from slotterm.engine.features.pick_layouts import LayoutError
from slotterm.engine.fields import as_dict, as_str, check, need
from slotterm.engine.model import GameDefinition
from slotterm.engine.records import SpinResult
from slotterm.engine.symbols import SymbolKind
from slotterm.rng import RandomSource

if TYPE_CHECKING:
    from slotterm.engine.file_table import FileContext, FileTable

NAME = "mystery_bonus"
"""The feature's name in a game and in saves."""


@fast_init
@dataclass(frozen=True, slots=True)
class OpenBonus(FeatureAction):
    """Open the awarded bonus: its pick game is drawn and started."""

    name = "open_bonus"


@strict_tuple
class MysteryRecord(NamedTuple):
    """The bonus: the label of a forced game (or ``None``), the game drawn (its name)."""

    forced: str | None
    game: str | None


@fast_init
@dataclass(frozen=True, slots=True)
class MysteryBonusAwarded(FeatureEvent):
    """The bonus symbols awarded the Mystery bonus (``inside``: the feature they showed in)."""

    inside: str | None


@fast_init
@dataclass(frozen=True, slots=True)
class BonusGameDrawn(FeatureEvent):
    """The pick game ``game`` (its name; ``title`` for the player) was drawn (or forced)."""

    game: str
    title: str
    forced: bool


class MysteryBonus(PickHost):
    """``symbol`` on each of ``reels`` (1-based) starts one of ``games``; prizes capped in coins.

    ``cap_coins`` is the most one bonus pays, in coins (a game bet in cents has no coin
    cap).
    """

    name = NAME
    actions: ClassVar[Mapping[str, type[FeatureAction]]] = {OpenBonus.name: OpenBonus}
    file_key = "bonus"
    play_order = 10  # a bonus is played before the free spins the same spin awards

    def __init__(
        self,
        *,
        symbol: str,
        reels: tuple[int, ...],
        games: tuple[PickGame, ...],
        cap_coins: int,
    ) -> None:
        if not reels or list(reels) != sorted(set(reels)) or reels[0] < 1:
            raise DefinitionError("mystery bonus: reels must be increasing 1-based numbers")
        if not games:
            raise DefinitionError("mystery bonus: needs at least one pick game")
        if len({g.label for g in games}) != len(games) or len({g.name for g in games}) != len(
            games
        ):
            raise DefinitionError("mystery bonus: pick games need distinct names and labels")
        if cap_coins < 1:
            raise DefinitionError("mystery bonus: the cap must be positive coins")
        self.symbol = symbol
        self.reels = reels
        self.games = games
        self.cap_coins = cap_coins
        self._by_label = {g.label: g for g in games}
        self._by_name = {g.name: g for g in games}
        self._reel_indices = tuple(r - 1 for r in reels)

    @classmethod
    def from_file(cls, table: FileTable, context: FileContext) -> MysteryBonus:
        """``bonus = {symbol, reels, cap_coins, games = {LABEL = {name, ...}}}``.

        Each pick game is found by its ``name`` among the feature parts and reads its own
        keys; ``LABEL`` must be the game's label.  ``title``, ``max_prize_x_total_bet`` and
        ``weight`` (the games are drawn with equal weights) repeat what the file says
        elsewhere: they may be given, and must then be right.
        """
        symbol = table.symbol("symbol", context)
        reels = table.integers("reels", low=1, high=context.reels)
        cap = table.integer("cap_coins", low=1)
        games_table = table.table("games")
        table.close()
        if context.symbols[symbol].kind is not SymbolKind.BONUS:
            table.fail(f"{symbol} is not a symbol of kind bonus", "symbol")
        for set_name, strips in context.reel_sets.items():
            for r, strip in enumerate(strips):
                if r + 1 not in reels and symbol in strip:
                    table.fail(
                        f"{symbol} may stand only on reels {', '.join(map(str, reels))}: "
                        f"found at reels.{set_name}[{r}][{strip.index(symbol)}]",
                        "reels",
                    )
        if not games_table.names():
            games_table.fail("needs at least one pick game")
        games = []
        for label in games_table.names():
            spec = games_table.table(label)
            kind = spec.text("name", most=60)
            game_class = context.part_class(kind, spec.at("name"), PickGame)
            if label != game_class.label:
                games_table.fail(f"the pick game {kind} is labelled {game_class.label}", label)
            spec.derived("title", game_class.title)
            game = game_class.from_file(spec, context)
            spec.derived("max_prize_x_total_bet", game.max_prize())
            spec.derived("weight", 1)
            spec.close()
            games.append(game)
        with table.building():
            return cls(symbol=symbol, reels=reels, games=tuple(games), cap_coins=cap)

    def to_file(self) -> Json:
        """The table :meth:`from_file` reads, each game with its title, top prize, weight."""
        return {
            "symbol": self.symbol,
            "reels": list(self.reels),
            "cap_coins": self.cap_coins,
            "games": {
                g.label: {
                    "title": g.title,
                    "name": g.name,
                    **g.to_file(),
                    "max_prize_x_total_bet": g.max_prize(),
                    "weight": 1,
                }
                for g in self.games
            },
        }

    @property
    def reel_indices(self) -> tuple[int, ...]:
        """The trigger reels, 0-based."""
        return self._reel_indices

    def parts(self) -> tuple[Feature, ...]:
        """The pick games."""
        return self.games

    def started_part(self, record: Any) -> str | None:
        """The pick game drawn (its name), ``None`` until the bonus is opened."""
        return record.game  # type: ignore[no-any-return]

    def prize_cap(self, bet: Bet) -> int | None:
        """``cap_coins`` coins at the bet's coin size, in cents (``None`` for a cents game)."""
        return None if bet.coin_size is None else self.cap_coins * bet.coin_size

    def validate(self, game: GameDefinition) -> None:
        """The symbol is the game's bonus symbol, on the trigger reels only."""
        sym = game.symbol_index.get(self.symbol)
        if sym is None or sym.kind is not SymbolKind.BONUS:
            raise DefinitionError(f"mystery bonus: {self.symbol} is not a bonus symbol")
        if self.reels[-1] > game.reels:
            raise DefinitionError(f"mystery bonus: the game has only {game.reels} reels")
        for label, strips in game.reel_sets.items():
            for r, strip in enumerate(strips, 1):
                if r not in self.reels and self.symbol in strip:
                    raise DefinitionError(
                        f"{self.symbol} may stand only on reels "
                        f"{', '.join(map(str, self.reels))}: found on {label} reel {r}"
                    )

    def force_refusal(self, detail: str) -> str | None:
        """``""`` (a game drawn as usual), the label of one of the pick games, or
        ``LABEL=LAYOUT``: that game with that hidden layout (its
        :attr:`~.pick_game.PickGame.layout_syntax`), which must be a possible draw."""
        label, equals, layout = detail.partition("=")
        if label and label not in self._by_label:
            known = ", ".join(self._by_label)
            return f"the mystery bonus has no pick game {label!r} (choose one of: {known})"
        if equals:
            if not label:
                return "name the pick game before its layout (LABEL=LAYOUT)"
            try:
                self._by_label[label].layout_draws(layout)
            except LayoutError as exc:
                return f"the {label} layout: {exc}"
        return None

    def forced_draws(self, detail: str) -> tuple[tuple[int, int], ...]:
        """A ``LABEL=LAYOUT`` detail: the draws that give the pick game that layout."""
        label, equals, layout = detail.partition("=")
        return self._by_label[label].layout_draws(layout) if equals else ()

    def game_by_name(self, name: str) -> PickGame:
        """The pick game called ``name`` (``KeyError`` if none)."""
        return self._by_name[name]

    # --- play -----------------------------------------------------------------------------

    def trigger(self, ctx: FeatureContext, spin: SpinResult) -> Triggered | None:
        """The symbol on every trigger reel of the window awards the bonus (no draws)."""
        window = spin.window
        symbol = self.symbol
        for reel in self._reel_indices:
            if symbol not in window[reel]:
                return None
        forced: str | None = None
        force = ctx.force
        if force is not None:
            name, _, detail = force.partition(":")
            if name == self.name and detail:
                forced = detail.partition("=")[0]
        return Triggered(
            record=MysteryRecord(forced=forced, game=None),
            events=(MysteryBonusAwarded(inside=ctx.inside),),
        )

    def trigger_hint(self) -> TriggerHint:
        """A window without the symbol on one of the trigger reels never awards the bonus."""
        return TriggerHint(symbol=self.symbol, reels=self.reel_indices)

    def refusal(self, ctx: FeatureContext, record: Any, action: FeatureAction) -> str | None:
        """The bonus opens once."""
        return None if record.game is None else "the mystery bonus is already open"

    def step(
        self, ctx: FeatureContext, record: Any, action: FeatureAction, rng: RandomSource
    ) -> FeatureStep:
        """Draw the pick game (unless forced) and start it: it draws its layout."""
        if record.forced is not None:
            game = self._by_label[record.forced]
        else:
            game = self.games[rng.randbelow(len(self.games))]
        started = game.start(ctx, rng)
        done = MysteryRecord(forced=record.forced, game=game.name)
        drawn = BonusGameDrawn(game=game.name, title=game.title, forced=record.forced is not None)
        return FeatureStep(record=done, events=(drawn,), started=((game, started),))

    def finished(self, record: Any) -> bool:
        """Done once the pick game is drawn (the game itself is its own frame)."""
        return record.game is not None

    def phase(self, record: Any) -> str:
        """``awarded`` (waiting to open) or ``done``."""
        return "done" if record.game is not None else "awarded"

    def next_action(
        self,
        ctx: FeatureContext,
        record: Any,
        policy: str,
        chooser: RandomSource | None = None,
    ) -> FeatureAction:
        """Open the bonus (no choice to make)."""
        return OpenBonus()

    # --- save codec -----------------------------------------------------------------------

    def encode(self, record: Any) -> Json:
        """``{"forced": label or null, "game": name or null}``."""
        return {"forced": record.forced, "game": record.game}

    def decode(self, ctx: FeatureContext, value: Any, where: str) -> MysteryRecord:
        """The record; a forced label and the game drawn must be this bonus's own."""
        doc = as_dict(value, where)
        raw_forced = need(doc, "forced", where)
        forced = None if raw_forced is None else as_str(raw_forced, f"{where}.forced")
        check(
            forced is None or forced in self._by_label,
            f"{where}.forced: {forced!r} is not a pick game of the bonus",
        )
        raw_game = need(doc, "game", where)
        game = None if raw_game is None else as_str(raw_game, f"{where}.game")
        check(
            game is None or game in self._by_name,
            f"{where}.game: {game!r} is not a pick game of the bonus",
        )
        check(
            forced is None or game is None or self._by_label[forced].name == game,
            f"{where}.game is not the game that was forced",
        )
        return MysteryRecord(forced=forced, game=game)
