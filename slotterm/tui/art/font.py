"""Pixel fonts for text drawn as a picture: a symbol's letters on its generated tile.

Two fonts of ``#`` pixels: :data:`FONT` (most glyphs 5 wide and 6 high; ``1`` and ``I``
3 wide, ``0`` and a few figures 4) and :data:`NARROW` (3 × 5, for two or three letters
where one wide glyph fills the picture).  :func:`text_picture` writes a text as large as
it fits on a picture of a given size, in one ink letter.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

FONT: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        "A": ("..#..", ".#.#.", "#...#", "#####", "#...#", "#...#"),
        "B": ("####.", "#...#", "####.", "#...#", "#...#", "####."),
        "C": (".####", "#....", "#....", "#....", "#....", ".####"),
        "D": ("####.", "#...#", "#...#", "#...#", "#...#", "####."),
        "E": ("#####", "#....", "####.", "#....", "#....", "#####"),
        "F": ("#####", "#....", "####.", "#....", "#....", "#...."),
        "G": (".####", "#....", "#....", "#..##", "#...#", ".###."),
        "H": ("#...#", "#...#", "#####", "#...#", "#...#", "#...#"),
        "I": ("###", ".#.", ".#.", ".#.", ".#.", "###"),
        "J": ("..###", "...#.", "...#.", "...#.", "#..#.", ".##.."),
        "K": ("#..##", "#.##.", "###..", "#.##.", "#..##", "#...#"),
        "L": ("#....", "#....", "#....", "#....", "#....", "#####"),
        "M": ("#...#", "##.##", "#.#.#", "#.#.#", "#...#", "#...#"),
        "N": ("#...#", "##..#", "#.#.#", "#..##", "#...#", "#...#"),
        "O": (".###.", "#...#", "#...#", "#...#", "#...#", ".###."),
        "P": ("####.", "#...#", "#...#", "####.", "#....", "#...."),
        "Q": (".###.", "#...#", "#...#", "#.#.#", "#..#.", ".##.#"),
        "R": ("####.", "#...#", "#...#", "####.", "#..#.", "#...#"),
        "S": (".####", "#....", ".###.", "....#", "....#", "####."),
        "T": ("#####", "..#..", "..#..", "..#..", "..#..", "..#.."),
        "U": ("#...#", "#...#", "#...#", "#...#", "#...#", ".###."),
        "V": ("#...#", "#...#", "#...#", ".#.#.", ".#.#.", "..#.."),
        "W": ("#...#", "#...#", "#.#.#", "#.#.#", "##.##", "#...#"),
        "X": ("#...#", ".#.#.", "..#..", "..#..", ".#.#.", "#...#"),
        "Y": ("#...#", ".#.#.", "..#..", "..#..", "..#..", "..#.."),
        "Z": ("#####", "...#.", "..#..", ".#...", "#....", "#####"),
        "0": (".##.", "#..#", "#..#", "#..#", "#..#", ".##."),
        "1": (".#.", "##.", ".#.", ".#.", ".#.", "###"),
        "2": (".##.", "#..#", "...#", "..#.", ".#..", "####"),
        "3": ("###.", "...#", ".##.", "...#", "...#", "###."),
        "4": ("#..#", "#..#", "####", "...#", "...#", "...#"),
        "5": ("####", "#...", "###.", "...#", "...#", "###."),
        "6": (".##.", "#...", "###.", "#..#", "#..#", ".##."),
        "7": ("####", "...#", "..#.", ".#..", ".#..", ".#.."),
        "8": (".##.", "#..#", ".##.", "#..#", "#..#", ".##."),
        "9": (".##.", "#..#", "#..#", ".###", "...#", ".##."),
        "?": (".###.", "#...#", "...#.", "..#..", ".....", "..#.."),
    }
)
"""The wide font: one glyph per letter and figure (and ``?`` for any other character)."""

NARROW: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        "A": (".#.", "#.#", "###", "#.#", "#.#"),
        "B": ("##.", "#.#", "##.", "#.#", "##."),
        "C": (".##", "#..", "#..", "#..", ".##"),
        "D": ("##.", "#.#", "#.#", "#.#", "##."),
        "E": ("###", "#..", "##.", "#..", "###"),
        "F": ("###", "#..", "##.", "#..", "#.."),
        "G": (".##", "#..", "#.#", "#.#", ".##"),
        "H": ("#.#", "#.#", "###", "#.#", "#.#"),
        "I": ("###", ".#.", ".#.", ".#.", "###"),
        "J": ("..#", "..#", "..#", "#.#", ".#."),
        "K": ("#.#", "#.#", "##.", "#.#", "#.#"),
        "L": ("#..", "#..", "#..", "#..", "###"),
        "M": ("#.#", "###", "###", "#.#", "#.#"),
        "N": ("##.", "#.#", "#.#", "#.#", "#.#"),
        "O": ("###", "#.#", "#.#", "#.#", "###"),
        "P": ("##.", "#.#", "##.", "#..", "#.."),
        "Q": (".#.", "#.#", "#.#", "##.", ".##"),
        "R": ("##.", "#.#", "##.", "#.#", "#.#"),
        "S": (".##", "#..", ".#.", "..#", "##."),
        "T": ("###", ".#.", ".#.", ".#.", ".#."),
        "U": ("#.#", "#.#", "#.#", "#.#", "###"),
        "V": ("#.#", "#.#", "#.#", "#.#", ".#."),
        "W": ("#.#", "#.#", "###", "###", "#.#"),
        "X": ("#.#", "#.#", ".#.", "#.#", "#.#"),
        "Y": ("#.#", "#.#", ".#.", ".#.", ".#."),
        "Z": ("###", "..#", ".#.", "#..", "###"),
        "0": (".#.", "#.#", "#.#", "#.#", ".#."),
        "1": (".#.", "##.", ".#.", ".#.", "###"),
        "2": ("##.", "..#", ".#.", "#..", "###"),
        "3": ("##.", "..#", ".#.", "..#", "##."),
        "4": ("#.#", "#.#", "###", "..#", "..#"),
        "5": ("###", "#..", "##.", "..#", "##."),
        "6": (".##", "#..", "###", "#.#", "###"),
        "7": ("###", "..#", ".#.", ".#.", ".#."),
        "8": ("###", "#.#", "###", "#.#", "###"),
        "9": ("###", "#.#", "###", "..#", "##."),
        "?": ("##.", "..#", ".#.", "...", ".#."),
    }
)
"""The narrow font, 3 × 5 pixels a glyph."""

_STYLES = ((FONT, 2), (NARROW, 2), (FONT, 1), (NARROW, 1))
"""The ways to write a text, the largest first: a font and its scale."""


def glyphs(text: str, font: Mapping[str, tuple[str, ...]], gap: int = 1) -> tuple[str, ...]:
    """``text``'s glyphs side by side, ``gap`` blank columns apart (others drawn as ``?``)."""
    height = len(font["?"])
    rows = [""] * height
    for i, ch in enumerate(text.upper()):
        glyph = font.get(ch, font["?"])
        for y in range(height):
            rows[y] += ("." * gap if i else "") + glyph[y]
    return tuple(rows)


