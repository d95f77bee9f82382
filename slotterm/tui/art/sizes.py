"""The sizes of the symbols' pictures and the palette their pixels are drawn in.

Below :mod:`slotterm.tui.art.model`, :mod:`slotterm.tui.art.letters` and
:mod:`slotterm.tui.art.tiles`, which all draw on them (:mod:`slotterm.tui.art.model` says
what a picture is).
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from types import MappingProxyType

SMALL_PICTURE = (8, 6)
"""Width and height in pixels of every small picture."""
MEDIUM_PICTURE = (14, 12)
"""Width and height in pixels of every medium picture."""

PALETTE: Mapping[str, str] = MappingProxyType(
    {
        "k": "#1b1024",  # outline (on the tile, never on the screen's background)
        "w": "#ffffff",
        "g": "#c9c9d6",
        "G": "#77778c",
        "r": "#ff3b3b",
        "R": "#a01c1c",
        "o": "#ff9a1f",
        "O": "#b85e00",
        "y": "#ffe14d",
        "Y": "#c99418",
        "l": "#8cff4a",
        "L": "#2fae3a",
        "n": "#1e6e2c",
        "c": "#55eaff",
        "C": "#1f93b5",
        "b": "#5a8aff",
        "B": "#2a3a99",
        "p": "#ff5ce1",
        "m": "#b0208f",
        "P": "#b060ff",
        "v": "#5e2ea0",
        "s": "#f5c9a0",
        "t": "#b8763c",
        "T": "#6b3d18",
    }
)
"""The colour of each palette letter the pictures use."""
OWN_INK = "*"
"""The pixel letter drawn in the symbol's own ``ink`` colour (not a palette colour)."""


class ArtSize(StrEnum):
    """Which picture a tile draws: the reels pick the largest that fits the terminal."""

    COMPACT = "compact"
    MEDIUM = "medium"
    LARGE = "large"

    @property
    def picture(self) -> tuple[int, int]:
        """The picture's width and height in pixels at this size."""
        if self is ArtSize.COMPACT:
            return SMALL_PICTURE
        w, h = MEDIUM_PICTURE
        return (w, h) if self is ArtSize.MEDIUM else (2 * w, 2 * h)

    @property
    def pad(self) -> tuple[int, int]:
        """Pixels of tile around the picture, inside the frame (columns, rows)."""
        return (0, 0) if self is not ArtSize.LARGE else (1, 1)

    @property
    def width(self) -> int:
        """Columns of the smallest tile that holds this size's picture and frame."""
        return self.picture[0] + 2 + 2 * self.pad[0]

    @property
    def height(self) -> int:
        """Lines of the smallest tile that holds this size's picture and frame."""
        return (self.picture[1] + 2 + 2 * self.pad[1] + 1) // 2


SIZES_LARGEST_FIRST = (ArtSize.LARGE, ArtSize.MEDIUM, ArtSize.COMPACT)
"""The sizes, the one to try first first."""
