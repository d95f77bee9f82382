"""The cauldron the Mystery bonus is stirred in, as pixel pictures drawn by
the tile renderer (:mod:`slotterm.tui.art.tiles`) like the reels' symbols and the pick
games' items.

A round bronze pot of green brew over a fire, in three **bubbling** frames (the bubbles
rise one pixel a frame, the brew heaves and the flames flicker, so the frames differ by
shape, not only by colour: they bubble without colour too), and a **brewed** picture:
the brew turned gold under a burst of rays, on a gold frame, shown once the cauldron
names the game drawn.
"""

from __future__ import annotations

from slotterm.tui.art.model import SymbolArt, TileLook

_LOOK = TileLook(top="#2a1846", bottom="#0e0820", frame="#8cff4a")
"""A night-purple tile, framed in the brew's green."""
_BREWED_LOOK = TileLook(top="#2a1846", bottom="#0e0820", frame="#ffe14d")
"""The same tile framed in gold once the game is brewed."""

_POT_SMALL = (".ssssss.", "tstttttt", ".tttttt.")
"""The small pot: its rim and round belly (a light at the left)."""
_POT_MEDIUM = (
    "..ssssssssss..",
    ".tstttttttttt.",
    "tsttttttttttot",
    "tsttttttttttot",
    ".tttttttttttt.",
    "...tttttttt...",
)
"""The medium pot: rim, a round bronze belly with a light at the left and the fire's glow
at the right, its flat bottom (no dark shading: it would cut the pot in two without
colour)."""
_FIRES_MEDIUM = (".o.yo.oy.oy.o.", "..oy.yo.yo.yo.")
"""The flames under the medium pot, flickering from frame to frame."""
_FOAMS_SMALL = ("..llll..", "..lLll..")
_FOAMS_MEDIUM = ("...LllllllL...", "...lLllllLl...")
"""The brew's surface over the rim, heaving from frame to frame."""

_BUBBLES_SMALL = ("..l...w.", ".w..l...", "....w.l.")
_BUBBLES_MEDIUM = ("...l......w...", "......w.l.....", "..w.l.......l.")
"""Rows of bubbles repeating upwards: frame ``f`` shows the rows from ``f`` on, so each
bubble stands one pixel higher in the next frame."""
BUBBLE_ROWS_SMALL = 2
BUBBLE_ROWS_MEDIUM = 4
"""How many pixel rows of bubbles stand over the brew in each picture."""

FRAMES = 3
"""How many bubbling pictures there are (:func:`bubbling` takes any frame number)."""


def _bubbling(frame: int) -> SymbolArt:
    heave = frame % 2
    small = (
        *(_BUBBLES_SMALL[(row + frame) % FRAMES] for row in range(BUBBLE_ROWS_SMALL)),
        _FOAMS_SMALL[heave],
        *_POT_SMALL,
    )
    medium = (
        *(_BUBBLES_MEDIUM[(row + frame) % FRAMES] for row in range(BUBBLE_ROWS_MEDIUM)),
        _FOAMS_MEDIUM[heave],
        *_POT_MEDIUM,
        _FIRES_MEDIUM[heave],
    )
    return SymbolArt(
        id=f"CAULDRON_BUBBLING_{frame}",
        name="Cauldron",
        glyph="C",
        color="green_yellow",
        small=small,
        medium=medium,
        look=_LOOK,
    )


BUBBLING = tuple(_bubbling(frame) for frame in range(FRAMES))
"""The cauldron bubbling, frame by frame."""

BREWED = SymbolArt(
    id="CAULDRON_BREWED",
    name="Cauldron",
    glyph="C",
    color="gold1",
    small=("y..ww..y", ".yywwyy.", "..yyyy..", *_POT_SMALL),
    medium=(
        "..y...ww...y..",
        "...y..yy..y...",
        ".yyyyywwyyyyy.",
        "...y..yy..y...",
        "...wyyyyyyw...",
        *_POT_MEDIUM,
        _FIRES_MEDIUM[0],
    ),
    look=_BREWED_LOOK,
)
"""The cauldron once it has brewed the game: a burst of gold rays over a golden brew."""


def bubbling(frame: int) -> SymbolArt:
    """The bubbling picture of ``frame`` (any whole number: the frames go round)."""
    return BUBBLING[frame % FRAMES]
