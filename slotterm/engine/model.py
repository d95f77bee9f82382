"""The game model: validated, frozen data describing one video slot.

A definition that does not make sense fails at construction with a
:class:`DefinitionError` naming the problem.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING

from slotterm.engine.bet_model import BetModel, BetPerLine, CoinsPerLine
from slotterm.engine.definition_error import DefinitionError
from slotterm.engine.symbols import Symbol, SymbolKind

if TYPE_CHECKING:
    from slotterm.engine.actions import Bet, Limits
    from slotterm.engine.feature import Feature


@dataclass(frozen=True)
class CoinBet:
    """A bet in coins: ``coins_per_line`` (lowest, highest) times a coin size in cents.

    ``coin_sizes`` are the game's default coin sizes (the operator may offer others).
    What a definition built with it bets is its :attr:`GameDefinition.bet_model`
    (:class:`~slotterm.engine.bet_model.CoinsPerLine`).
    """

    coins_per_line: tuple[int, int]
    coin_sizes: tuple[int, ...]

    def __post_init__(self) -> None:
        problem = self.model().problem()
        if problem is not None:
            raise DefinitionError(problem)

    def model(self) -> CoinsPerLine:
        """The bet model of these coins."""
        return CoinsPerLine(coins_per_line=self.coins_per_line, coin_sizes=self.coin_sizes)


Pays = Mapping[int, int]
"""Count of symbols -> multiplier."""


def _freeze_pays(pays: Mapping[int, int], what: str) -> Pays:
    for count, mult in pays.items():
        if not isinstance(count, int) or count < 1:
            raise DefinitionError(f"{what}: count {count!r} must be a positive integer")
        if not isinstance(mult, int) or mult < 0:
            raise DefinitionError(f"{what}: multiplier {mult!r} must be a non-negative integer")
    return MappingProxyType(dict(sorted(pays.items())))


@dataclass(frozen=True, eq=False)
class GameDefinition:
    """Everything that defines one game: symbols, pays, lines, reels, wild, features.

    The core rules are data here; ``features`` (free spins, bonus games...) are the
    feature objects the game uses, in the order a spin's triggers are played (the first
    one triggered is played first).  ``gamble`` is False for a game without the
    double-or-nothing gamble: its round pays into credits as soon as it ends.

    The round cap is ``max_win_x_total_bet`` × the total bet, or ``max_win_cents`` (the
    operator may lower it per round), whichever is lower; at least one is set.  A game bet
    in coins has ``coins`` (its pays are then coins per coin bet per line, which is the
    same arithmetic as multiples of the bet per line) and ``bet_per_line_steps`` empty;
    :attr:`bet_model` is what either makes of the bet, and what everything else reads.
    Compared and hashed by identity: a definition is built once and shared.

    Presentation data the engine carries but never reads: ``art`` (symbol id -> its art
    entry from the game file, DESIGN.md §7: ``text``, ``colour``, or ``pixels``, a path
    already resolved against the game file's folder), ``help_text`` (the file's own few
    sentences of help) and ``source`` (the file the game was loaded from, for messages).
    """

    id: str
    name: str
    reels: int
    rows: int
    symbols: tuple[Symbol, ...]
    paytable: Mapping[str, Pays]
    scatter_pays: Pays
    lines: tuple[tuple[int, ...], ...]
    base_reels: tuple[tuple[str, ...], ...]
    max_win_x_total_bet: int | None
    wild_only_pays_as: str | None
    bet_per_line_steps: tuple[int, ...]
    published_rtp: float
    wild_substitutes: frozenset[str] | None = None
    wild_multiplier: int = 1
    features: tuple[Feature, ...] = ()
    gamble: bool = True
    max_win_cents: int | None = None
    coins: CoinBet | None = None
    art: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    help_text: str = ""
    source: str | None = None
    symbol_index: Mapping[str, Symbol] = field(init=False, repr=False, compare=False)
    feature_index: Mapping[str, Feature] = field(init=False, repr=False, compare=False)
    bet_model: BetModel = field(init=False, repr=False, compare=False)
    """How the game is bet (:mod:`slotterm.engine.bet_model`), from ``coins`` or
    ``bet_per_line_steps``."""

    def __post_init__(self) -> None:
        if self.reels < 1 or self.rows < 1:
            raise DefinitionError("reels and rows must be positive")
        index: dict[str, Symbol] = {}
        for sym in self.symbols:
            if sym.id in index:
                raise DefinitionError(f"symbol {sym.id} is defined twice")
            index[sym.id] = sym
        object.__setattr__(self, "symbol_index", MappingProxyType(index))
        object.__setattr__(
            self,
            "paytable",
            MappingProxyType(
                {s: _freeze_pays(p, f"paytable[{s}]") for s, p in self.paytable.items()}
            ),
        )
        object.__setattr__(self, "scatter_pays", _freeze_pays(self.scatter_pays, "scatter pays"))
        for sym_id, pays in self.paytable.items():
            if sym_id not in index:
                raise DefinitionError(f"paytable names unknown symbol {sym_id}")
            if any(c > self.reels for c in pays):
                raise DefinitionError(f"paytable[{sym_id}] pays for more symbols than reels")
        if self.wild_only_pays_as is not None and self.wild_only_pays_as not in self.paytable:
            raise DefinitionError(f"wild_only_pays_as {self.wild_only_pays_as} has no pays")
        if not self.lines:
            raise DefinitionError("a game needs at least one line")
        for n, line in enumerate(self.lines, 1):
            if len(line) != self.reels or any(not 0 <= r < self.rows for r in line):
                raise DefinitionError(f"line {n} must give a row 0..{self.rows - 1} per reel")
        if len(set(self.lines)) != len(self.lines):
            raise DefinitionError("two lines are the same")
        found: list[Feature] = []

        def add(feature: Feature) -> None:
            found.append(feature)
            for part in feature.parts():
                add(part)

        for feature in self.features:
            add(feature)
        if len({f.name for f in found}) != len(found):
            raise DefinitionError("two features have the same name")
        object.__setattr__(self, "feature_index", MappingProxyType({f.name: f for f in found}))
        for label, strips in self.reel_sets.items():
            if len(strips) != self.reels:
                raise DefinitionError(f"{label} reels: need {self.reels} strips")
            for r, strip in enumerate(strips, 1):
                if len(strip) < self.rows:
                    raise DefinitionError(f"{label} reel {r} is shorter than the window")
                unknown = sorted(set(strip) - index.keys())
                if unknown:
                    raise DefinitionError(f"{label} reel {r} has unknown symbols {unknown}")
        if self.coins is not None and self.bet_per_line_steps:
            raise DefinitionError("a game bet in coins has no bet-per-line steps")
        model = (
            BetPerLine(steps=tuple(self.bet_per_line_steps))
            if self.coins is None
            else self.coins.model()
        )
        problem = model.problem()
        if problem is not None:
            raise DefinitionError(problem)
        object.__setattr__(self, "bet_model", model)
        if self.wild_substitutes is not None and not self.wild_substitutes <= index.keys():
            raise DefinitionError("wild_substitutes names unknown symbols")
        if self.wild_multiplier < 1:
            raise DefinitionError("wild_multiplier must be at least 1")
        if self.max_win_x_total_bet is None and self.max_win_cents is None:
            raise DefinitionError("a game needs a round cap (max_win_x_total_bet or max_win_cents)")
        if self.max_win_x_total_bet is not None and self.max_win_x_total_bet < 1:
            raise DefinitionError("max_win_x_total_bet must be positive")
        if self.max_win_cents is not None and self.max_win_cents < 1:
            raise DefinitionError("max_win_cents must be positive")
        for feature in self.all_features:
            feature.validate(self)
        unknown_art = sorted(set(self.art) - index.keys())
        if unknown_art:
            raise DefinitionError(f"art names unknown symbols {unknown_art}")
        object.__setattr__(
            self,
            "art",
            MappingProxyType({s: MappingProxyType(dict(a)) for s, a in self.art.items()}),
        )

    # --- lookups -------------------------------------------------------------------------

    @property
    def wild_ids(self) -> frozenset[str]:
        """Ids of the symbols that substitute on lines."""
        return frozenset(s.id for s in self.symbols if s.kind.is_wild)

    @property
    def scatter_ids(self) -> frozenset[str]:
        """Ids of the symbols that pay and trigger anywhere."""
        return frozenset(s.id for s in self.symbols if s.kind.is_scatter)

    @property
    def reel_sets(self) -> Mapping[str, tuple[tuple[str, ...], ...]]:
        """Every strip set by name: ``"base"``, then the features' own sets."""
        sets = {"base": self.base_reels}
        for feature in self.all_features:
            sets.update(feature.reel_sets())
        return sets

    @property
    def all_features(self) -> tuple[Feature, ...]:
        """The game's features and, after each, the parts it starts itself (its pick games)."""
        return tuple(self.feature_index.values())

    def feature(self, name: str) -> Feature:
        """The game's feature (or feature part) called ``name``; ``KeyError`` if none."""
        return self.feature_index[name]

    def has_feature(self, name: str) -> bool:
        """True when the game uses a feature (or feature part) called ``name``."""
        return name in self.feature_index

    def bet_refusal(self, bet_per_line: int, coin_size: int | None) -> str | None:
        """Why a bet of ``bet_per_line`` cents (of coins of ``coin_size``) is refused, or ``None``.

        The lines are checked apart (:meth:`lines_refusal`); operator steps are the
        session's business.
        """
        if not isinstance(bet_per_line, int) or bet_per_line < 1:
            return "the bet per line must be positive"
        return self.bet_model.refusal(bet_per_line, coin_size)

    def default_bet(self, lines: int | None = None) -> Bet:
        """The lowest bet on ``lines`` lines (all lines by default)."""
        return self.bet_model.smallest_bet(len(self.lines) if lines is None else lines)

    def highest_bet_per_line(self) -> int:
        """The highest default bet per line in cents (the cap's worst case)."""
        return self.bet_model.highest_bet_per_line()

    def lines_refusal(self, lines: int) -> str | None:
        """Why ``lines`` active lines cannot be played, or ``None`` (1..all lines)."""
        if isinstance(lines, int) and 1 <= lines <= len(self.lines):
            return None
        return f"lines must be 1..{len(self.lines)}"

    def wild_substitutes_for(self, symbol: str) -> bool:
        """True when a wild may stand in for ``symbol`` on a line."""
        if symbol not in self.paytable or self.symbol_index[symbol].kind is not SymbolKind.REGULAR:
            return False
        return self.wild_substitutes is None or symbol in self.wild_substitutes

    def line_pay(self, symbol: str, count: int) -> int:
        """Multiplier of bet per line for ``count`` of ``symbol`` on a line (0 if none)."""
        return self.paytable.get(symbol, {}).get(count, 0)

    def scatter_pay(self, count: int) -> int:
        """Multiplier of the total bet for ``count`` scatters (0 if none)."""
        if not self.scatter_pays:
            return 0
        top = max(self.scatter_pays)
        return self.scatter_pays.get(min(count, top), 0)

    def max_win(self, total_bet: int, limits: Limits | None = None) -> int:
        """The round cap in cents for a total bet in cents under the operator ``limits``."""
        caps = []
        if self.max_win_x_total_bet is not None:
            caps.append(self.max_win_x_total_bet * total_bet)
        absolute = self.max_win_cents
        if limits is not None and limits.max_win is not None:
            absolute = limits.max_win
        if absolute is not None:
            caps.append(absolute)
        return min(caps)
