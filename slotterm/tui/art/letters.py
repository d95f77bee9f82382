"""The card ranks' pictures (10 J Q K A, and a plain tile's letter for an unknown symbol).

The small pictures are the wide pixel font's glyphs (:data:`~slotterm.tui.art.font.FONT`:
5 pixels wide and 6 high, the ``1`` of ``10`` 3 wide); the ranks' medium pictures are drawn
by hand with two-pixel strokes and a dark shadow (other text is the small glyphs at twice
the scale).
"""

from __future__ import annotations

from slotterm.tui.art.font import FONT, centred, glyphs, inked
from slotterm.tui.art.sizes import MEDIUM_PICTURE, SMALL_PICTURE

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


def rank_pictures(text: str, ink: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The small and medium pictures of a card rank written ``text`` in palette ``ink``."""
    small_w, small_h = SMALL_PICTURE
    medium_w, medium_h = MEDIUM_PICTURE
    drawn = glyphs(text, FONT)
    if len(drawn[0]) > small_w:
        text = text[:1]
        drawn = glyphs(text, FONT)
    small = inked(centred(drawn, small_w, small_h), ink, shadow=False)
    big: tuple[str, ...] | None = _BIG.get(text)
    if big is None:  # no hand-drawn letters: the small ones at twice the size
        if 2 * len(drawn[0]) > medium_w:
            drawn = glyphs(text, FONT, gap=0)
        big = tuple("".join(2 * ch for ch in row) for row in drawn for _ in range(2))
    medium = inked(centred(big, medium_w, medium_h), ink, shadow=True)
    return small, medium
