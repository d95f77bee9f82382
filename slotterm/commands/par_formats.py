"""The PAR sheet as tables: Markdown, and the tables the CSV and HTML forms are built of.

Every form is built from :meth:`~slotterm.analysis.sheet.ParSheet.to_json`, so it carries
exactly the JSON's figures: the same names (the JSON keys), the same units (fractions
of the total bet, multiples of the total bet, probabilities per base round) and every
digit (a float is written in its shortest exact form, ``repr``).  A figure JSON writes as
``null`` (an impossible event's "1 in N") is an empty cell.

The sheet is one table per section: ``summary`` (one row per single figure, ``figure`` and
``value``), then one table per list of the JSON (``specials``, ``pick_games``, ``symbols``,
``scatters``, ``win_bands``, ``confidence``) with the JSON's keys as its columns; a list the
game does not fill (no expanding symbol: no ``specials``) has no table.  The ``symbols``
table has one column the JSON does not, ``reading`` (:data:`READING`): words, no figure,
saying which rows are a win the wild multiplied (a symbol's 5 at 2,000 is
its five's 1,000 doubled by a wild on the line), empty for the others.  ``--markdown``
writes each table under its own heading; the CSV forms are
:mod:`~slotterm.commands.par_csv`'s.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from slotterm.analysis.sheet import ParSheet, SymbolOdds
    from slotterm.analysis.sheet_text import SheetText
    from slotterm.engine.model import GameDefinition

SUMMARY = "summary"
"""The name of the table of single figures."""

DESCRIPTIONS = {
    SUMMARY: "every single figure (RTP and probabilities as fractions; wins in total bets)",
    "symbols": "base game line wins per line (reading: wins the wild multiplied)",
    "scatters": "base game scatters (the top count means that many or more)",
    "win_bands": "round wins by size in total bets with the cap",
    "win_tail": "the chance a round pays at least x total bets, with the cap",
    "confidence": "where the RTP of N rounds lands: RTP +- VI/sqrt(N)",
}
"""What each of the core's tables holds, written after its name (a feature's tables are
described by its law's :meth:`~slotterm.analysis.features.contract.FeatureLaw.sheet_text`)."""

READING = "reading"
"""The ``symbols`` table's column of words: which rows are wins the wild multiplied."""


def wild_reading(game: GameDefinition, odds: SymbolOdds) -> str:
    """``"+wild ×2"`` for a line reading that is the paytable's win multiplied by the
    wild on the line (a wild-multiplying game), else ``""`` (the win as the table has it)."""
    times = game.wild_multiplier
    plain = game.line_pay(odds.symbol, odds.count)
    if times > 1 and plain and odds.multiplier == plain * times:
        return f"+wild ×{times}"
    return ""


@dataclass(frozen=True)
class SheetTable:
    """One section of the sheet: its name (a JSON key), its columns and its rows."""

    name: str
    columns: tuple[str, ...]
    rows: tuple[tuple[Any, ...], ...]
    description: str = ""

    @property
    def title(self) -> str:
        """``name: description`` (the name alone for a section without a description)."""
        return f"{self.name}: {self.description}" if self.description else self.name


def feature_text(sheet: ParSheet) -> SheetText:
    """What the features' laws add to the sheet (rows, split, tables), in the sheet's order."""
    from slotterm.analysis.sheet_text import SheetText

    text = SheetText()
    for law in sheet.laws:
        text = text + law.sheet_text(sheet)
    return text


def sheet_game(sheet: ParSheet) -> GameDefinition:
    """The game the sheet was computed for."""
    if sheet.definition is not None:
        return sheet.definition
    from slotterm.games import get_game

    return get_game(sheet.game)


def sheet_tables(sheet: ParSheet) -> list[SheetTable]:
    """The sheet's sections in the JSON's order: the single figures, then each list."""
    data = sheet.to_json()
    game = sheet_game(sheet)
    descriptions = {**DESCRIPTIONS, **feature_text(sheet).descriptions}
    single = tuple((key, value) for key, value in data.items() if not isinstance(value, list))
    tables = [
        SheetTable(
            name=SUMMARY,
            columns=("figure", "value"),
            rows=single,
            description=DESCRIPTIONS[SUMMARY],
        )
    ]
    for key, value in data.items():
        if isinstance(value, list) and value:
            columns = tuple(value[0])
            rows = tuple(tuple(row[column] for column in columns) for row in value)
            if key == "symbols":
                readings = (wild_reading(game, odds) for odds in sheet.symbols)
                columns += (READING,)
                rows = tuple((*row, reading) for row, reading in zip(rows, readings, strict=True))
            tables.append(
                SheetTable(
                    name=key, columns=columns, rows=rows, description=descriptions.get(key, "")
                )
            )
    return tables


def cell_text(value: Any) -> str:
    """One figure as text: every digit of a float, an empty cell for ``None``."""
    if value is None:
        return ""
    if isinstance(value, float):
        return repr(value)
    return str(value)


def sheet_markdown(sheet: ParSheet) -> str:
    """The sheet as Markdown: a heading, then each table under its own heading."""
    lines = [
        f"# {sheet.game}: {sheet.kind} PAR sheet, {sheet.lines} line{'s' * (sheet.lines > 1)}",
        "",
        "The figures of `slotterm par GAME --json`: RTPs and probabilities are fractions "
        "(0.9613 is 96.13 %), wins and standard deviations multiples of the total bet, "
        "frequencies per base round; an empty cell is an event that cannot happen.",
    ]
    for table in sheet_tables(sheet):
        lines += ["", f"## {table.title}", "", *_markdown_table(table)]
    return "\n".join(lines) + "\n"


def _markdown_table(table: SheetTable) -> list[str]:
    numeric = [any(_is_number(row[n]) for row in table.rows) for n in range(len(table.columns))]
    return [
        _markdown_row(table.columns),
        _markdown_row(["---:" if right else "---" for right in numeric]),
        *(_markdown_row([cell_text(value) for value in row]) for row in table.rows),
    ]


def _markdown_row(cells: Sequence[str]) -> str:
    return "| " + " | ".join(cell.replace("|", "\\|") for cell in cells) + " |"


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)
