"""The picture of a win's celebration, cell by cell: the level in big block letters, the
amount in big figures under it (on a framed plate, at half the title's size where there
is room: the title leads, as on a slot's win panel), a caption, and coins and sparkles
around them.

:func:`frame_cells` lays one frame out for a window of any size (the letters as large as
fit, from 80×24 up); the widget (:class:`~slotterm.tui.celebration.Celebration`) paints
the cells' roles in the theme's colours.  Text always wins over particles: the letters'
rows are kept clear, so the amount is read exactly on every frame.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from types import MappingProxyType

from rich.segment import Segment
from rich.style import Style

from slotterm.tui.art.font import FONT
from slotterm.tui.particles import Flurry, particles_at
from slotterm.tui.widgets.card import block_letters

BIG_FONT: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        **FONT,
        " ": ("..", "..", "..", "..", "..", ".."),
        ".": ("..", "..", "..", "..", "..", "#."),
        ",": ("..", "..", "..", "..", ".#", "#."),
        "!": ("#", "#", "#", "#", ".", "#"),
    }
)
"""The pixel font with a space, a point, a comma and "!" (for titles and amounts)."""

SPACE, CAPTION, AMOUNT, COIN, SPARKLE, PLATE = 0, 1, 2, 3, 4, 5
"""The roles of a cell (what colour it takes); titles are ``TITLE + hue``."""
PLATE_FRAME = frozenset("╔╗╚╝═║")
"""The characters of the amount's plate (drawn in the :data:`PLATE` role)."""
PLATE_PAD = 2
"""Columns between the plate's sides and the figures."""
FONT_ROWS = 3
"""Rows of the font's six pixel rows at its own scale (half blocks)."""
TITLE = 10
"""The first title role; ``TITLE + k`` is hue ``k`` of :data:`HUES`."""
HUES = 5
"""How many hues the title cycles through (gold first)."""
ODD_SCALE_ROWS = 9
"""The rows of the font's six pixel rows at three times: half blocks at every seam."""
AREA_AT_80X24 = 78 * 13
"""The cells of the celebration's window at 80×24 (its particles' counts are for that)."""

Cells = list[tuple[str, list[int]]]
"""A frame: per row, its characters and each character's role."""


@dataclass(frozen=True, slots=True)
class Frame:
    """What one frame shows: ``title``, the ``amount`` (already written), a ``caption``,
    the particles (``flurry`` from ``seed``, ``t`` seconds in) and how the title's
    colours move (``rainbow``: hue by column, else all one hue, ``cycle`` hues)."""

    title: str
    amount: str
    caption: str
    flurry: Flurry
    seed: int
    t: float
    cycle: int = 1
    rainbow: bool = False
    widest: str = ""
    """The amount the plate is sized for (where the count ends: the plate and the figures'
    scale stay put while digits are added); empty: the amount shown."""


def fitted_flurry(flurry: Flurry, width: int, height: int) -> Flurry:
    """``flurry`` with as many particles for the window's area as it has at 80×24 (up to
    four times as many)."""
    factor = min(4.0, max(1.0, width * height / AREA_AT_80X24))
    return replace(
        flurry,
        coins=int(flurry.coins * factor),
        sparkles=int(flurry.sparkles * factor),
        burst=int(flurry.burst * min(2.0, factor)),
    )


def solid_letters(text: str, width: int, height: int, *, largest: int = 4) -> list[str]:
    """``text`` in block letters as large as fit ``width`` × ``height`` (up to ``largest``
    times the font), at an even scale when larger than the font: every pixel whole blocks,
    no half-block seams (at three times the font the letters are drawn at twice)."""
    rows = block_letters(text, width, height, largest=largest, font=BIG_FONT)
    if len(rows) == ODD_SCALE_ROWS:
        rows = block_letters(text, width, height, largest=2, font=BIG_FONT)
    return rows


def letter_scale(rows: list[str]) -> int:
    """The scale big letters ``rows`` are drawn at (0: they are the plain text)."""
    return len(rows) // FONT_ROWS if len(rows) > 1 else 0


def plated(rows: list[str], padded: bool, least: int = 0) -> list[str]:
    """The amount's figures ``rows`` on a plate: a double frame two columns clear of them,
    at least ``least`` columns inside (the figures centred), ``padded``: a blank row above
    and below the figures too."""
    inner = max(least, *(len(row) for row in rows))
    width = inner + 2 * PLATE_PAD
    inside = [f"║{' ' * PLATE_PAD}{row.center(inner)}{' ' * PLATE_PAD}║" for row in rows]
    blank = [f"║{' ' * width}║"] if padded else []
    return [f"╔{'═' * width}╗", *blank, *inside, *blank, f"╚{'═' * width}╝"]


