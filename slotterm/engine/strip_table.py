"""Strip tables: a strip set of a game worked out per stop, so a spin is evaluated by look-ups.

:func:`strip_table` gives the (cached) :class:`StripTable` of a strip set, whose
evaluator is what the base spin and the free spins play with; :func:`evaluate_stops`
is the same as a plain function.  Every evaluation equals what
:func:`slotterm.engine.evaluate.evaluate` gives of the window (tests/engine/test_fast_paths).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from operator import getitem

from slotterm.engine.evaluate import assemble, check_lines, read_lines
from slotterm.engine.line_reading import facts_of
from slotterm.engine.model import GameDefinition
from slotterm.engine.outcome import Evaluation, GridError, LineWin, Window
from slotterm.engine.strip_prefixes import (
    NO_ENTRY,
    RUNNING_CODE,
    SCATTER_SLOTS,
    SETTLED_CODE,
    SILENT,
    SILENT_CODE,
    Entry,
    Paying,
    Shared,
    StripPrefixes,
)


class StripTable(StripPrefixes):
    """One strip set of a game worked out per stop, so a spin is evaluated by look-ups.

    Holds each stop's column (the symbols it shows, top first) and scatter count.  In a
    five-reel game, each stops of the first three reels (filled on first use) gets a
    prefix entry: the scatters those reels show and, in line order, the lines that may
    pay -- those whose reading the first three reels decide, with it, and those still
    running into reel 4, with the rows they cross on reels 4 and 5 and a table of their
    reading by the two symbols found there.  A spin whose first three reels settle every
    line without a win costs a few look-ups.  Other shapes read the lines that the first
    two reels leave open.  The entries and the open lines are worked out by its base,
    :class:`~slotterm.engine.strip_prefixes.StripPrefixes`.  Get one with
    :func:`strip_table`.
    """

    __slots__ = (
        "_by_prefix",
        "_candidates",
        "_code_slots",
        "_columns3",
        "_columns4",
        "_evaluator",
        "_facts",
        "_game",
        "_head_codes",
        "_heads",
        "_length1",
        "_length2",
        "_line_count",
        "_prefix",
        "_scatter_min",
        "_scatters3",
        "_scatters4",
        "_settled",
        "_settled_by_bet",
        "_signatures",
        "_silent",
        "_silent_entries",
        "_tails",
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
        # all; a row is filled on first use (games of other than five reels).
        self._candidates: list[list[tuple[int, ...]] | None] = [None] * self.lengths[0]
        self._by_prefix = game.reels == 5 and game.reels * game.rows < SCATTER_SLOTS
        self._length1 = self.lengths[1] if game.reels > 1 else 1
        self._length2 = self.lengths[2] if game.reels > 2 else 1
        last = self.columns[3:5] if self._by_prefix else ((), ())
        self._columns3, self._columns4 = last
        counts = self.scatter_counts[3:5] if self._by_prefix else ((), ())
        self._scatters3, self._scatters4 = counts
        prefixes = self.lengths[0] * self._length1 * self._length2 if self._by_prefix else 0
        # _prefix[(stop0 * length1 + stop1) * length2 + stop2] -> Entry (see _prefix_entry),
        # NO_ENTRY until worked out; _head_codes[the same key]: the prefix's kind and
        # scatters, 0 until then (see _head_code)
        self._prefix: list[Entry] = [NO_ENTRY] * prefixes
        self._head_codes = bytearray(prefixes)
        # more reading codes than the game can have (a symbol, a count, doubled or not):
        # the base of the digits a running window's memo key is written in
        self._code_slots = len(game.symbol_index) * (game.reels + 1) * 2 + 1
        self._evaluator: tuple[int, int, Callable[[Sequence[int]], Evaluation]] = (0, 0, _unset)
        self._silent_entries = tuple((n, SILENT, (), (), -1) for n in range(game.rows * 3 + 1))
        # _settled_by_bet[(lines, bet per line)][signature * SCATTER_SLOTS + scatters]:
        # the evaluation of a window whose head decides every line (slot -1 - scatters:
        # one that pays only its scatters); _settled the last used
        self._settled_by_bet: dict[tuple[int, int], dict[int, Evaluation]] = {}
        self._settled: tuple[int, int, dict[int, Evaluation]] = (0, 0, {})
        # _heads[first three symbols of a line] -> reading code it decides, or -1: runs on
        self._heads: dict[tuple[str, ...], int] = {}
        # _tails[a head that runs on][symbol on reel 4][symbol on reel 5] -> reading code
        self._tails: dict[tuple[str, ...], dict[str, dict[str, int]]] = {}
        # _signatures[what decides each line's reading] -> (paying, runs, its number)
        self._signatures: dict[tuple[tuple[int, int | tuple[str, ...]], ...], Shared] = {}
        # the evaluation of a silent window by its scatter count
        self._silent = tuple(facts.silent_evaluation(n) for n in range(game.reels * game.rows + 1))

    def window(self, stops: Sequence[int]) -> Window:
        """The window at ``stops`` (each ``0 <= stop < length``)."""
        return tuple(map(getitem, self.columns, stops))

    def evaluate(
        self, stops: Sequence[int], lines: int, bet_per_line: int
    ) -> tuple[Window, Evaluation]:
        """The window at ``stops`` (each ``0 <= stop < length``) and its evaluation."""
        return tuple(map(getitem, self.columns, stops)), self.evaluation(stops, lines, bet_per_line)

    def evaluation(self, stops: Sequence[int], lines: int, bet_per_line: int) -> Evaluation:
        """What the window at ``stops`` pays, without building the window."""
        return self.evaluator(lines, bet_per_line)(stops)

    def evaluator(self, lines: int, bet_per_line: int) -> Callable[[Sequence[int]], Evaluation]:
        """:meth:`evaluation` at one bet, as a function of the stops alone (the last kept)."""
        last = self._evaluator
        if last[0] == lines and last[1] == bet_per_line:
            return last[2]
        made: Callable[[Sequence[int]], Evaluation]
        if not self._by_prefix or not 1 <= lines <= self._line_count:
            made = partial(self._by_candidates, lines=lines, bet_per_line=bet_per_line)
        else:
            made = self._prefix_evaluator(lines, bet_per_line)
        self._evaluator = (lines, bet_per_line, made)
        return made

    def _prefix_evaluator(
        self, lines: int, bet_per_line: int
    ) -> Callable[[Sequence[int]], Evaluation]:
        """The evaluation of a five-reel window at one bet, by its three-reel prefix entry.

        The kind of each prefix and its scatters are read from a compact array
        (``_head_codes``, one byte a prefix: most spins need nothing else); the entry
        itself only when a line may pay.
        """
        prefix = self._prefix
        heads = self._head_codes
        fill = self._head_code
        length1, length2 = self._length1, self._length2
        scatters3, scatters4 = self._scatters3, self._scatters4
        columns3, columns4 = self._columns3, self._columns4
        silent, scatter_min = self._silent, self._scatter_min
        memo = self._settled_memo(lines, bet_per_line)
        # running_memo[signature][digits]: see the running branch below
        running_memo: dict[int, dict[int, Evaluation]] = {}
        read_running = self._read_running
        slots = self._code_slots
        facts = self._facts

        def evaluation(stops: Sequence[int]) -> Evaluation:
            s0, s1, s2, s3, s4 = stops
            key = (s0 * length1 + s1) * length2 + s2
            code = heads[key] or fill(key)
            if code < SETTLED_CODE:  # no line can pay: the scatters alone
                scatters = code - SILENT_CODE + scatters3[s3] + scatters4[s4]
                if scatters < scatter_min:
                    return silent[scatters]
                slot = -1 - scatters
            elif code >= RUNNING_CODE:
                # some lines run past reel 3: the evaluation is kept by what decides it,
                # the scatters and the codes those lines read on reels 4-5 (as digits)
                scatters = code - RUNNING_CODE + scatters3[s3] + scatters4[s4]
                entry = prefix[key]
                c3 = columns3[s3]
                c4 = columns4[s4]
                digits = scatters
                for r3, r4, tail in entry[3]:
                    digits = digits * slots + tail[c3[r3]][c4[r4]]
                known = running_memo.get(entry[4])
                if known is None:
                    known = running_memo[entry[4]] = {}
                found = known.get(digits)
                if found is None:
                    found = known[digits] = read_running(
                        entry[2], c3, c4, scatters, lines, bet_per_line
                    )
                return found
            else:
                scatters = code - SETTLED_CODE + scatters3[s3] + scatters4[s4]
                slot = prefix[key][4] * SCATTER_SLOTS + scatters
            found = memo.get(slot)
            if found is None:
                hits = [
                    facts.line_win(index, code, bet_per_line)
                    for index, code, _, _, _ in prefix[key][2]
                    if index < lines
                ]
                found = memo[slot] = assemble(facts, hits, scatters, lines, bet_per_line)
            return found

        return evaluation

    def _read_running(
        self,
        paying: tuple[Paying, ...],
        c3: tuple[str, ...],
        c4: tuple[str, ...],
        scatters: int,
        lines: int,
        bet_per_line: int,
    ) -> Evaluation:
        """The evaluation of a window some of whose lines run past reel 3, read out."""
        facts = self._facts
        hits: list[LineWin] = []
        for index, code, r3, r4, tail in paying:
            if code < 0:
                code = tail[c3[r3]][c4[r4]]
                if not code:
                    continue
            if index < lines:
                hits.append(facts.line_win(index, code, bet_per_line))
        if not hits and scatters < self._scatter_min:
            return self._silent[scatters]
        return assemble(facts, hits, scatters, lines, bet_per_line)

    def _by_candidates(self, stops: Sequence[int], lines: int, bet_per_line: int) -> Evaluation:
        """Read the lines the first two reels leave open (any shape of game)."""
        if not 1 <= lines <= self._line_count:
            check_lines(self._game, lines)
        window: Window = tuple(map(getitem, self.columns, stops))
        scatters = sum(map(getitem, self.scatter_counts, stops))
        row = self._candidates[stops[0]]
        if row is None:
            row = self._candidates[stops[0]] = self._candidate_row(stops[0])
        candidates = row[stops[1]] if len(row) > 1 else row[0]
        if lines < self._line_count:
            candidates = tuple(i for i in candidates if i < lines)
        facts = self._facts
        hits = read_lines(facts, sum(window, ()), candidates, bet_per_line) if candidates else []
        if not hits and scatters < self._scatter_min:
            return facts.silent_evaluation(scatters)
        return assemble(facts, hits, scatters, lines, bet_per_line)

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


def _unset(stops: Sequence[int]) -> Evaluation:  # pragma: no cover - never called
    """The placeholder of a strip table's last evaluator (no bet has 0 lines)."""
    raise AssertionError("no evaluator yet")


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
