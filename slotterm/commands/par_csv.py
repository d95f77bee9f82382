"""The PAR sheet as CSV for spreadsheets and data frames (``par --csv``, ``--section``).

``par GAME --csv`` writes one long table, ``section,name,value,unit``: one row per number
of ``par --json``, every digit of it (a float in its shortest exact form), with only
numbers in ``value`` (a figure JSON writes as ``null``, an event that cannot happen, is
an empty cell).  ``section`` is ``summary`` for the single figures, else the JSON list
the figure comes from (``symbols``, ``scatters``, ``win_bands``, ``confidence``, and each
feature's own); ``name`` is the JSON key in the summary, and in a list the row's key
figures and the column, joined by dots (:func:`row_key`): ``WILD.5.1000.rtp`` is the RTP
of five wilds paying 1,000 line bets, ``3.2.probability`` the probability of three
scatters paying 2, ``1-5x.probability`` a win band's.  ``unit`` is
:func:`~slotterm.commands.par_units.unit_of`'s.  Words (the game's id, a pick game's title,
the pick policy) are no figures and stay out: the wide tables carry them.

``par GAME --csv --section NAME`` writes one section as a wide table: the summary as one
row (a column per single figure, words included), a list as its rows with the JSON's keys
as columns (the ``symbols`` table with its ``reading`` words, see
:mod:`~slotterm.commands.par_formats`).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from slotterm.cli import UsageError
from slotterm.commands.par_formats import SUMMARY, cell_text, sheet_tables
from slotterm.commands.par_units import unit_of

if TYPE_CHECKING:
    from slotterm.analysis.sheet import ParSheet

LONG_HEADER = ("section", "name", "value", "unit")
"""The columns of the long table."""

TEXT_KEYS = ("name", "symbol", "label")
"""Columns of words that name a list's row; the first a row has starts its key."""

NUMBER_KEYS = ("count", "multiplier", "rounds", "x")
"""Columns of figures that tell a list's rows apart; those a row has follow its name."""


def row_key(row: Mapping[str, Any]) -> tuple[str, ...]:
    """The columns that tell one row of a list from the others: the first of
    :data:`TEXT_KEYS` the row has, then each of :data:`NUMBER_KEYS` it has."""
    text = next((key for key in TEXT_KEYS if key in row), None)
    return (*(() if text is None else (text,)), *(key for key in NUMBER_KEYS if key in row))


def _is_figure(value: Any) -> bool:
    """A number, or ``None`` (an impossible event's "1 in N"): a row of the long table."""
    return value is None or (isinstance(value, int | float) and not isinstance(value, bool))


def _row_names(rows: Sequence[Mapping[str, Any]]) -> list[str]:
    """Each row's name in the long table: its key figures, joined by dots, made unique
    with the row's place (``#2``) in a list whose keys do not tell every row apart."""
    names = [".".join(cell_text(row[key]) for key in row_key(row)) for row in rows]
    if len(set(names)) < len(names) or "" in names:
        names = [f"{name}#{n}" if name else f"#{n}" for n, name in enumerate(names)]
    return names


def long_rows(data: Mapping[str, Any]) -> Iterator[tuple[str, str, Any, str]]:
    """``(section, name, value, unit)`` for each figure of the sheet's JSON ``data``."""
    for key, value in data.items():
        if not isinstance(value, list) and _is_figure(value):
            yield SUMMARY, key, value, unit_of(SUMMARY, key)
    for section, rows in data.items():
        if not isinstance(rows, list):
            continue
        for row, name in zip(rows, _row_names(rows), strict=True):
            for column, value in row.items():
                if _is_figure(value):
                    yield section, f"{name}.{column}", value, unit_of(section, column)


def _csv_text(header: Sequence[str], rows: Iterator[Sequence[Any]]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(header)
    writer.writerows([cell_text(value) for value in row] for row in rows)
    return out.getvalue()


def long_csv(sheet: ParSheet) -> str:
    """The sheet as one long CSV table, ``section,name,value,unit`` (see the module notes)."""
    return _csv_text(LONG_HEADER, long_rows(sheet.to_json()))


def section_names(sheet: ParSheet) -> list[str]:
    """The sections ``--section`` takes for this sheet: the summary, then each list with rows."""
    return [table.name for table in sheet_tables(sheet)]


def section_csv(sheet: ParSheet, section: str) -> str:
    """One section of the sheet as a wide CSV table; a :class:`~slotterm.cli.UsageError`
    naming the sections there are for a section the sheet does not have."""
    tables = {table.name: table for table in sheet_tables(sheet)}
    table = tables.get(section)
    if table is None:
        known = ", ".join(tables)
        raise UsageError(f"--section {section}: {sheet.game} has no such section (use {known})")
    if section == SUMMARY:  # one row: a column per single figure
        return _csv_text([row[0] for row in table.rows], iter([[row[1] for row in table.rows]]))
    return _csv_text(table.columns, iter(table.rows))
