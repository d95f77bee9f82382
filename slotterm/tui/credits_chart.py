"""A chart of the credits over the session, with a real money axis.

The vertical axis is fitted to the session's low and high and labelled at round amounts
(steps of 1, 2 or 5 times a power of ten: 1,000.00, 1,005.00, 1,010.00...), so the line
fills the chart and every label can be read at a glance.  A tiny move is not blown up into
a cliff: the axis spans at least :data:`MIN_SPAN_SHARE` of the starting credits (a session
that went from 1,000.00 to 998.00 is a gentle slope on an axis from 990.00 to 1,005.00).
The line is drawn in braille dots (2 × 4 per character cell); a dotted line marks the
starting credits.  :func:`axis_ticks` and :func:`chart_lines` are pure and do the work;
:class:`CreditsChart` shows the chart at the widget's size.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from rich.text import Text
from textual.widget import Widget

from slotterm.money import format_cents

MIN_SPAN_SHARE = 0.01
"""The axis spans at least this share of the starting credits."""
MIN_SPAN = 1_00
"""... and at least this many cents (a session that starts near nothing)."""
MOST_TICKS = 5
"""The most labelled amounts on the axis."""

_DOT_BITS = ((0x01, 0x08), (0x02, 0x10), (0x04, 0x20), (0x40, 0x80))
"""Braille dot bit by (row within the cell 0-3, column within the cell 0-1)."""


def round_steps() -> Iterator[int]:
    """The round steps in cents, smallest first: 1, 2, 5, 10, 20, 50, 100..."""
    power = 1
    while True:
        for factor in (1, 2, 5):
            yield factor * power
        power *= 10


def axis_range(series: Sequence[int]) -> tuple[int, int]:
    """The amounts the axis must cover (cents): the data's low and high, widened about
    their middle to the minimum span, never below zero."""
    low, high = min(series), max(series)
    span = max(int(series[0] * MIN_SPAN_SHARE), MIN_SPAN)
    if high - low < span:
        middle = (high + low) // 2
        low, high = middle - span // 2, middle + span - span // 2
        if low < 0:
            low, high = 0, high - low
    return low, high


def axis_ticks(series: Sequence[int], most: int = MOST_TICKS) -> tuple[int, ...]:
    """The labelled amounts of the axis (cents, lowest first): evenly spaced by the
    smallest round step that covers :func:`axis_range` in at most ``most`` (at least 2)
    amounts; the first is the axis' bottom, the last its top."""
    low, high = axis_range(series)
    most = max(most, 2)
    for step in round_steps():
        bottom = low // step * step
        top = -(-high // step) * step
        if top == bottom:
            top += step
        if (top - bottom) // step + 1 <= most:
            return tuple(range(bottom, top + 1, step))
    raise AssertionError("unreachable: a large enough step always fits")


def chart_lines(series: Sequence[int], width: int, height: int) -> list[str]:
    """The chart of ``series`` (credits in cents, one point per spin) in ``width`` ×
    ``height`` characters: money labels on the left, spins along the bottom."""
    if not series:
        return ["No credits recorded yet."]
    plot_h = max(height - 2, 2)
    ticks = axis_ticks(series, min(MOST_TICKS, plot_h // 2 + 1))
    low, high = ticks[0], ticks[-1]
    label_width = max(len(format_cents(tick)) for tick in ticks)
    plot_w = max(width - label_width - 2, 4)
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
    labels: dict[int, str] = {}
    for tick in reversed(ticks):  # from the top; a row takes the first tick that falls in it
        labels.setdefault(dot_row(tick) // 4, format_cents(tick))
    rows = []
    for r, cell_row in enumerate(cells):
        label = labels.get(r, "")
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
