"""Where everything goes in the reel window: tiles, gaps, the line numbers' margins.

:func:`reel_layout` picks the largest art size whose tiles fit the widget's content area,
then grows the tiles to fill it (up to a limit, so a huge terminal does not blow them up
without end) and centres the grid.  The line numbers stand in a margin on each side, next
to the row where each line starts (left) or ends (right); a row with more numbers than it
has lines gets a second column of them.  Pure arithmetic: no widget here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from slotterm.tui.art.sizes import SIZES_LARGEST_FIRST, ArtSize

GAPS = {ArtSize.COMPACT: (1, 3, 0), ArtSize.MEDIUM: (2, 3, 1), ArtSize.LARGE: (3, 4, 2)}
"""The narrowest and widest gap between reels, and the widest between rows, at each size."""
GROW = {ArtSize.COMPACT: (2, 0), ArtSize.MEDIUM: (10, 4), ArtSize.LARGE: (10, 4)}
"""How many columns and lines a tile may grow beyond its size's smallest tile."""
LABEL_WIDTH = 2
"""Columns of one line number."""


@dataclass(frozen=True)
class ReelLayout:
    """The grid of a reel window inside a content area."""

    size: ArtSize
    reels: int
    rows: int
    tile_w: int
    tile_h: int
    gap_x: int
    gap_y: int
    label_cols: int
    left: int
    top: int

    @property
    def margin(self) -> int:
        """Columns of each side margin: the line numbers and one column for the path."""
        return self.label_cols * (LABEL_WIDTH + 1) + 1

    @property
    def width(self) -> int:
        """Columns from the left margin's start to the right margin's end."""
        return 2 * self.margin + self.reels * self.tile_w + (self.reels - 1) * self.gap_x

    @property
    def height(self) -> int:
        """Lines from the top row's top to the bottom row's bottom."""
        return self.rows * self.tile_h + (self.rows - 1) * self.gap_y

    @property
    def unit(self) -> int:
        """Lines from one row's top to the next one's."""
        return self.tile_h + self.gap_y

    def reel_x(self, reel: int) -> int:
        """Column of the left edge of ``reel``'s tiles."""
        return self.left + self.margin + reel * (self.tile_w + self.gap_x)

    def row_y(self, row: int) -> int:
        """Line of the top edge of ``row``'s tiles."""
        return self.top + row * self.unit

    def span_height(self, rows: int) -> int:
        """Lines of one tile covering ``rows`` rows (and the gaps between them)."""
        return rows * self.tile_h + (rows - 1) * self.gap_y

    def label_x(self, column: int, *, left: bool) -> int:
        """Column where line numbers of margin ``column`` (0 = nearest the reels) start."""
        if left:
            return self.reel_x(0) - 1 - (column + 1) * (LABEL_WIDTH + 1)
        return self.reel_x(self.reels - 1) + self.tile_w + 1 + column * (LABEL_WIDTH + 1) + 1


def _label_cols(per_row: int, tile_h: int) -> int:
    return max(1, -(-per_row // max(1, tile_h)))


def _fit(
    size: ArtSize, width: int, height: int, reels: int, rows: int, per_row: int
) -> ReelLayout | None:
    gap_x, gap_x_max, gap_y_max = GAPS[size]
    grow_w, grow_h = GROW[size]
    spare_h = height - rows * size.height
    if spare_h < 0:
        return None
    gap_y = min(gap_y_max, spare_h // max(1, rows - 1))
    tile_h = min(size.height + grow_h, (height - (rows - 1) * gap_y) // rows)
    cols = _label_cols(per_row, tile_h)
    margin = cols * (LABEL_WIDTH + 1) + 1
    room = width - 2 * margin - (reels - 1) * gap_x
    if room < reels * size.width:
        return None
    tile_w = min(size.width + grow_w, room // reels)
    spare_w = width - 2 * margin - reels * tile_w  # what the tiles leave widens the gaps
    gap_x = max(gap_x, min(gap_x_max, spare_w // max(1, reels - 1)))
    layout = ReelLayout(
        size=size,
        reels=reels,
        rows=rows,
        tile_w=tile_w,
        tile_h=tile_h,
        gap_x=gap_x,
        gap_y=gap_y,
        label_cols=cols,
        left=0,
        top=0,
    )
    return _centred(layout, width, height)


def _centred(layout: ReelLayout, width: int, height: int) -> ReelLayout:
    return ReelLayout(
        **{
            **layout.__dict__,
            "left": max(0, (width - layout.width) // 2),
            "top": max(0, (height - layout.height) // 2),
        }
    )


def reel_layout(
    width: int,
    height: int,
    reels: int,
    rows: int,
    *,
    per_row: int = 1,
    force: ArtSize | None = None,
) -> ReelLayout:
    """The largest layout fitting ``width`` × ``height`` (``force``: that size only, even
    if cut); ``per_row`` is the most line numbers one row's margin holds."""
    for size in (force,) if force is not None else SIZES_LARGEST_FIRST:
        fitted = _fit(size, width, height, reels, rows, per_row)
        if fitted is not None:
            return fitted
    size = force or ArtSize.COMPACT
    tile_h = size.height
    layout = ReelLayout(
        size=size,
        reels=reels,
        rows=rows,
        tile_w=size.width,
        tile_h=tile_h,
        gap_x=1,
        gap_y=0,
        label_cols=_label_cols(per_row, tile_h),
        left=0,
        top=0,
    )
    return _centred(layout, width, height)


def label_slots(numbers: Sequence[int], tile_h: int, cols: int) -> list[tuple[int, int, int]]:
    """``(number, column, line offset in the row)`` for the line numbers of one row: as
    evenly spread over the row's lines as they go, filling column 0 first."""
    per_col = max(1, -(-len(numbers) // cols))
    slots = []
    for i, number in enumerate(numbers):
        column, k = divmod(i, per_col)
        count = min(per_col, len(numbers) - column * per_col)
        if tile_h >= 2 * count:  # room to spread them
            offset = (2 * k + 1) * tile_h // (2 * count)
        else:  # one under the other, the block centred
            offset = (tile_h - count) // 2 + k
        slots.append((number, column, offset))
    return slots
