"""What a window pays, as values: line readings, line and scatter wins, the evaluation.

Amounts are integer cents; multipliers are of the bet per line (lines) or of the total
bet (scatters).  Produced by :mod:`slotterm.engine.evaluate`.
"""

from __future__ import annotations

from dataclasses import dataclass

from slotterm.engine.fast_init import fast_init

Window = tuple[tuple[str, ...], ...]
"""A window as ``window[reel][row]`` with row 0 at the top."""


class GridError(ValueError):
    """A window that does not fit the game (wrong shape or unknown symbols)."""


@fast_init
@dataclass(frozen=True, slots=True)
class LineReading:
    """The paying reading of one line: which symbol, how many, what multiplier.

    ``doubled`` when a multiplying wild completed it (the multiplier includes the wild's).
    """

    symbol: str
    count: int
    multiplier: int
    doubled: bool = False


@fast_init
@dataclass(frozen=True, slots=True)
class LineWin:
    """A paid line: 1-based line number, symbol, count, multiplier, win in cents.

    ``doubled`` when a multiplying wild completed it (see :class:`LineReading`).
    """

    line: int
    symbol: str
    count: int
    multiplier: int
    win: int
    doubled: bool = False


@fast_init
@dataclass(frozen=True, slots=True)
class ScatterWin:
    """Scatter pay: how many scatters, multiplier of the total bet, win in cents."""

    count: int
    multiplier: int
    win: int


@fast_init
@dataclass(frozen=True, slots=True)
class Evaluation:
    """What one window pays by the core rules (lines and scatters), in cents.

    ``scatter_count`` is how many scatters show (features trigger on it); what a feature
    adds to a window (symbols filling reels, say) is the feature's own record.
    """

    line_wins: tuple[LineWin, ...]
    scatter_win: ScatterWin | None
    scatter_count: int
    total_win: int


NO_WIN = Evaluation(line_wins=(), scatter_win=None, scatter_count=0, total_win=0)
