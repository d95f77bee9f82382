"""The Secret Vault's own scenes: the vaults shuffled before the player chooses, and the
nine vaults out of the game closing and leaving the board.

Both are cosmetic: the layout was drawn by the engine (and saved) before the board is
shown, and the shuffle moves no amount; the nine leave only after their amounts were
shown (and the status line keeps naming them).  Skipped (Space) or with animations off,
each shows its end frame: the board at rest, the nine gone.
"""

from __future__ import annotations

from typing import Protocol

from slotterm.tui.art.pick_items import BARRED, CLOSED
from slotterm.tui.features.pick_cell import ItemLook
from slotterm.tui.features.pick_stage import PickStage
from slotterm.tui.presenter import Scene

SHUFFLE_SECONDS = 1.2
"""How long the vaults take to shuffle (at normal speed)."""

SHUFFLE_STEPS = 8
"""Pairs of vaults swapped in the shuffle."""

LEAVE_SECONDS = 0.8
"""How long the nine take to close and leave."""


class VaultStage(PickStage, Protocol):
    """A pick stage that knows the vaults leaving now."""

    leaving: set[int]
    """Vaults drawn closing (not gone yet)."""
    shuffling: bool
    """True while the shuffle plays (the status line says so, and asks for no choice)."""


def shuffle_pair(step: int, count: int) -> tuple[int, int]:
    """The two vaults swapping places at ``step`` of the shuffle (a fixed pattern over the
    ``count`` vaults: the shuffle is a picture, no draw)."""
    first = (step * 5) % count
    second = (first + 1 + (step * 7) % (count - 1)) % count
    return first, second


class ShuffleScene(Scene):
    """The closed vaults change places, two at a time, before the player chooses."""

    duration = SHUFFLE_SECONDS
    stoppable = True
    skippable = True

    def __init__(self, screen: VaultStage) -> None:
        self.screen = screen
        self._step = -1

    def begin(self) -> None:
        """The status line says the vaults are shuffled; the first pair."""
        self.screen.shuffling = True
        self.screen.draw()
        self.update(0.0)

    def update(self, elapsed: float) -> None:
        """The pair of this moment shows its arrows; the others stand closed."""
        step = min(SHUFFLE_STEPS - 1, int(elapsed / self.duration * SHUFFLE_STEPS))
        if step == self._step:
            return
        self._step = step
        cells = self.screen.cells
        left, right = shuffle_pair(step, len(cells))
        for i, cell in enumerate(cells):
            if i in (left, right):
                look = ItemLook(CLOSED, "opening", caption=("⇄ SWAP ⇄",), narrow=("⇄",))
            else:
                look = ItemLook(CLOSED, "closed", caption=("shuffling…",), narrow=("…",))
            cell.show(look, highlighted=False)

    def finish(self) -> None:
        """The board at rest, ready for the choice."""
        self.screen.shuffling = False
        self.screen.draw()


class LeaveScene(Scene):
    """The nine vaults out of the game close, then leave the board one after another."""

    duration = LEAVE_SECONDS
    stoppable = True
    skippable = True

    def __init__(self, screen: VaultStage, items: tuple[int, ...]) -> None:
        self.screen, self.items = screen, items
        self._gone = -1

    def begin(self) -> None:
        """Every one of the nine shuts its door."""
        self.screen.leaving.update(self.items)
        self.screen.draw()
        for i in self.items:
            self.screen.cells[i].show(ItemLook(BARRED, "gone", ("CLOSED",)), highlighted=False)

    def update(self, elapsed: float) -> None:
        """The ones whose turn has come leave."""
        due = min(len(self.items), int(elapsed / self.duration * (len(self.items) + 1)))
        if due > self._gone:
            self._gone = due
            self.screen.leaving.difference_update(self.items[:due])
            self.screen.draw()
            for i in self.items[due:]:
                look = ItemLook(BARRED, "gone", ("CLOSED",))
                self.screen.cells[i].show(look, highlighted=False)

    def finish(self) -> None:
        """The nine are gone."""
        self.screen.leaving.difference_update(self.items)
        self.screen.draw()
