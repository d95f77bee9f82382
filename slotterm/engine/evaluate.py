"""Window evaluation: line wins, scatter wins, the free-spin award and the expansion.

Everything here is expressed in multipliers first (of bet per line for lines, of total
bet for scatters) and turned into cents when the :class:`Evaluation` is assembled.

Two entry points share one implementation:

* :func:`evaluate` takes any window (the ``eval`` command, tests);
* :func:`evaluate_stops` takes reel stops and uses tables precomputed once per strip set
  (each stop's column and scatter count, and which lines can still pay given the first
  two reels), so a spin without a win costs a few look-ups.  It is what the round state
  machine plays with.

Line readings are memoised per game on the line's symbol tuple.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from operator import getitem, itemgetter

from slotterm.engine.fast_init import fast_init
from slotterm.engine.model import GameDefinition

Window = tuple[tuple[str, ...], ...]
"""A window as ``window[reel][row]`` with row 0 at the top."""


class GridError(ValueError):
    """A window that does not fit the game (wrong shape or unknown symbols)."""


@fast_init
@dataclass(frozen=True, slots=True)
class LineReading:
    """The paying reading of one line: which symbol, how many, what multiplier."""

    symbol: str
    count: int
    multiplier: int


@fast_init
@dataclass(frozen=True, slots=True)
class LineWin:
    """A paid line: 1-based line number, symbol, count, multiplier, win in cents."""

    line: int
    symbol: str
    count: int
    multiplier: int
    win: int


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
    """Everything one window pays, in cents, plus the free spins it awards."""

    line_wins: tuple[LineWin, ...]
    scatter_win: ScatterWin | None
    expanding_wins: tuple[LineWin, ...]
    expanded_reels: tuple[int, ...]
    scatter_count: int
    free_spins_awarded: int
    total_win: int


NO_WIN = Evaluation((), None, (), (), 0, 0, 0)


# --- line readings ----------------------------------------------------------------------


def _compute_reading(game: GameDefinition, symbols: tuple[str, ...]) -> LineReading | None:
    """The reading of one line, computed from the rules (see :func:`read_line`)."""
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


class _GameFacts:
    """Per-game facts the hot path needs, worked out once.

    Each line's symbol tuple is read once and given a small code (0: pays nothing);
    equal readings share a code, and the :class:`LineWin` of a code on a line at a bet
    is built once.
    """

    __slots__ = (
        "codes",
        "game",
        "line_count",
        "line_keys",
        "line_wins",
        "reading_codes",
        "readings",
        "scatters",
        "silent",
        "wilds",
    )

    def __init__(self, game: GameDefinition) -> None:
        self.game = game
        self.wilds = game.wild_ids
        self.scatters = game.scatter_ids
        self.line_count = len(game.lines)
        rows = game.rows
        self.line_keys: tuple[Callable[[tuple[str, ...]], tuple[str, ...]], ...] = tuple(
            _key_getter(tuple(reel * rows + row for reel, row in enumerate(line)))
            for line in game.lines
        )
        self.codes: dict[tuple[str, ...], int] = {}
        self.readings: list[LineReading | None] = [None]
        self.reading_codes: dict[LineReading, int] = {}
        # line_wins[bet_per_line][code * line_count + line index] -> LineWin
        self.line_wins: dict[int, dict[int, LineWin]] = {}
        # silent[n]: the evaluation of a window showing n scatters that pays nothing
        self.silent: dict[int, Evaluation] = {0: NO_WIN}

    def code(self, symbols: tuple[str, ...]) -> int:
        """The reading code of a line showing ``symbols`` (0 when it pays nothing)."""
        code = self.codes.get(symbols)
        if code is None:
            reading = _compute_reading(self.game, symbols)
            if reading is None:
                code = 0
            else:
                code = self.reading_codes.get(reading, 0)
                if not code:
                    code = self.reading_codes[reading] = len(self.readings)
                    self.readings.append(reading)
            self.codes[symbols] = code
        return code

    def read(self, symbols: tuple[str, ...]) -> LineReading | None:
        """The memoised reading of one line's symbols."""
        return self.readings[self.code(symbols)]

    def wins_at(self, bet_per_line: int) -> dict[int, LineWin]:
        """The memo of line wins at ``bet_per_line``."""
        wins = self.line_wins.get(bet_per_line)
        if wins is None:
            if len(self.line_wins) >= _BET_MEMO_MAX:
                self.line_wins.clear()
            wins = self.line_wins[bet_per_line] = {}
        return wins

    def line_win(self, index: int, code: int, bet_per_line: int) -> LineWin:
        """The win of reading ``code`` (not 0) on line ``index`` (0-based), memoised."""
        memo = self.wins_at(bet_per_line)
        slot = code * self.line_count + index
        win = memo.get(slot)
        if win is None:
            reading = self.readings[code]
            assert reading is not None
            mult = reading.multiplier
            win = LineWin(index + 1, reading.symbol, reading.count, mult, mult * bet_per_line)
            memo[slot] = win
        return win

    def silent_evaluation(self, scatters: int) -> Evaluation:
        """The shared evaluation of a window with ``scatters`` scatters that pays nothing."""
        evaluation = self.silent.get(scatters)
        if evaluation is None:
            evaluation = self.silent[scatters] = Evaluation((), None, (), (), scatters, 0, 0)
        return evaluation


def _key_getter(indices: tuple[int, ...]) -> Callable[[tuple[str, ...]], tuple[str, ...]]:
    """A function picking ``indices`` out of a flat window, always as a tuple."""
    if len(indices) == 1:
        only = indices[0]
        return lambda flat: (flat[only],)
    return itemgetter(*indices)


_FACTS: dict[GameDefinition, _GameFacts] = {}
_BET_MEMO_MAX = 32
_GAMES_MAX = 64


