"""Autoplay's on/off switch and the one-shot pause between its rounds.

Nothing ticks while autoplay is off, and while it is on only a single pause timer
exists between two rounds; the screen decides what each step does.
"""

from __future__ import annotations

from collections.abc import Callable

from textual.timer import Timer
from textual.widget import Widget


class Autoplay:
    """Whether autoplay is on, and the pending pause before its next step."""

    def __init__(self, host: Widget, step: Callable[[], None]) -> None:
        self._host = host
        self._step = step
        self._timer: Timer | None = None
        self.on = False

    @property
    def waiting(self) -> bool:
        """True while a pause before the next step is pending."""
        return self._timer is not None

    def stop(self) -> None:
        """Switch off and drop any pending step."""
        self.on = False
        if self._timer is not None:
            self._timer.stop()
            self._timer = None

    def schedule(self, pause: float) -> None:
        """Run the next step after ``pause`` seconds (once; nothing if off or pending)."""
        if self.on and self._timer is None:
            self._timer = self._host.set_timer(pause, self._fire)

    def _fire(self) -> None:
        self._timer = None
        if self.on:
            self._step()
