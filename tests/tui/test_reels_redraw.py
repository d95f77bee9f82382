"""The reel window repaints only what changes: the columns of the reels that moved, the
marked tiles on a beat of the pulse, nothing on a scene's frame that changes nothing; and
every cell that changes is in a region it repaints."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from textual.app import App, ComposeResult
from textual.geometry import Region

from slotterm.games import get_game
from slotterm.tui.symbols import art_set
from slotterm.tui.widgets.reels import ReelsWindow
from tests.tui.main_support import hold_pulses

GAME = get_game("book-of-spells")
STRIPS = GAME.reel_sets["base"]
WINDOW = tuple(tuple(strip[:3]) for strip in STRIPS)


def reels_window(window: Any = WINDOW) -> ReelsWindow:
    """The game's reel window on ``window``, with its art and lines."""
    return ReelsWindow(window, art=art_set(GAME), lines=GAME.lines)


class Host(App[None]):
    """One reel window, 90×24."""

    def __init__(self, reels: ReelsWindow) -> None:
        super().__init__()
        self.reels = reels

    def compose(self) -> ComposeResult:
        yield self.reels


@pytest.fixture
async def mounted() -> Iterator[tuple[Host, ReelsWindow, list[tuple[Region, ...]]]]:
    """A mounted reel window and the regions of each refresh it asks for from now on
    (``()``: the whole widget)."""
    reels = reels_window()
    app = Host(reels)
    asked: list[tuple[Region, ...]] = []
    async with app.run_test(size=(90, 24)) as pilot:
        hold_pulses(app)
        await pilot.pause()
        original = reels.refresh

        def recorded(*regions: Region, **options: Any) -> Any:
            asked.append(regions)
            return original(*regions, **options)

        reels.refresh = recorded  # type: ignore[method-assign]
        yield app, reels, asked


def columns(reels: ReelsWindow, reel: int) -> Region:
    """Where reel ``reel``'s tiles are in the content area."""
    layout = reels.layout_now()
    return Region(layout.reel_x(reel), layout.top, layout.tile_w, layout.height)


async def test_a_frame_repaints_the_reels_that_moved_only(mounted: Any) -> None:
    _, reels, asked = mounted
    reels.set_positions(STRIPS, [0.0, 0.0, 0.0, 0.0, 0.0])
    asked.clear()
    reels.set_positions(STRIPS, [None, None, 0.5, 0.0, 1.25])
    assert asked == [(columns(reels, 0), columns(reels, 1), columns(reels, 2), columns(reels, 4))]
    asked.clear()
    reels.set_positions(STRIPS, [None, None, 0.5, 0.0, 1.25])  # nothing moved
    assert asked == []


async def test_a_beat_repaints_the_marked_tiles_only(mounted: Any) -> None:
    _, reels, asked = mounted
    reels.mark(frozenset({(1, 0), (3, 2)}), dim_others=True, path=None, label=" two ")
    asked.clear()
    reels._pulse._beat()
    layout = reels.layout_now()
    tiles = [
        Region(layout.reel_x(1), layout.top, layout.tile_w, layout.tile_h),
        Region(layout.reel_x(3), layout.top + 2 * layout.unit, layout.tile_w, layout.tile_h),
    ]
    assert asked == [tuple(tiles)]


async def test_marking_the_same_again_repaints_nothing(mounted: Any) -> None:
    _, reels, asked = mounted
    cells = frozenset({(0, 1), (1, 1), (2, 1)})
    reels.mark(cells, dim_others=True, path=GAME.lines[0], number=1, label=" Line 1 ")
    asked.clear()
    reels.mark(cells, dim_others=True, path=GAME.lines[0], number=1, label=" Line 1 ")
    assert asked == []
    reels.border_subtitle = "something else"  # changed by someone else: marking puts it back
    asked.clear()
    reels.mark(cells, dim_others=True, path=GAME.lines[0], number=1, label=" Line 1 ")
    assert asked and reels.border_subtitle == " Line 1 "


def cells_of(reels: ReelsWindow) -> dict[tuple[int, int], tuple[str, Any]]:
    """Every cell drawn, by (x, y) in the content area: its character and style."""
    found = {}
    for y in range(reels.content_size.height):
        x = 0
        for segment in reels.render_line(y):
            for char in segment.text:
                found[x, y] = (char, segment.style)
                x += 1
    return found


async def test_every_cell_that_changes_is_in_a_region_repainted(mounted: Any) -> None:
    """Frame after frame of a spin, reels stopping one by one, then the window shown: no
    cell changes outside the regions asked for."""
    _, reels, asked = mounted
    frames = [
        [step * 0.37 + r if step < 4 + 2 * r else None for r in range(5)] for step in range(16)
    ]
    assert frames[-1] == frames[-2] == [None] * 5
    before = cells_of(reels)
    for positions in frames:
        asked.clear()
        reels.set_positions(STRIPS, positions)
        after = cells_of(reels)
        changed = {cell for cell in after if after[cell] != before.get(cell)}
        if not any(regions == () for regions in asked):  # else the whole widget
            regions = [region for call in asked for region in call]
            assert bool(changed) == bool(regions)  # nothing asked for when nothing moved
            assert all(any(r.contains(x, y) for r in regions) for x, y in changed)
        before = after
    assert all(p is None for p in reels.positions)
