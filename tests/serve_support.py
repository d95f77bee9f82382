"""Helpers for the ``slotterm serve`` tests: the server as a child process on a port of
its own, its game processes, a page's websocket that makes it start one, and one game
process run as the server runs it.

The page's websocket is aiohttp's client (textual-serve's own dependency).

Every wait has a deadline (:data:`WAIT`) and ends as soon as the state it waits for is
there; nothing sleeps a fixed time.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import re
import select
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

import aiohttp

from slotterm.commands.web_driver import WEB_DRIVER

WAIT = 60.0
"""Seconds a step may take before the test gives up (a busy two-core machine)."""
POLL = 0.05
"""Seconds between two looks at a state that is not there yet."""
GAME_MODULE = b"slotterm.commands.web_session"
"""What a game process's command line names (``python -m ...``)."""
KEPT = 1 << 16
"""Bytes of a game's output :meth:`WebChild.pump` keeps."""
LISTEN = "0A"
"""A listening socket's state in ``/proc/net/tcp``."""


PORTS = range(20000, 32768)
"""Where :func:`free_port` looks: below Linux's ephemeral range (32768-60999), which the
kernel hands to outgoing connections (Chromium's, the games'), so only another test's
server can take one of these between the look and the server's own bind."""
TRIES = 8
"""Servers :func:`start_serve` starts at most, each on a new port, when the one before
found its port taken."""


def free_port() -> int:
    """A TCP port nobody listens on at this moment (on 127.0.0.1), from :data:`PORTS`."""
    while True:
        port = random.choice(PORTS)
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
            try:
                probe.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port


def start_serve(args: list[str], env: dict[str, str], folder: Path) -> ServeProcess:
    """``slotterm serve ARGS --port N`` listening on a free port N (``server.port``).

    A port is free only at the moment it is looked at: when another process takes it
    before the server binds it, the server says so (status 2, "already in use") and a
    new server is started on another port (at most :data:`TRIES`)."""
    for _ in range(TRIES):
        port = free_port()
        server = ServeProcess([*args, "--port", str(port)], env, folder, port=port)
        if server.wait_listening():
            return server
    raise AssertionError(f"no free port for the server in {TRIES} tries: {server.stderr}")


def wait_until(check: Callable[[], bool], what: str, timeout: float = WAIT) -> None:
    """Return once ``check()`` is true; fail naming ``what`` after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"gave up waiting for {what} after {timeout:.0f} s")
        time.sleep(POLL)


class ServeProcess:
    """``python -m slotterm serve ARGS`` in its own process group, its output in files."""

    def __init__(self, args: list[str], env: dict[str, str], folder: Path, *, port: int) -> None:
        self.port = port
        """The port ``args`` give it (``--port``)."""
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

    @property
    def token(self) -> str:
        """The token the server printed in its address (``?token=...``)."""
        found = re.search(r"\?token=([A-Za-z0-9_-]+) ", self.stdout)
        assert found, f"no token in the server's start line: {self.stdout}"
        return found[1]

    @property
    def page_url(self) -> str:
        """The address to open, as the server printed it (its token in the query)."""
        return f"http://127.0.0.1:{self.port}/?token={self.token}"

    def wait_listening(self) -> bool:
        """Wait until the server itself listens on :attr:`port` (not merely someone: the
        socket must be one of its own); ``False`` if it ended because the port was taken
        in the meantime, a failure if it ended for any other reason."""

        def listening() -> bool:
            if self.process.poll() is not None:
                if self.process.returncode == 2 and "already in use" in self.stderr:
                    return True
                raise AssertionError(f"the server ended early: {self.stdout}{self.stderr}")
            return listens_on(self.process.pid, self.port)

        wait_until(listening, f"the server on port {self.port}")
        return self.process.poll() is None

    def games(self) -> list[int]:
        """The pids of the server's game processes (its children)."""
        return children(self.process.pid)

    def wait_game(self) -> int:
        """The pid of the server's one game process, once it runs the game: a child is
        the server's own copy (its sid, its environment) until it has exec'd, then a
        shell (``sh -c "exec setsid python -m ..."``), then ``setsid``, then Python."""

        def started() -> bool:
            games = self.games()
            return len(games) == 1 and command_line(games[0])[1:3] == [b"-m", GAME_MODULE]

        wait_until(started, "the page's game process")
        (game,) = self.games()
        return game

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


