"""The ``history`` command's table: one line a round, what its features did under it.

A round's line has the columns every round has (a Gamble column only for a game with the
double-or-nothing gamble), each on one line; the features' story (pick by pick, which can
be long) follows on lines of its own under the round, as wide as the terminal allows,
rather than squeezed into a column::

    Round  Started             Bet  Credits before  Paid
    ────────────────────────────────────────────────────
        2  30 Nov 2026 10:02  0.75        1,017.70  7.50
           Secret Vault: chose 1, chose 5, chose 12, 12 10x; the others held ...
        1  30 Nov 2026 10:01  0.75        1,018.45  0.00
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from rich.cells import cell_len

from slotterm.dates import player_time
from slotterm.engine.gamble import card_label
from slotterm.engine.model import GameDefinition
from slotterm.engine.records import Round
from slotterm.money import format_cents
from slotterm.session.session_record import SessionRecord

GAP = "  "
"""Between two columns."""
NARROWEST_TEXT = 30
"""The fewest columns a feature's lines are wrapped to, however narrow the terminal."""


@dataclass(frozen=True)
class Column:
    """One column of the table: its title, how a round fills it, and its alignment."""

    title: str
    cell: Callable[[Round], str]
    right: bool = False
    """Amounts and numbers are aligned right."""
    wraps: bool = False
    """Only the gamble's cards may go on more lines (at spaces)."""


def _gamble(round_: Round) -> str:
    return " ".join(f"{card_label(g.card)}{'✓' if g.won else '✗'}" for g in round_.gamble)


def columns(record: SessionRecord, game: GameDefinition) -> list[Column]:
    """The columns for ``game``'s rounds (no Gamble column for a game without it)."""

    def started(round_: Round) -> str:
        times = record.round_times.get(round_.number)
        return "" if times is None else player_time(times.started_at)

    found = [
        Column("Round", lambda r: str(r.number), right=True),
        Column("Started", started),
        Column("Bet", lambda r: format_cents(r.bet.total), right=True),
        Column("Credits before", lambda r: format_cents(r.credits_before), right=True),
    ]
    if game.gamble:
        found.append(Column("Gamble", _gamble, wraps=True))
    found.append(Column("Paid", lambda r: format_cents(r.paid), right=True))
    return found


def _widths(cols: Sequence[Column], rows: Sequence[Sequence[str]], width: int) -> list[int]:
    """Each column's width: its widest cell; a wrapping column gives way to ``width``."""
    widths = [
        max([cell_len(c.title), *(cell_len(row[n]) for row in rows)]) for n, c in enumerate(cols)
    ]
    gaps = cell_len(GAP) * (len(cols) - 1)
    for n, column in enumerate(cols):
        if column.wraps:
            others = sum(widths) - widths[n] + gaps
            words = [cell_len(word) for row in rows for word in row[n].split()]
            narrowest = max([cell_len(column.title), *words])
            widths[n] = max(narrowest, min(widths[n], width - others))
    return widths


def _line(cols: Sequence[Column], widths: Sequence[int], cells: Sequence[str]) -> str:
    parts = []
    for column, size, text in zip(cols, widths, cells, strict=True):
        pad = " " * (size - cell_len(text))
        parts.append(pad + text if column.right else text + pad)
    return GAP.join(parts).rstrip()


def _row_lines(cols: Sequence[Column], widths: Sequence[int], cells: Sequence[str]) -> list[str]:
    """A round's line, and more under it if its gamble's cards wrap."""
    stacks = [
        (textwrap.wrap(text, size) or [""]) if column.wraps else [text]
        for column, size, text in zip(cols, widths, cells, strict=True)
    ]
    height = max(len(stack) for stack in stacks)
    return [
        _line(cols, widths, [stack[n] if n < len(stack) else "" for stack in stacks])
        for n in range(height)
    ]


def table_lines(
    record: SessionRecord,
    game: GameDefinition,
    features: Callable[[Round], str],
    *,
    title: str,
    width: int,
    ascii_only: bool = False,
) -> list[str]:
    """The table of ``record``'s closed rounds, newest first, in lines of at most
    ``width`` cells where it can: the ``title`` centred, the column heads, a rule, then
    each round's line and its ``features`` text wrapped under it (from the Started
    column on)."""
    cols = columns(record, game)
    rounds = list(reversed(record.history))
    rows = [[column.cell(r) for column in cols] for r in rounds]
    widths = _widths(cols, rows, width)
    heads = _line(cols, widths, [c.title for c in cols])
    full = cell_len(GAP.join(" " * w for w in widths))
    lines = [title.center(full).rstrip(), heads, ("-" if ascii_only else "─") * full]
    indent = " " * (widths[0] + cell_len(GAP))
    room = max(NARROWEST_TEXT, width - len(indent))
    for round_, cells in zip(rounds, rows, strict=True):
        lines += _row_lines(cols, widths, cells)
        text = features(round_)
        if text:
            lines += [indent + part for part in textwrap.wrap(text, room, break_on_hyphens=False)]
    return lines
