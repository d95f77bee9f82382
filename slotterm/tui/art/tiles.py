"""The tile renderer, once for every game: a symbol's picture on its own framed tile.

A tile of ``width`` × ``height`` cells is a grid of ``width`` × ``2·height`` pixels drawn
with half blocks (``▀``: the upper pixel in the foreground colour, the lower one in the
background).  The frame is a one-pixel ring in the tile's frame colour, bright gold on a
winning cell; inside it the tile's own background (so it reads the same on a light theme)
and the picture, centred, at the largest scale that fits.  A **tall** tile (a reel filled
by one symbol, a stack of wilds) stretches the picture to twice its height and adds a glow.

Without colour (``mono``) the picture is drawn by shape: bright pixels as half blocks,
dark ones left blank, the frame as box-drawing corners and sides (heavy on a winning cell).

Tiles are pure functions of their arguments and cached, so the reels compose each frame
from ready-made strips.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from functools import lru_cache

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.strip import Strip

from slotterm.tui.art.model import SymbolArt
from slotterm.tui.art.shapes import HALVES, half_block_lines, lit, scaled
from slotterm.tui.art.sizes import PALETTE, SIZES_LARGEST_FIRST, ArtSize

MARK_FRAME = "#ffe14d"
"""The frame of a winning cell."""
MARK_GLOW = "#fff6b0"
"""The frame's corners on a winning cell (a brighter spark), all of it on the bright beat."""
DIM_SHARE = 0.55
"""How far a dimmed tile's colours go towards black."""


class TileState(StrEnum):
    """How a tile is drawn: as it is, as a winning cell (``GLOW``: the same on the bright
    beat of its pulse), or dimmed behind a win."""

    NORMAL = "normal"
    MARKED = "marked"
    GLOW = "glow"
    DIM = "dim"

    @property
    def marked(self) -> bool:
        """A winning cell (either beat)."""
        return self in (TileState.MARKED, TileState.GLOW)


def _rgb(colour: str) -> tuple[int, int, int]:
    value = int(colour.lstrip("#"), 16)
    return value >> 16, (value >> 8) & 0xFF, value & 0xFF


def _hex(rgb: tuple[float, float, float]) -> str:
    return "#" + "".join(f"{max(0, min(255, round(c))):02x}" for c in rgb)


def blend(colour: str, other: str, share: float) -> str:
    """``colour`` moved ``share`` (0 to 1) of the way towards ``other``."""
    a, b = _rgb(colour), _rgb(other)
    return _hex(tuple(x + (y - x) * share for x, y in zip(a, b, strict=True)))  # type: ignore[arg-type]


def brightness(colour: str) -> float:
    """Perceived brightness of ``colour`` from 0 (black) to 1 (white)."""
    r, g, b = _rgb(colour)
    return (0.299 * r + 0.587 * g + 0.114 * b) / 255


def fitted_picture(art: SymbolArt, inner_w: int, inner_h: int, *, tall: bool) -> tuple[str, ...]:
    """The largest picture of ``art`` that fits ``inner_w`` × ``inner_h`` pixels (a tall
    tile first tries each at twice its height)."""
    for size in SIZES_LARGEST_FIRST:
        rows = art.picture(size)
        sx = 2 if size is ArtSize.LARGE else 1
        pad_x, pad_y = size.pad
        for sy in (2 * sx, sx) if tall and art.stretch else (sx,):
            w, h = len(rows[0]) * sx, len(rows) * sy
            if w + 2 * pad_x <= inner_w and h + 2 * pad_y <= inner_h:
                return scaled(rows, sx, sy)
    return scaled(art.small, 1, 1)


