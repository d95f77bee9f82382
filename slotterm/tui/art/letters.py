"""A small pixel font for the card ranks (10 J Q K A) and unknown symbols.

Each small glyph is 5 pixels wide and 6 high (the ``1`` of ``10`` is 3 wide); the ranks'
medium pictures are drawn by hand with two-pixel strokes and a dark shadow (other text is
the small glyphs at twice the scale).
"""

from __future__ import annotations

from slotterm.tui.art.model import MEDIUM_PICTURE, SMALL_PICTURE

_FONT = {
    "A": ("..#..", ".#.#.", "#...#", "#####", "#...#", "#...#"),
    "K": ("#..##", "#.##.", "###..", "#.##.", "#..##", "#...#"),
    "Q": (".###.", "#...#", "#...#", "#.#.#", "#..#.", ".##.#"),
    "J": ("..###", "...#.", "...#.", "...#.", "#..#.", ".##.."),
    "1": (".#.", "##.", ".#.", ".#.", ".#.", "###"),
    "0": (".##.", "#..#", "#..#", "#..#", "#..#", ".##."),
    "?": (".###.", "#...#", "...#.", "..#..", ".....", "..#.."),
}


_BIG: dict[str, tuple[str, ...]] = {
    "A": (
        "....##....",
        "...####...",
        "..##..##..",
        "..##..##..",
        ".##....##.",
        ".##....##.",
        ".########.",
        ".########.",
        "##......##",
        "##......##",
        "##......##",
        "##......##",
    ),
    "K": (
        "##.....##.",
        "##....##..",
        "##...##...",
        "##..##....",
        "##.##.....",
        "####......",
        "#####.....",
        "##.###....",
        "##..###...",
        "##...###..",
        "##....###.",
        "##.....###",
    ),
    "Q": (
        "..######..",
        ".##....##.",
        "##......##",
        "##......##",
        "##......##",
        "##......##",
        "##......##",
        "##...##.##",
        "##....###.",
        ".##....##.",
        "..#####.##",
        ".........#",
    ),
    "J": (
        "...#######",
        "...#######",
        ".......##.",
        ".......##.",
        ".......##.",
        ".......##.",
        ".......##.",
        ".......##.",
        "##.....##.",
        "##.....##.",
        ".##...##..",
        "..#####...",
    ),
    "10": (
        "..##....####..",
        ".###...##..##.",
        "####..##....##",
        "..##..##....##",
        "..##..##....##",
        "..##..##....##",
        "..##..##....##",
        "..##..##....##",
        "..##..##....##",
        "..##..##....##",
        "..##...##..##.",
        "######..####..",
    ),
}
"""Hand-drawn letters for the medium pictures (two-pixel strokes)."""


def _glyphs(text: str, gap: int = 1) -> tuple[str, ...]:
    """``text``'s glyphs side by side (``gap`` blank columns between two), unknown ones as ?."""
    rows = [""] * 6
    for i, ch in enumerate(text):
        glyph = _FONT.get(ch, _FONT["?"])
        for y in range(6):
            rows[y] += ("." * gap if i else "") + glyph[y]
    return tuple(rows)


def _centred(rows: tuple[str, ...], width: int, height: int) -> tuple[str, ...]:
    """``rows`` centred on a ``width`` × ``height`` grid of ``.``."""
    left = (width - len(rows[0])) // 2
    top = (height - len(rows)) // 2
    body = ["." * left + r + "." * (width - left - len(r)) for r in rows]
    blank = "." * width
    return (*([blank] * top), *body, *([blank] * (height - top - len(body))))


def _inked(rows: tuple[str, ...], ink: str, *, shadow: bool) -> tuple[str, ...]:
    """``#`` pixels in ``ink``; with ``shadow``, a dark one a pixel down and right."""
    out = []
    for y, row in enumerate(rows):
        line = ""
        for x, ch in enumerate(row):
            if ch == "#":
                line += ink
            elif shadow and y and x and rows[y - 1][x - 1] == "#":
                line += "k"
            else:
                line += "."
        out.append(line)
    return tuple(out)


def rank_pictures(text: str, ink: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The small and medium pictures of a card rank written ``text`` in palette ``ink``."""
    small_w, small_h = SMALL_PICTURE
    medium_w, medium_h = MEDIUM_PICTURE
    glyphs = _glyphs(text)
    if len(glyphs[0]) > small_w:
        text = text[:1]
        glyphs = _glyphs(text)
    small = _inked(_centred(glyphs, small_w, small_h), ink, shadow=False)
    big: tuple[str, ...] | None = _BIG.get(text)
    if big is None:  # no hand-drawn letters: the small ones at twice the size
        if 2 * len(glyphs[0]) > medium_w:
            glyphs = _glyphs(text, gap=0)
        big = tuple("".join(2 * ch for ch in row) for row in glyphs for _ in range(2))
    medium = _inked(_centred(big, medium_w, medium_h), ink, shadow=True)
    return small, medium
