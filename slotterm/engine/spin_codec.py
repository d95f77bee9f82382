"""A drawn spin as JSON, and back: its stops and the window they showed.

The evaluation is never stored: on load it is rebuilt by evaluating the stored window
again, so re-tuning the reel strips later never changes a recorded outcome, and an
edited win cannot be smuggled in.  Used by the round codec and by features that spin.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from slotterm.engine.evaluate import check_window, evaluate
from slotterm.engine.fields import RecordError, as_dict, as_ints, as_list, check, need
from slotterm.engine.model import GameDefinition
from slotterm.engine.outcome import Evaluation, GridError, Window
from slotterm.engine.records import SpinResult


def encode_spin(result: SpinResult) -> dict[str, Any]:
    """Stops and window; the evaluation is rebuilt on load."""
    return {"stops": list(result.stops), "window": [list(col) for col in result.window]}


def decode_spin(
    value: Any, game: GameDefinition, lines: int, bet_per_line: int, where: str
) -> SpinResult:
    """Stops and window; the evaluation is recomputed from the window."""
    doc = as_dict(value, where)
    stops = as_ints(need(doc, "stops", where), f"{where}.stops", 0, 10**6, game.reels)
    columns = as_list(need(doc, "window", where), f"{where}.window", game.reels)
    for column in columns:
        as_list(column, f"{where}.window[]", game.rows)
        check(all(type(s) is str for s in column), f"{where}.window must hold symbol ids")
    window: Window = tuple(tuple(column) for column in columns)
    try:
        evaluation = _evaluate(game, window, lines, bet_per_line)
    except GridError as exc:
        raise RecordError(f"{where}.window: {exc}") from None
    return SpinResult(stops, window, evaluation)


def clear_caches() -> None:
    """Forget memoised evaluations (benchmarks use it to time a cold load)."""
    _evaluate.cache_clear()


@lru_cache(maxsize=4096)
def _evaluate(game: GameDefinition, window: Window, lines: int, bet_per_line: int) -> Evaluation:
    """Check and evaluate a stored window (memoised: the two copies share most windows)."""
    check_window(game, window)
    return evaluate(game, window, lines, bet_per_line)
