"""The ``serve`` command: the game in a web browser, through ``textual-serve``.

``slotterm serve [GAME] [--host 127.0.0.1] [--port 8000] [--save-dir DIR]`` runs a small
web server; every page that connects gets its own game process
(:mod:`slotterm.commands.web_session`): a demo session, nothing saved, unless
``--save-dir`` names the saves to play, whose lock is respected as in a terminal (a second
tab is told in the page that the save is in use).  Without GAME, the lobby.

The server listens on 127.0.0.1 unless told otherwise; any other address is announced with
a warning, since whoever can reach it can play (and, with ``--save-dir``, play the save).
Ctrl+C (SIGINT) or SIGTERM ends every game (each as Q: saved) and then the server; a port
that is taken or an address that cannot be used is one line on stderr and status 2.
Each page's game has a bounded screen and ends with its page
(:mod:`slotterm.commands.serve_session`).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import errno
import ipaddress
import logging
import shlex
import shutil
import signal
import socket
import sys
from pathlib import Path
from typing import Any

from aiohttp import web
from textual_serve.server import Server, log, to_int

from slotterm.cli import UsageError
from slotterm.commands.serve_session import QUIT_WAIT, TERM_WAIT, GameService
from slotterm.games import get_game

PAGE_FOLDER = Path(__file__).with_name("serve_page")
"""The folder of the page template (``app_index.html``, textual-serve's name for it)."""
PORT_MAX = 65535
SHUTDOWN_WAIT = QUIT_WAIT + TERM_WAIT + 2.0
"""Seconds the server waits at most for its games to end when it stops (each is told to
quit, then sent SIGTERM, then SIGKILL: :mod:`slotterm.commands.serve_session`)."""


def run_serve(args: argparse.Namespace) -> int:
    """Serve ``args.game`` (or the lobby) until Ctrl+C; returns the exit status."""
    host: str = args.host
    port: int = args.port
    if port > PORT_MAX:
        raise UsageError(f"--port must be at most {PORT_MAX}, got {port}")
    save_dir = _save_folder(args.save_dir)
    title = "slotterm" if args.game is None else f"slotterm: {get_game(args.game).name}"
    _check_address(host, port)
    if not is_loopback(host):
        _say(
            f"slotterm: warning: serving on {host}, not only this computer: anyone who can "
            f"reach port {port} can play"
            + (f", and play the saves in {save_dir}" if save_dir else "")
        )
    server = GameServer(
        child_command(args.game, save_dir),
        host=host,
        port=port,
        title=title,
        public_url=page_address(host, port),
        templates_path=PAGE_FOLDER,
    )
    what = "the lobby" if args.game is None else get_game(args.game).name
    server.what = what + (
        " (a demo for each page, nothing saved)" if save_dir is None else f" (saves in {save_dir})"
    )
    try:
        server.serve()
    except OSError as exc:  # the port was taken between the check and the start
        raise UsageError(_address_problem(host, port, exc)) from None
    return 0


def child_command(game: str | None, save_dir: str | None) -> str:
    """The shell command ``textual-serve`` runs for each connection (``exec``: the game is
    the server's own child, and dies with it; ``setsid``: in a session of its own)."""
    from slotterm.commands.web_session import child_arguments

    argv = [sys.executable, "-m", "slotterm.commands.web_session"]
    # Its own session: a Ctrl+C in the server's terminal reaches the server alone, which
    # then ends each game itself (a game still starting would die with a traceback).
    setsid = shutil.which("setsid")
    return "exec " + shlex.join(
        [*([setsid] if setsid else []), *argv, *child_arguments(game, save_dir)]
    )


def page_address(host: str, port: int) -> str:
    """The address to open in a browser on this computer: a wildcard host (``0.0.0.0``,
    ``::``) is reached through loopback; an IPv6 address goes in brackets."""
    shown = host
    with contextlib.suppress(ValueError):
        address = ipaddress.ip_address(host)
        if address.is_unspecified:
            address = ipaddress.ip_address("127.0.0.1" if address.version == 4 else "::1")
        shown = f"[{address}]" if address.version == 6 else str(address)
    return f"http://{shown}:{port}/"


def is_loopback(host: str) -> bool:
    """Whether ``host`` is this computer only (``localhost``, 127.0.0.0/8, ``::1``)."""
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _save_folder(save_dir: str | None) -> str | None:
    """``--save-dir`` as an absolute path (the games start in the server's folder)."""
    if save_dir is None:
        return None
    folder = Path(save_dir).expanduser()
    if folder.exists() and not folder.is_dir():
        raise UsageError(f"--save-dir {save_dir}: not a folder")
    return str(folder.resolve())


def _check_address(host: str, port: int) -> None:
    """A :class:`UsageError` when ``host:port`` cannot be listened on (taken, unknown)."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except socket.gaierror as exc:
        raise UsageError(
            f"--host {host}: not an address of this computer ({exc.strerror})"
        ) from None
    family, kind, proto, _, address = infos[0]
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as aiohttp does
        try:
            probe.bind(address)
        except OSError as exc:
            raise UsageError(_address_problem(host, port, exc)) from None


def _address_problem(host: str, port: int, exc: OSError) -> str:
    if exc.errno == errno.EADDRINUSE:
        return f"port {port} is already in use on {host}; choose another with --port N"
    if exc.errno == errno.EACCES:
        return f"port {port} needs more rights on this computer; choose one above 1023"
    if exc.errno == errno.EADDRNOTAVAIL:
        return f"--host {host}: not an address of this computer"
    return f"cannot serve on {host}:{port} ({exc.strerror or exc})"


def _say(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


class GameServer(Server):
    """textual-serve's server with slotterm's page, its own start line, and games that end
    with it: on shutdown every connection is closed (its game quits as with Q) at once,
    instead of aiohttp waiting a minute for the pages to go."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.what = ""
        """What is served, for the start line."""
        self._connections: dict[asyncio.Task[Any], asyncio.Event] = {}
        """Each page's handler, and the event set when it has ended."""
        self._services: set[GameService] = set()
        """The games not ended yet."""

    def initialize_logging(self) -> None:
        """textual-serve's log, without a line for every request (problems still show)."""
        super().initialize_logging()
        logging.getLogger("aiohttp.access").setLevel(logging.WARNING)

    async def on_startup(self, app: web.Application) -> None:
        """Say where to point the browser (instead of textual-serve's banner)."""
        self.console.print(
            f"slotterm: serving {self.what} on {self.public_url} "
            "(open it in a web browser; Ctrl+C stops)",
            markup=False,
            highlight=False,
            soft_wrap=True,
        )

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        """One page's game (a :class:`~slotterm.commands.serve_session.GameService`: its
        size clamped, its end bounded), remembered until it has ended; the page's
        connection is closed once the game is over."""
        task = asyncio.current_task()
        assert task is not None
        ended = self._connections[task] = asyncio.Event()
        websocket = web.WebSocketResponse(heartbeat=15)
        width = to_int(request.query.get("width", "80"), 80)
        height = to_int(request.query.get("height", "24"), 24)
        service: GameService | None = None

        async def close() -> None:  # the game has exited: the page is told
            await websocket.close()

        try:
            await websocket.prepare(request)
            service = GameService(
                self.command,
                write_bytes=websocket.send_bytes,
                write_str=websocket.send_str,
                close=close,
                download_manager=self.download_manager,
                debug=self.debug,
            )
            self._services.add(service)
            await service.start(width, height)
            await self._process_messages(websocket, service)
        except asyncio.CancelledError:  # the server stops
            pass
        except Exception as error:  # as textual-serve: in the log, the server goes on
            log.exception(error)
        finally:
            try:
                if service is not None:
                    await service.stop()
                    self._services.discard(service)
                await websocket.close()
            finally:
                del self._connections[task]
                ended.set()
        return websocket

    async def on_shutdown(self, app: web.Application) -> None:
        """End every game now: each handler is cancelled, which tells its game to quit and
        waits for it (at most :data:`SHUTDOWN_WAIT` seconds in all); a game still there
        then is killed."""
        waits = [asyncio.ensure_future(ended.wait()) for ended in self._connections.values()]
        for task in list(self._connections):
            task.cancel()
        if waits:
            await asyncio.wait(waits, timeout=SHUTDOWN_WAIT)
        for service in self._services:
            service.signal(signal.SIGKILL)
