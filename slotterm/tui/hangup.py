"""Notice a terminal that has gone away, even when no SIGHUP says so.

When the terminal window closes, the kernel hangs up the pty: a process whose controlling
terminal it is gets SIGHUP (handled by the app), but one that only inherited the pty as
its stdin/stdout (started with ``setsid``, or left behind by a shell that exited) gets
nothing.  Its stdin then reads as end-of-file for ever, and Textual's input thread turns
that into a busy loop (``select`` says readable, ``read`` returns nothing, again): an
orphaned game burning a core until someone kills it.

:class:`HangupWatch` waits in a daemon thread on ``poll()`` with no events asked for, which
wakes only on POLLHUP / POLLERR / POLLNVAL: no CPU at all while the terminal is there, and
a call of ``on_hangup`` on the app's event loop as soon as it is gone.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import select
import threading
from collections.abc import Callable, Iterable

GONE = select.POLLHUP | select.POLLERR | select.POLLNVAL
"""The poll results that mean the terminal is no longer there."""


def terminal_fds(fds: Iterable[int]) -> list[int]:
    """Those of ``fds`` that are terminals (a pipe or file is not watched)."""
    found = []
    for fd in fds:
        with contextlib.suppress(OSError):
            if os.isatty(fd) and fd not in found:
                found.append(fd)
    return found


def hung_up(fd: int) -> bool:
    """Whether the terminal on ``fd`` is hung up or closed now (asked without waiting)."""
    poller = select.poll()
    poller.register(fd, 0)
    try:
        return any(mask & GONE for _, mask in poller.poll(0))
    except OSError:
        return True


class HangupWatch:
    """Call ``on_hangup`` (on ``loop``) once any of ``fds`` is hung up or closed."""

    def __init__(
        self, fds: Iterable[int], loop: asyncio.AbstractEventLoop, on_hangup: Callable[[], None]
    ) -> None:
        self.fds = list(fds)
        self.loop = loop
        self.on_hangup = on_hangup
        self.thread: threading.Thread | None = None

    def start(self) -> bool:
        """Start watching; False when there is nothing to watch."""
        if not self.fds:
            return False
        self.thread = threading.Thread(target=self._watch, name="slotterm-hangup", daemon=True)
        self.thread.start()
        return True

    def _watch(self) -> None:
        poller = select.poll()
        for fd in self.fds:
            poller.register(fd, 0)  # no events: only hang-up and errors wake it
        while True:
            try:
                ready = poller.poll()
            except InterruptedError:  # pragma: no cover - poll retries itself (PEP 475)
                continue
            except OSError:
                break
            if any(mask & GONE for _, mask in ready):
                break
        with contextlib.suppress(RuntimeError):  # the loop is closed: the app has ended
            self.loop.call_soon_threadsafe(self.on_hangup)
