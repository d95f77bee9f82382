"""One line read left to right as a small automaton, and the exact reading odds of a line.

:class:`LineAutomaton` mirrors :func:`slotterm.engine.evaluate.read_line` symbol by symbol:
a line is *waiting* (nothing read), *wild* (only wilds so far), *running* (a symbol run
that may still grow) or *settled* (its reading can no longer change).  A transition that
settles a line releases the line's multiplier; a line still open after the last reel is
settled by :attr:`LineAutomaton.final_reading`.  The joint walk over whole windows
(:mod:`slotterm.analysis.exact_walk`) and the per-line odds below are built on it, and a
test proves it agrees with ``read_line`` on every symbol sequence.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from slotterm.engine.model import GameDefinition
from slotterm.engine.outcome import LineReading

WAITING = 0
"""State id of a line before its first reel."""

SETTLED = 1
"""State id of a line whose reading is decided."""

# Descriptors: ("waiting",), ("settled",), ("wild", wild_symbol, lead),
# ("run", wild_symbol | None, lead, first, used_wild, count).
_Descriptor = tuple[object, ...]


@dataclass(frozen=True)
class LineAutomaton:
    """The line reader of one game as tables indexed by state id and symbol index.

    ``next_state[s][i]`` is the state after reading symbol ``symbols[i]`` in state ``s``;
    ``settle_reading[s][i]`` is the reading released by that step (``None`` if the step
    does not settle the line or the line pays nothing); ``final_reading[s]`` settles a
    line still open after the last reel.
    """

    symbols: tuple[str, ...]
    descriptors: tuple[_Descriptor, ...]
    next_state: tuple[tuple[int, ...], ...]
    settle_reading: tuple[tuple[LineReading | None, ...], ...]
    final_reading: tuple[LineReading | None, ...]

    @property
    def state_count(self) -> int:
        """How many states the automaton has."""
        return len(self.descriptors)

    @property
    def top_pay(self) -> int:
        """The highest pay of one line (× bet per line) over every reading it can release.

        The wild multiplier included: a reading that used a wild pays ``pay × multiplier``
        (above the paytable's top when the wild doubles), a wild-only reading its plain pay.
        """
        released = [r for row in self.settle_reading for r in row] + list(self.final_reading)
        return max((r.multiplier for r in released if r is not None), default=0)

    def read(self, symbols: Sequence[str]) -> LineReading | None:
        """Read a whole line through the automaton (the same answer as ``read_line``)."""
        index = {s: i for i, s in enumerate(self.symbols)}
        state = WAITING
        for symbol in symbols:
            i = index[symbol]
            reading = self.settle_reading[state][i]
            state = self.next_state[state][i]
            if state == SETTLED:
                return reading
        return self.final_reading[state]


def build_automaton(game: GameDefinition) -> LineAutomaton:
    """Build the line automaton of ``game`` for lines of ``game.reels`` symbols."""
    return _Builder(game).build()


class _Builder:
    """Breadth-first construction of the automaton from the reading rules."""

    def __init__(self, game: GameDefinition) -> None:
        self.game = game
        self.symbols = tuple(s.id for s in game.symbols)
        self.wilds = game.wild_ids
        self.multiplied = game.wild_multiplier != 1

    def build(self) -> LineAutomaton:
        descriptors: list[_Descriptor] = [("waiting",), ("settled",)]
        ids: dict[_Descriptor, int] = {d: i for i, d in enumerate(descriptors)}
        next_rows: list[tuple[int, ...]] = []
        settle_rows: list[tuple[LineReading | None, ...]] = []
        finals: list[LineReading | None] = []
        depth = {0: 0, 1: 0}
        position = 0
        while position < len(descriptors):
            desc = descriptors[position]
            row: list[int] = []
            readings: list[LineReading | None] = []
            for symbol in self.symbols:
                if depth[position] >= self.game.reels or desc[0] == "settled":
                    target, reading = SETTLED, None
                else:
                    new, reading = self._step(desc, symbol)
                    if new not in ids:
                        ids[new] = len(descriptors)
                        descriptors.append(new)
                        depth[ids[new]] = depth[position] + 1
                    target = ids[new]
                row.append(target)
                readings.append(reading)
            next_rows.append(tuple(row))
            settle_rows.append(tuple(readings))
            finals.append(self._final(desc))
            position += 1
        return LineAutomaton(
            symbols=self.symbols,
            descriptors=tuple(descriptors),
            next_state=tuple(next_rows),
            settle_reading=tuple(settle_rows),
            final_reading=tuple(finals),
        )

    def _step(self, desc: _Descriptor, symbol: str) -> tuple[_Descriptor, LineReading | None]:
        kind = desc[0]
        if kind == "waiting":
            if symbol in self.wilds:
                return ("wild", symbol, 1), None
            return self._begin(None, 0, symbol)
        if kind == "wild":
            _, wild, lead = desc
            assert isinstance(lead, int)
            if symbol in self.wilds:
                return ("wild", wild, lead + 1), None
            return self._begin(wild, lead, symbol)
        _, wild, lead, first, used, count = desc
        assert isinstance(lead, int) and isinstance(first, str) and isinstance(count, int)
        if symbol == first:
            return ("run", wild, lead, first, used, count + 1), None
        if symbol in self.wilds and self.game.wild_substitutes_for(first):
            return ("run", wild, lead, first, self.multiplied, count + 1), None
        return ("settled",), self._best(wild, lead, first, count, bool(used))

    def _begin(self, wild: object, lead: int, first: str) -> tuple[_Descriptor, LineReading | None]:
        game = self.game
        if first in game.paytable and (lead == 0 or game.wild_substitutes_for(first)):
            return ("run", wild, lead, first, lead > 0 and self.multiplied, lead + 1), None
        return ("settled",), self._best(wild, lead, None, 0, False)

    def _final(self, desc: _Descriptor) -> LineReading | None:
        if desc[0] == "wild":
            _, wild, lead = desc
            assert isinstance(lead, int)
            return self._best(wild, lead, None, 0, False)
        if desc[0] == "run":
            _, wild, lead, first, used, count = desc
            assert isinstance(lead, int) and isinstance(first, str) and isinstance(count, int)
            return self._best(wild, lead, first, count, bool(used))
        return None

    def _best(
        self, wild: object, lead: int, first: str | None, count: int, used: bool
    ) -> LineReading | None:
        """The higher of the wild-only reading and the symbol run (as ``read_line``)."""
        game = self.game
        best: LineReading | None = None
        if lead and game.wild_only_pays_as is not None:
            mult = game.line_pay(game.wild_only_pays_as, lead)
            if mult > 0:
                assert isinstance(wild, str)
                best = LineReading(wild, lead, mult)
        if first is not None:
            doubled = used and game.wild_multiplier != 1
            mult = game.line_pay(first, count) * (game.wild_multiplier if doubled else 1)
            if mult > 0 and (best is None or mult > best.multiplier):
                best = LineReading(symbol=first, count=count, multiplier=mult, doubled=doubled)
        return best


@dataclass(frozen=True)
class ReadingOdds:
    """How often one line shows one reading: stop combinations out of the cycle."""

    symbol: str
    count: int
    multiplier: int
    combinations: int


def line_reading_odds(
    game: GameDefinition, strips: Sequence[Sequence[str]], automaton: LineAutomaton
) -> tuple[tuple[ReadingOdds, ...], int]:
    """Every paying reading of one line with its exact number of stop combinations.

    Every line has the same odds (the symbol in any one row of a reel has the strip's
    symbol frequencies), so this is the line distribution of every active line.  Returns
    the readings, highest multiplier first, and the cycle (product of strip lengths).
    """
    index = {s: i for i, s in enumerate(automaton.symbols)}
    lengths = [len(strip) for strip in strips]
    counts: dict[tuple[str, int, int], int] = {}
    states = {WAITING: 1}
    for reel, strip in enumerate(strips):
        rest = 1
        for length in lengths[reel + 1 :]:
            rest *= length
        freq: dict[int, int] = {}
        for symbol in strip:
            freq[index[symbol]] = freq.get(index[symbol], 0) + 1
        new_states: dict[int, int] = {}
        for state, weight in states.items():
            for i, n in freq.items():
                target = automaton.next_state[state][i]
                reading = automaton.settle_reading[state][i]
                if reading is not None:
                    key = (reading.symbol, reading.count, reading.multiplier)
                    counts[key] = counts.get(key, 0) + weight * n * rest
                if target != SETTLED:
                    new_states[target] = new_states.get(target, 0) + weight * n
        states = new_states
    for state, weight in states.items():
        reading = automaton.final_reading[state]
        if reading is not None:
            key = (reading.symbol, reading.count, reading.multiplier)
            counts[key] = counts.get(key, 0) + weight
    cycle = 1
    for length in lengths:
        cycle *= length
    odds = [
        ReadingOdds(symbol=s, count=c, multiplier=m, combinations=n)
        for (s, c, m), n in counts.items()
    ]
    odds.sort(key=lambda o: (-o.multiplier, o.symbol, -o.count))
    return tuple(odds), cycle