def _background(art: SymbolArt, h: int, state: TileState, tall: bool) -> list[str]:
    """The tile's own background colour on each of its ``h`` pixel rows."""
    look = art.look
    rows = []
    for y in range(h):
        share = (y // 2) / max(1, h // 2 - 1)  # one colour per cell: fewer segments
        if tall:  # a glow in the middle of a tall tile
            colour = blend(blend(look.frame, look.top, 0.45), look.bottom, abs(2 * share - 1))
        else:
            colour = blend(look.top, look.bottom, share)
        rows.append(blend(colour, "#000000", DIM_SHARE) if state is TileState.DIM else colour)
    return rows


def _pixels(
    art: SymbolArt, width: int, height: int, state: TileState, tall: bool
) -> list[list[str]]:
    """The tile's pixel colours, row by row."""
    w, h = width, 2 * height
    frame = {TileState.MARKED: MARK_FRAME, TileState.GLOW: MARK_GLOW}.get(state, art.look.frame)
    grid = [[colour] * w for colour in _background(art, h, TileState.NORMAL, tall)]
    picture = fitted_picture(art, w - 2, h - 2, tall=tall)
    px, py = (w - len(picture[0])) // 2, (h - len(picture)) // 2
    if tall:  # sparks above and below the picture
        for n, y in enumerate(range(3, h - 3, 4)):
            if py - 1 <= y <= py + len(picture):
                continue
            x = (w // 4, (3 * w) // 4, w // 2)[n % 3]
            spark = PALETTE["w"] if n % 2 else PALETTE["y"]
            grid[y][x] = spark
            for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1)):
                grid[y + dy][x + dx] = blend(spark, grid[y + dy][x + dx], 0.5)
    for y, row in enumerate(picture):
        for x, ch in enumerate(row):
            if ch != ".":
                grid[py + y][px + x] = art.colour_of(ch)
    for x in range(w):
        grid[0][x] = grid[h - 1][x] = frame
    for y in range(h):
        grid[y][0] = grid[y][w - 1] = frame
    if state.marked:
        for x, y in ((0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1)):
            grid[y][x] = MARK_GLOW if state is TileState.MARKED else MARK_FRAME
    if state is TileState.DIM:
        grid = [[blend(c, "#000000", DIM_SHARE) for c in r] for r in grid]
    return grid


def merge_cells(cells: Sequence[tuple[str, Style]]) -> Strip:
    """Cells of (character, style) as a strip, neighbours of one style joined."""
    segments: list[Segment] = []
    text, style = "", None
    for ch, cell_style in cells:
        if cell_style == style:
            text += ch
            continue
        if text:
            segments.append(Segment(text, style))
        text, style = ch, cell_style
    if text:
        segments.append(Segment(text, style))
    return Strip(segments, len(cells))


@lru_cache(maxsize=256)
def _style(fg: str | None, bg: str | None, bold: bool = False, dim: bool = False) -> Style:
    return Style(color=fg, bgcolor=bg, bold=bold or None, dim=dim or None)


def _plate_row(art: SymbolArt, width: int, height: int) -> tuple[int, int] | None:
    """Where the tile's plate word goes (its line and left column), if it has room."""
    if not art.plate or height < ArtSize.MEDIUM.height or width < len(art.plate) + 4:
        return None
    return height - 1, (width - len(art.plate) - 2) // 2


_CORNERS = ("▀", "▀", "▄", "▄")
"""The frame's corners: its top or bottom edge only, so the corners look rounded."""


def _colour_tile(
    art: SymbolArt, width: int, height: int, state: TileState, tall: bool
) -> tuple[Strip, ...]:
    grid = _pixels(art, width, height, state, tall)
    back = _background(art, 2 * height, state, tall)
    plate = _plate_row(art, width, height)
    frame = grid[1][0]
    thick = state.marked  # a winning cell: full-width sides
    lines = []
    for y in range(height):
        upper, lower = grid[2 * y], grid[2 * y + 1]
        cells = []
        for x in range(width):
            a, b = upper[x], lower[x]
            cells.append((" ", _style(None, a)) if a == b else ("▀", _style(a, b)))
        if not thick:
            under = back[2 * y + 1] if y == 0 else back[2 * y]
            for x, side in ((0, "▌"), (width - 1, "▐")):
                corner = _CORNERS[(x > 0) + 2 * (y == height - 1)]
                char = corner if y in (0, height - 1) else side
                cells[x] = (char, _style(frame, under))
        if plate is not None and plate[0] == y:
            ink = "#1b1024" if state is not TileState.DIM else "#000000"
            for i, ch in enumerate(f" {art.plate} "):
                cells[plate[1] + i] = (ch, _style(ink, lower[plate[1] + i], bold=True))
        lines.append(merge_cells(cells))
    return tuple(lines)


_MONO_FRAME = {
    TileState.NORMAL: ("╭", "╮", "╰", "╯", "│"),
    TileState.DIM: ("╭", "╮", "╰", "╯", "│"),
    TileState.MARKED: ("┏", "┓", "┗", "┛", "┃"),
    TileState.GLOW: ("┏", "┓", "┗", "┛", "┃"),
}


