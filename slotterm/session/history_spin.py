"""A spin of the saved history as plain data (money as "1.50" text): stops, rows, wins."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from slotterm.engine.outcome import LineWin, Window
from slotterm.engine.records import SpinResult
from slotterm.money import format_cents

View = dict[str, Any]


def rows_top_first(window: Window) -> list[list[str]]:
    """``window[reel][row]`` turned into rows, top row first (as ``slotterm eval`` reads)."""
    return [list(row) for row in zip(*window, strict=True)]


def spin_view(result: SpinResult, win: int, added: Sequence[LineWin] = ()) -> View:
    """A spin: stops, rows, line and scatter wins, the line wins a spin modifier ``added``
    (``"expanding_wins"``: the Magic Book's expansion), its win."""
    ev = result.evaluation
    return {
        "stops": list(result.stops),
        "rows": rows_top_first(result.window),
        "line_wins": [line_win_view(w) for w in ev.line_wins],
        "scatter_win": None
        if ev.scatter_win is None
        else format_cents(ev.scatter_win.win, grouping=False),
        "expanding_wins": [line_win_view(w) for w in added],
        "win": format_cents(win, grouping=False),
    }


def line_win_view(w: LineWin) -> View:
    """One line win: its line, symbol, count and win."""
    return {
        "line": w.line,
        "symbol": w.symbol,
        "count": w.count,
        "win": format_cents(w.win, grouping=False),
    }
