"""Paylines over the reel window: the line numbers in the margins and the lines' paths.

A path is drawn with heavy box-drawing characters in the margins and the gaps between the
reels: from its number on the left, into the first reel's tile at the line's height, out
through the gap to the next reel's row, and so on to its number on the right.  Where the
path meets a tile, the tile's frame shows a short piece of it (a "port"), so the line
reads as one continuous path without covering any picture.  Several lines drawn at once
share cells; a shared cell joins their directions (``┳``, ``╋``...).

Pure: :class:`PathCanvas` collects directions per cell; the reels widget lays it over its
margins and gaps (:func:`free_cells`) and tile frames (:func:`with_ports`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from functools import lru_cache

from rich.segment import Segment
from rich.style import Style
from textual.strip import Strip

from slotterm.tui.widgets.reel_layout import LABEL_WIDTH, ReelLayout, label_slots

UP, DOWN, LEFT, RIGHT = 1, 2, 4, 8
"""The directions a path leaves a cell by."""
_HEAVY = {
    LEFT | RIGHT: "━",
    UP | DOWN: "┃",
    RIGHT | DOWN: "┏",
    LEFT | DOWN: "┓",
    RIGHT | UP: "┗",
    LEFT | UP: "┛",
    LEFT | RIGHT | DOWN: "┳",
    LEFT | RIGHT | UP: "┻",
    UP | DOWN | RIGHT: "┣",
    UP | DOWN | LEFT: "┫",
    UP | DOWN | LEFT | RIGHT: "╋",
    LEFT: "╸",
    RIGHT: "╺",
    UP: "╹",
    DOWN: "╻",
}

LINE_COLOURS = (
    "#f5c400",
    "#ff4a4a",
    "#3ab4ff",
    "#4ad94a",
    "#ff6ae0",
    "#ff9a1f",
    "#a070ff",
    "#2ae0c0",
    "#d0d040",
    "#ff6090",
    "#6a9aff",
    "#9ae050",
    "#ffa070",
    "#c0a0ff",
    "#40c8e0",
)
"""Each line's colour, by line number (1 first); they repeat past the fifteenth."""

CHIP = "#25253a"
"""The background of a line number (its own, so it reads on any theme)."""
IDLE_INK = "#77778c"
"""A line number that is not played."""


def line_colour(number: int) -> str:
    """The colour of line ``number``."""
    return LINE_COLOURS[(number - 1) % len(LINE_COLOURS)]


class LabelLook(StrEnum):
    """How a line number is shown: not played, played, or lit (its path is drawn)."""

    IDLE = "idle"
    ACTIVE = "active"
    LIT = "lit"


@lru_cache(maxsize=256)
def label_style(number: int, look: LabelLook, mono: bool) -> Style:
    """The style of line ``number``'s label."""
    if mono:
        return Style(
            bold=look is not LabelLook.IDLE or None,
            dim=look is LabelLook.IDLE or None,
            reverse=look is LabelLook.LIT or None,
        )
    colour = line_colour(number)
    if look is LabelLook.LIT:
        return Style(color="#101018", bgcolor=colour, bold=True)
    if look is LabelLook.ACTIVE:
        return Style(color=colour, bgcolor=CHIP, bold=True)
    return Style(color=IDLE_INK, bgcolor=CHIP)


@lru_cache(maxsize=64)
def path_style(number: int | None, mono: bool) -> Style:
    """The style of a path's characters (``None``: a line without a number)."""
    if mono:
        return Style(bold=True)
    return Style(color=line_colour(number) if number is not None else "#ffe14d", bold=True)


