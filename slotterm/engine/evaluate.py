"""Window evaluation: line wins, scatter wins, the free-spin award and the expansion.

Everything here is expressed in multipliers first (of bet per line for lines, of total
bet for scatters) and turned into cents by :func:`evaluate`.  The per-line reading is
memoised per game, so the hot path is a handful of dictionary look-ups.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from slotterm.engine.model import GameDefinition

Window = tuple[tuple[str, ...], ...]
"""A window as ``window[reel][row]`` with row 0 at the top."""


class GridError(ValueError):
    """A window that does not fit the game (wrong shape or unknown symbols)."""


@dataclass(frozen=True, slots=True)
class LineReading:
    """The paying reading of one line: which symbol, how many, what multiplier."""

    symbol: str
    count: int
    multiplier: int


@dataclass(frozen=True, slots=True)
class LineWin:
    """A paid line: 1-based line number, symbol, count, multiplier, win in cents."""

    line: int
    symbol: str
    count: int
    multiplier: int
    win: int


@dataclass(frozen=True, slots=True)
class ScatterWin:
    """Scatter pay: how many scatters, multiplier of the total bet, win in cents."""

    count: int
    multiplier: int
    win: int


@dataclass(frozen=True, slots=True)
class Evaluation:
    """Everything one window pays, in cents, plus the free spins it awards."""

    line_wins: tuple[LineWin, ...]
    scatter_win: ScatterWin | None
    expanding_wins: tuple[LineWin, ...]
    expanded_reels: tuple[int, ...]
    scatter_count: int
    free_spins_awarded: int
    total_win: int


NO_WIN = Evaluation((), None, (), (), 0, 0, 0)


def read_line(game: GameDefinition, symbols: Sequence[str]) -> LineReading | None:
    """The highest-paying reading of one line, left to right, or ``None``.

    A run of leading wilds may pay on its own (as ``game.wild_only_pays_as``) or stand in
    for the first real symbol that follows; whichever pays more is taken.
    """
    return _read_line_cached(game, tuple(symbols))


@lru_cache(maxsize=None)
def _read_line_cached(game: GameDefinition, symbols: tuple[str, ...]) -> LineReading | None:
    wilds = game.wild_ids
    n = len(symbols)
    lead = 0
    while lead < n and symbols[lead] in wilds:
        lead += 1
    best: LineReading | None = None
    if lead and game.wild_only_pays_as is not None:
        mult = game.line_pay(game.wild_only_pays_as, lead)
        if mult > 0:
            best = LineReading(symbols[0], lead, mult)
    if lead < n:
        first = symbols[lead]
        if first in game.paytable and (lead == 0 or game.wild_substitutes_for(first)):
            count = lead + 1
            used_wild = lead > 0
            while count < n:
                s = symbols[count]
                if s == first:
                    count += 1
                elif s in wilds and game.wild_substitutes_for(first):
                    used_wild = True
                    count += 1
                else:
                    break
            mult = game.line_pay(first, count)
            if used_wild:
                mult *= game.wild_multiplier
            if mult > 0 and (best is None or mult > best.multiplier):
                best = LineReading(first, count, mult)
    return best


def count_scatters(game: GameDefinition, window: Window) -> int:
    """How many scatter symbols show anywhere in the window."""
    scatters = game.scatter_ids
    return sum(1 for column in window for s in column if s in scatters)


def expansion_reels(window: Window, special: str) -> tuple[int, ...]:
    """0-based reels on which the special symbol shows (a wild does not count)."""
    return tuple(r for r, column in enumerate(window) if special in column)


def check_window(game: GameDefinition, window: Window) -> None:
    """Raise :class:`GridError` unless the window has the game's shape and symbols."""
    if len(window) != game.reels or any(len(col) != game.rows for col in window):
        raise GridError(f"the window must be {game.rows} rows of {game.reels} symbols")
    for column in window:
        for s in column:
            if s not in game.symbol_index:
                raise GridError(f"unknown symbol {s!r}")


def window_from_rows(rows: Sequence[Sequence[str]]) -> Window:
    """Turn rows (top first) into the ``window[reel][row]`` form."""
    return tuple(zip(*rows, strict=True))


def window_at(strips: Sequence[Sequence[str]], stops: Sequence[int], rows: int) -> Window:
    """The window shown when each strip stops at ``stops[r]`` (that stop in the top row)."""
    return tuple(
        tuple(strip[(stop + i) % len(strip)] for i in range(rows))
        for strip, stop in zip(strips, stops, strict=True)
    )


def evaluate(
    game: GameDefinition,
    window: Window,
    lines: int,
    bet_per_line: int,
    *,
    special: str | None = None,
    free_spin: bool = False,
) -> Evaluation:
    """Evaluate a window for ``lines`` active lines at ``bet_per_line`` cents.

    ``special`` (during free spins) adds the expansion: when the special symbol shows on
    enough reels to pay, every active line pays it for that many reels, on top of the
    regular wins.  ``free_spin`` selects the retrigger award instead of the base award.
    """
    if not 1 <= lines <= len(game.lines):
        raise GridError(f"lines must be 1..{len(game.lines)}, got {lines}")
    total_bet = bet_per_line * lines
    line_wins: list[LineWin] = []
    for number, rows in enumerate(game.lines[:lines], 1):
        reading = _read_line_cached(game, tuple(window[r][row] for r, row in enumerate(rows)))
        if reading is not None:
            line_wins.append(
                LineWin(
                    number,
                    reading.symbol,
                    reading.count,
                    reading.multiplier,
                    reading.multiplier * bet_per_line,
                )
            )
    scatters = count_scatters(game, window)
    scatter_mult = game.scatter_pay(scatters)
    scatter = ScatterWin(scatters, scatter_mult, scatter_mult * total_bet) if scatter_mult else None
    awarded = 0
    if scatters >= game.free_spins.trigger_count:
        awarded = game.free_spins.retrigger_award if free_spin else game.free_spins.award
    expanding: list[LineWin] = []
    expanded: tuple[int, ...] = ()
    if special is not None:
        reels = expansion_reels(window, special)
        mult = game.line_pay(special, len(reels))
        if mult > 0:
            expanded = reels
            expanding = [
                LineWin(n, special, len(reels), mult, mult * bet_per_line)
                for n in range(1, lines + 1)
            ]
    total = (
        sum(w.win for w in line_wins)
        + (scatter.win if scatter else 0)
        + sum(w.win for w in expanding)
    )
    if not line_wins and scatter is None and not expanding and not awarded:
        return NO_WIN if scatters == 0 else Evaluation((), None, (), (), scatters, 0, 0)
    return Evaluation(
        tuple(line_wins), scatter, tuple(expanding), expanded, scatters, awarded, total
    )
