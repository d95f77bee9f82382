"""The gamble's playing cards drawn at any size: a white card with the rank and suit in
its corners and a big pip (or a court's bust) in the middle, a patterned back, and every
width in between for the flip.

A card of ``width`` × ``height`` cells is a rounded frame; inside it the rank and suit
sign stand in the top left and the bottom right corner, and the picture
(:mod:`slotterm.tui.art.card_pictures`) is drawn with half blocks (two pixels a cell) at
the largest whole scale that fits; a card too small for it shows the suit sign in the
middle.  Without colour (``mono``) there is no white: the frame, the corners and the
picture by shape (its lit pixels) are drawn in the terminal's own colour.

Pure functions of their arguments, cached: a flip's frames are ready-made strips.
"""

from __future__ import annotations

from functools import lru_cache

from rich.style import Style
from textual.strip import Strip

from slotterm.engine.gamble import Color, card_color, card_rank, card_suit
from slotterm.tui.art.card_pictures import COLOURS, COURTS, PIPS, SMALL_PIPS, UNLIT
from slotterm.tui.art.shapes import HALVES
from slotterm.tui.art.tiles import merge_cells

SUIT_SIGNS = {"clubs": "♣", "diamonds": "♦", "hearts": "♥", "spades": "♠"}
"""The suit sign of each suit, as the corners show it."""
CARD_WHITE = "#f7f5ee"
FRAME_GREY = "#8a8a8a"
RED_INK = "#c8102e"
BLACK_INK = "#1a1a1a"
BACK_BLUE = "#1b2f7a"
BACK_LINES = "#7f9bef"
SUIT_INK = frozenset("S#")
"""The letters printed in the suit's colour: a bust's ``S``, a pip's ``#``."""
CARD_ASPECT = 1.45
"""A card's width in cells per cell of height (a 5 × 7 card, cells twice as high as wide)."""

Cell = tuple[str, Style]
Grid = tuple[tuple[Cell, ...], ...]


@lru_cache(maxsize=64)
def _style(fg: str | None = None, bg: str | None = None, bold: bool = False) -> Style:
    return Style(color=fg, bgcolor=bg, bold=bold or None)


def ink(card: int) -> str:
    """The colour a card's suit is printed in."""
    return RED_INK if card_color(card) is Color.RED else BLACK_INK


def card_size(width: int, height: int, *, tallest: int = 40) -> tuple[int, int]:
    """The largest card (width, height in cells) of the usual shape that fits
    ``width`` × ``height``, at most ``tallest`` rows high."""
    h = max(3, min(height, tallest))
    w = round(h * CARD_ASPECT)
    if w > width:
        w = max(4, width)
        h = max(3, min(h, round(w / CARD_ASPECT)))
    return w, h


def _framed(width: int, height: int, fill: Style, frame: Style) -> list[list[Cell]]:
    """A rounded frame of ``frame`` around cells of ``fill``."""
    inner = width - 2
    rows = [[("╭", frame), *[("─", frame)] * inner, ("╮", frame)]]
    rows += [[("│", frame), *[(" ", fill)] * inner, ("│", frame)] for _ in range(height - 2)]
    rows.append([("╰", frame), *[("─", frame)] * inner, ("╯", frame)])
    return rows


def _pictures(card: int) -> tuple[tuple[str, ...], ...]:
    """The card's pictures, the one to draw first: a court's bust, else its suit's pip,
    big then small."""
    court = COURTS.get(card_rank(card))
    suit = card_suit(card)
    return (court,) if court else (PIPS[suit], SMALL_PIPS[suit])


