"""The ``serve`` command: the game in a web browser, through ``textual-serve``.

``slotterm serve [GAME] [--host 127.0.0.1] [--port 8000] [--save-dir DIR] [--games DIR]``
runs a small web server; every page that connects gets its own game process
(:mod:`slotterm.commands.web_session`): a demo session, nothing saved, unless
``--save-dir`` names the saves to play, whose lock is respected as in a terminal (a second
tab is told in the page that the save is in use).  Without GAME, the lobby, with the game
files of ``--games DIR`` (default: as ``play`` finds them) beside the shipped games.

The server listens on 127.0.0.1 unless told otherwise; any other address is announced with
a warning, since whoever can reach it can play (and, with ``--save-dir``, play the save).
Whatever the address, every request needs the token drawn at the start and printed in the
address to open, and must name this server in its Host (and Origin) header
(:mod:`slotterm.commands.serve_guard`): no other web page, and no one who has not been
given the address, can play; a refusal is HTTP 403 and one line in the log.  Each page's
messages are checked before they reach its game (:mod:`slotterm.commands.serve_messages`).
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
import shlex
import shutil
import signal
import socket
import sys
from pathlib import Path
from typing import Any

from aiohttp import web
from aiohttp.typedefs import Handler, Middleware
from textual_serve.server import log, to_int

from slotterm.cli import UsageError
from slotterm.commands.serve_compat import AppHook
from slotterm.commands.serve_guard import TOKEN_FIELD, Guard, log_line, new_token, refusal
from slotterm.commands.serve_log import start_log
from slotterm.commands.serve_messages import MAX_MESSAGE, relay
from slotterm.commands.serve_session import QUIT_WAIT, TERM_WAIT, GameService
from slotterm.games import get_game

PAGE_FOLDER = Path(__file__).with_name("serve_page")
"""The folder of the page template (``app_index.html``, textual-serve's name for it)."""
PORT_MAX = 65535
SHUTDOWN_WAIT = QUIT_WAIT + TERM_WAIT + 2.0
"""Seconds the server waits at most for its games to end when it stops (each is told to
quit, then sent SIGTERM, then SIGKILL: :mod:`slotterm.commands.serve_session`)."""
FORBIDDEN = "403 Forbidden: open the address that slotterm serve printed, with its token.\n"
"""The body of a refusal."""


def run_serve(args: argparse.Namespace) -> int:
    """Serve ``args.game`` (or the lobby) until Ctrl+C; returns the exit status."""
    host: str = args.host
    port: int = args.port
    if port > PORT_MAX:
        raise UsageError(f"--port must be at most {PORT_MAX}, got {port}")
    save_dir = _save_folder(args.save_dir)
    games_dir = _games_folder(getattr(args, "games", None))
    title = "slotterm" if args.game is None else f"slotterm: {get_game(args.game).name}"
    _check_address(host, port)
    if not is_loopback(host):
        _say(
            f"slotterm: warning: serving on {host}, not only this computer: anyone who can "
            f"reach port {port} can play"
            + (f", and play the saves in {save_dir}" if save_dir else "")
        )
    server = GameServer(
        child_command(args.game, save_dir, games_dir),
        guard=Guard.serving(host, port, new_token()),
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


def child_command(game: str | None, save_dir: str | None, games_dir: str | None = None) -> str:
    """The shell command ``textual-serve`` runs for each connection (``exec``: the game is
    the server's own child, and dies with it; ``setsid``: in a session of its own);
    ``games_dir`` is the lobby's ``--games`` folder (``None``: the default one)."""
    from slotterm.commands.web_session import child_arguments

    argv = [sys.executable, "-m", "slotterm.commands.web_session"]
    # Its own session: a Ctrl+C in the server's terminal reaches the server alone, which
    # then ends each game itself (a game still starting would die with a traceback).
    setsid = shutil.which("setsid")
    return "exec " + shlex.join(
        [*([setsid] if setsid else []), *argv, *child_arguments(game, save_dir, games_dir)]
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


def _games_folder(games: str | None) -> str | None:
    """``--games`` as an absolute path (the games start in the server's folder), checked
    as ``play`` checks it."""
    if games is None:
        return None
    from slotterm.commands.play import check_games_folder

    check_games_folder(argparse.Namespace(games=games))
    return str(Path(games).expanduser().resolve())


def _check_address(host: str, port: int) -> None:
    """A :class:`UsageError` when ``host:port`` cannot be listened on (taken, unknown)."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except socket.gaierror as exc:
        raise UsageError(
            f"--host {host}: not an address of this computer ({exc.strerror})"
        ) from None
    except (UnicodeError, ValueError):  # an empty label (a..b), one over 63 characters, a NUL
        raise UsageError(f"--host {host}: not a valid host name or address") from None
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


class GameServer(AppHook):
    """textual-serve's server with slotterm's page, its own start line, a guard in front of
    every request (:meth:`check_request`), each page's messages checked, and games that
    end with it: on shutdown every connection is closed (its game quits as with Q) at once,
    instead of aiohttp waiting a minute for the pages to go."""

    def __init__(self, *args: Any, guard: Guard, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.guard = guard
        """Who may use this server (its token, its names)."""
        self.what = ""
        """What is served, for the start line."""
        self._connections: dict[asyncio.Task[Any], asyncio.Event] = {}
        """Each page's handler, and the event set when it has ended."""
        self._services: set[GameService] = set()
        """The games not ended yet."""

    @property
    def page_url(self) -> str:
        """The address to open in a browser, with the token."""
        return self.guard.page_url(self.public_url)

    def initialize_logging(self) -> None:
        """The log: one line per event on stderr (:mod:`slotterm.commands.serve_log`)."""
        start_log(debug=self.debug)

    async def on_startup(self, app: web.Application) -> None:
        """Say where to point the browser (instead of textual-serve's banner)."""
        self.console.print(
            f"slotterm: serving {self.what} on {self.page_url} "
            "(open it in a web browser; Ctrl+C stops)",
            markup=False,
            highlight=False,
            soft_wrap=True,
        )

    def middlewares(self) -> list[Middleware]:
        """:meth:`check_request`, in front of every route."""

        @web.middleware
        async def guard(request: web.Request, handler: Handler) -> web.StreamResponse:
            return await self.check_request(request, handler)

        return [guard]

    async def check_request(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        """Let the request through only with the token, this server's Host and (if any)
        its own Origin (:func:`~slotterm.commands.serve_guard.refusal`); the token given in
        the query is kept in a cookie for the rest of the page's requests."""
        headers = request.headers
        offered = request.query.get(TOKEN_FIELD)
        reason = refusal(
            self.guard,
            headers.getall("Host", []),
            headers.getall("Origin", []),
            offered,
            request.cookies.get(self.guard.cookie_name),
        )
        if reason is not None:
            return self.refuse(request, reason)
        response = await handler(request)
        if not response.prepared:  # a websocket has sent its headers long ago
            response.headers["Referrer-Policy"] = "no-referrer"
            if self.guard.has_token(offered):
                response.set_cookie(
                    self.guard.cookie_name,
                    self.guard.token,
                    path="/",
                    httponly=True,
                    samesite="Strict",
                )
        return response

    def refuse(self, request: web.Request, reason: str) -> web.Response:
        """HTTP 403 for ``request``, and one line in the log saying why."""
        log.warning(log_line(f"{request.method} {_path(request)}", request.remote, reason))
        return web.Response(status=403, text=FORBIDDEN)

    def _check_guarded(self, request: web.Request) -> None:
        """HTTP 403 (raised) if the guard was never put in front of the routes (see
        :class:`~slotterm.commands.serve_compat.AppHook`): nothing is served without it."""
        if not self.hooked:
            self.refuse(request, "the request guard is not in place (textual-serve changed?)")
            raise web.HTTPForbidden(text=FORBIDDEN)

    async def handle_index(self, request: web.Request) -> web.StreamResponse:
        """The page (textual-serve's, from slotterm's template), never kept in a cache."""
        self._check_guarded(request)
        page = await super().handle_index(request)
        page.headers["Cache-Control"] = "no-store"
        return page

    async def handle_download(self, request: web.Request) -> web.StreamResponse:
        """A file the game hands the page (textual-serve's downloads)."""
        self._check_guarded(request)
        return await super().handle_download(request)

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        """One page's game (a :class:`~slotterm.commands.serve_session.GameService`: its
        size clamped, its end bounded), fed the page's messages once checked
        (:func:`~slotterm.commands.serve_messages.relay`), remembered until it has ended;
        the page's connection is closed once the game is over."""
        self._check_guarded(request)
        task = asyncio.current_task()
        assert task is not None
        ended = self._connections[task] = asyncio.Event()
        websocket = web.WebSocketResponse(heartbeat=15, max_msg_size=MAX_MESSAGE)
        width = to_int(request.query.get("width", "80"), 80)
        height = to_int(request.query.get("height", "24"), 24)
        service: GameService | None = None

        async def close() -> None:  # the game has exited: the page is told
            await websocket.close()

        def refuse(what: str, reason: str) -> None:
            log.warning(log_line(what, request.remote, reason))

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
            await relay(websocket, service, refuse)
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


def _path(request: web.Request) -> str:
    """The request's path as sent (percent-encoded), for the log: short, printable."""
    raw = request.rel_url.raw_path
    shown = "".join(c if c.isascii() and c.isprintable() else "?" for c in raw[:80])
    return shown + ("…" if len(raw) > 80 else "")
