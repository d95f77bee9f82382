"""``slotterm serve``'s game processes are bounded: a page's terminal size is clamped, a
game ends with its page (told to quit, then SIGTERM, then SIGKILL), and SIGTERM ends a
game process whatever it is doing, saving as a hang-up does in a terminal.

Every wait has a deadline and ends on the state it waits for; nothing sleeps a fixed time.
"""

from __future__ import annotations

import asyncio
import os
import signal
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from aiohttp import web
from textual_serve.download_manager import DownloadManager

from slotterm.commands import serve, serve_session
from slotterm.commands.serve_compat import service_process
from slotterm.commands.serve_guard import Guard, new_token
from slotterm.commands.serve_session import MAX_HEIGHT, MAX_WIDTH, GameService, clamp_size
from slotterm.engine.actions import Spin
from slotterm.games import get_game
from slotterm.money import format_cents
from slotterm.session.opening import open_session
from slotterm.session.settings import default_settings
from tests.serve_support import (
    WAIT,
    PageConnection,
    WebChild,
    alive,
    start_serve,
    wait_until,
)

BOOK = get_game("book-of-spells")
SEED = 5


def test_a_size_is_clamped_to_the_bounds() -> None:
    assert clamp_size(100, 32) == (100, 32)
    assert clamp_size(99999, 99999) == (MAX_WIDTH, MAX_HEIGHT)
    assert clamp_size(MAX_WIDTH + 1, 10) == (MAX_WIDTH, 10)
    assert clamp_size(0, -5) == (1, 1)
    assert (MAX_WIDTH, MAX_HEIGHT) == (500, 200)  # the bound the design asks for


def _service(command: str = "true") -> GameService:
    async def nothing(*_: Any) -> None:
        return None

    return GameService(
        command,
        write_bytes=nothing,
        write_str=nothing,
        close=nothing,
        download_manager=DownloadManager(),
    )


def test_a_resize_from_the_page_is_clamped() -> None:
    service = _service()
    sent: list[dict[str, object]] = []

    async def capture(meta: dict[str, object]) -> bool:
        sent.append(meta)
        return True

    service.send_meta = capture  # type: ignore[method-assign]
    asyncio.run(service.set_terminal_size(99999, 99999))
    asyncio.run(service.set_terminal_size(120, 40))
    assert sent == [
        {"type": "resize", "width": MAX_WIDTH, "height": MAX_HEIGHT},
        {"type": "resize", "width": 120, "height": 40},
    ]


DEAF_GAME = """
import pathlib, signal, sys, time
marks = pathlib.Path(sys.argv[1])
def term(number, frame):
    marks.write_text(marks.read_text() + "TERM\\n")
    if sys.argv[2] == "obeys":
        sys.exit(0)
signal.signal(signal.SIGTERM, term)
marks.write_text("ready\\n")
sys.stdout.write("__GANGLION__\\n")
sys.stdout.flush()
while True:  # never reads its stdin: the quit it is told goes unheard
    time.sleep(0.01)
"""
"""A stand-in game that hears no quit; on SIGTERM it notes it, then ends or not."""


def _deaf_service(tmp_path: Path, term: str) -> tuple[GameService, Path]:
    """A :class:`GameService` running :data:`DEAF_GAME`, and the file it writes its marks to."""
    marks = tmp_path / "marks"
    script = tmp_path / "deaf.py"
    script.write_text(DEAF_GAME)
    return _service(f"exec {sys.executable} {script} {marks} {term}"), marks


async def _started(service: GameService, marks: Path) -> None:
    """Start ``service`` and return once its stand-in game has its SIGTERM handler."""
    await service.start(100, 32)
    deadline = time.monotonic() + WAIT
    while not (marks.exists() and marks.read_text().startswith("ready")):
        assert time.monotonic() < deadline, "the stand-in game never started"
        await asyncio.sleep(0.05)


async def _ended(service: GameService) -> int:
    """The stand-in game's exit status once it has ended (deadline :data:`WAIT`)."""
    process = service_process(service)
    assert process is not None
    return await asyncio.wait_for(process.wait(), WAIT)


