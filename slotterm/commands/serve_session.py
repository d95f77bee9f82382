"""One page's game process under ``slotterm serve``: textual-serve's ``AppService`` with a
bounded screen and an end that never waits forever.

The page names its terminal's size (``/ws?width=W&height=H``, then ``resize`` messages);
whatever it asks, the game gets at most :data:`MAX_WIDTH` × :data:`MAX_HEIGHT` cells (a page
asking for 99999 × 99999 would have the game draw ten billion cells, busy for ever and
deaf to being told to quit).

When its page goes (or the server stops) the game is told to quit, as Q does, and given
:data:`QUIT_WAIT` seconds; one that is still there then gets SIGTERM (which it takes as
Q too, see :mod:`slotterm.commands.web_session`), and :data:`TERM_WAIT` seconds later
SIGKILL: no game outlives its page for long.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
from typing import Any

from textual_serve.app_service import AppService
from textual_serve.download_manager import DownloadManager

from slotterm.commands.serve_compat import service_process, take_service_task

MAX_WIDTH = 500
"""The widest terminal a page gets, in cells (a 4K screen in a small font is ~480)."""
MAX_HEIGHT = 200
"""The tallest terminal a page gets, in rows."""
QUIT_WAIT = 5.0
"""Seconds a game has to quit once told to, before it gets SIGTERM."""
TERM_WAIT = 5.0
"""Seconds a game has to end after SIGTERM, before it gets SIGKILL."""


def clamp_size(width: int, height: int) -> tuple[int, int]:
    """``width`` × ``height`` within 1 × 1 … :data:`MAX_WIDTH` × :data:`MAX_HEIGHT`."""
    return max(1, min(width, MAX_WIDTH)), max(1, min(height, MAX_HEIGHT))


class GameService(AppService):
    """textual-serve's app process, its size clamped (:func:`clamp_size`), its stop bounded
    (quit, then SIGTERM, then SIGKILL)."""

    def __init__(self, command: str, *, download_manager: DownloadManager, **kwargs: Any) -> None:
        super().__init__(command, download_manager=download_manager, **kwargs)
        self.downloads = download_manager
        """The server's downloads (the game's own are cancelled when it stops)."""

    async def start(self, width: int, height: int) -> None:
        """Start the game on a terminal of (at most) ``width`` × ``height``."""
        await super().start(*clamp_size(width, height))

    async def set_terminal_size(self, width: int, height: int) -> None:
        """Tell the game its terminal's new size, clamped."""
        await super().set_terminal_size(*clamp_size(width, height))

    @property
    def pid(self) -> int | None:
        """The game process's id (``None`` before it has started)."""
        process = service_process(self)
        return None if process is None else process.pid

    @property
    def returncode(self) -> int | None:
        """The game process's exit status (``None`` while it runs, or before it starts)."""
        process = service_process(self)
        return None if process is None else process.returncode

    async def stop(self) -> None:
        """End the game: tell it to quit, then SIGTERM after :data:`QUIT_WAIT` seconds,
        then SIGKILL after :data:`TERM_WAIT` more; return once its output has ended."""
        task = take_service_task(self)
        if task is None:
            return
        with contextlib.suppress(Exception):
            await self.downloads.cancel_app_downloads(app_service_id=self.app_service_id)
        with contextlib.suppress(Exception):
            # a game that reads nothing any more would leave this waiting on a full pipe
            await asyncio.wait_for(self.send_meta({"type": "quit"}), QUIT_WAIT)
        for then, wait in ((signal.SIGTERM, QUIT_WAIT), (signal.SIGKILL, TERM_WAIT)):
            done, _ = await asyncio.wait([task], timeout=wait)
            if done:
                return
            self.signal(then)
        await task

    def signal(self, number: signal.Signals) -> None:
        """Send the game signal ``number`` (nothing if it has ended)."""
        pid = self.pid
        if pid is not None and self.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, number)
