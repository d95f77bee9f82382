"""Window evaluation by the core rules: line wins and scatter wins.

Everything here is expressed in multipliers first (of bet per line for lines, of total
bet for scatters) and turned into cents when the :class:`Evaluation` is assembled.

Two entry points share one implementation:

* :func:`evaluate` takes any window (the ``eval`` command, tests);
* :func:`evaluate_stops` takes reel stops and uses tables precomputed once per strip set
  (each stop's column and scatter count, and which lines can still pay given the first
  two reels), so a spin without a win costs a few look-ups.  It is what the round state
  machine plays with.

Line readings are memoised per game on the line's symbol tuple.  The result values live
in :mod:`slotterm.engine.outcome`, line reading in :mod:`slotterm.engine.line_reading`.
What a feature adds to a window (a symbol filling reels, a bonus trigger) is the feature's own.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import getitem

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


def _check_lines(game: GameDefinition, lines: int) -> None:
    reason = game.lines_refusal(lines)
    if reason is not None:
        raise GridError(f"{reason}, got {lines}")


def _read_lines(
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


def _assemble(
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
    _check_lines(game, lines)
    flat = tuple(s for column in window for s in column)
    facts = facts_of(game)
    hits = _read_lines(facts, flat, range(lines), bet_per_line)
    scatters = count_scatters(game, window)
    return _assemble(facts, hits, scatters, lines, bet_per_line)


class StripTable:
    """One strip set of a game worked out per stop, so a spin is evaluated by look-ups.

    Holds each stop's column (the symbols it shows, top first) and scatter count, and,
    per stops of the first three reels (filled on first use), the lines whose reading the
    first three reels already decide, with their reading, and the lines still running
    into reel 4, which alone are read on the later reels.  A spin whose first three reels
    settle every line without a win costs a few look-ups.  Get one with
    :func:`strip_table`.
    """

    __slots__ = (
        "_by_prefix",
        "_candidates",
        "_facts",
        "_game",
        "_heads",
        "_length1",
        "_length2",
        "_line_count",
        "_prefix",
        "_scatter_min",
        "_settled",
        "_settled_by_bet",
        "_silent",
        "columns",
        "lengths",
        "scatter_counts",
        "strips",
    )

    def __init__(self, game: GameDefinition, strips: Sequence[Sequence[str]]) -> None:
        if len(strips) != game.reels:
            raise GridError(f"need {game.reels} strips, got {len(strips)}")
        facts = facts_of(game)
        self._game = game
        self._facts = facts
        self._line_count = len(game.lines)
        # fewer scatters than this pay nothing (the count is reported all the same)
        self._scatter_min = min(
            (n for n, m in game.scatter_pays.items() if m > 0), default=game.reels * game.rows + 1
        )
        self.strips = strips
        self.lengths = tuple(len(strip) for strip in strips)
        self.columns: tuple[tuple[tuple[str, ...], ...], ...] = tuple(
            tuple(
                tuple(strip[(stop + i) % len(strip)] for i in range(game.rows))
                for stop in range(len(strip))
            )
            for strip in strips
        )
        scatters = facts.scatters
        self.scatter_counts: tuple[tuple[int, ...], ...] = tuple(
            tuple(sum(1 for s in column if s in scatters) for column in reel)
            for reel in self.columns
        )
        # _candidates[stop0][stop1 or 0]: lines (0-based, increasing) that can pay at
        # all; a row is filled on first use.
        self._candidates: list[list[tuple[int, ...]] | None] = [None] * self.lengths[0]
        # _prefix[(stop0 * length1 + stop1) * length2 + stop2] -> (settled, running):
        # settled: (line index, reading code) of the paying lines the first three reels
        # decide; running: indices of the lines whose reading may go on past reel 3.
        self._prefix: dict[int, tuple[tuple[tuple[int, int], ...], tuple[int, ...]]] = {}
        # _settled_by_bet[(lines, bet per line)][prefix key * _SCATTER_SLOTS + scatters]:
        # the evaluation of a window whose head decides every line; _settled the last used
        self._settled_by_bet: dict[tuple[int, int], dict[int, Evaluation]] = {}
        self._settled: tuple[int, int, dict[int, Evaluation]] = (0, 0, {})
        # _heads[first three symbols of a line] -> reading code it decides, or -1: runs on
        self._heads: dict[tuple[str, ...], int] = {}
        self._by_prefix = game.reels > 3 and game.reels * game.rows < _SCATTER_SLOTS
        self._length1 = self.lengths[1] if game.reels > 1 else 1
        self._length2 = self.lengths[2] if game.reels > 2 else 1
        # the evaluation of a silent window by its scatter count
        self._silent = tuple(facts.silent_evaluation(n) for n in range(game.reels * game.rows + 1))

    def evaluate(
        self, stops: Sequence[int], lines: int, bet_per_line: int
    ) -> tuple[Window, Evaluation]:
        """The window at ``stops`` (each ``0 <= stop < length``) and its evaluation."""
        if not 1 <= lines <= self._line_count:
            _check_lines(self._game, lines)
        window: Window = tuple(map(getitem, self.columns, stops))
        scatters = sum(map(getitem, self.scatter_counts, stops))
        if self._by_prefix:
            key = (stops[0] * self._length1 + stops[1]) * self._length2 + stops[2]
            entry = self._prefix.get(key)
            if entry is None:
                entry = self._prefix[key] = self._prefix_entry(window)
            settled, running = entry
            if not settled and not running:
                if scatters < self._scatter_min:
                    return window, self._silent[scatters]
                return window, _assemble(self._facts, [], scatters, lines, bet_per_line)
            if not running:  # the head decides every line: the evaluation is memoised
                memo = self._settled_memo(lines, bet_per_line)
                slot = key * _SCATTER_SLOTS + scatters
                evaluation = memo.get(slot)
                if evaluation is None:
                    hits = self._hits(window, settled, running, lines, bet_per_line)
                    evaluation = memo[slot] = _assemble(
                        self._facts, hits, scatters, lines, bet_per_line
                    )
                return window, evaluation
            hits = self._hits(window, settled, running, lines, bet_per_line)
            if not hits and scatters < self._scatter_min:
                return window, self._facts.silent_evaluation(scatters)
            return window, _assemble(self._facts, hits, scatters, lines, bet_per_line)
        row = self._candidates[stops[0]]
        if row is None:
            row = self._candidates[stops[0]] = self._candidate_row(stops[0])
        candidates = row[stops[1]] if len(row) > 1 else row[0]
        if lines < self._line_count:
            candidates = tuple(i for i in candidates if i < lines)
        facts = self._facts
        hits = _read_lines(facts, sum(window, ()), candidates, bet_per_line) if candidates else []
        if not hits and scatters < self._scatter_min:
            return window, facts.silent_evaluation(scatters)
        return window, _assemble(facts, hits, scatters, lines, bet_per_line)

    def _settled_memo(self, lines: int, bet_per_line: int) -> dict[int, Evaluation]:
        """Evaluations of windows whose first three reels decide every line, at one bet."""
        last = self._settled
        if last[0] == lines and last[1] == bet_per_line:
            return last[2]
        memo = self._settled_by_bet.get((lines, bet_per_line))
        if memo is None:
            if len(self._settled_by_bet) >= _BET_MEMO_MAX:
                self._settled_by_bet.clear()
            memo = self._settled_by_bet[(lines, bet_per_line)] = {}
        self._settled = (lines, bet_per_line, memo)
        return memo

    def _hits(
        self,
        window: Window,
        settled: tuple[tuple[int, int], ...],
        running: tuple[int, ...],
        lines: int,
        bet_per_line: int,
    ) -> list[LineWin]:
        """The line wins: the settled ones as recorded, the running lines read in full."""
        facts = self._facts
        memo = facts.wins_at(bet_per_line)
        line_count = self._line_count
        coded = [(index, code) for index, code in settled if index < lines]
        if running:
            flat = sum(window, ())
            keys = facts.line_keys
            codes = facts.codes
            for index in running:
                if index < lines:
                    key = keys[index](flat)
                    code = codes.get(key)
                    if code is None:
                        code = facts.code(key)
                    if code:
                        coded.append((index, code))
            if settled:
                coded.sort()
        wins: list[LineWin] = []
        for index, code in coded:
            win = memo.get(code * line_count + index)
            if win is None:
                win = facts.line_win(index, code, bet_per_line)
            wins.append(win)
        return wins

    def _prefix_entry(self, window: Window) -> tuple[tuple[tuple[int, int], ...], tuple[int, ...]]:
        """Which lines the first three reels of ``window`` settle, and which run on."""
        heads = self._heads
        settled: list[tuple[int, int]] = []
        running: list[int] = []
        flat: tuple[str, ...] | None = None
        c0, c1, c2 = window[0], window[1], window[2]
        for index, line in enumerate(self._game.lines):
            head = (c0[line[0]], c1[line[1]], c2[line[2]])
            code = heads.get(head)
            if code is None:
                if self._may_run_on(head):
                    code = -1
                else:  # the head decides the reading: read the whole line once
                    if flat is None:
                        flat = sum(window, ())
                    code = self._facts.code(self._facts.line_keys[index](flat))
                heads[head] = code
            if code < 0:
                running.append(index)
            elif code:
                settled.append((index, code))
        return tuple(settled), tuple(running)

    def _may_run_on(self, head: tuple[str, ...]) -> bool:
        """False only when a line starting ``head`` is read the same whatever follows.

        A reading runs past the head only when the whole head is part of its run: all
        wilds, or one real symbol with wilds that may stand in for it.
        """
        wilds = self._facts.wilds
        real = [s for s in head if s not in wilds]
        if not real:
            return True
        first = real[0]
        if any(s != first for s in real):
            return False
        return len(real) == len(head) or self._game.wild_substitutes_for(first)

    def _candidate_row(self, stop0: int) -> list[tuple[int, ...]]:
        lines = self._game.lines
        first = self.columns[0][stop0]
        if self._game.reels == 1:
            return [tuple(range(len(lines)))]
        return [
            tuple(
                i for i, line in enumerate(lines) if self._may_pay(first[line[0]], second[line[1]])
            )
            for second in self.columns[1]
        ]

    def _may_pay(self, a: str, b: str) -> bool:
        """False only when a line starting ``a, b`` certainly has no reading."""
        game = self._game
        wilds = self._facts.wilds
        if a in wilds or b in wilds:
            return True
        return a in game.paytable and (b == a or game.line_pay(a, 1) > 0)


_SCATTER_SLOTS = 64
"""More scatters than a window can show (a memo slot is prefix key × this + scatters)."""

_BET_MEMO_MAX = 32
"""How many bets' memo of settled evaluations a strip table keeps."""

_TABLES: dict[int, StripTable] = {}
_TABLES_MAX = 64


def strip_table(game: GameDefinition, strips: Sequence[Sequence[str]]) -> StripTable:
    """The (cached) :class:`StripTable` of ``strips`` (e.g. ``game.base_reels``) in ``game``."""
    table = _TABLES.get(id(strips))
    if table is None or table.strips is not strips or table._game is not game:
        if len(_TABLES) >= _TABLES_MAX:
            _TABLES.clear()
        table = _TABLES[id(strips)] = StripTable(game, strips)
    return table


def evaluate_stops(
    game: GameDefinition,
    strips: Sequence[Sequence[str]],
    stops: Sequence[int],
    lines: int,
    bet_per_line: int,
) -> tuple[Window, Evaluation]:
    """The window shown at ``stops`` and its evaluation, exactly as :func:`evaluate` gives.

    Uses the strip set's precomputed :class:`StripTable`: lines that cannot pay after
    the first two reels are never read.  Each stop must lie in ``0..len(strip)-1``.
    """
    return strip_table(game, strips).evaluate(stops, lines, bet_per_line)
