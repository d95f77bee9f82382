"""Window evaluation by the core rules: line wins and scatter wins.

Everything here is expressed in multipliers first (of bet per line for lines, of total
bet for scatters) and turned into cents when the :class:`Evaluation` is assembled.

Two entry points share one implementation:

* :func:`evaluate` takes any window (the ``eval`` command, tests);
* :func:`slotterm.engine.strip_table.evaluate_stops` takes reel stops and uses tables
  precomputed once per strip set (:class:`~slotterm.engine.strip_table.StripTable`), so
  a spin without a win costs a few look-ups.  It is what the round state machine plays
  with; it reads lines and assembles evaluations with this module's helpers.

Line readings are memoised per game on the line's symbol tuple.  The result values live
in :mod:`slotterm.engine.outcome`, line reading in :mod:`slotterm.engine.line_reading`.
What a feature adds to a window (a symbol filling reels, a bonus trigger) is the feature's own.
"""

from __future__ import annotations

from collections.abc import Sequence

from slotterm.engine.line_reading import GameFacts, facts_of
from slotterm.engine.model import GameDefinition
from slotterm.engine.outcome import Evaluation, GridError, LineWin, ScatterWin, Window

# --- window helpers -----------------------------------------------------------------------


def count_scatters(game: GameDefinition, window: Window) -> int:
    """How many scatter symbols show anywhere in the window."""
    scatters = facts_of(game).scatters
    return sum(1 for column in window for s in column if s in scatters)


def check_window(game: GameDefinition, window: Window) -> None:
    """Raise :class:`GridError` unless the window has the game's shape and symbols."""
    if len(window) != game.reels or any(len(col) != game.rows for col in window):
        raise GridError(f"the window must be {game.rows} rows of {game.reels} symbols")
    for column in window:
        for s in column:
            if s not in game.symbol_index:
                shown = repr(s) if len(s) <= 24 else repr(s[:24]) + "..."
                raise GridError(f"unknown symbol {shown}")


def window_from_rows(rows: Sequence[Sequence[str]]) -> Window:
    """Turn rows (top first) into the ``window[reel][row]`` form."""
    return tuple(zip(*rows, strict=True))


def window_at(strips: Sequence[Sequence[str]], stops: Sequence[int], rows: int) -> Window:
    """The window shown when each strip stops at ``stops[r]`` (that stop in the top row)."""
    return tuple(
        tuple(strip[(stop + i) % len(strip)] for i in range(rows))
        for strip, stop in zip(strips, stops, strict=True)
    )


# --- evaluation ---------------------------------------------------------------------------


def check_lines(game: GameDefinition, lines: int) -> None:
    """Raise :class:`GridError` unless ``lines`` lines can be played in ``game``."""
    reason = game.lines_refusal(lines)
    if reason is not None:
        raise GridError(f"{reason}, got {lines}")


def read_lines(
    facts: GameFacts, flat: tuple[str, ...], line_indices: Sequence[int], bet_per_line: int
) -> list[LineWin]:
    """The wins of the lines in ``line_indices`` (0-based) of a flat window."""
    keys = facts.line_keys
    codes = facts.codes
    memo = facts.wins_at(bet_per_line)
    line_count = facts.line_count
    wins: list[LineWin] = []
    for index in line_indices:
        key = keys[index](flat)
        code = codes.get(key)
        if code is None:
            code = facts.code(key)
        if code:
            win = memo.get(code * line_count + index)
            if win is None:
                win = facts.line_win(index, code, bet_per_line)
            wins.append(win)
    return wins


def assemble(
    facts: GameFacts, hits: list[LineWin], scatters: int, lines: int, bet_per_line: int
) -> Evaluation:
    """Add the scatter pay to the line ``hits``, in cents."""
    total = 0
    for hit in hits:
        total += hit.win
    scatter: ScatterWin | None = None
    if scatters:
        scatter_mult = facts.game.scatter_pay(scatters)
        if scatter_mult:
            scatter = ScatterWin(scatters, scatter_mult, scatter_mult * bet_per_line * lines)
            total += scatter.win
    if not hits and scatter is None:
        return facts.silent_evaluation(scatters)
    return Evaluation(
        line_wins=tuple(hits), scatter_win=scatter, scatter_count=scatters, total_win=total
    )


def evaluate(game: GameDefinition, window: Window, lines: int, bet_per_line: int) -> Evaluation:
    """Evaluate a window for ``lines`` active lines at ``bet_per_line`` cents."""
    check_lines(game, lines)
    flat = tuple(s for column in window for s in column)
    facts = facts_of(game)
    hits = read_lines(facts, flat, range(lines), bet_per_line)
    scatters = count_scatters(game, window)
    return assemble(facts, hits, scatters, lines, bet_per_line)