def _facts(game: GameDefinition) -> _GameFacts:
    try:
        return _FACTS[game]
    except KeyError:
        if len(_FACTS) >= _GAMES_MAX:  # definitions made on the fly (tests): keep a few
            _FACTS.clear()
        facts = _FACTS[game] = _GameFacts(game)
        return facts


def read_line(game: GameDefinition, symbols: Sequence[str]) -> LineReading | None:
    """The highest-paying reading of one line, left to right, or ``None``.

    A run of leading wilds may pay on its own (as ``game.wild_only_pays_as``) or stand in
    for the first real symbol that follows; whichever pays more is taken.
    """
    return _facts(game).read(tuple(symbols))


# --- window helpers -----------------------------------------------------------------------


def count_scatters(game: GameDefinition, window: Window) -> int:
    """How many scatter symbols show anywhere in the window."""
    scatters = _facts(game).scatters
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


# --- evaluation ---------------------------------------------------------------------------


def _check_lines(game: GameDefinition, lines: int) -> None:
    if not 1 <= lines <= len(game.lines):
        raise GridError(f"lines must be 1..{len(game.lines)}, got {lines}")


def _read_lines(
    facts: _GameFacts, flat: tuple[str, ...], line_indices: Sequence[int], bet_per_line: int
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
    facts: _GameFacts,
    hits: list[LineWin],
    scatters: int,
    expanded: tuple[int, ...],
    lines: int,
    bet_per_line: int,
    special: str | None,
    free_spin: bool,
) -> Evaluation:
    """Add the scatters and the expansion to the line ``hits``, in cents."""
    game = facts.game
    total = 0
    for hit in hits:
        total += hit.win
    scatter: ScatterWin | None = None
    awarded = 0
    if scatters:
        scatter_mult = game.scatter_pay(scatters)
        if scatter_mult:
            scatter = ScatterWin(scatters, scatter_mult, scatter_mult * bet_per_line * lines)
            total += scatter.win
        if scatters >= game.free_spins.trigger_count:
            rule = game.free_spins
            awarded = rule.retrigger_award if free_spin else rule.award
    expanding: tuple[LineWin, ...] = ()
    if special is not None and expanded:
        mult = game.line_pay(special, len(expanded))
        if mult > 0:
            win = mult * bet_per_line
            expanding = tuple(
                LineWin(n, special, len(expanded), mult, win) for n in range(1, lines + 1)
            )
            total += win * lines
        else:
            expanded = ()
    if not hits and scatter is None and not expanding and not awarded:
        return facts.silent_evaluation(scatters)
    return Evaluation(tuple(hits), scatter, expanding, expanded, scatters, awarded, total)


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
    _check_lines(game, lines)
    flat = tuple(s for column in window for s in column)
    expanded = expansion_reels(window, special) if special is not None else ()
    facts = _facts(game)
    hits = _read_lines(facts, flat, range(lines), bet_per_line)
    scatters = count_scatters(game, window)
    return _assemble(facts, hits, scatters, expanded, lines, bet_per_line, special, free_spin)


class StripTable:
    """One strip set of a game worked out per stop, so a spin is evaluated by look-ups.

    Holds each stop's column (the symbols it shows, top first) and scatter count, and,
    per stop of the first two reels, the lines that can pay at all (the others are never
    read).  Get one with :func:`strip_table`.
    """

    __slots__ = (
        "_candidates",
        "_facts",
        "_game",
        "_line_count",
        "_scatter_min",
        "columns",
        "lengths",
        "scatter_counts",
        "strips",
    )

    def __init__(self, game: GameDefinition, strips: Sequence[Sequence[str]]) -> None:
        if len(strips) != game.reels:
            raise GridError(f"need {game.reels} strips, got {len(strips)}")
        facts = _facts(game)
        self._game = game
        self._facts = facts
        self._line_count = len(game.lines)
        # fewer scatters than this neither pay nor trigger
        self._scatter_min = min(
            [game.free_spins.trigger_count, *(n for n, m in game.scatter_pays.items() if m > 0)]
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

    def evaluate(
        self,
        stops: Sequence[int],
        lines: int,
        bet_per_line: int,
        special: str | None = None,
        free_spin: bool = False,
    ) -> tuple[Window, Evaluation]:
        """The window at ``stops`` (each ``0 <= stop < length``) and its evaluation."""
        if not 1 <= lines <= self._line_count:
            _check_lines(self._game, lines)
        window: Window = tuple(map(getitem, self.columns, stops))
        scatters = sum(map(getitem, self.scatter_counts, stops))
        row = self._candidates[stops[0]]
        if row is None:
            row = self._candidates[stops[0]] = self._candidate_row(stops[0])
        candidates = row[stops[1]] if len(row) > 1 else row[0]
        if lines < self._line_count:
            candidates = tuple(i for i in candidates if i < lines)
        expanded = expansion_reels(window, special) if special is not None else ()
        facts = self._facts
        hits = _read_lines(facts, sum(window, ()), candidates, bet_per_line) if candidates else []
        if not hits and not expanded and scatters < self._scatter_min:
            return window, facts.silent_evaluation(scatters)
        return window, _assemble(
            facts, hits, scatters, expanded, lines, bet_per_line, special, free_spin
        )

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
    *,
    special: str | None = None,
    free_spin: bool = False,
) -> tuple[Window, Evaluation]:
    """The window shown at ``stops`` and its evaluation, exactly as :func:`evaluate` gives.

    Uses the strip set's precomputed :class:`StripTable`: lines that cannot pay after
    the first two reels are never read.  Each stop must lie in ``0..len(strip)-1``.
    """
    return strip_table(game, strips).evaluate(stops, lines, bet_per_line, special, free_spin)
