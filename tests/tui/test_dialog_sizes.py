"""The windows over the machine grow with the terminal and stay whole at 80×24.

On the real app, each window (options, autoplay settings, help, history, statistics, the
demo's quit question) is opened at 80×24 and at 200×60: at 80×24 every part of it lies
inside it, the window inside the terminal; at 200×60 it is wider and larger than at
80×24 (a share of the terminal's width, at most 70 % of it), and it leaves the
machine's Credits, Bet and Win boxes in sight.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from textual.geometry import Region
from textual.widget import Widget

from slotterm.tui.screens.options_screen import OptionsScreen
from tests.tui.main_support import make_app, settle, winning_seed
from tests.tui.modal_support import widget_text

SMALL, LARGE = (80, 24), (200, 60)

WINDOWS = {
    "options": ("o", "#choice-dialog", 0.5),
    "autoplay": ("g", "#choice-dialog", 0.5),
    "help": ("h", "#help-dialog", 0.6),
    "history": ("y", "#history-dialog", 0.6),
    "stats": ("t", "#stats-dialog", 0.6),
    "quit": ("q", "#quit-dialog", 0.4),
}
"""Each window: the key that opens it on the machine, its box, and the share of a
200-column terminal's width it takes at least (a two-line question less than a page of
rules); none takes more than :data:`MOST`."""
MOST = 0.7


@dataclass(frozen=True)
class Seen:
    """Where a window's box lay, its parts, and the machine's boxes below it."""

    box: Region
    inner: Region
    parts: tuple[tuple[str, Region], ...]
    machine_boxes: tuple[tuple[str, Region], ...]


async def opened(name: str, size: tuple[int, int]) -> Seen:
    """Open window ``name`` on the machine at ``size`` (a win waiting for the quit
    question, a few closed rounds for the others) and note where it lies."""
    key, selector, _ = WINDOWS[name]
    app = make_app(winning_seed())
    async with app.run_test(size=size) as pilot:
        await pilot.press("space")  # the first spin wins: a round open
        await settle(pilot, app)
        if name != "quit":
            await pilot.press("space")  # collected: a closed round for the history
            await settle(pilot, app)
        await pilot.press(key)
        await pilot.pause()
        await pilot.pause()
        box = app.screen.query_one(selector)
        parts = tuple(
            (str(child.id or type(child).__name__), child.region)
            for child in box.children
            if isinstance(child, Widget) and child.display
        )
        boxes = app.main_screen.boxes
        machine = tuple((n, boxes.box(n).region) for n in ("credits", "bet", "win"))
        return Seen(box.region, box.content_region, parts, machine)


@pytest.mark.parametrize("name", list(WINDOWS))
async def test_window_is_whole_at_80x24_and_grows_at_200x60(name: str) -> None:
    small = await opened(name, SMALL)
    screen = Region(0, 0, *SMALL)
    assert screen.contains_region(small.box), f"{name}: the window leaves the terminal"
    for part, region in small.parts:
        assert region.height > 0, f"{name}: {part} has no room at 80x24"
        assert small.inner.contains_region(region), f"{name}: {part} is cut off at 80x24"

    large = await opened(name, LARGE)
    width, share = LARGE[0], WINDOWS[name][2]
    assert Region(0, 0, *LARGE).contains_region(large.box)
    assert large.box.width > small.box.width, f"{name}: no wider at 200x60"
    assert large.box.area > small.box.area
    assert width * share <= large.box.width <= width * MOST, (
        f"{name}: {large.box.width} of {width} columns at 200x60"
    )
    for shown, region in large.machine_boxes:
        assert not large.box.overlaps(region), f"{name}: hides the {shown} box at 200x60"


async def test_a_window_open_while_the_terminal_grows_grows_with_it() -> None:
    """The options open at 80×24, then the terminal grows to 200×60 and back: the window
    follows, its rows set a line apart only while the terminal is tall."""
    app = make_app(winning_seed())
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("o")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, OptionsScreen)
        box = screen.query_one("#choice-dialog")
        rows = len(screen.rows)

        def table_lines() -> list[str]:
            return widget_text(screen.query_one("#choice-table")).rstrip("\n").splitlines()

        small = box.region
        assert len(table_lines()) == rows
        await pilot.resize_terminal(*LARGE)
        await pilot.pause()
        await pilot.pause()
        assert box.region.width > small.width and box.region.height > small.height
        lines = table_lines()
        assert len(lines) == 2 * rows - 1 and not lines[1].strip(), "rows not spaced"
        await pilot.resize_terminal(*SMALL)
        await pilot.pause()
        await pilot.pause()
        assert box.region == small
        assert len(table_lines()) == rows
