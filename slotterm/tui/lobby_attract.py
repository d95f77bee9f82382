"""The lobby's attract animation: while nobody presses a key, the highlighted card's lights
chase and its symbols take turns, one step per tick of a slow timer.

Purely cosmetic: the steps are counted, never drawn from the game's RNG.  A key stops it
at once (the still frame, phase 0) and it starts again only after :data:`IDLE_TICKS` quiet
ticks; with animations off (``TEXTUAL_ANIMATIONS=none`` or the options) it never moves.
The screen's timer calls :meth:`Attract.tick`; tests call it themselves, so nothing here
depends on time.
"""

from __future__ import annotations

from dataclasses import dataclass

TICK_SECONDS = 0.6
"""Seconds between two steps (a slow timer: the idle lobby costs little)."""
IDLE_TICKS = 5
"""Quiet ticks after a key before the animation runs again."""


@dataclass
class Attract:
    """The attract animation's state: ``phase`` is the step shown (0: the still frame)."""

    phase: int = 0
    quiet: int = 0
    """Ticks since the last key (or since the lobby showed)."""

    def tick(self, *, animated: bool) -> bool:
        """One tick of the timer; True when the frame changed and must be drawn.  With
        animations off (``animated`` False) the still frame stays."""
        if not animated:
            return self.stop()
        self.quiet += 1
        if self.quiet < IDLE_TICKS:
            return False
        self.phase += 1
        return True

    def poke(self) -> bool:
        """A key was pressed: back to the still frame and wait for quiet again; True when
        the frame changed."""
        self.quiet = 0
        return self.stop()

    def stop(self) -> bool:
        """The still frame; True when it was not shown."""
        moved = self.phase != 0
        self.phase = 0
        return moved

    @property
    def running(self) -> bool:
        """Whether the animation is past its still frame."""
        return self.phase != 0
