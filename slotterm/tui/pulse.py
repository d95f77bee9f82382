"""The winning frames' pulse: a few beats between lit and bright, then lit for good.

The reels' winning tiles (:class:`~slotterm.tui.widgets.reels.ReelsWindow`) and a pick
game's chosen or paid item (:class:`~slotterm.tui.features.pick_cell.PickCell`) pulse the
same way: a widget owns a :class:`Pulse`, starts it when something is marked, reads
:attr:`Pulse.glowing` when it draws, and is called back to redraw on every beat
(:class:`Pulsing` gives the widget its ``pulsing`` and ``glowing``).  With
animations off nothing pulses (the frame is simply lit).

The beats come from a real-time timer on the owner (:func:`timed_beats`); an app may be
given another source of beats with :func:`beat_by` (the tests give one that beats only
when they say, so a picture taken of a pulsing frame never depends on the time).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol
from weakref import WeakKeyDictionary

from textual.app import App
from textual.widget import Widget

PULSE_SECONDS = 0.3
"""One beat of the pulse (animated play only)."""
PULSE_BEATS = 8
"""How many beats the frames pulse after a win is marked, then stay lit."""


class Beats(Protocol):
    """A running source of beats: what a :class:`Pulse` stops when it ends."""

    def stop(self) -> None:
        """No more beats."""


BeatSource = Callable[[Widget, Callable[[], None]], Beats]
"""Starts calling back (its second argument) once a beat for a pulse of ``owner``
(its first), until the :class:`Beats` it returns is stopped."""


def timed_beats(owner: Widget, beat: Callable[[], None]) -> Beats:
    """A beat every :data:`PULSE_SECONDS` of real time, on ``owner``'s timers."""
    return owner.set_interval(PULSE_SECONDS, beat)


_sources: WeakKeyDictionary[App[Any], BeatSource] = WeakKeyDictionary()


def beat_by(app: App[Any], source: BeatSource) -> None:
    """Pulses that start in ``app`` from now on take their beats from ``source`` (rather
    than :func:`timed_beats`)."""
    _sources[app] = source


def _source_for(owner: Widget) -> BeatSource:
    return _sources.get(owner.app, timed_beats)


def animated(widget: Widget) -> bool:
    """True when ``widget`` is in an app that plays animations."""
    try:
        return widget.is_attached and widget.app.animation_level != "none"
    except Exception:  # not in an app
        return False


class Pulse:
    """A pulse of :data:`PULSE_BEATS` beats (from the app's source, :func:`beat_by`, or
    ``owner``'s timers); ``redraw`` is called after each beat (not on :meth:`start` or
    :meth:`stop`: the owner redraws then)."""

    def __init__(self, owner: Widget, redraw: Callable[[], None]) -> None:
        self._owner = owner
        self._redraw = redraw
        self._beating: Beats | None = None
        self._beats = 0
        self.glowing = False
        """True on the bright beat."""

    @property
    def running(self) -> bool:
        """True while the pulse beats."""
        return self._beating is not None

    def start(self) -> None:
        """Start beating (when animations are on and it is not beating already)."""
        if self._beating is not None or not animated(self._owner):
            return
        self._beats = PULSE_BEATS
        self._beating = _source_for(self._owner)(self._owner, self._beat)

    def stop(self) -> None:
        """Stop beating and go back to lit."""
        if self._beating is not None:
            self._beating.stop()
            self._beating = None
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
