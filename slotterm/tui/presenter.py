"""Plays scenes (timed animations) one after another on a single frame timer.

A scene only *shows* an outcome that the session already holds: it changes widgets over
time and, when finished or skipped, leaves them showing its final picture.  The frame
timer exists only while a scene runs, so nothing ticks while the game is at rest.
A show can be held (the window too small to show it, :meth:`Presenter.hold`): its scene
stands still where it is, its clock stopped, and goes on from there when released.
With animations off (``TEXTUAL_ANIMATIONS=none``) every scene jumps straight to its end.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable
from time import monotonic

from textual.timer import Timer
from textual.widget import Widget

FRAME_RATE = 30.0
"""Frames per second while a scene runs."""
_EPSILON = 1e-9
"""Seconds of rounding error forgiven when deciding that a scene has reached its end."""


class Scene:
    """One animation step; subclasses override :meth:`begin`, :meth:`update`, :meth:`finish`.

    ``duration`` is in seconds at normal speed.  ``stoppable`` scenes (reels spinning, a
    feature's show) are ended early by the spin / feature keys; a ``skippable`` one is part
    of a show after the reels (a feature's, a celebration), so the key is called "Skip"
    instead of "Stop" and ends the whole rest of the show (:meth:`Presenter.skip_show`).
    """

    duration: float = 0.0
    stoppable: bool = False
    skippable: bool = False

    def begin(self) -> None:
        """Set up the first frame."""

    def update(self, elapsed: float) -> None:
        """Draw the frame ``elapsed`` seconds (at normal speed) into the scene."""

    def finish(self) -> None:
        """Draw the scene's final picture (also called when it is skipped)."""


class Presenter:
    """Queue of scenes driven by one frame timer on ``host``."""

    def __init__(
        self,
        host: Widget,
        on_rest: Callable[[], None],
        on_change: Callable[[], None] | None = None,
    ) -> None:
        self._host = host
        self._on_rest = on_rest
        self._on_change = on_change
        self._queue: deque[Scene] = deque()
        self._current: Scene | None = None
        self._started = 0.0
        self._timer: Timer | None = None
        self.speed = 1.0
        self.frames = 0
        self.clock: Callable[[], float] = monotonic
        """Where scene time is read (seconds); tests put a clock they move themselves."""
        self._held_at: float | None = None
        """The clock when the show was held (``None``: not held)."""

    @property
    def animate(self) -> bool:
        """False when the app runs with animations switched off."""
        return self._host.app.animation_level != "none"

    @property
    def busy(self) -> bool:
        """True while a scene runs."""
        return self._current is not None

    @property
    def current(self) -> Scene | None:
        """The running scene, if any."""
        return self._current

    @property
    def held(self) -> bool:
        """True while the show stands still (:meth:`hold`)."""
        return self._held_at is not None

    @property
    def elapsed(self) -> float:
        """Seconds (at normal speed) the running scene has been on; 0 at rest.  It does not
        grow while the show is held."""
        if self._current is None:
            return 0.0
        now = self.clock() if self._held_at is None else self._held_at
        return (now - self._started) * self.speed

    def hold(self) -> None:
        """Stop the show where it is: the running scene keeps its picture and its time,
        no frame is drawn and no scene starts or ends until :meth:`release`."""
        if self._held_at is None:
            self._held_at = self.clock()
            self._stop_timer()

    def release(self) -> None:
        """Go on with the show from the moment it was held (its scene's time was not
        running meanwhile)."""
        if self._held_at is None:
            return
        held_for, self._held_at = self.clock() - self._held_at, None
        if self._current is not None:
            self._started += held_for
            self._start_timer()

    @property
    def queued(self) -> tuple[Scene, ...]:
        """The scenes waiting behind the running one (empty at rest)."""
        return tuple(self._queue)

    @property
    def stoppable(self) -> bool:
        """True while the running scene can be stopped by the spin / feature keys."""
        return self._current is not None and self._current.stoppable

    @property
    def ticking(self) -> bool:
        """True while the frame timer exists (for tests and benchmarks)."""
        return self._timer is not None

    def play(self, scenes: Iterable[Scene]) -> None:
        """Queue ``scenes``; start them if nothing is running.  Calls ``on_rest`` at the end."""
        self._queue.extend(scenes)
        if self._current is None:
            self._advance()

    def stop_current(self) -> None:
        """End the running scene now (its final picture) and go on with the next."""
        if self._current is not None:
            scene, self._current = self._current, None
            scene.finish()
            self._advance()

    def skip_show(self) -> None:
        """End the running scene and every queued one at once (each on its final picture,
        as if played out), then come to rest: ``on_rest`` is called, as at a show's end.

        One skip ends the whole show, so the key that skipped has done its one thing and
        the next press acts at rest.  Nothing happens at rest.
        """
        if self._current is None:
            return
        self.finish_all()
        self._changed()
        self._on_rest()

    def finish_all(self) -> None:
        """End every queued scene at once, without calling ``on_rest``."""
        scenes = ([self._current] if self._current is not None else []) + list(self._queue)
        started = self._current is not None
        self._current = None
        self._queue.clear()
        self._stop_timer()
        for i, scene in enumerate(scenes):
            if i or not started:
                scene.begin()
            scene.finish()

    def _advance(self) -> None:
        while self._queue:
            scene = self._queue.popleft()
            scene.begin()
            if not self.animate or scene.duration <= 0:
                scene.finish()
                continue
            self._current = scene
            self._started = self.clock() if self._held_at is None else self._held_at
            if self._held_at is None:
                self._start_timer()
            self._changed()
            return
        self._current = None
        self._stop_timer()
        self._changed()
        self._on_rest()

    def _changed(self) -> None:
        if self._on_change is not None:
            self._on_change()

    def _tick(self) -> None:
        scene = self._current
        if scene is None or self._held_at is not None:
            self._stop_timer()
            return
        elapsed = self.elapsed
        self.frames += 1
        if elapsed >= scene.duration - _EPSILON:  # a clock moved by exactly the duration ends it
            self._current = None
            scene.finish()
            self._advance()
        else:
            scene.update(elapsed)

    def _start_timer(self) -> None:
        if self._timer is None:
            self._timer = self._host.set_interval(1 / FRAME_RATE, self._tick)

    def _stop_timer(self) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
