"""The three-reel prefixes of a strip set: what the first three reels of a five-reel
window decide of every line, worked out on first use.

A :class:`~slotterm.engine.strip_table.StripTable` of a five-reel game keeps, for each
stops of its first three reels, a prefix entry (:data:`Entry`): the scatters those reels
show and, in line order, the lines that may pay -- settled by the three reels, or running
into reel 4 with a table of their reading by the symbols on reels 4 and 5.  Its
evaluator reads the entries; :class:`StripPrefixes` (its base) works them out, and the
lines the first two reels leave open in games of other shapes.
"""

from __future__ import annotations

from slotterm.engine.line_reading import GameFacts
from slotterm.engine.model import GameDefinition

Paying = tuple[int, int, int, int, dict[str, dict[str, int]]]
"""A line of a prefix entry that may pay: index, code (-1: runs on), rows on reels 4-5, tail."""

Run = tuple[int, int, dict[str, dict[str, int]]]
"""A running line of a prefix entry: its rows on reels 4-5 and its tail."""

Entry = tuple[int, str, tuple[Paying, ...], tuple[Run, ...], int]
"""A prefix entry: scatters on the first three reels, kind, the lines that may pay, the
running ones, the number of its signature."""

Shared = tuple[tuple[Paying, ...], tuple[Run, ...], int]
"""What prefixes whose lines read alike share: the paying lines, the running ones, the
signature's number."""

SILENT = "silent"
SETTLED = "settled"
RUNNING = "running"

NO_ENTRY: Entry = (0, "", (), (), -1)
"""The placeholder of a prefix entry not worked out yet."""

# a prefix's byte in a strip table's ``_head_codes``: its kind's code plus the scatters
# of its first three reels (fewer than 64: see SCATTER_SLOTS); 0 while not worked out
SILENT_CODE = 1
SETTLED_CODE = 64
RUNNING_CODE = 128
NO_TAIL: dict[str, dict[str, int]] = {}

SCATTER_SLOTS = 64
"""More scatters than a window can show (a memo slot is a signature × this + scatters)."""


