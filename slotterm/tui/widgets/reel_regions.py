"""The regions of the reel window a change redraws: a reel's column, the marked tiles.

:class:`~slotterm.tui.widgets.reels.ReelsWindow` repaints only what a change touches:
while the reels spin, the columns of the reels that moved (:func:`reel_region`); on a
beat of the pulse, the tiles that show a marked cell (:func:`marked_regions`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from textual.geometry import Region

from slotterm.tui.widgets.reel_layout import ReelLayout

__all__ = ["TilePlace", "marked_regions", "reel_region"]

TilePlace = tuple[int, int, str, bool]
"""A tile on a stopped reel: first row, rows covered, symbol, drawn tall."""


def reel_region(layout: ReelLayout, reel: int) -> Region:
    """Reel ``reel``'s column in ``layout`` (its tiles and gaps, not the frame around it)."""
    return Region(layout.reel_x(reel), layout.top, layout.tile_w, layout.height)


def marked_regions(
    layout: ReelLayout,
    tiles: Mapping[int, Sequence[TilePlace]],
    marked: frozenset[tuple[int, int]],
) -> list[Region]:
    """The regions of the tiles that show a ``marked`` cell ``(reel, row)``, ``tiles``
    the tiles of each stopped reel (top first), reel by reel."""
    regions = []
    for reel, placed in tiles.items():
        for first, count, _, _ in placed:
            if any((reel, row) in marked for row in range(first, first + count)):
                top = layout.top + first * layout.unit
                regions.append(
                    Region(layout.reel_x(reel), top, layout.tile_w, layout.span_height(count))
                )
    return regions