def command_line(pid: int) -> list[bytes]:
    """Process ``pid``'s arguments (none once it has ended)."""
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
    except OSError:
        return []


def alive(pid: int) -> bool:
    """Whether process ``pid`` still runs (a zombie does not count)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0]
    except OSError:
        return False
    return state != "Z"


def listens_on(pid: int, port: int) -> bool:
    """Whether process ``pid`` has a TCP socket listening on ``port`` (Linux ``/proc``:
    the socket inodes among its open files, against the kernel's table of listeners)."""
    inodes: set[str] = set()
    with contextlib.suppress(OSError):
        for fd in Path(f"/proc/{pid}/fd").iterdir():
            with contextlib.suppress(OSError):
                target = os.readlink(fd)
                if target.startswith("socket:["):
                    inodes.add(target[len("socket:[") : -1])
    for table in ("tcp", "tcp6"):
        with contextlib.suppress(OSError):
            for row in Path(f"/proc/{pid}/net/{table}").read_text().splitlines()[1:]:
                fields = row.split()
                local, state, inode = fields[1], fields[3], fields[9]
                here = int(local.rpartition(":")[2], 16) == port
                if state == LISTEN and here and inode in inodes:
                    return True
    return False


class WebChild:
    """``python -m slotterm.commands.web_session ARGS`` as textual-serve runs it: pipes,
    the web driver named in ``TEXTUAL_DRIVER``; its screen output collected as text."""

    def __init__(self, args: list[str], env: dict[str, str], cwd: Path) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "slotterm.commands.web_session", *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env={**env, "TEXTUAL_DRIVER": WEB_DRIVER, "COLUMNS": "100", "ROWS": "32"},
            cwd=cwd,
        )
        self.raw = b""

    def read_until(self, wanted: bytes) -> None:
        """Read the child's stdout until ``wanted`` is in it (deadline :data:`WAIT`)."""
        assert self.process.stdout is not None
        fd = self.process.stdout.fileno()
        deadline = time.monotonic() + WAIT
        while wanted not in self.raw:
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"no {wanted!r} in the output: {self.raw[-400:]!r}")
            ready, _, _ = select.select([fd], [], [], left)
            if ready:
                chunk = os.read(fd, 65536)
                if not chunk:
                    err = self.process.stderr.read() if self.process.stderr else b""
                    raise AssertionError(f"the child ended: {err.decode(errors='replace')}")
                self.raw += chunk

    def pump(self) -> None:
        """Read what the child has written by now, as the server keeps doing (so that a
        child writing a lot is never held up by a full pipe); only the last
        :data:`KEPT` bytes are kept."""
        assert self.process.stdout is not None
        fd = self.process.stdout.fileno()
        while select.select([fd], [], [], 0)[0]:
            chunk = os.read(fd, 1 << 20)
            if not chunk:
                return
            self.raw = (self.raw + chunk)[-KEPT:]

    def send_meta(self, meta: dict[str, object]) -> None:
        """One meta packet, as the server sends it (``M``, length, JSON)."""
        self._send(b"M", json.dumps(meta).encode())

    def send_keys(self, keys: bytes) -> None:
        """Keys typed in the page (a data packet: ``D``, length, the terminal's bytes)."""
        self._send(b"D", keys)

    def _send(self, kind: bytes, payload: bytes) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(kind + len(payload).to_bytes(4, "big") + payload)
        self.process.stdin.flush()

    def quit(self) -> int:
        """Tell the app to quit as the server does when the page goes; its exit status."""
        self.send_meta({"type": "quit"})
        status = self.process.wait(timeout=WAIT)
        assert self.process.stderr is not None
        self.stderr = self.process.stderr.read().decode(errors="replace")
        return status


class PageConnection:
    """A websocket to the server's ``/ws`` as a page opens it (aiohttp's client, on its own
    thread): the server starts a game for it and keeps it while the connection lasts; the
    client answers the server's close as a browser does."""

    def __init__(self, server: ServeProcess, size: tuple[int, int] = (100, 32)) -> None:
        width, height = size
        query = f"width={width}&height={height}&token={server.token}"
        self.url = f"ws://127.0.0.1:{server.port}/ws?{query}"
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