@dataclass
class PathCanvas:
    """Directions and styles per cell of the paths drawn so far."""

    bits: dict[tuple[int, int], int] = field(default_factory=dict)
    styles: dict[tuple[int, int], Style] = field(default_factory=dict)

    def add(self, x: int, y: int, bits: int, style: Style) -> None:
        """Let a path leave cell ``(x, y)`` by ``bits`` (added to any already there)."""
        self.bits[x, y] = self.bits.get((x, y), 0) | bits
        self.styles[x, y] = style

    def route(
        self, x0: int, x1: int, ya: int, yb: int, style: Style, lane: int | None = None
    ) -> None:
        """A path entering column ``x0`` from the left at line ``ya`` and leaving column
        ``x1`` to the right at line ``yb``, turning in the middle column (or, given a
        ``lane``, in column ``lane`` counted round the columns there are)."""
        if x1 < x0:
            return
        if ya == yb:
            for x in range(x0, x1 + 1):
                self.add(x, ya, LEFT | RIGHT, style)
            return
        span = x1 - x0 + 1
        turn = x0 + (lane % span if lane is not None else (span - 1) // 2)
        down = yb > ya
        for x in range(x0, turn):
            self.add(x, ya, LEFT | RIGHT, style)
        self.add(turn, ya, LEFT | (DOWN if down else UP), style)
        for y in range(min(ya, yb) + 1, max(ya, yb)):
            self.add(turn, y, UP | DOWN, style)
        self.add(turn, yb, RIGHT | (UP if down else DOWN), style)
        for x in range(turn + 1, x1 + 1):
            self.add(x, yb, LEFT | RIGHT, style)

    def char(self, x: int, y: int) -> str | None:
        """The character drawn at ``(x, y)``, ``None`` where no path passes."""
        bits = self.bits.get((x, y))
        return None if bits is None else _HEAVY[bits]


@dataclass(frozen=True)
class LabelPlace:
    """Where line ``number``'s labels stand: ``(x, y)`` left and right, and the line's own
    height inside a row (``lane``, from the row's top)."""

    number: int
    left: tuple[int, int]
    right: tuple[int, int]
    lane: int


def label_places(layout: ReelLayout, lines: Sequence[Sequence[int]]) -> list[LabelPlace]:
    """Every line's labels: next to its first row on the left, its last row on the right."""
    lefts: dict[int, tuple[int, int, int]] = {}
    rights: dict[int, tuple[int, int]] = {}
    for row in range(layout.rows):
        starting = [n for n, rows in enumerate(lines, 1) if rows[0] == row]
        for number, column, offset in label_slots(starting, layout.tile_h, layout.label_cols):
            x = layout.label_x(column, left=True)
            lefts[number] = (x, layout.row_y(row) + offset, offset)
        ending = [n for n, rows in enumerate(lines, 1) if rows[-1] == row]
        for number, column, offset in label_slots(ending, layout.tile_h, layout.label_cols):
            rights[number] = (layout.label_x(column, left=False), layout.row_y(row) + offset)
    return [
        LabelPlace(number=n, left=lefts[n][:2], right=rights[n], lane=lefts[n][2])
        for n in range(1, len(lines) + 1)
    ]


def draw_line(
    canvas: PathCanvas,
    layout: ReelLayout,
    rows: Sequence[int],
    place: LabelPlace,
    style: Style,
    *,
    centre: bool,
    ports: bool = True,
) -> None:
    """Line ``place.number`` following ``rows`` (row per reel) from label to label: through
    the tiles' middles (``centre``) or at the line's own height in each row; ``ports``: a
    piece of it on the tile frames where it goes behind a tile."""
    lane = layout.tile_h // 2 if centre else place.lane
    ys = [layout.row_y(row) + lane for row in rows]
    start_x, start_y = place.left
    canvas.route(start_x + LABEL_WIDTH, layout.reel_x(0) - 1, start_y, ys[0], style)
    for reel, y in enumerate(ys):
        x = layout.reel_x(reel)
        if ports:  # on the tile's frame
            canvas.add(x, y, LEFT | RIGHT, style)
            canvas.add(x + layout.tile_w - 1, y, LEFT | RIGHT, style)
        if reel + 1 < len(ys):
            right = x + layout.tile_w
            lane_x = None if centre else place.number  # lines apart where they turn
            canvas.route(right, layout.reel_x(reel + 1) - 1, y, ys[reel + 1], style, lane_x)
    end_x, end_y = place.right
    last = layout.reel_x(len(ys) - 1) + layout.tile_w
    canvas.route(last, end_x - 1, ys[-1], end_y, style)


def free_cells(
    x0: int,
    x1: int,
    y: int,
    canvas: PathCanvas,
    labels: dict[tuple[int, int], Segment],
    base: Style,
    *,
    busy: bool,
) -> Strip:
    """Columns ``x0`` to ``x1`` of line ``y`` outside the tiles: labels, paths, blanks
    (``busy``: the line has labels or paths at all)."""
    width = max(0, x1 - x0)
    if not busy:
        return Strip([Segment(" " * width, base)], width) if width else Strip([], 0)
    segments: list[Segment] = []
    blank = 0
    x = x0
    while x < x1:
        label = labels.get((x, y))
        char = canvas.char(x, y) if label is None else None
        if label is None and char is None:
            blank += 1
            x += 1
            continue
        if blank:
            segments.append(Segment(" " * blank, base))
            blank = 0
        if label is not None:
            text = label.text[: x1 - x]
            segments.append(Segment(text, label.style))
            x += len(text)
        else:
            segments.append(Segment(char or " ", base + canvas.styles[x, y]))
            x += 1
    if blank:
        segments.append(Segment(" " * blank, base))
    return Strip(segments, width)


def with_ports(line: Strip, x: int, y: int, canvas: PathCanvas, width: int) -> Strip:
    """A tile's line with the path's ports drawn on its frame where a path meets it."""
    left, right = canvas.char(x, y), canvas.char(x + width - 1, y)
    if left is None and right is None:
        return line
    parts = []
    for edge, char in ((0, left), (width - 1, right)):
        if char is None:
            parts.append(line.crop(edge, edge + 1))
            continue
        under = next(iter(line.crop(edge, edge + 1)), Segment(" "))
        style = (under.style or Style()) + canvas.styles[x + edge, y]
        parts.append(Strip([Segment(char, style)], 1))
    return Strip.join([parts[0], line.crop(1, width - 1), parts[1]])
