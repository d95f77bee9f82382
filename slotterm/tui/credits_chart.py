"""A chart of the credits over the session, with a real money axis.

The vertical scale never makes a small move look big: it spans at least
:data:`MIN_SPAN_SHARE` of the starting credits (a session that went from 1,000.00 to
998.00 is a nearly flat line, not a cliff).  The line is drawn in braille dots (2 × 4 per
character cell); a dotted line marks the starting credits.  :func:`chart_lines` is pure
and does the drawing; :class:`CreditsChart` shows it at the widget's size.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.widget import Widget

from slotterm.money import format_cents

MIN_SPAN_SHARE = 0.10
"""The axis spans at least this share of the starting credits."""
MIN_SPAN = 1_00
"""... and at least this many cents (a session that starts near nothing)."""

_DOT_BITS = ((0x01, 0x08), (0x02, 0x10), (0x04, 0x20), (0x40, 0x80))
"""Braille dot bit by (row within the cell 0-3, column within the cell 0-1)."""


def axis_range(series: Sequence[int]) -> tuple[int, int]:
    """The axis' low and high (cents): the data, widened to the minimum span about it,
    never below zero."""
    low, high = min(series), max(series)
    span = max(int(series[0] * MIN_SPAN_SHARE), MIN_SPAN)
    if high - low < span:
        middle = (high + low) // 2
        low, high = middle - span // 2, middle + span - span // 2
        if low < 0:
            low, high = 0, high - low
    return low, high


def chart_lines(series: Sequence[int], width: int, height: int) -> list[str]:
    """The chart of ``series`` (credits in cents, one point per spin) in ``width`` ×
    ``height`` characters: money labels on the left, spins along the bottom."""
    if not series:
        return ["No credits recorded yet."]
    low, high = axis_range(series)
    labels = [format_cents(high), format_cents((high + low) // 2), format_cents(low)]
    label_width = max(len(label) for label in labels)
    plot_w = max(width - label_width - 2, 4)
    plot_h = max(height - 2, 2)
    dots_w, dots_h = plot_w * 2, plot_h * 4
    cells = [[0] * plot_w for _ in range(plot_h)]

    def dot_row(value: int) -> int:
        share = (value - low) / (high - low)
        return min(max(round((1 - share) * (dots_h - 1)), 0), dots_h - 1)

    def put(x: int, y: int) -> None:
        cells[y // 4][x // 2] |= _DOT_BITS[y % 4][x % 2]

    last = len(series) - 1
    previous: int | None = None
    for x in range(dots_w):
        index = round(x * last / (dots_w - 1)) if last else 0
        y = dot_row(series[index])
        top, bottom = (y, y) if previous is None else (min(y, previous), max(y, previous))
        for row in range(top, bottom + 1):  # joined to the previous column: a line
            put(x, row)
        previous = y
    start_row = dot_row(series[0]) // 4
    rows = []
    for r, cell_row in enumerate(cells):
        label = ""
        if r == 0:
            label = labels[0]
        elif r == plot_h // 2:
            label = labels[1]
        elif r == plot_h - 1:
            label = labels[2]
        chars = "".join(
            chr(0x2800 + bits) if bits else ("┈" if r == start_row else " ") for bits in cell_row
        )
        rows.append(f"{label:>{label_width}} ┤{chars}")
    rows.append(" " * label_width + " └" + "─" * plot_w)
    left, right = "spin 0", f"spin {last}"
    gap = max(plot_w - len(left) - len(right), 1)
    rows.append(" " * (label_width + 2) + left + " " * gap + right)
    return rows


class CreditsChart(Widget):
    """The credits of the session as a line chart (see the module docstring)."""

    DEFAULT_CSS = """
    CreditsChart {
        height: 10;
    }
    """

    def __init__(self, series: Sequence[int], *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.series = tuple(series)

    def render(self) -> Text:
        """The chart at the widget's size."""
        width, height = self.size
        return Text("\n".join(chart_lines(self.series, width, height)), no_wrap=True)
