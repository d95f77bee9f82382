"""A picture drawn by shape alone: bright pixels as half blocks, dark ones left blank.

Below :mod:`slotterm.tui.art.model` (a symbol's :meth:`~slotterm.tui.art.model.SymbolArt.lines`)
and :mod:`slotterm.tui.art.tiles` (the tiles drawn without colour).
"""

from __future__ import annotations

from slotterm.tui.art.sizes import ArtSize

DARK_LETTERS = frozenset("kROnBCvTmY")
"""Palette letters left blank when drawing a picture by shape alone (outlines, shading)."""
HALVES = {(False, False): " ", (True, False): "▀", (False, True): "▄", (True, True): "█"}
"""The half block of each (upper lit, lower lit) pair of pixels."""


def lit(letter: str) -> bool:
    """Whether a pixel of palette ``letter`` is drawn when the picture is drawn by shape."""
    return letter != "." and letter not in DARK_LETTERS


def scaled(rows: tuple[str, ...], sx: int, sy: int) -> tuple[str, ...]:
    """``rows`` with each pixel drawn ``sx`` wide and ``sy`` high."""
    return tuple("".join(ch * sx for ch in row) for row in rows for _ in range(sy))


def half_block_lines(rows: tuple[str, ...], size: ArtSize) -> tuple[str, ...]:
    """Picture ``rows`` of ``size`` as plain half-block text (the large size at twice
    the scale): bright pixels drawn."""
    if size is ArtSize.LARGE:
        rows = scaled(rows, 2, 2)
    return tuple(
        "".join(HALVES[lit(a), lit(b)] for a, b in zip(rows[y], rows[y + 1], strict=True))
        for y in range(0, len(rows), 2)
    )