class StripPrefixes:
    """How a strip table works out its prefix entries and candidate lines (the table's
    state is its own: see :class:`~slotterm.engine.strip_table.StripTable`)."""

    __slots__ = ()

    _game: GameDefinition
    _facts: GameFacts
    columns: tuple[tuple[tuple[str, ...], ...], ...]
    scatter_counts: tuple[tuple[int, ...], ...]
    _length1: int
    _length2: int
    _prefix: list[Entry]
    _head_codes: bytearray
    _silent_entries: tuple[Entry, ...]
    _heads: dict[tuple[str, ...], int]
    _tails: dict[tuple[str, ...], dict[str, dict[str, int]]]
    _signatures: dict[tuple[tuple[int, int | tuple[str, ...]], ...], Shared]

    def fill(self) -> None:
        """Work out every prefix entry not worked out yet (a long run reads most of them)."""
        heads = self._head_codes
        code = self._head_code
        for key in range(len(heads)):
            if not heads[key]:
                code(key)

    def contents(self) -> tuple[bytes, list[Entry], list[tuple[str, int, int, bool] | None]]:
        """Every prefix's byte and entry, and the readings their codes number, for
        :meth:`restore` in another process; empty unless every entry is worked out
        (:meth:`fill`)."""
        heads = self._head_codes
        if not heads or 0 in heads:
            return b"", [], []
        return bytes(heads), list(self._prefix), self._facts.numbered()

    def restore(self, heads: object, prefix: object, readings: object) -> bool:
        """Take the complete :meth:`contents` of a table of the same strips and game;
        whether they fit (the right kinds and sizes, the readings numbered alike: anything
        else leaves the table untouched)."""
        size = len(self._head_codes)
        if not (
            size
            and type(heads) is bytes
            and type(prefix) is list
            and len(heads) == size == len(prefix)
            and 0 not in heads
            and self._facts.adopt(readings)
        ):
            return False
        # in place: an evaluator made already reads these very objects
        self._head_codes[:] = heads
        self._prefix[:] = prefix
        return True

    def _head_code(self, key: int) -> int:
        """The byte of ``_head_codes`` for prefix ``key``, its entry worked out first.

        :data:`SILENT_CODE`, :data:`SETTLED_CODE` or :data:`RUNNING_CODE` (the kind)
        plus the scatters the first three reels show.
        """
        rest, s2 = divmod(key, self._length2)
        s0, s1 = divmod(rest, self._length1)
        scatters, kind = self._prefix_entry(key, s0, s1, s2)[:2]
        base = SILENT_CODE if kind is SILENT else RUNNING_CODE if kind is RUNNING else SETTLED_CODE
        code = self._head_codes[key] = base + scatters
        return code

    def _prefix_entry(self, key: int, s0: int, s1: int, s2: int) -> Entry:
        """The entry of the first three reels at ``s0, s1, s2`` (stored under ``key``).

        ``(scatters on reels 1-3, kind, paying, runs, signature)``: ``paying`` lists, in
        line order,
        ``(line index, code, row on reel 4, row on reel 5, tail)`` for each line that may
        pay: a settled line has its (non-zero) code, a running one code -1 and the
        table ``tail[symbol 4][symbol 5]`` of its code.  ``kind`` is :data:`SILENT`
        (no line can pay), :data:`SETTLED` (every line decided) or :data:`RUNNING`;
        ``runs`` holds ``(row on reel 4, row on reel 5, tail)`` of the running lines alone;
        ``signature`` numbers what decides every line's reading (prefixes that read alike
        share it, and the memo of their evaluations).
        """
        heads = self._heads
        columns = self.columns
        c0, c1, c2 = columns[0][s0], columns[1][s1], columns[2][s2]
        paying: list[Paying] = []
        # what decides the reading of every line: its code, or the head that runs on
        signature: list[tuple[int, int | tuple[str, ...]]] = []
        running = False
        for index, line in enumerate(self._game.lines):
            head = (c0[line[0]], c1[line[1]], c2[line[2]])
            code = heads.get(head)
            if code is None:
                # a head that does not run on decides the reading whatever follows
                code = -1 if self._may_run_on(head) else self._decided(head)
                heads[head] = code
            if code < 0:
                running = True
                paying.append((index, -1, line[3], line[4], self._tail(head)))
                signature.append((index, head))
            elif code:
                paying.append((index, code, 0, 0, NO_TAIL))
                signature.append((index, code))
        counts = self.scatter_counts
        scatters = counts[0][s0] + counts[1][s1] + counts[2][s2]
        entry: Entry
        if not paying:
            entry = self._silent_entries[scatters]
        else:
            # prefixes whose lines read alike share their lines and their evaluations
            shared = self._signatures.get(tuple(signature))
            if shared is None:
                runs = tuple((r3, r4, tail) for _, code, r3, r4, tail in paying if code < 0)
                shared = (tuple(paying), runs, len(self._signatures))
                self._signatures[tuple(signature)] = shared
            kind = RUNNING if running else SETTLED
            entry = (scatters, kind, *shared)
        self._prefix[key] = entry
        return entry

    def _decided(self, head: tuple[str, ...]) -> int:
        """The code of a line starting ``head`` that reads the same whatever follows."""
        symbol = next(iter(self._game.symbol_index))
        return self._facts.code((*head, symbol, symbol))

    def _tail(self, head: tuple[str, ...]) -> dict[str, dict[str, int]]:
        """The reading code of a line starting ``head`` by its symbols on reels 4 and 5."""
        tail = self._tails.get(head)
        if tail is None:
            code = self._facts.code
            symbols = tuple(self._game.symbol_index)
            tail = self._tails[head] = {
                a: {b: code((*head, a, b)) for b in symbols} for a in symbols
            }
        return tail

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
