"""The PAR sheet's rows for people, as plain text: what each feature's law adds to the tables.

``slotterm par GAME`` prints the sheet as tables (:mod:`slotterm.commands.par`, which draws
them); the core's rows are the command's, a feature's come from its law's
:meth:`~slotterm.analysis.features.contract.FeatureLaw.sheet_text` as a :class:`SheetText`:
summary rows (after the hit frequency), rows of the RTP split (on the base spin, then the
feature's own part), its reel cycles and whole tables of its own.  The same hook names and
describes the feature's tables for ``--csv`` and ``--markdown``.  Text only: no Rich here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

Row = tuple[str, str]
"""A label and its value, as shown (in the RTP split: a label and a figure's name)."""


@dataclass(frozen=True)
class TextTable:
    """A table of a feature's own: a title, column headers, rows of cells (all right-aligned)."""

    title: str
    headers: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class SheetText:
    """What one feature adds to the printed sheet (see the module notes).

    ``base_split`` and ``split`` are (label, figure name) rows: the part of the base spin's
    RTP the feature pays, and the feature's own part (a heading row, then indented rows),
    each named by its figure with the cap (the table shows it beside its ``_uncapped`` pair);
    ``cycles`` are (reel set, stop combinations); ``descriptions`` say what each of the
    feature's tables in ``--csv`` / ``--markdown`` holds, by its JSON key.
    """

    summary: tuple[Row, ...] = ()
    base_split: tuple[Row, ...] = ()
    split: tuple[Row, ...] = ()
    cycles: tuple[tuple[str, int], ...] = ()
    tables: tuple[TextTable, ...] = ()
    descriptions: Mapping[str, str] = field(default_factory=dict)

    def __add__(self, other: SheetText) -> SheetText:
        """Both, this one's rows first."""
        return SheetText(
            summary=self.summary + other.summary,
            base_split=self.base_split + other.base_split,
            split=self.split + other.split,
            cycles=self.cycles + other.cycles,
            tables=self.tables + other.tables,
            descriptions={**self.descriptions, **other.descriptions},
        )


CORE_SPLIT: tuple[Row, ...] = (
    ("base game line wins", "rtp_base_lines"),
    ("base game scatters", "rtp_scatter"),
)
"""The parts of the RTP the round itself pays, before the features' (label, figure name)."""


def split_rows(features: SheetText) -> list[Row]:
    """The rows of the RTP split, (label, figure name): the core's parts, what the features
    pay on the base spin, then each feature's own part with its parts indented under it."""
    return [*CORE_SPLIT, *features.base_split, *features.split]


def pct(x: float, digits: int = 4) -> str:
    """A fraction as a percentage: ``0.9613`` -> ``"96.1300 %"``."""
    return f"{100 * x:.{digits}f} %"


def one_in(x: float | None) -> str:
    """``"1 in 158.2"``, or ``"never"`` for an event that cannot happen."""
    return "never" if x is None or x == float("inf") else f"1 in {x:,.1f}"
