"""The themed backdrop of each pick game, painted cell by cell for any window size: a
witch's wooden cabinet with hanging bottles (the potions), a pumpkin patch under a crescent
moon (the pumpkins), a library of book-lined shelves with candles (the spell books) and a
riveted steel vault room with gold bars (the vaults).

A backdrop is drawn around the game, so it is told where the game leaves room
(:class:`Stage`): the columns at each side, the rows above the title and the band between
the game and the money row.  Every part is drawn in shapes as well as colours (wood grain,
stars, rivets, the moon's crescent, the pumpkins), so it stays readable without colour;
on a small window the bands are empty and only the wall's faint texture is left.

The painters are plain arithmetic on a :class:`Canvas` (no widgets): the widget that shows
them is :mod:`.pick_backdrop`.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

Cell = tuple[str, str, str]
"""One cell: its character, its ink and its ground (``#rrggbb``)."""

WOOD_DARK, WOOD, WOOD_LIGHT = "#4a2810", "#6b3d18", "#b8763c"
STEEL_DARK, STEEL, STEEL_LIGHT = "#3a3d48", "#77778c", "#c9c9d6"
GOLD, GOLD_DARK = "#ffe14d", "#c99418"
PUMPKIN = "#ff9a1f"
FIELD = 4
"""The least rows of ground the band gives the patch (when it has them)."""
SKY_ROWS = 3
"""Rows of a taller band left to the sky over the patch (the patch takes the rest)."""
POTIONS = ("#ff5ce1", "#55eaff", "#8cff4a", "#b060ff")
"""The colours of the hanging bottles, in turn."""
CIRCLE_ROWS = 7
"""The fewest free rows the library's ring of runes is drawn in."""
WORDS_UNDER = 4
"""Rows the status, the hint and the message take under the books (at most)."""
SPINES = ("#a01c1c", "#2a3a99", "#1e6e2c", "#5e2ea0", "#c99418", "#1f93b5")
"""The colours of the books on the library's shelves, in turn."""


@dataclass(frozen=True, slots=True)
class Stage:
    """Where a ``width`` × ``height`` window leaves room around the game: ``side``
    columns at each side, ``top`` rows above the title, and the band of rows from
    ``floor`` up to (not including) ``base``, where the money row begins; between the
    items the room shows too."""

    width: int
    height: int
    side: int
    top: int
    floor: int
    base: int
    shelves: tuple[int, ...] = ()
    """The rows just under each row of items (a shelf for them to stand on)."""

    @property
    def band(self) -> int:
        """Rows between the game and the money row."""
        return max(0, self.base - self.floor)


def speck(x: int, y: int, salt: int) -> float:
    """A fixed pseudo-random number in [0, 1) for cell (``x``, ``y``): the same picture
    every time it is drawn (no randomness in the interface)."""
    n = (x * 374761393 + y * 668265263 + salt * 2147483647) & 0xFFFFFFFF
    n = ((n ^ (n >> 13)) * 1274126177) & 0xFFFFFFFF
    return ((n ^ (n >> 16)) & 0xFFFF) / 0x10000


def shade(top: str, bottom: str, t: float) -> str:
    """The colour ``t`` of the way from ``top`` to ``bottom``."""
    a = [int(top[i : i + 2], 16) for i in (1, 3, 5)]
    b = [int(bottom[i : i + 2], 16) for i in (1, 3, 5)]
    t = min(1.0, max(0.0, t))
    return "#" + "".join(f"{round(p + (q - p) * t):02x}" for p, q in zip(a, b, strict=True))


class Canvas:
    """A grid of cells, filled with ``ground`` and drawn on by the painters."""

    def __init__(self, stage: Stage, ground: str) -> None:
        self.stage = stage
        self.rows: list[list[Cell]] = [
            [(" ", ground, ground)] * stage.width for _ in range(stage.height)
        ]

    def put(self, x: int, y: int, char: str, ink: str, ground: str | None = None) -> None:
        """Cell (``x``, ``y``) drawn (outside the window: nothing); ``ground`` kept if None."""
        if 0 <= y < self.stage.height and 0 <= x < self.stage.width:
            old = self.rows[y][x]
            self.rows[y][x] = (char, ink, old[2] if ground is None else ground)

    def ground(self, x: int, y: int) -> str:
        """The ground colour of cell (``x``, ``y``)."""
        return self.rows[y][x][2]

    def sides(self, paint: Callable[[int, int, int], None]) -> None:
        """``paint(x, y, depth)`` on every cell of the two side columns (``depth`` 0 at
        the window's edge)."""
        stage = self.stage
        for y in range(stage.height):
            for depth in range(stage.side):
                paint(depth, y, depth)
                paint(stage.width - 1 - depth, y, depth)


def texture(canvas: Canvas, char: str, ink: str, rate: float, salt: int) -> None:
    """A faint scatter of ``char`` over the wall (dust, stars, grain)."""
    stage = canvas.stage
    for y in range(stage.height):
        for x in range(stage.width):
            if speck(x, y, salt) < rate:
                canvas.put(x, y, char, ink)


def lintel(canvas: Canvas, rows: int, char: str, ink: str, ground: str) -> None:
    """The top ``rows`` rows (at most the room above the title) filled with ``char``."""
    for y in range(min(rows, canvas.stage.top)):
        for x in range(canvas.stage.width):
            canvas.put(x, y, char, ink, ground)


# --- the four rooms -------------------------------------------------------------------------


def cabinet(stage: Stage) -> Canvas:
    """The potions' cabinet: a purple wall, a wooden frame, bottles hanging from its top
    beam and a wooden counter under the shelf."""
    canvas = Canvas(stage, "#1c1030")
    texture(canvas, "·", "#4a3570", 0.05, 1)
    beam = 1 if stage.top < 4 else 2
    lintel(canvas, beam, "▓", WOOD_LIGHT, WOOD)
    if stage.top > beam:  # the beam's lower edge, and bottles on strings under it
        for x in range(stage.width):
            canvas.put(x, beam, "▀", WOOD, canvas.ground(x, beam))
        drop = stage.top - beam - 1
        for n, x in enumerate(range(stage.side + 4, stage.width - stage.side - 2, 9)):
            length = 1 + (n * 7) % max(1, drop)
            for y in range(beam + 1, beam + length):
                canvas.put(x, y, "┆", "#8a7a9a")
            colour = POTIONS[n % len(POTIONS)]
            canvas.put(x, beam + length, "♦", colour)
    _shelves(canvas, "▀", WOOD_LIGHT, WOOD)
    _wooden_sides(canvas)
    _counter(canvas, WOOD_LIGHT, WOOD)
    return canvas


def _shelves(canvas: Canvas, char: str, ink: str, ground: str) -> None:
    """A plank the width of the window under each row of items."""
    for y in canvas.stage.shelves:
        if y < canvas.stage.floor:
            for x in range(canvas.stage.width):
                canvas.put(x, y, char, ink, ground)


def _wooden_sides(canvas: Canvas) -> None:
    """The cabinet's wooden uprights at both sides."""

    def paint(x: int, y: int, depth: int) -> None:
        if depth == canvas.stage.side - 1 and canvas.stage.side > 1:
            canvas.put(x, y, "┃", WOOD_LIGHT, WOOD_DARK)
        else:
            canvas.put(x, y, "▓" if (y + depth) % 5 else "▒", WOOD_LIGHT, WOOD)

    canvas.sides(paint)


def _counter(canvas: Canvas, ink: str, ground: str) -> None:
    """A plank along the band under the game: its edge, then grain."""
    stage = canvas.stage
    for y in range(stage.floor, stage.base):
        edge = y == stage.floor
        for x in range(stage.width):
            grain = "▓" if speck(x, y, 7) > 0.15 else "═"
            canvas.put(x, y, "▄" if edge else grain, ink, canvas.ground(x, y) if edge else ground)


def patch(stage: Stage) -> Canvas:
    """The pumpkins' patch: a starry night sky fading down, a crescent moon in a top
    corner, and rolling ground with pumpkins on their vines along the band."""
    canvas = Canvas(stage, "#0a0e2a")
    for y in range(stage.height):
        ground = shade("#070a22", "#1c2452", y / max(1, stage.base))
        for x in range(stage.width):
            canvas.put(x, y, " ", ground, ground)
    texture(canvas, "·", "#8f95c8", 0.05, 2)
    texture(canvas, "✦", GOLD, 0.008, 3)
    _moon(canvas)
    _field(canvas)
    return canvas


def _moon(canvas: Canvas) -> None:
    """A crescent moon in the room above the title (or at a side when that is wider)."""
    stage = canvas.stage
    radius = min(stage.top - 1, 6) if stage.top >= 3 else min(stage.side // 2 - 1, 6)
    if radius < 2:
        return
    cx = stage.width - stage.side - 3 * radius if stage.top >= 3 else stage.width - stage.side
    cx = max(cx, 2 * radius)
    cy = radius if stage.top >= 3 else radius + 1
    for y in range(cy - radius, cy + radius + 1):
        for x in range(cx - 2 * radius, cx + 2 * radius + 1):
            lit = ((x - cx) / 2) ** 2 + (y - cy) ** 2 <= radius**2
            bite = ((x - cx - radius) / 2) ** 2 + (y - cy + 1) ** 2 <= (0.8 * radius) ** 2
            if lit and not bite:
                canvas.put(x, y, "█", "#f5e9a8")


def _field(canvas: Canvas) -> None:
    """Rolling ground over the lowest rows of the band (at most :data:`FIELD` rows), with
    pumpkins sitting on it and vines between them."""
    stage = canvas.stage
    rows = min(stage.band, max(FIELD, stage.band - SKY_ROWS))
    if rows < 2:
        return
    grass, vine, soil = "#2fae3a", "#8cff4a", "#1e3a14"
    tops = []
    for x in range(stage.width):
        top = stage.base - rows + round((math.sin(x / 9) + 1) / 2 * min(2, rows - 2))
        tops.append(top)
        canvas.put(x, top, "▄", grass)
        for y in range(top + 1, stage.base):
            canvas.put(x, y, "▒" if speck(x, y, 4) < 0.3 else " ", "#3d6b25", soil)
    for row, lift in enumerate(range(0, rows - 1, 3)):
        for n, x in enumerate(range(stage.side + 3 + 7 * (row % 2), stage.width - 5, 15)):
            top = max(tops[x : x + 5]) + lift
            if top + 1 >= stage.base:
                continue
            for dx, ch in enumerate("▗███▖" if (n + row) % 2 else " ▟█▙ "):
                canvas.put(x + dx, top, ch, PUMPKIN)
            canvas.put(x + 2, top - 1, "╻", vine)
            for dx in range(5, 10):
                canvas.put(x + dx, top + 1, "~", vine)


def library(stage: Stage) -> Canvas:
    """The spell books' library: shelves of books at both sides, candles burning in the
    room above the title, and a reading desk along the band."""
    canvas = Canvas(stage, "#1b1224")
    texture(canvas, "·", "#4a3a55", 0.04, 5)

    def paint(x: int, y: int, depth: int) -> None:
        if y % 6 == 5:
            canvas.put(x, y, "▀", WOOD_LIGHT, WOOD)
        else:
            colour = SPINES[(x * 5 + y // 6) % len(SPINES)]
            canvas.put(x, y, "▍" if (x + y // 6) % 3 else "█", colour, WOOD_DARK)

    canvas.sides(paint)
    _shelves(canvas, "▀", WOOD_LIGHT, WOOD)
    if stage.top >= 3:
        for n, x in enumerate(range(stage.side + 6, stage.width - stage.side - 4, 14)):
            tall = 1 + n % 2
            canvas.put(x, stage.top - tall - 2, "♦", GOLD if n % 2 else "#ff9a1f")
            for y in range(stage.top - tall - 1, stage.top):
                canvas.put(x, y, "█", "#f5c9a0")
    _circle(canvas)
    _counter(canvas, WOOD_LIGHT, WOOD_DARK)
    return canvas


def _circle(canvas: Canvas) -> None:
    """A ring of runes on the floor under the books, where the imp jumps out (drawn when
    there are :data:`CIRCLE_ROWS` rows free between the words under the books and the
    desk)."""
    stage = canvas.stage
    start = (max(stage.shelves) if stage.shelves else stage.top) + WORDS_UNDER
    rows = stage.floor - start
    if rows < CIRCLE_ROWS:
        return
    cy, radius = start + rows / 2, rows / 2 - 0.5
    cx = stage.width / 2
    for y in range(start, stage.floor):
        for x in range(stage.side, stage.width - stage.side):
            d = math.hypot((x - cx) / 2, y - cy) / radius
            if 0.92 <= d <= 1.08:
                canvas.put(x, y, "✧" if (x + y) % 4 == 0 else "·", "#b060ff")
            elif 0.55 <= d <= 0.62:
                canvas.put(x, y, "∗" if (x * 3 + y) % 5 == 0 else "·", "#ff5ce1")
    canvas.put(round(cx), round(cy), "✦", GOLD)


def vault_room(stage: Stage) -> Canvas:
    """The vaults' room: riveted steel plates on the wall, a steel door frame with bolts
    at both sides and along the top, and stacks of gold bars at the ends of the band."""
    canvas = Canvas(stage, "#15171d")
    for y in range(stage.height):
        for x in range(stage.width):
            if y % 6 == 0 and x % 16 == 0:
                canvas.put(x, y, "◦", "#5a5e6a")
            elif y % 6 == 0:
                canvas.put(x, y, "─", "#2c3038")
            elif x % 16 == 0:
                canvas.put(x, y, "│", "#2c3038")
    lintel(canvas, 2, "█", STEEL, STEEL)
    for x in range(3, stage.width, 6):
        for y in range(min(2, stage.top)):
            canvas.put(x, y, "◉", STEEL_LIGHT, STEEL)

    def paint(x: int, y: int, depth: int) -> None:
        if depth == canvas.stage.side - 1 and canvas.stage.side > 1:
            canvas.put(x, y, "▐" if x < stage.width // 2 else "▌", STEEL_LIGHT, STEEL_DARK)
        else:
            canvas.put(
                x, y, "●" if y % 3 == 1 else "█", STEEL_LIGHT if y % 3 == 1 else STEEL, STEEL
            )

    canvas.sides(paint)
    _shelves(canvas, "▔", STEEL_LIGHT, STEEL_DARK)
    _gold(canvas)
    return canvas


def _gold(canvas: Canvas) -> None:
    """Pyramids of gold bars at both ends of the band, on a steel floor."""
    stage = canvas.stage
    if stage.band < 1:
        return
    for x in range(stage.width):
        canvas.put(x, stage.base - 1, "▀", STEEL_LIGHT, STEEL)
    levels = min(stage.band - 1, 4)
    for level in range(levels):
        y = stage.base - 2 - level
        bars = levels - level
        for end in (0, 1):
            for bar in range(bars):
                start = stage.side + 2 + level * 3 + bar * 6
                x0 = start if end == 0 else stage.width - start - 5
                for i, ch in enumerate("▟███▙"):
                    canvas.put(x0 + i, y, ch, GOLD, canvas.ground(x0 + i, y))


ROOMS: dict[str, Callable[[Stage], Canvas]] = {
    "magic_potion": cabinet,
    "pumpkin": patch,
    "spell_book": library,
    "secret_vault": vault_room,
}
"""Each pick game's room, by the game's name in the engine (a game without one gets the
cabinet)."""


def paint_room(game: str, stage: Stage) -> list[list[Cell]]:
    """The cells of ``game``'s room on ``stage``."""
    return ROOMS.get(game, cabinet)(stage).rows