def _placement(
    picture: tuple[str, ...], inner_w: int, inner_h: int, side: int
) -> tuple[int, int, int] | None:
    """Where the picture goes inside the frame: (scale, left cell, top pixel), at the
    larger of two places: the full height between the corners' columns, or the full width
    between the corners' rows.  ``None`` when it fits neither at its own size."""
    pw, ph = len(picture[0]), len(picture)
    best: tuple[int, int, int] | None = None
    for left, top, cols, pixels in (
        (side, 0, inner_w - 2 * side, 2 * inner_h),
        (1, 2, inner_w - 2, 2 * (inner_h - 4)),
    ):
        scale = min(cols // pw, pixels // ph) if cols > 0 and pixels > 0 else 0
        if scale and (best is None or scale > best[0]):
            x = left + (cols - pw * scale) // 2
            y = 2 * top + (pixels - ph * scale) // 2
            best = (scale, x, y)
    return best


def _paint(rows: list[list[Cell]], card: int, mono: bool) -> bool:
    """Draw the card's picture inside the frame; False when it does not fit."""
    inner_w, inner_h = len(rows[0]) - 2, len(rows) - 2
    side = len(card_rank(card)) + 1
    fits = ((p, at) for p in _pictures(card) if (at := _placement(p, inner_w, inner_h, side)))
    found = next(fits, None)
    if found is None:
        return False
    picture, (scale, left, top) = found
    canvas = [["."] * inner_w for _ in range(2 * inner_h)]
    for py, line in enumerate(picture):
        for px, letter in enumerate(line):
            for dy in range(scale):
                for dx in range(scale):
                    canvas[top + py * scale + dy][left + px * scale + dx] = letter
    suit = ink(card)
    white = None if mono else CARD_WHITE
    for y in range(inner_h):
        for x in range(inner_w):
            upper, lower = canvas[2 * y][x], canvas[2 * y + 1][x]
            if upper == "." and lower == ".":
                continue
            if mono:
                lit = (upper not in UNLIT, lower not in UNLIT)
                rows[y + 1][x + 1] = (HALVES[lit], _style())
                continue
            fg = suit if upper in SUIT_INK else COLOURS.get(upper, white)
            bg = suit if lower in SUIT_INK else COLOURS.get(lower, white)
            rows[y + 1][x + 1] = ("▀", _style(fg, bg))
    return True


def _write(rows: list[list[Cell]], x: int, y: int, text: str, style: Style) -> None:
    for i, ch in enumerate(text):
        if 0 <= x + i < len(rows[0]):
            rows[y][x + i] = (ch, style)


@lru_cache(maxsize=128)
def face_grid(card: int, width: int, height: int, *, mono: bool = False) -> Grid:
    """Card ``card`` face up, ``width`` × ``height`` cells (at least 4 × 3)."""
    white = None if mono else CARD_WHITE
    rows = _framed(width, height, _style(bg=white), _style(None if mono else FRAME_GREY, white))
    text = _style(None if mono else ink(card), white, bold=True)
    rank, sign = card_rank(card), SUIT_SIGNS[card_suit(card)]
    inner_w, inner_h = width - 2, height - 2
    if inner_h < 3 or inner_w < 3:
        label = (rank + sign)[:inner_w]
        _write(rows, 1 + (inner_w - len(label)) // 2, 1 + (inner_h - 1) // 2, label, text)
    elif inner_h < 5:  # a small card: the rank in two corners, the sign in the middle
        _write(rows, 1, 1, rank, text)
        _write(rows, 1 + inner_w // 2, 1 + inner_h // 2, sign, text)
        _write(rows, width - 1 - len(rank), height - 2, rank, text)
    else:
        _write(rows, 1, 1, rank, text)
        _write(rows, 1, 2, sign, text)
        _write(rows, width - 1 - len(rank), height - 2, rank, text)
        _write(rows, width - 2, height - 3, sign, text)
        if not _paint(rows, card, mono):
            _write(rows, 1 + inner_w // 2, 1 + inner_h // 2, sign, text)
    return tuple(tuple(row) for row in rows)


@lru_cache(maxsize=32)
def back_grid(width: int, height: int, *, mono: bool = False) -> Grid:
    """A card face down: a lattice of lines on blue, inside a white margin."""
    white = None if mono else CARD_WHITE
    rows = _framed(width, height, _style(bg=white), _style(None if mono else FRAME_GREY, white))
    margin = 1 if width >= 8 and height >= 6 else 0
    lines = _style(None if mono else BACK_LINES, None if mono else BACK_BLUE)
    for y in range(1 + margin, height - 1 - margin):
        for x in range(1 + margin, width - 1 - margin):
            down, up = (x - y) % 4 == 0, (x + y) % 4 == 0
            ch = "╳" if down and up else "╲" if down else "╱" if up else " "
            rows[y][x] = (ch, lines)
    return tuple(tuple(row) for row in rows)


def squeezed(grid: Grid, shown: int) -> Grid:
    """``grid`` narrowed to ``shown`` columns (a card turning), centred in its width:
    the frame's columns kept, the inside sampled; one column is the card's edge."""
    width = len(grid[0])
    if shown >= width:
        return grid
    blank: Cell = (" ", _style())
    left = (width - shown) // 2
    pad_l, pad_r = (blank,) * left, (blank,) * (width - shown - left)
    if shown <= 1:
        edge = grid[0][0][1]
        return tuple((*pad_l, ("┃", edge), *pad_r) for _ in grid)
    inner = width - 2
    picks = [0, *(1 + int((i + 0.5) * inner / (shown - 2)) for i in range(shown - 2)), width - 1]
    return tuple((*pad_l, *(row[x] for x in picks), *pad_r) for row in grid)


def strips(grid: Grid) -> list[Strip]:
    """The rows of ``grid`` as strips, neighbouring cells of one style joined."""
    return [merge_cells(row) for row in grid]
