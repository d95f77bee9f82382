"""The quit signals, taken from the first instant: before the terminal is touched.

SIGTERM, SIGHUP, SIGQUIT and SIGINT end the game at once, with the terminal given back
whatever stage start-up or quitting had reached.  Left to their default until the app's
own handlers were installed (in its ``on_mount``, after the driver had switched to the
alternate screen, hidden the cursor and turned mouse reporting on), a signal in the first
milliseconds killed the process with the terminal still in that state.

:class:`QuitSignals` takes them instead from the start of ``play`` (before the save is
opened, before the app exists): the handler only notes the first signal and hands it to
the app's ``target``, which schedules the app's exit on its event loop.  Nothing ever
stops in the middle of a step: the handler raises nothing, so a save under way finishes
by the store's own protocol.  A signal before the app runs stops it from starting at
all; one while the driver sets the terminal up is acted on right after, and the driver
puts it back as it stops; one while the app quits changes nothing.  The process then ends
with the conventional status, 128 + the signal's number.
"""

from __future__ import annotations

import asyncio
import contextlib
import signal
from collections.abc import Callable
from types import FrameType
from typing import Any

QUIT_SIGNALS = (signal.SIGTERM, signal.SIGHUP, signal.SIGQUIT, signal.SIGINT)
"""The signals that end the game cleanly (SIGINT too: Ctrl+C reaches the game as a key,
so the signal only comes from ``kill``)."""


class QuitSignals:
    """The quit signals' handler for one run of the game (:meth:`install` to take them)."""

    def __init__(self) -> None:
        self.number: int | None = None
        """The first quit signal that arrived (``None``: none yet)."""
        self.target: Callable[[int], None] | None = None
        """Called, in the signal handler, with the first signal (the app's, once it runs)."""
        self._previous: dict[int, Any] = {}

    @property
    def installed(self) -> bool:
        """True while the handlers are in place."""
        return bool(self._previous)

    def install(self) -> QuitSignals:
        """Take the quit signals (from the main thread; elsewhere nothing is taken)."""
        for number in QUIT_SIGNALS:
            with contextlib.suppress(ValueError, OSError):  # not the main thread
                self._previous[number] = signal.signal(number, self._arrived)
        return self

    def restore(self) -> None:
        """Give the signals back to whoever had them."""
        for number, handler in self._previous.items():
            with contextlib.suppress(ValueError, OSError, TypeError):
                signal.signal(number, handler)
        self._previous.clear()

    def retake(self, loop: asyncio.AbstractEventLoop) -> None:
        """Take back any quit signal a driver took on ``loop`` meanwhile (Textual's web
        driver, under ``slotterm serve``, takes TERM and INT as it starts)."""
        for number in self._previous:
            if signal.getsignal(number) != self._arrived:
                with contextlib.suppress(ValueError, RuntimeError, OSError):
                    loop.remove_signal_handler(number)
                with contextlib.suppress(ValueError, OSError):
                    signal.signal(number, self._arrived)

    def _arrived(self, number: int, _frame: FrameType | None) -> None:
        if self.number is not None:
            return  # quitting already
        self.number = number
        if self.target is not None:
            self.target(number)

    @property
    def exit_status(self) -> int | None:
        """128 + the signal's number, once one arrived."""
        return None if self.number is None else 128 + self.number
