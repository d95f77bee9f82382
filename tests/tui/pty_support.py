"""A child process on a pseudo-terminal whose screen is read back through pyte.

Shared by the real-terminal tests (the game played with raw key bytes, signals sent to
it): the child runs in a pty of 100×32 and its output feeds a pyte screen.
"""

from __future__ import annotations

import fcntl
import os
import select
import signal
import struct
import subprocess
import termios
import time
from collections.abc import Callable
from pathlib import Path

import pyte
import pytest

COLS, ROWS = 100, 32
WAIT = 30.0
"""Seconds a step may take before the test gives up: a deadline, long enough for a
child started on a busy machine (nothing waits for it when the game is quick)."""
QUIET = 0.2
"""Seconds with nothing more from the child after which :meth:`PtyGame.wait_steady` takes
the screen as drawn whole (a frame reaches the pty in chunks)."""


class PtyGame:
    """A child process on a pseudo-terminal, its screen kept by a pyte emulator."""

    def __init__(self, argv: list[str], env: dict[str, str], cwd: Path) -> None:
        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLS, 0, 0))
        self.process = subprocess.Popen(
            argv,
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env=env,
            cwd=cwd,
            start_new_session=True,
            close_fds=True,
        )
        os.close(slave)
        self.fd = master
        self.screen = pyte.Screen(COLS, ROWS)
        self.stream = pyte.ByteStream(self.screen)

    def lines(self) -> list[str]:
        """The screen as text lines."""
        return list(self.screen.display)

    def text(self) -> str:
        """The whole screen as one string."""
        return "\n".join(self.lines())

    def pump(self, timeout: float) -> bool:
        """Read what the game wrote within ``timeout`` seconds into the emulator (True if
        anything came)."""
        ready, _, _ = select.select([self.fd], [], [], timeout)
        if ready:
            try:
                data = os.read(self.fd, 65536)
            except OSError:  # the child closed the terminal
                return False
            self.stream.feed(data)
            return bool(data)
        return False

    def send(self, keys: bytes) -> None:
        """Type raw bytes."""
        os.write(self.fd, keys)

    def wait_for(self, condition: Callable[[], bool], what: str, timeout: float = WAIT) -> None:
        """Read the screen until ``condition()`` holds; fail naming ``what`` on timeout."""
        deadline = time.monotonic() + timeout
        while not condition():
            if time.monotonic() > deadline:
                pytest.fail(f"timed out waiting for {what}; screen:\n{self.text()}")
            if self.process.poll() is not None:
                pytest.fail(f"the game ended while waiting for {what}:\n{self.text()}")
            self.pump(0.05)

    def wait_steady(self, condition: Callable[[], bool], what: str) -> None:
        """Like :meth:`wait_for`, and then nothing more may come for :data:`QUIET` seconds
        with ``condition()`` still true: the frame it holds in is read whole, not half."""
        deadline = time.monotonic() + WAIT
        while True:
            self.wait_for(condition, what, max(0.0, deadline - time.monotonic()))
            if not self.pump(QUIET) and condition():
                return

    def box(self, title: str) -> str:
        """The value shown in the box titled ``title`` (the line under its top edge)."""
        lines = self.lines()
        for n, line in enumerate(lines[:-1]):
            at = line.find(f"─ {title} ─")
            if at >= 0:
                left = line.rfind("╭", 0, at)
                right = line.find("╮", at)
                return lines[n + 1][left + 1 : right].strip()
        return ""

    def close(self) -> None:
        """Make sure the child is gone and the terminal closed."""
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(5)
        os.close(self.fd)
