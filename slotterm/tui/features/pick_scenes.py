"""The scenes of the pick screens: an item opening, the items not taken showing what
they held, the game's final reveal, and the hold after a skip or at the end.

The reveals mask what they are about to show and leave the screen's record picture when
they finish or are skipped (:mod:`slotterm.tui.features.pick_screen`, a
:class:`~slotterm.tui.features.pick_stage.PickStage`); a hold keeps the
picture still while the keys that pick or go back wait.
"""

from __future__ import annotations

from collections.abc import Sequence

from slotterm.engine.events import Event
from slotterm.engine.features.pick_game import ItemOpened, ItemsRevealed, PickGameEnded
from slotterm.tui.art.pick_items import CLOSED
from slotterm.tui.features.pick_cell import ItemLook
from slotterm.tui.features.pick_stage import PickStage
from slotterm.tui.presenter import Scene
from slotterm.tui.scenes import RESULT_HOLD_SECONDS
from slotterm.tui.scenes import HoldScene as MachineHold

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

    def __init__(self, screen: PickStage, index: int) -> None:
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

    def __init__(self, screen: PickStage) -> None:
        self.screen = screen

    def begin(self) -> None:
        """Hold the reveal back for a moment."""
        self.screen.holding_end = True
        self.screen.draw()

    def finish(self) -> None:
        """Reveal everything and the prize."""
        self.screen.holding_end = False
        self.screen.draw()


REVEAL_SECONDS = 1.0
"""How long the items not taken take to show what they held (Secret Vault's nine)."""


class RevealScene(Scene):
    """The items not taken show what they held, one after another (Secret Vault: the
    nine vaults not chosen open and close for good)."""

    duration = REVEAL_SECONDS
    stoppable = True
    skippable = True

    def __init__(self, screen: PickStage, items: tuple[int, ...]) -> None:
        self.screen, self.items = screen, items
        self._shown = 0

    def begin(self) -> None:
        """Mask every item still to show."""
        self.screen.masked.update(self.items)
        self._shown = 0
        self.screen.draw()

    def update(self, elapsed: float) -> None:
        """Unmask the items whose turn has come."""
        due = min(len(self.items), int(elapsed / self.duration * (len(self.items) + 1)))
        if due > self._shown:
            self.screen.masked.difference_update(self.items[self._shown : due])
            self._shown = due
            self.screen.draw()

    def finish(self) -> None:
        """Every item shows what it held."""
        self.screen.masked.difference_update(self.items)
        self.screen.draw()


class HoldScene(MachineHold):
    """The picture just shown holds still for a moment (:class:`slotterm.tui.scenes.HoldScene`):
    after a skip (so the keys mashed to hurry the reveal pick nothing) and at the end (the
    result stays up until a key pressed after it).  The keys that pick or go back wait
    for it (the screen's ``holding``); nothing else moves."""

    def __init__(self, screen: PickStage, seconds: float) -> None:
        super().__init__(seconds)
        self.screen = screen

    def begin(self) -> None:
        """The keys wait."""
        self.screen.holding = True
        self.screen.draw()

    def finish(self) -> None:
        """The keys work again (the screen's rest draws what they do)."""
        self.screen.holding = False


def reveal_scenes(screen: PickStage, events: Sequence[Event]) -> list[Scene]:
    """The scenes that show a step's ``events`` on ``screen`` (its own game's only): an
    item opening, the items not taken showing what they held, the final reveal and the
    result's hold after it."""
    name = screen.game.name
    scenes: list[Scene] = []
    for event in events:
        if isinstance(event, ItemOpened) and event.game == name:
            scenes.append(OpenScene(screen, event.index))
        elif isinstance(event, ItemsRevealed) and event.game == name:
            scenes.append(RevealScene(screen, tuple(i for i, _ in event.items)))
        elif isinstance(event, PickGameEnded) and event.game == name:
            scenes += [EndScene(screen), HoldScene(screen, RESULT_HOLD_SECONDS)]
    return scenes
