"""Textual's Linux terminal driver, made to notice a terminal that has gone away.

When the terminal window closes (tmux or xterm killed), the kernel hangs the pty up:
reads give end-of-file (or EIO), writes give EIO, ``poll`` reports POLLHUP.  The session's
leader gets SIGHUP and SIGCONT; any other process on the pty gets nothing.  Textual's
:class:`~textual.drivers.linux_driver.LinuxDriver` copes badly with all of that:

* its output thread dies on the first EIO, its queue (30 writes) fills, and the next
  write blocks the app's event loop for ever -- so the SIGHUP handler never runs, and the
  game sits there holding its save lock (``Ssl``, fds on ``/dev/pts/N (deleted)``);
* its SIGCONT handler restarts the application mode on the dead terminal (``isatty`` is
  false once hung up, so its own check is skipped): a second output thread whose writes
  fail, and the same dead end;
* its input thread spins on end-of-file (``select`` says readable, ``read`` gives
  nothing), and an EIO there ends the app in a traceback.

:class:`TerminalDriver` mends those three places and nothing else: the output goes through
:class:`TerminalOutput` (an error drops the rest, never raises, never blocks), SIGCONT on a
hung-up terminal restarts nothing, an error reading the terminal is no traceback, and a
:class:`~slotterm.tui.hangup.HangupWatch` (no CPU while the terminal is there) wakes on the
hang-up itself.  Each of them posts one :class:`TerminalGone` to the app, which ends as
SIGHUP ends it (every step of a saved game is already saved).
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from textual import events

from slotterm.tui.hangup import HangupWatch, hung_up, terminal_fds
from slotterm.tui.textual_compat import HookedLinuxDriver

if TYPE_CHECKING:
    from textual.app import App


class TerminalGone(events.Event):
    """The terminal the app draws on has gone away (hung up, closed, unwritable)."""


class TerminalOutput:
    """The driver's output file: text written straight to ``fd`` on each flush.

    The first error writing (EIO or EPIPE from a hung-up terminal, anything else) calls
    ``on_error`` once and turns every later write into nothing, so Textual's output thread
    never dies and its queue never blocks the app.  Nothing is kept in a Python buffer a
    failed flush could leave behind (the interpreter's last flush of stderr would then fail
    too, and change the exit status).
    """

    def __init__(
        self, fd: int, on_error: Callable[[], None], *, encoding: str, errors: str
    ) -> None:
        self.fd = fd
        self.on_error = on_error
        self.encoding = encoding
        self.errors = errors
        self.failed = False
        """True once a write failed: the terminal is taken as gone."""
        self._pending: list[str] = []

    def fileno(self) -> int:
        """The terminal's descriptor."""
        return self.fd

    def write(self, text: str) -> int:
        """Keep ``text`` for the next :meth:`flush`."""
        if not self.failed:
            self._pending.append(text)
        return len(text)

    def flush(self) -> None:
        """Write what was kept; on an error, drop it and everything after."""
        data = "".join(self._pending).encode(self.encoding, self.errors)
        self._pending.clear()
        try:
            while data and not self.failed:
                data = data[os.write(self.fd, data) :]
        except OSError:
            self.failed = True
            self.on_error()

    def isatty(self) -> bool:
        """Whether the descriptor is (still) a terminal."""
        with contextlib.suppress(OSError):
            return os.isatty(self.fd)
        return False


class TerminalDriver(HookedLinuxDriver):
    """:class:`LinuxDriver` that posts :class:`TerminalGone` once its terminal has gone
    away, instead of blocking or spinning on it (see the module's docstring)."""

    def __init__(self, app: App[Any], **options: Any) -> None:
        super().__init__(app, **options)
        stderr = sys.__stderr__ or sys.stderr  # LinuxDriver's own output
        self.output = TerminalOutput(
            stderr.fileno(),
            self.terminal_gone,
            encoding=stderr.encoding or "utf-8",
            errors=stderr.errors or "strict",
        )
        self.use_output_file(self.output)
        self.gone = False
        """True once the terminal is known to be gone."""
        self._watch: HangupWatch | None = None

    def start_application_mode(self) -> None:
        """Textual's start, then the hang-up watch on the terminal (once)."""
        if self.gone:
            return
        super().start_application_mode()  # type: ignore[no-untyped-call]
        if self._watch is None:
            fds = terminal_fds((self.fileno, self.output.fd))
            self._watch = HangupWatch(fds, self.event_loop, self.terminal_gone)
            self._watch.start()

    def on_sigcont(self) -> bool:
        """A hang-up brings SIGCONT with its SIGHUP: restart nothing on a dead terminal."""
        if self.gone or hung_up(self.fileno):
            self.terminal_gone()
            return False
        return True

    def run_input_thread(self) -> None:
        """Textual's input loop; an error reading the terminal means it has gone (no
        traceback).  Its end-of-file, which does not raise, the hang-up watch sees."""
        try:
            super().run_input_thread()
        except OSError:
            self.terminal_gone()

    def terminal_gone(self) -> None:
        """Tell the app, once, that the terminal has gone (from any thread, or a signal
        handler: it only schedules the message on the app's loop)."""
        if self.gone:
            return
        self.gone = True  # (two threads at once would post it twice: the app ends once)
        with contextlib.suppress(RuntimeError):  # the loop is closed: the app has ended
            self.event_loop.call_soon_threadsafe(self.driven_app.post_message, TerminalGone())
