"""What a symbol's art is made of: its pixel pictures, its tile's colours, and the sizes.

A picture is a small text grid with one palette letter per pixel (``.`` is the tile's own
background showing through); :mod:`slotterm.tui.art.tiles` draws it on a framed tile with
half blocks, two pixels per terminal cell.  Every symbol has a **small** picture
(:data:`SMALL_PICTURE` pixels) and a **medium** one (:data:`MEDIUM_PICTURE`); the large
size draws the medium picture at twice the scale.

A game's pictures make an :class:`ArtSet` (:mod:`slotterm.tui.art.game_art` builds it from
the game's definition: pixel-art data files, text tiles, or tiles generated from the
symbols); a symbol drawn in a colour of its own (a generated tile's letters) uses
:data:`OWN_INK` pixels, drawn in its ``ink``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType

from rich.style import Style

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


def picture_error(rows: tuple[str, ...], size: tuple[int, int], *, ink: bool) -> str | None:
    """Why ``rows`` is not a picture of ``size`` pixels (``ink``: :data:`OWN_INK` allowed),
    or ``None``."""
    width, height = size
    if len(rows) != height:
        return f"a picture must be {height} rows of {width} pixels, not {len(rows)} rows"
    for n, row in enumerate(rows):
        if len(row) != width:
            return f"row {n} must be {width} pixels, not {len(row)}"
    known = set(PALETTE) | {"."} | ({OWN_INK} if ink else set())
    unknown = sorted({ch for row in rows for ch in row} - known)
    if unknown:
        return f"unknown palette letters {unknown}"
    return None


def _check_picture(symbol_id: str, rows: tuple[str, ...], size: tuple[int, int], ink: str) -> None:
    problem = picture_error(rows, size, ink=bool(ink))
    if problem is not None:
        raise ValueError(f"{symbol_id}: {problem}")


@dataclass(frozen=True)
class TileLook:
    """A tile's own colours: background from ``top`` to ``bottom`` and its ``frame``."""

    top: str
    bottom: str
    frame: str


@dataclass(frozen=True)
class SymbolArt:
    """How one symbol looks: name, glyph letter, text colour, pictures and tile colours.

    ``rank`` marks the plainer card symbols (a letter on a flat tile); ``plate`` is a word
    written on the tile's lower edge in the sizes that have room (a wild's "WILD");
    ``stretch``: a tall tile draws the picture twice as high (else at its own shape);
    ``ink``: the ``#rrggbb`` colour of the picture's :data:`OWN_INK` pixels.
    """

    id: str
    name: str
    glyph: str
    color: str
    small: tuple[str, ...]
    medium: tuple[str, ...]
    look: TileLook
    rank: bool = False
    plate: str = ""
    stretch: bool = True
    ink: str = ""

    def __post_init__(self) -> None:
        _check_picture(self.id, self.small, SMALL_PICTURE, self.ink)
        _check_picture(self.id, self.medium, MEDIUM_PICTURE, self.ink)

    def colour_of(self, letter: str) -> str:
        """The colour of a pixel of ``letter`` (a palette letter or :data:`OWN_INK`)."""
        return self.ink if letter == OWN_INK else PALETTE[letter]

    def picture(self, size: ArtSize) -> tuple[str, ...]:
        """The pixel rows drawn at ``size`` (the large size scales the medium picture)."""
        return self.small if size is ArtSize.COMPACT else self.medium

    def lines(self, size: ArtSize) -> tuple[str, ...]:
        """The picture's shape as plain half-block text (no tile, no colour)."""
        from slotterm.tui.art.tiles import shape_lines

        return shape_lines(self, size)

    @property
    def style(self) -> Style:
        """The symbol's colour as a bold Rich style (for names and glyphs in text)."""
        return Style(color=self.color, bold=True)


@dataclass(frozen=True)
class ArtSet:
    """One game's pictures: ``arts`` by symbol id; the ``stacked`` symbols are drawn as one
    tall tile where they stand on adjacent rows of a stopped reel (a stack of wilds)."""

    game: str
    arts: Mapping[str, SymbolArt]
    stacked: frozenset[str] = frozenset()

    def __post_init__(self) -> None:
        object.__setattr__(self, "arts", MappingProxyType(dict(self.arts)))

    def art(self, symbol_id: str) -> SymbolArt:
        """The art of ``symbol_id``; an unknown symbol gets a plain tile with its letter."""
        found = self.arts.get(symbol_id)
        return found if found is not None else unknown_art(symbol_id)


def unknown_art(symbol_id: str) -> SymbolArt:
    """A plain grey tile for a symbol without a picture (its first letter on it)."""
    from slotterm.tui.art.letters import rank_pictures

    small, medium = rank_pictures(symbol_id[:1] or "?", "g")
    return SymbolArt(
        id=symbol_id,
        name=symbol_id.title(),
        glyph=symbol_id[:1] or "?",
        color="white",
        small=small,
        medium=medium,
        look=TileLook(top="#3a3a46", bottom="#3a3a46", frame="#8a8a9a"),
        rank=True,
    )