def text_block(frame: Frame, width: int, height: int) -> list[tuple[str, int]]:
    """The frame's text rows, top to bottom, each with its role: the title, dominant, as
    large as fits about half the height; under it the amount on its plate in figures at
    half the title's scale (the same scale where the title is at the font's own), then
    the caption.  Where the rows do not fit (with a row clear above and below them, if
    they can), the plate's padding goes first, then the plate, then the blank rows."""
    room = max(1, width - 2)
    title = solid_letters(frame.title, room, max(1, height // 2))
    scale = max(1, letter_scale(title) // 2)
    fit = (room - 2 - 2 * PLATE_PAD, max(1, height - len(title) - 2))
    widest = solid_letters(frame.widest or frame.amount, *fit, largest=scale)
    amount = solid_letters(frame.amount, *fit, largest=max(1, letter_scale(widest)))
    heads = [(r, TITLE) for r in title]
    tail = [("", SPACE), (frame.caption, CAPTION)]
    big = letter_scale(amount) > 0
    layouts = [
        *(
            heads
            + [("", SPACE)]
            + [(r, AMOUNT) for r in plated(amount, padded, max(map(len, widest)))]
            + tail
            for padded in (True, False)
            if big
        ),
        heads + [("", SPACE)] + [(r, AMOUNT) for r in amount] + tail,
    ]
    for margin in (2, 0):  # a row clear above and below the text, when there is room
        for rows in layouts:
            if len(rows) + margin <= height and all(len(r) <= width for r, _ in rows):
                return rows
    rows = layouts[-1]
    for drop in (len(title) + len(amount) + 1, len(title)):  # blank rows first, when short
        if len(rows) > height:
            del rows[drop]
    return rows[:height]


def frame_cells(frame: Frame, width: int, height: int) -> Cells:
    """The frame, ``width`` × ``height`` cells: text centred, particles around it."""
    chars = [[" "] * width for _ in range(height)]
    roles = [[SPACE] * width for _ in range(height)]
    flurry = fitted_flurry(frame.flurry, width, height)
    for p in particles_at(flurry, frame.seed, frame.t, width, height):
        chars[p.y][p.x] = p.face
        roles[p.y][p.x] = COIN if p.kind == "coin" else SPARKLE
    text = text_block(frame, width, height)
    top = (height - len(text)) // 2
    letters = letter_numbers([row for row, role in text if role == TITLE])
    shift = int(frame.t * 8)
    for i, (row, role) in enumerate(text):
        if not row:
            continue
        y, left = top + i, max(0, (width - len(row)) // 2)
        row = row[: width - left]
        start, end = max(0, left - 2), min(width, left + len(row) + 2)
        chars[y][start:end] = [" "] * (end - start)  # text is never covered by a particle
        roles[y][start:end] = [SPACE] * (end - start)
        for x, ch in enumerate(row, left):
            chars[y][x] = ch
            if ch == " " and role != CAPTION:
                continue  # block letters' gaps: own segments (no seams drawn over)
            if ch in PLATE_FRAME:
                roles[y][x] = PLATE
            elif role != TITLE:
                roles[y][x] = role
            elif frame.rainbow:
                roles[y][x] = TITLE + (letters[x - left] + shift // 3) % HUES
            else:
                roles[y][x] = TITLE + (shift // 4 % frame.cycle)
    return [("".join(c), r) for c, r in zip(chars, roles, strict=True)]


def letter_numbers(rows: list[str]) -> list[int]:
    """For each column of the block letters ``rows``, the number of the letter it is in
    (a column blank in every row ends a letter)."""
    numbers, letter, gap = [], 0, False
    for x in range(max((len(r) for r in rows), default=0)):
        blank = all(x >= len(r) or r[x] == " " for r in rows)
        if gap and not blank:
            letter += 1
        gap = blank
        numbers.append(letter)
    return numbers


FULL_BLOCK = "█"
"""A whole cell of a letter: painted as the cell's background where there is colour."""


def painted_segment(chars: str, style: Style, painted: bool) -> Segment:
    """``chars`` in ``style``; a run of whole blocks as coloured cells when ``painted`` (a
    background fills its cells exactly, where a block glyph may overhang its neighbours in
    some fonts and pictures)."""
    if painted and style.color is not None and chars[:1] == FULL_BLOCK:
        return Segment(" " * len(chars), style + Style(bgcolor=style.color))
    return Segment(chars, style)
