"""The expanding symbol: a special symbol drawn for the feature, filling its reels.

When the host feature (free spins) starts, one symbol is drawn uniformly from the
candidates (the Magic Book, DESIGN.md §1).  After each free spin's regular wins: let
``k`` be the number of reels showing the special symbol anywhere (a wild does not count).
If the symbol pays for ``k`` on a line, those reels fill with it and **every active
line** pays ``pay[symbol][k] × bet per line``, adjacent or not; the regular wins stand
as well.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

from slotterm.engine.definition_error import DefinitionError
from slotterm.engine.eval_input import EvalInput
from slotterm.engine.events import FeatureEvent
from slotterm.engine.fast_init import fast_init, strict_tuple
from slotterm.engine.feature import FeatureContext, Json, SpinModifier
from slotterm.engine.fields import as_str, check
from slotterm.engine.file_table import FileTableError, join
from slotterm.engine.model import GameDefinition
from slotterm.engine.outcome import LineWin, Window
from slotterm.engine.records import SpinResult
from slotterm.rng import RandomSource

if TYPE_CHECKING:
    from slotterm.engine.file_table import FileContext, FileTable


@strict_tuple
class Expansion(NamedTuple):
    """The special symbol filled ``reels`` (0-based) and paid every active line."""

    symbol: str
    reels: tuple[int, ...]
    wins: tuple[LineWin, ...]
    total: int


@fast_init
@dataclass(frozen=True, slots=True)
class SpecialChosen(FeatureEvent):
    """The special expanding symbol was drawn for the feature."""

    symbol: str


def reels_showing(window: Window, symbol: str) -> tuple[int, ...]:
    """0-based reels on which ``symbol`` shows anywhere (a wild does not count)."""
    return tuple([r for r, column in enumerate(window) if symbol in column])


def expand(
    game: GameDefinition, window: Window, symbol: str, lines: int, bet_per_line: int
) -> Expansion | None:
    """The expansion of ``symbol`` on ``window``, or ``None`` when it does not pay."""
    reels = reels_showing(window, symbol)
    if not reels:
        return None
    key = (game, symbol, reels, lines, bet_per_line)
    try:
        return _EXPANSIONS[key]
    except KeyError:
        if len(_EXPANSIONS) >= _EXPANSIONS_MAX:
            _EXPANSIONS.clear()
        made = _EXPANSIONS[key] = _expansion(game, symbol, reels, lines, bet_per_line)
        return made


_EXPANSIONS: dict[tuple[GameDefinition, str, tuple[int, ...], int, int], Expansion | None] = {}
"""Expansions already worked out (they depend only on the key's values)."""

_EXPANSIONS_MAX = 4096


def _expansion(
    game: GameDefinition, symbol: str, reels: tuple[int, ...], lines: int, bet_per_line: int
) -> Expansion | None:
    """The expansion of ``symbol`` showing on ``reels``, or ``None`` when it does not pay."""
    mult = game.line_pay(symbol, len(reels))
    if mult <= 0:
        return None
    win = mult * bet_per_line
    wins = tuple(
        LineWin(line=n, symbol=symbol, count=len(reels), multiplier=mult, win=win)
        for n in range(1, lines + 1)
    )
    return Expansion(symbol=symbol, reels=reels, wins=wins, total=win * lines)


def min_reels(game: GameDefinition, symbol: str) -> int | None:
    """Fewest reels ``symbol`` must show on to expand and pay (``None``: never)."""
    counts = [c for c, m in game.paytable.get(symbol, {}).items() if m > 0]
    return min(counts) if counts else None


class ExpandingSymbol(SpinModifier):
    """Draws the special symbol from ``candidates`` and expands it after each spin."""

    name = "expanding_symbol"
    file_key = "expanding_symbol"
    host = "free_spins"

    @classmethod
    def from_file(cls, table: FileTable, context: FileContext) -> ExpandingSymbol:
        """``expanding_symbol = {candidates = [SYM, ...]}``: the symbols it is drawn from."""
        candidates = table.symbols("candidates", context)
        table.close()
        for i, symbol in enumerate(candidates):
            if symbol not in context.paytable or context.symbols[symbol].kind.is_wild:
                where = join(table.at("candidates"), i)
                raise FileTableError(where, f"{symbol} is not a paying symbol")
        with table.building("candidates"):
            return cls(candidates)

    def to_file(self) -> Json:
        """``{candidates}``."""
        return {"candidates": list(self.candidates)}

    def __init__(self, candidates: tuple[str, ...]) -> None:
        if not candidates or len(set(candidates)) != len(candidates):
            raise DefinitionError("expanding symbol: candidates must be distinct and not empty")
        self.candidates = candidates

    def validate(self, game: GameDefinition) -> None:
        """Every candidate must be a regular symbol with line pays."""
        for symbol in self.candidates:
            if symbol not in game.paytable or game.symbol_index[symbol].kind.is_wild:
                raise DefinitionError(f"expanding symbol: {symbol} is not a paying symbol")

    def start(self, ctx: FeatureContext, rng: RandomSource) -> tuple[str, tuple[SpecialChosen]]:
        """Draw the special symbol uniformly from the candidates."""
        special = self.candidates[rng.randbelow(len(self.candidates))]
        return special, (SpecialChosen(special),)

    def modify(self, ctx: FeatureContext, state: Any, spin: SpinResult) -> tuple[Any, int]:
        """The expansion of the special symbol on the spin's window, and its win."""
        bet = ctx.bet
        return self.added(ctx.game, spin.window, state, bet.lines, bet.bet_per_line)

    def added(
        self, game: GameDefinition, window: Window, state: Any, lines: int, bet_per_line: int
    ) -> tuple[Expansion | None, int]:
        """The expansion of the special symbol ``state`` on ``window``, and its win."""
        expansion = expand(game, window, state, lines, bet_per_line)
        return expansion, 0 if expansion is None else expansion.total

    def line_wins(self, extra: Any) -> tuple[LineWin, ...]:
        """Every active line the expansion paid (none when the symbol did not expand)."""
        wins: tuple[LineWin, ...] = () if extra is None else extra.wins
        return wins

    def eval_inputs(self) -> tuple[EvalInput, ...]:
        """The special symbol, one of the candidates (``eval --special SYM``)."""
        return (
            EvalInput(
                key="special",
                help="special symbol: evaluate as a free spin",
                choices=self.candidates,
            ),
        )

    def encode_state(self, state: Any) -> Any:
        """The special symbol's id."""
        return state

    def decode_state(self, value: Any, where: str) -> str:
        """The special symbol's id, which must be one of the candidates."""
        special = as_str(value, where)
        check(special in self.candidates, f"{where} {special!r} is not a special symbol")
        return special
