"""Reading one line: the wild rules, and the per-game memo the hot path reads through.

:func:`read_line` gives the highest-paying reading of a line's symbols.  A
:class:`GameFacts` (one per game, from :func:`facts_of`) memoises every reading under a
small code, and the :class:`~slotterm.engine.outcome.LineWin` of each code on each line
at each bet, so evaluating a window mostly costs dictionary look-ups.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from operator import itemgetter

from slotterm.engine.model import GameDefinition
from slotterm.engine.outcome import NO_WIN, Evaluation, LineReading, LineWin


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
            doubled = used_wild and game.wild_multiplier != 1
            if doubled:
                mult *= game.wild_multiplier
            if mult > 0 and (best is None or mult > best.multiplier):
                best = LineReading(symbol=first, count=count, multiplier=mult, doubled=doubled)
    return best


class GameFacts:
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

    def numbered(self) -> list[tuple[str, int, int, bool] | None]:
        """Every reading in the order of its code (code 0: ``None``), as plain tuples."""
        return [
            None if r is None else (r.symbol, r.count, r.multiplier, r.doubled)
            for r in self.readings
        ]

    def adopt(self, numbered: object) -> bool:
        """Number the readings as ``numbered`` (another process's :meth:`numbered`) does,
        when the codes given so far agree with it; whether they do (then codes read
        from that process mean the same readings here)."""
        if type(numbered) is not list or not numbered or numbered[0] is not None:
            return False
        try:
            given = [None] + [LineReading(*r) for r in numbered[1:]]
        except TypeError:
            return False
        mine = self.readings
        if given[: len(mine)] != mine[: len(given)]:
            return False
        for code in range(len(mine), len(given)):
            reading = given[code]
            if reading is None or reading in self.reading_codes:
                return False
            mine.append(reading)
            self.reading_codes[reading] = code
        return True

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
            win = LineWin(
                line=index + 1,
                symbol=reading.symbol,
                count=reading.count,
                multiplier=mult,
                win=mult * bet_per_line,
                doubled=reading.doubled,
            )
            memo[slot] = win
        return win

    def silent_evaluation(self, scatters: int) -> Evaluation:
        """The shared evaluation of a window with ``scatters`` scatters that pays nothing."""
        evaluation = self.silent.get(scatters)
        if evaluation is None:
            evaluation = self.silent[scatters] = Evaluation(
                line_wins=(), scatter_win=None, scatter_count=scatters, total_win=0
            )
        return evaluation


def _key_getter(indices: tuple[int, ...]) -> Callable[[tuple[str, ...]], tuple[str, ...]]:
    """A function picking ``indices`` out of a flat window, always as a tuple."""
    if len(indices) == 1:
        only = indices[0]
        return lambda flat: (flat[only],)
    return itemgetter(*indices)


_FACTS: dict[GameDefinition, GameFacts] = {}
_BET_MEMO_MAX = 32
_GAMES_MAX = 64


def facts_of(game: GameDefinition) -> GameFacts:
    """The (cached) :class:`GameFacts` of ``game``."""
    try:
        return _FACTS[game]
    except KeyError:
        if len(_FACTS) >= _GAMES_MAX:  # definitions made on the fly (tests): keep a few
            _FACTS.clear()
        facts = _FACTS[game] = GameFacts(game)
        return facts


def read_line(game: GameDefinition, symbols: Sequence[str]) -> LineReading | None:
    """The highest-paying reading of one line, left to right, or ``None``.

    A run of leading wilds may pay on its own (as ``game.wild_only_pays_as``) or stand in
    for the first real symbol that follows; whichever pays more is taken.
    """
    return facts_of(game).read(tuple(symbols))
