"""The reveal scenes of the pick screens: an item opening, the game's final reveal.

They mask what they are about to show and leave the screen's record picture when they
finish or are skipped (:mod:`slotterm.tui.features.pick_screen`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from slotterm.tui.art.pick_items import CLOSED
from slotterm.tui.features.pick_cell import ItemLook
from slotterm.tui.presenter import Scene

if TYPE_CHECKING:
    from slotterm.tui.features.pick_screen import PickScreen

OPEN_SECONDS = 0.6
"""How long an item takes to open (at normal speed)."""


END_SECONDS = 0.8
"""How long the final reveal takes."""


class OpenScene(Scene):
    """An item opens: it shimmers, then shows what the record says it holds."""

    duration = OPEN_SECONDS
    stoppable = True
    skippable = True
    FRAMES = ("·", "· ·", "· · ·", "✦ · ✦", "✦ ✦ ✦")

    def __init__(self, screen: PickScreen, index: int) -> None:
        self.screen, self.index = screen, index

    def begin(self) -> None:
        """Mask the item while it opens."""
        self.screen.masked.add(self.index)
        self.update(0.0)

    def update(self, elapsed: float) -> None:
        """Draw the shimmer."""
        step = min(len(self.FRAMES) - 1, int(elapsed / self.duration * len(self.FRAMES)))
        self.screen.cells[self.index].show(
            ItemLook(picture=CLOSED, state="opening", caption=(self.FRAMES[step],)),
            highlighted=False,
        )

    def finish(self) -> None:
        """Unmask: the record's picture."""
        self.screen.masked.discard(self.index)
        self.screen.draw()


class EndScene(Scene):
    """The game is over: a pause, then everything hidden is shown with the prize."""

    duration = END_SECONDS
    stoppable = True
    skippable = True

    def __init__(self, screen: PickScreen) -> None:
        self.screen = screen

    def begin(self) -> None:
        """Hold the reveal back for a moment."""
        self.screen.holding_end = True
        self.screen.draw()

    def finish(self) -> None:
        """Reveal everything and the prize."""
        self.screen.holding_end = False
        self.screen.draw()
