"""The help and the paytable built ahead, while the machine rests, so that even the first
H or P of a game only shows its window.

Building a window the first time costs two or three times what showing a kept one does
(:mod:`~slotterm.tui.screens.kept_screens`).  Once the machine has been at rest for
:data:`AHEAD_AFTER` seconds, :class:`WindowsAhead` builds the kept windows that are not
yet built for today's game, bet and theme, one small step at a time (build one window,
then lay it out, then the next), each step only while the machine is still quiet: no
reels turning, no autoplay, the machine on top.  A step is at most a few tens of
milliseconds, so a key pressed meanwhile waits no longer than one frame or two.

A bet changed (a new paytable) or a theme chosen comes to rest again and so starts over;
a window opened before its turn is simply built then, as it always was.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.screen import Screen
from textual.timer import Timer

from slotterm.tui.screens.kept_screens import lay_out_unseen
from slotterm.tui.screens.side_screens import KEPT_WINDOWS, SideScreens

AHEAD_AFTER = 1.0
"""Seconds at rest before the first window is built ahead."""
STEP_GAP = 0.1
"""Seconds between two steps (the loop draws and reads keys in between)."""
PASSES = 12
"""Steps a window built ahead may take to be mounted and laid out before the next."""


class WindowsAhead:
    """Builds ``side``'s kept windows ahead, step by step, while ``quiet()`` holds."""

    def __init__(self, host: Screen[Any], side: SideScreens, quiet: Callable[[], bool]) -> None:
        self._host = host
        self._side = side
        self._quiet = quiet
        self._timer: Timer | None = None
        self._unlaid: Screen[Any] | None = None
        """A window built ahead and not yet laid out."""
        self._tries = 0

    def rested(self) -> None:
        """The machine has come to rest: start over once it has rested :data:`AHEAD_AFTER`."""
        self._after(AHEAD_AFTER)

    def _after(self, seconds: float) -> None:
        if self._timer is not None:
            self._timer.stop()
        self._timer = self._host.set_timer(seconds, self.step)

    def step(self) -> bool:
        """Take the next step now, if the machine is quiet; True when one was taken (the
        next one is then due after :data:`STEP_GAP`)."""
        self._timer = None
        if not self._quiet():
            return False  # the next rest starts over
        if self._unlaid is not None:
            return self._lay_out(self._unlaid)
        for name in KEPT_WINDOWS:
            built = self._side.build_ahead(name)
            if built is not None:
                self._unlaid, self._tries = built, 0
                self._after(STEP_GAP)
                return True
        return False

    def _lay_out(self, screen: Screen[Any]) -> bool:
        self._tries += 1
        if not screen.is_mounted and screen.is_running and self._tries < PASSES:
            self._after(STEP_GAP)  # still composing: look again shortly
            return True
        if lay_out_unseen(self._host.app, screen) and self._tries < PASSES:
            self._after(STEP_GAP)  # its widgets answer their sizes: a pass more, maybe
            return True
        self._unlaid = None  # laid out and drawn as it stands: the next window
        return self.step()
