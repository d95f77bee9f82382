"""The backdrop behind a pick game: its room (:mod:`.pick_scenery`) painted over the whole
window, under the game's widgets (a layer of its own), so it shows wherever the game
leaves room: at the sides of the board, above the title, between the game and the money
row, and where a vault has left the board.

The screen tells it where that room is (:meth:`PickBackdrop.set_stage`, from its fit);
the picture is painted once per window size and stage, and only then redrawn.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from rich.segment import Segment
from rich.style import Style
from textual.strip import Strip
from textual.widget import Widget

from slotterm.tui.features.pick_cell import PickCell
from slotterm.tui.features.pick_scenery import Stage, paint_room


@lru_cache(maxsize=16)
def room_strips(game: str, stage: Stage) -> tuple[Strip, ...]:
    """``game``'s room on ``stage`` as lines of the window (runs of one style joined)."""
    lines = []
    for row in paint_room(game, stage):
        segments: list[Segment] = []
        run, last = "", None
        for char, ink, ground in row:
            key = (ink, ground)
            if key != last and run:
                segments.append(Segment(run, _style(*last)))  # type: ignore[misc]
                run = ""
            run += char
            last = key
        if run:
            segments.append(Segment(run, _style(*last)))  # type: ignore[misc]
        lines.append(Strip(segments, stage.width))
    return tuple(lines)


@lru_cache(maxsize=256)
def _style(ink: str, ground: str) -> Style:
    """The Rich style of an ink on a ground."""
    return Style(color=ink, bgcolor=ground)


class PickBackdrop(Widget):
    """The themed room of the pick game ``game`` behind its screen (styled in
    ``pick_screen.tcss``: the whole window, on the lowest layer)."""

    def __init__(self, game: str) -> None:
        super().__init__(id="pick-backdrop")
        self.game = game
        self.stage: Stage | None = None

    def set_stage(self, stage: Stage) -> None:
        """Paint the room around the game as ``stage`` says (redrawn only if it changed),
        with shelves under the rows of items once they are laid out."""
        self._show(stage)
        self.call_after_refresh(self._find_shelves, stage)

    def _find_shelves(self, stage: Stage) -> None:
        """The shelves under the rows of items, where the layout put them (in the gaps
        between rows, and under the last)."""
        cells = [c.region for c in self.screen.query(PickCell) if c.region.height]
        tops = {r.y for r in cells}  # no shelf where the next row of items stands at once
        shelves = sorted({r.bottom for r in cells} - tops)
        self._show(replace(stage, shelves=tuple(shelves)))

    def _show(self, stage: Stage) -> None:
        if stage != self.stage:
            self.stage = stage
            self.refresh()

    def render_line(self, y: int) -> Strip:
        """Line ``y`` of the room (blank until the screen has set the stage)."""
        width = self.size.width
        stage = self.stage
        if stage is None or stage.width != width or not 0 <= y < stage.height:
            return Strip.blank(width)
        return room_strips(self.game, stage)[y]