@pytest.mark.parametrize(("term", "ends_by"), [("obeys", 0), ("ignores", -signal.SIGKILL)])
def test_a_game_deaf_to_quit_gets_sigterm_then_sigkill(
    term: str, ends_by: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(serve_session, "QUIT_WAIT", 0.2)
    monkeypatch.setattr(serve_session, "TERM_WAIT", 0.2)
    service, marks = _deaf_service(tmp_path, term)

    async def run() -> int:
        await _started(service, marks)
        await asyncio.wait_for(service.stop(), WAIT)
        return await _ended(service)

    try:
        assert asyncio.run(run()) == ends_by
        assert marks.read_text() == "ready\nTERM\n"  # SIGTERM came first, once
    finally:
        if service.pid is not None and alive(service.pid):
            service.signal(signal.SIGKILL)


def test_a_game_left_when_the_server_stops_is_killed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Whatever is still running once the server has waited for its games is killed: no
    game is left behind, orphaned."""
    monkeypatch.setattr(serve, "SHUTDOWN_WAIT", 0.1)
    service, marks = _deaf_service(tmp_path, "ignores")
    guard = Guard.serving("127.0.0.1", 8000, new_token())
    server = serve.GameServer("true", guard=guard, templates_path=serve.PAGE_FOLDER)

    async def run() -> int:
        await _started(service, marks)
        server._services.add(service)  # its handler gone, its stop not done
        await server.on_shutdown(web.Application())
        return await _ended(service)

    try:
        assert asyncio.run(run()) == -signal.SIGKILL
        assert marks.read_text() == "ready\n"  # killed outright, not asked
    finally:
        if service.pid is not None and alive(service.pid):
            service.signal(signal.SIGKILL)


def _environment(pid: int) -> dict[str, str]:
    raw = Path(f"/proc/{pid}/environ").read_bytes().split(b"\0")
    return dict(item.decode().partition("=")[::2] for item in raw if item)


def test_a_huge_page_gets_a_bounded_game_that_ends_with_it(
    user_dirs: dict[str, str], tmp_path: Path
) -> None:
    server = start_serve(["book-of-spells"], user_dirs, tmp_path)
    try:
        with PageConnection(server, size=(99999, 99999)):
            game = server.wait_game()
            environment = _environment(game)
            assert (environment["COLUMNS"], environment["ROWS"]) == (
                str(MAX_WIDTH),
                str(MAX_HEIGHT),
            )
        wait_until(lambda: not alive(game), "the game to end with its page")
        assert server.process.poll() is None  # the server goes on
        assert "Traceback" not in server.stdout + server.stderr, server.stdout + server.stderr
    finally:
        server.stop()


def test_sigterm_ends_a_web_session_with_its_save_intact(
    user_dirs: dict[str, str], tmp_path: Path
) -> None:
    saves = tmp_path / "saves"
    settings = default_settings(BOOK)
    twin = open_session(
        BOOK, settings, root=tmp_path / "twin", seed=SEED, state_root=tmp_path / "twin-state"
    )
    args = [BOOK.id, "--save-dir", str(saves), "--seed", str(SEED)]
    child = WebChild(args, user_dirs, tmp_path)
    try:
        child.read_until(b"__GANGLION__\n")
        child.send_meta({"type": "resize", "width": 100, "height": 32})
        child.read_until(b"Press Space to spin")
        session = twin.session
        session.act(Spin(session.bet, limits=session.limits))
        child.send_keys(b" ")  # the spin is saved before it is shown
        child.read_until(format_cents(twin.session.state.credits).encode())
        child.process.send_signal(signal.SIGTERM)
        assert child.process.wait(timeout=WAIT) == 128 + signal.SIGTERM
    finally:
        child.process.kill()
        child.process.wait()
        twin.close()
    resumed = open_session(BOOK, settings, root=saves, seed=SEED)  # not locked, not damaged
    try:
        assert resumed.session.state.credits == twin.session.state.credits
        assert resumed.session.phase is twin.session.phase
    finally:
        resumed.close()


def _cpu_seconds(pid: int) -> float:
    """The CPU time process ``pid`` has used so far (user and system, ``/proc``)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _busy(child: WebChild, *, since: float) -> bool:
    """Whether the game has spent :data:`BUSY` CPU seconds more than ``since`` (its output
    read meanwhile, as the server does)."""
    child.pump()
    return _cpu_seconds(child.process.pid) > since + BUSY


BUSY = 1.0
"""CPU seconds a game must have spent on a resize before it counts as too busy to quit
(an idle game spends next to none)."""


def test_sigterm_ends_a_web_session_too_busy_to_quit(
    user_dirs: dict[str, str], tmp_path: Path
) -> None:
    """A game told to draw a screen far too big for it (a page's resize, had the server
    not clamped it) does not get back to its own signal handler for minutes: SIGTERM ends
    the process all the same."""
    child = WebChild(["book-of-spells", "--demo"], user_dirs, tmp_path)
    try:
        child.read_until(b"__GANGLION__\n")
        child.send_meta({"type": "resize", "width": 100, "height": 32})
        child.read_until(b"Press Space to spin")  # the game runs, its handlers in place
        pid = child.process.pid
        before = _cpu_seconds(pid)
        child.send_meta({"type": "resize", "width": 4000, "height": 4000})
        wait_until(lambda: _busy(child, since=before), "the game busy drawing")
        child.process.send_signal(signal.SIGTERM)
        assert child.process.wait(timeout=WAIT) == 128 + signal.SIGTERM
    finally:
        child.process.kill()
        child.process.wait()
