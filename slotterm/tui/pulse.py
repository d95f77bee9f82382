"""The winning frames' pulse: a few beats between lit and bright, then lit for good.

The reels' winning tiles (:class:`~slotterm.tui.widgets.reels.ReelsWindow`) and a pick
game's chosen or paid item (:class:`~slotterm.tui.features.pick_cell.PickCell`) pulse the
same way: a widget owns a :class:`Pulse`, starts it when something is marked, reads
:attr:`Pulse.glowing` when it draws, and is called back to redraw on every beat
(:class:`Pulsing` gives the widget its ``pulsing`` and ``glowing``).  With
animations off nothing pulses (the frame is simply lit).
"""

from __future__ import annotations

from collections.abc import Callable

from textual.timer import Timer
from textual.widget import Widget

PULSE_SECONDS = 0.3
"""One beat of the pulse (animated play only)."""
PULSE_BEATS = 8
"""How many beats the frames pulse after a win is marked, then stay lit."""


def animated(widget: Widget) -> bool:
    """True when ``widget`` is in an app that plays animations."""
    try:
        return widget.is_attached and widget.app.animation_level != "none"
    except Exception:  # not in an app
        return False


class Pulse:
    """A pulse of :data:`PULSE_BEATS` beats on ``owner``'s timers; ``redraw`` is called
    after each beat (not on :meth:`start` or :meth:`stop`: the owner redraws then)."""

    def __init__(self, owner: Widget, redraw: Callable[[], None]) -> None:
        self._owner = owner
        self._redraw = redraw
        self._timer: Timer | None = None
        self._beats = 0
        self.glowing = False
        """True on the bright beat."""

    @property
    def running(self) -> bool:
        """True while the pulse beats."""
        return self._timer is not None

    def start(self) -> None:
        """Start beating (when animations are on and it is not beating already)."""
        if self._timer is not None or not animated(self._owner):
            return
        self._beats = PULSE_BEATS
        self._timer = self._owner.set_interval(PULSE_SECONDS, self._beat)

    def stop(self) -> None:
        """Stop beating and go back to lit."""
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        self.glowing = False

    def _beat(self) -> None:
        """The next beat; after the last one the pulse stops, lit."""
        self._beats -= 1
        self.glowing = not self.glowing and self._beats > 0
        if self._beats <= 0:
            self.stop()
        self._redraw()


class Pulsing:
    """What a widget owning a :class:`Pulse` (as ``_pulse``) tells about it."""

    _pulse: Pulse

    @property
    def pulsing(self) -> bool:
        """True while the widget's gold frames pulse."""
        return self._pulse.running

    @property
    def glowing(self) -> bool:
        """True on the bright beat of the widget's pulse."""
        return self._pulse.glowing
