"""The Credits box counting up as a win goes to the credits (a Collect, a round's end).

Only the picture: the session has already credited the win (and saved it); the scene
counts the box from what it showed to the exact credits in a moment, and Space (the
show's skip), another action or animations off puts it on the exact figure at once.
"""

from __future__ import annotations

from collections.abc import Callable

from slotterm.tui.celebration import Celebration
from slotterm.tui.presenter import Scene

TICK_SECONDS = 0.6
"""How long the Credits box counts up."""


class CreditsTickScene(Scene):
    """Credits counting from ``credits_from`` up to ``credits_to`` (``show`` draws them)."""

    stoppable = True
    skippable = True

    def __init__(self, show: Callable[[int], None], credits_from: int, credits_to: int) -> None:
        self.show, self.credits_from, self.credits_to = show, credits_from, credits_to
        self.duration = TICK_SECONDS

    def credits_at(self, elapsed: float) -> int:
        """The credits shown ``elapsed`` seconds in (exact at the end)."""
        share = min(1.0, max(0.0, elapsed / self.duration))
        return self.credits_from + int((self.credits_to - self.credits_from) * share)

    def begin(self) -> None:
        """The credits before the win."""
        self.show(self.credits_from)

    def update(self, elapsed: float) -> None:
        """Count on."""
        self.show(self.credits_at(elapsed))

    def finish(self) -> None:
        """The exact credits."""
        self.show(self.credits_to)


class DismissScene(Scene):
    """Takes a celebration's end frame down before the show goes on (no time of its own)."""

    def __init__(self, overlay: Celebration) -> None:
        self.overlay = overlay

    def finish(self) -> None:
        """Close the overlay."""
        self.overlay.close()
