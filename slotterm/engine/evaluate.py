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
    """Per-game facts the hot path needs, worked out once."""

    __slots__ = ("game", "line_keys", "readings", "scatters", "wilds")

    def __init__(self, game: GameDefinition) -> None:
        self.game = game
        self.wilds = game.wild_ids
        self.scatters = game.scatter_ids
        self.readings: dict[tuple[str, ...], LineReading | None] = {}
        rows = game.rows
        self.line_keys: tuple[Callable[[tuple[str, ...]], tuple[str, ...]], ...] = tuple(
            _key_getter(tuple(reel * rows + row for reel, row in enumerate(line)))
            for line in game.lines
        )

    def read(self, symbols: tuple[str, ...]) -> LineReading | None:
        """The memoised reading of one line's symbols."""
        try:
            return self.readings[symbols]
        except KeyError:
            reading = self.readings[symbols] = _compute_reading(self.game, symbols)
            return reading


def _key_getter(indices: tuple[int, ...]) -> Callable[[tuple[str, ...]], tuple[str, ...]]:
    """A function picking ``indices`` out of a flat window, always as a tuple."""
    if len(indices) == 1:
        only = indices[0]
        return lambda flat: (flat[only],)
    return itemgetter(*indices)


_FACTS: dict[GameDefinition, _GameFacts] = {}


def _facts(game: GameDefinition) -> _GameFacts:
    try:
        return _FACTS[game]
    except KeyError:
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


def _assemble(
    game: GameDefinition,
    facts: _GameFacts,
    flat: tuple[str, ...],
    line_indices: Sequence[int],
    scatters: int,
    expanded: tuple[int, ...],
    lines: int,
    bet_per_line: int,
    special: str | None,
    free_spin: bool,
) -> Evaluation:
    """Pay the lines in ``line_indices`` (0-based), the scatters and the expansion."""
    line_wins: list[LineWin] = []
    total = 0
    if line_indices:
        keys = facts.line_keys
        read = facts.read
        for index in line_indices:
            reading = read(keys[index](flat))
            if reading is not None:
                win = reading.multiplier * bet_per_line
                total += win
                line_wins.append(
                    LineWin(index + 1, reading.symbol, reading.count, reading.multiplier, win)
                )
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
    if not line_wins and scatter is None and not expanding and not awarded:
        return NO_WIN if scatters == 0 else Evaluation((), None, (), (), scatters, 0, 0)
    return Evaluation(
        tuple(line_wins), scatter, expanding, expanded, scatters, awarded, total
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
    _check_lines(game, lines)
    facts = _facts(game)
    flat = tuple(s for column in window for s in column)
    expanded = expansion_reels(window, special) if special is not None else ()
    return _assemble(
        game,
        facts,
        flat,
        range(lines),
        count_scatters(game, window),
        expanded,
        lines,
        bet_per_line,
        special,
        free_spin,
    )


class _StripTable:
    """One strip set worked out per stop: columns, scatter counts, candidate lines."""

    __slots__ = ("candidates", "columns", "facts", "lengths", "scatter_counts", "strips")

    def __init__(self, facts: _GameFacts, strips: Sequence[Sequence[str]]) -> None:
        game = facts.game
        if len(strips) != game.reels:
            raise GridError(f"need {game.reels} strips, got {len(strips)}")
        self.facts = facts
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
        # candidates[stop0][stop1]: lines (0-based, increasing) that can pay at all;
        # rows are filled on first use.
        self.candidates: list[list[tuple[int, ...]] | None] = [None] * self.lengths[0]

    def candidate_row(self, stop0: int) -> list[tuple[int, ...]]:
        """For reel 1 stopped at ``stop0``: per stop of reel 2, the lines that may pay."""
        row = self.candidates[stop0]
        if row is None:
            row = self.candidates[stop0] = self._candidate_row(stop0)
        return row

    def _candidate_row(self, stop0: int) -> list[tuple[int, ...]]:
        game = self.facts.game
        lines = game.lines
        first = self.columns[0][stop0]
        if game.reels == 1:
            return [tuple(range(len(lines)))]
        return [
            tuple(
                i
                for i, line in enumerate(lines)
                if self._may_pay(first[line[0]], second[line[1]])
            )
            for second in self.columns[1]
        ]

    def _may_pay(self, a: str, b: str) -> bool:
        """False only when a line starting ``a, b`` certainly has no reading."""
        game = self.facts.game
        wilds = self.facts.wilds
        if a in wilds or b in wilds:
            return True
        return a in game.paytable and (b == a or game.line_pay(a, 1) > 0)


_TABLES: dict[tuple[int, int], _StripTable] = {}
_TABLES_MAX = 64


def _table(game: GameDefinition, strips: Sequence[Sequence[str]]) -> _StripTable:
    key = (id(game), id(strips))
    table = _TABLES.get(key)
    if table is None or table.facts.game is not game or table.strips is not strips:
        if len(_TABLES) >= _TABLES_MAX:
            _TABLES.clear()
        table = _TABLES[key] = _StripTable(_facts(game), strips)
    return table


def strip_lengths(game: GameDefinition, strips: Sequence[Sequence[str]]) -> tuple[int, ...]:
    """The number of stops of each strip (from the precomputed table)."""
    return _table(game, strips).lengths


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
    """The window shown at ``stops`` and its evaluation, as :func:`evaluate` would give.

    Uses the strip set's precomputed tables: lines that cannot pay after the first two
    reels are never read.
    """
    _check_lines(game, lines)
    table = _table(game, strips)
    window: Window = tuple(map(getitem, table.columns, stops))
    scatters = sum(map(getitem, table.scatter_counts, stops))
    candidates = table.candidate_row(stops[0])[stops[1] if game.reels > 1 else 0]
    if lines < len(game.lines):
        candidates = tuple(i for i in candidates if i < lines)
    expanded: tuple[int, ...] = ()
    if special is not None:
        expanded = expansion_reels(window, special)
    if not candidates and not scatters and not expanded:
        return window, NO_WIN
    flat = tuple(s for column in window for s in column) if candidates else ()
    return window, _assemble(
        game,
        table.facts,
        flat,
        candidates,
        scatters,
        expanded,
        lines,
        bet_per_line,
        special,
        free_spin,
    )