def scaled(rows: tuple[str, ...], scale: int) -> tuple[str, ...]:
    """``rows`` with every pixel ``scale`` × ``scale``."""
    return tuple("".join(ch * scale for ch in row) for row in rows for _ in range(scale))


def centred(rows: tuple[str, ...], width: int, height: int) -> tuple[str, ...]:
    """``rows`` centred on a ``width`` × ``height`` grid of ``.``."""
    left = (width - len(rows[0])) // 2
    top = (height - len(rows)) // 2
    body = ["." * left + r + "." * (width - left - len(r)) for r in rows]
    blank = "." * width
    return (*([blank] * top), *body, *([blank] * (height - top - len(body))))


def inked(rows: tuple[str, ...], ink: str, *, shadow: bool) -> tuple[str, ...]:
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


def fitted_text(text: str, width: int, height: int) -> tuple[str, ...]:
    """``text`` in ``#`` pixels as large as it fits ``width`` × ``height`` (the text cut
    short from its end when even the smallest writing is too wide), not yet centred."""
    shown = text or "?"
    while True:
        for font, scale in _STYLES:
            rows = scaled(glyphs(shown, font), scale)
            if len(rows[0]) <= width and len(rows) <= height:
                return rows
        if len(shown) == 1:
            return scaled(glyphs(shown, NARROW), 1)
        shown = shown[:-1]


def text_picture(text: str, size: tuple[int, int], ink: str, *, shadow: bool) -> tuple[str, ...]:
    """A picture of ``size`` pixels with ``text`` written on it in palette letter ``ink``."""
    width, height = size
    rows = fitted_text(text, width, height)
    return inked(centred(rows, width, height), ink, shadow=shadow)
