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
from types import MappingProxyType

from rich.style import Style

from slotterm.tui.art.letters import rank_pictures
from slotterm.tui.art.shapes import half_block_lines
from slotterm.tui.art.sizes import (
    MEDIUM_PICTURE,
    OWN_INK,
    PALETTE,
    SMALL_PICTURE,
    ArtSize,
)


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
        return half_block_lines(self.picture(size), size)

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
