"""Helpers for the ``slotterm serve`` tests: a free port, the server as a child process,
its game processes, and a page's websocket that makes it start one.

The page's websocket is aiohttp's client (textual-serve's own dependency).

Every wait has a deadline (:data:`WAIT`) and ends as soon as the state it waits for is
there; nothing sleeps a fixed time.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

import aiohttp

WAIT = 60.0
"""Seconds a step may take before the test gives up (a busy two-core machine)."""
POLL = 0.05
"""Seconds between two looks at a state that is not there yet."""


def free_port() -> int:
    """A TCP port nobody listens on at this moment (on 127.0.0.1)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def wait_until(check: Callable[[], bool], what: str, timeout: float = WAIT) -> None:
    """Return once ``check()`` is true; fail naming ``what`` after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"gave up waiting for {what} after {timeout:.0f} s")
        time.sleep(POLL)


class ServeProcess:
    """``python -m slotterm serve ARGS`` in its own process group, its output in files."""

    def __init__(self, args: list[str], env: dict[str, str], folder: Path) -> None:
        self.out_path = folder / "serve.out"
        self.err_path = folder / "serve.err"
        with self.out_path.open("wb") as out, self.err_path.open("wb") as err:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "slotterm", "serve", *args],
                stdin=subprocess.DEVNULL,
                stdout=out,
                stderr=err,
                env=env,
                cwd=folder,
                start_new_session=True,  # Ctrl+C is sent to its group, as a terminal does
            )

    @property
    def stdout(self) -> str:
        """What the server wrote on stdout so far."""
        return self.out_path.read_text(errors="replace")

    @property
    def stderr(self) -> str:
        """What the server wrote on stderr so far."""
        return self.err_path.read_text(errors="replace")

    def wait_listening(self, port: int) -> None:
        """Return once the server accepts connections on 127.0.0.1:``port``."""

        def listening() -> bool:
            if self.process.poll() is not None:
                raise AssertionError(f"the server ended early: {self.stdout}{self.stderr}")
            with socket.socket() as probe:
                return probe.connect_ex(("127.0.0.1", port)) == 0

        wait_until(listening, f"the server on port {port}")

    def games(self) -> list[int]:
        """The pids of the server's game processes (its children)."""
        return children(self.process.pid)

    def interrupt(self, *, group: bool) -> int:
        """SIGINT (Ctrl+C) to the server's process group or to the server alone; its exit
        status once it has ended."""
        if group:
            os.killpg(self.process.pid, signal.SIGINT)
        else:
            self.process.send_signal(signal.SIGINT)
        return self.process.wait(timeout=WAIT)

    def stop(self) -> None:
        """Make sure the server and its games are gone (SIGKILL if need be; each game is in
        a session of its own)."""
        games = self.games() if self.process.poll() is None else []
        if self.process.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGINT)
            try:
                self.process.wait(timeout=WAIT)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()
        for pid in games:  # games left behind, if any
            with contextlib.suppress(ProcessLookupError):
                if alive(pid):
                    os.kill(pid, signal.SIGKILL)


def children(pid: int) -> list[int]:
    """The pids of ``pid``'s living children (Linux ``/proc``)."""
    found: list[int] = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        with contextlib.suppress(OSError):
            found += [int(word) for word in (task / "children").read_text().split()]
    return found


def alive(pid: int) -> bool:
    """Whether process ``pid`` still runs (a zombie does not count)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0]
    except OSError:
        return False
    return state != "Z"


class PageConnection:
    """A websocket to the server's ``/ws`` as a page opens it (aiohttp's client, on its own
    thread): the server starts a game for it and keeps it while the connection lasts; the
    client answers the server's close as a browser does."""

    def __init__(self, port: int) -> None:
        self.url = f"ws://127.0.0.1:{port}/ws?width=100&height=32"
        self.loop = asyncio.new_event_loop()
        self.opened = threading.Event()
        self.ended = threading.Event()
        self._leave: asyncio.Event | None = None
        self.error: BaseException | None = None
        self.thread = threading.Thread(target=self.loop.run_until_complete, args=(self._run(),))

    async def _run(self) -> None:
        self._leave = asyncio.Event()
        try:
            async with aiohttp.ClientSession() as client, client.ws_connect(self.url) as ws:
                self.opened.set()
                reader = asyncio.ensure_future(self._drain(ws))
                leave = asyncio.ensure_future(self._leave.wait())
                await asyncio.wait([reader, leave], return_when=asyncio.FIRST_COMPLETED)
                reader.cancel()
                leave.cancel()
        except Exception as exc:  # reported by __enter__ / the test
            self.error = exc
        finally:
            self.opened.set()
            self.ended.set()

    async def _drain(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        async for _message in ws:  # the game's output; ends when the server closes
            pass

    def __enter__(self) -> PageConnection:
        self.thread.start()
        wait_until(self.opened.is_set, "the websocket to open")
        if self.error is not None:
            raise AssertionError(f"the websocket failed: {self.error!r}")
        return self

    def __exit__(self, *exc: object) -> None:
        if self._leave is not None:
            self.loop.call_soon_threadsafe(self._leave.set)
        self.thread.join(WAIT)
        self.loop.close()