def _mono_tile(
    art: SymbolArt, width: int, height: int, state: TileState, tall: bool
) -> tuple[Strip, ...]:
    picture = fitted_picture(art, width - 2, 2 * height - 2, tall=tall)
    px, py = (width - len(picture[0])) // 2, (2 * height - len(picture)) // 2

    def ink(x: int, y: int) -> bool:
        inside = px <= x < px + len(picture[0]) and py <= y < py + len(picture)
        return inside and lit(picture[y - py][x - px])

    style = _style(None, None, bold=state.marked, dim=state is TileState.DIM)
    tl, tr, bl, br, side = _MONO_FRAME[state]
    plate = _plate_row(art, width, height)
    lines = []
    for y in range(height):
        row = [HALVES[ink(x, 2 * y), ink(x, 2 * y + 1)] for x in range(1, width - 1)]
        if state.marked and y in (0, height - 1):
            row = ["━" if ch == " " else ch for ch in row]
        left, right = (tl, tr) if y == 0 else (bl, br) if y == height - 1 else (side, side)
        if plate is not None and plate[0] == y:
            start = plate[1] - 1
            row[start : start + len(art.plate) + 2] = list(f" {art.plate} ")
        lines.append(Strip([Segment(left + "".join(row) + right, style)], width))
    return tuple(lines)


@lru_cache(maxsize=4096)
def tile_strips(
    art: SymbolArt,
    width: int,
    height: int,
    state: TileState = TileState.NORMAL,
    *,
    mono: bool = False,
    tall: bool = False,
) -> tuple[Strip, ...]:
    """The tile of ``art`` in ``width`` × ``height`` cells, one strip per line."""
    if width < 3 or height < 2:
        raise ValueError(f"a tile needs at least 3x2 cells, not {width}x{height}")
    if mono:
        return _mono_tile(art, width, height, state, tall)
    return _colour_tile(art, width, height, state, tall)


def tile_text(
    art: SymbolArt, size: ArtSize, state: TileState = TileState.NORMAL, *, mono: bool = False
) -> Text:
    """The smallest tile of ``size`` as Rich text, lines joined by newlines."""
    text = Text(no_wrap=True, end="")
    for y, strip in enumerate(tile_strips(art, size.width, size.height, state, mono=mono)):
        if y:
            text.append("\n")
        for segment in strip:
            text.append(segment.text, segment.style)
    return text


def thumbnail(art: SymbolArt) -> tuple[Text, ...]:
    """The small picture on its tile's background, framed at the sides only: three lines
    of ten columns (for a banner or a list, where a whole tile is too tall)."""
    return tuple(line.copy() for line in _thumbnail(art))


@lru_cache(maxsize=64)
def _thumbnail(art: SymbolArt) -> tuple[Text, ...]:
    w, h = len(art.small[0]), len(art.small)
    back = _background(art, h, TileState.NORMAL, False)
    frame = _style(art.look.frame, back[0])
    lines = []
    for y in range(0, h, 2):
        text = Text("▌", frame, no_wrap=True, end="")
        for x in range(w):
            a, b = art.small[y][x], art.small[y + 1][x]
            upper = art.colour_of(a) if a != "." else back[y]
            lower = art.colour_of(b) if b != "." else back[y + 1]
            if upper == lower:
                text.append(" ", _style(None, upper))
            else:
                text.append("▀", _style(upper, lower))
        text.append("▐", _style(art.look.frame, back[y]))
        lines.append(text)
    return tuple(lines)


def mono_thumbnail(art: SymbolArt) -> tuple[Text, ...]:
    """:func:`thumbnail` without colour: the small picture by shape alone (its bright
    pixels as half blocks, as the reels' tiles are drawn without colour) between two
    box-drawing sides, three lines of ten columns in the text's own colour."""
    return tuple(
        Text(f"│{line}│", no_wrap=True, end="") for line in shape_lines(art, ArtSize.COMPACT)
    )


def shape_lines(art: SymbolArt, size: ArtSize) -> tuple[str, ...]:
    """The picture of ``size`` alone as plain half-block text: bright pixels drawn."""
    return half_block_lines(art.picture(size), size)


def sprite(art: SymbolArt) -> tuple[Text, ...]:
    """The whole small picture on its own, without a tile: three lines of eight columns,
    the picture's empty pixels left to the background beneath (for the banner, where a
    whole tile is too tall and a slice of one looks cut)."""
    return tuple(line.copy() for line in _sprite(art))


@lru_cache(maxsize=64)
def _sprite(art: SymbolArt) -> tuple[Text, ...]:
    rows = art.small
    lines = []
    for y in range(0, len(rows), 2):
        text = Text(no_wrap=True, end="")
        for a, b in zip(rows[y], rows[y + 1], strict=True):
            upper = art.colour_of(a) if a != "." else None
            lower = art.colour_of(b) if b != "." else None
            if upper is None and lower is None:
                text.append(" ")
            elif upper == lower:
                text.append("█", _style(upper, None))
            elif upper is None:
                text.append("▄", _style(lower, None))
            else:
                text.append("▀", _style(upper, lower))
        lines.append(text)
    return tuple(lines)
