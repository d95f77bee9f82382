"""``slotterm serve`` without a browser: the web driver let through (and nothing else),
the save's lock told in the page, the address rules, a taken port, and Ctrl+C.

The browser itself is in ``tests/test_browser.py``.
"""

from __future__ import annotations

import os
import shlex
import shutil
import socket
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

from slotterm.commands.serve import child_command, is_loopback, page_address
from slotterm.games import get_game
from slotterm.session.opening import LOCK_NAME, open_session
from slotterm.session.settings import default_settings
from tests.serve_support import (
    WAIT,
    PageConnection,
    WebChild,
    alive,
    start_serve,
    wait_until,
)


def _run(args: list[str], env: dict[str, str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "slotterm", *args],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        env=env,
        cwd=cwd,
        timeout=WAIT,
    )


# --- the non-terminal refusal stays, the web driver goes through ------------------------


@pytest.mark.parametrize("driver", [None, "textual.drivers.linux_driver:LinuxDriver"])
def test_play_on_pipes_is_still_refused(
    driver: str | None, user_dirs: dict[str, str], tmp_path: Path
) -> None:
    env = {k: v for k, v in user_dirs.items() if k != "TEXTUAL_DRIVER"}
    if driver is not None:
        env["TEXTUAL_DRIVER"] = driver
    done = _run(["play", "book-of-spells", "--save-dir", str(tmp_path / "saves")], env, tmp_path)
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1
    assert "play needs an interactive terminal" in done.stderr
    assert not (tmp_path / "saves").exists()  # refused before touching anything


def test_the_game_starts_on_the_web_driver(user_dirs: dict[str, str], tmp_path: Path) -> None:
    child = WebChild(["book-of-spells", "--demo"], user_dirs, tmp_path)
    try:
        child.read_until(b"__GANGLION__\n")  # the web driver's greeting: the app runs
        child.send_meta({"type": "resize", "width": 100, "height": 32})
        child.read_until(b"Credits")  # the game's own screen, not a refusal
        assert child.quit() == 0
        assert "interactive terminal" not in child.stderr
    finally:
        child.process.kill()
        child.process.wait()


def test_a_save_in_use_is_told_on_the_page(user_dirs: dict[str, str], tmp_path: Path) -> None:
    saves = tmp_path / "saves"
    game = get_game("book-of-spells")
    held = open_session(game, default_settings(game), root=saves)  # another slotterm has it
    child = WebChild(["book-of-spells", "--save-dir", str(saves)], user_dirs, tmp_path)
    try:
        child.read_until(b"__GANGLION__\n")
        child.send_meta({"type": "resize", "width": 100, "height": 32})
        child.read_until(b"This save is already in use")  # drawn by the app, for the page
        child.read_until(b"press R here to try again")
        assert child.quit() == 2
        assert "is open in another slotterm" in child.stderr  # and in the server's log
    finally:
        child.process.kill()
        child.process.wait()
        held.close()


def test_web_session_refuses_without_the_web_driver(
    user_dirs: dict[str, str], tmp_path: Path
) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "slotterm.commands.web_session", "--demo"],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        env={k: v for k, v in user_dirs.items() if k != "TEXTUAL_DRIVER"},
        cwd=tmp_path,
        timeout=WAIT,
    )
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.count("\n") == 1 and "slotterm serve" in done.stderr


# --- the command line --------------------------------------------------------------------


def test_loopback_addresses() -> None:
    assert all(is_loopback(h) for h in ("127.0.0.1", "127.1.2.3", "::1", "localhost"))
    assert not any(is_loopback(h) for h in ("0.0.0.0", "::", "192.168.1.20", "example.org"))


def test_the_address_to_open_is_one_a_browser_can_reach() -> None:
    assert page_address("127.0.0.1", 8000) == "http://127.0.0.1:8000/"
    assert page_address("0.0.0.0", 8001) == "http://127.0.0.1:8001/"  # listens everywhere
    assert page_address("::", 8002) == "http://[::1]:8002/"
    assert page_address("fe80::1", 8003) == "http://[fe80::1]:8003/"
    assert page_address("localhost", 8004) == "http://localhost:8004/"


def test_each_page_gets_a_demo_unless_a_save_dir_is_given() -> None:
    demo = shlex.split(child_command(None, None))
    saved = shlex.split(child_command("lucky-witch", "/tmp/my saves"))
    start = demo.index(sys.executable)
    assert demo[0] == "exec" and demo[1:start] in ([], [shutil.which("setsid")])
    assert demo[start:] == [sys.executable, "-m", "slotterm.commands.web_session", "--demo"]
    assert saved[start + 3 :] == ["lucky-witch", "--save-dir", "/tmp/my saves"]


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--port", "70000"], "--port must be at most 65535"),
        (["--port", "0"], "must be at least 1"),
        (["--port", "80a"], "not a whole number"),
        (["no-such-game"], "unknown game 'no-such-game' (known: "),
        (["--host", "no-such-host.invalid"], "--host no-such-host.invalid"),
        (["--host", "a..b"], "--host a..b: not a valid host name or address"),
        (["--host", "x" * 64 + ".example"], "not a valid host name or address"),
        (["--host", ".."], "not a valid host name or address"),
    ],
)
def test_bad_input_is_one_line(
    args: list[str], says: str, user_dirs: dict[str, str], tmp_path: Path
) -> None:
    done = _run(["serve", *args], user_dirs, tmp_path)
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1, done.stderr
    assert says in done.stderr
    assert "Traceback" not in done.stderr


def test_a_taken_port_is_one_line(user_dirs: dict[str, str], tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = _run(["serve", "--port", str(port)], user_dirs, tmp_path)
    assert done.returncode == 2
    assert done.stderr == (
        f"slotterm: error: port {port} is already in use on 127.0.0.1; "
        "choose another with --port N\n"
    )


def test_serves_on_loopback_by_default_and_ctrl_c_ends_every_game(
    user_dirs: dict[str, str], tmp_path: Path
) -> None:
    server = start_serve(["book-of-spells"], user_dirs, tmp_path)
    port = server.port
    try:
        assert f"on http://127.0.0.1:{port}/?token={server.token} (open it" in server.stdout
        assert "warning" not in server.stderr
        html = urllib.request.urlopen(server.page_url, timeout=WAIT).read().decode()
        assert 'src="static/js/textual.js"' in html  # slotterm's page: relative addresses
        assert "googleapis" not in html  # no font fetched from the internet
        with PageConnection(server) as page:
            game = server.wait_game()
            # SIGINT to the server alone: it ends its games itself, and then itself
            assert server.interrupt(group=False) == 0
            wait_until(page.ended.is_set, "the page to be told the game is over")
        wait_until(lambda: not alive(game), "the page's game to end")
        assert "Traceback" not in server.stdout + server.stderr, server.stdout + server.stderr
    finally:
        server.stop()


def test_any_other_address_is_warned_about(user_dirs: dict[str, str], tmp_path: Path) -> None:
    server = start_serve(["--host", "0.0.0.0"], user_dirs, tmp_path)
    port = server.port
    try:
        (line,) = server.stderr.splitlines()
        assert line.startswith("slotterm: warning: serving on 0.0.0.0")
        assert "anyone who can reach" in line
        assert f"on http://127.0.0.1:{port}/?token={server.token} (open it" in server.stdout
        with PageConnection(server) as page:
            game = server.wait_game()
            assert os.getsid(game) != os.getsid(server.process.pid)  # Ctrl+C is not for it
            assert server.interrupt(group=True) == 0  # Ctrl+C in the server's terminal
            wait_until(page.ended.is_set, "the page's connection to end")
        wait_until(lambda: not alive(game), "the page's game to end")
        assert "Traceback" not in server.stdout + server.stderr, server.stdout + server.stderr
    finally:
        server.stop()


def test_a_killed_server_leaves_no_game_holding_a_save(
    user_dirs: dict[str, str], tmp_path: Path
) -> None:
    saves = tmp_path / "saves"
    server = start_serve(["book-of-spells", "--save-dir", str(saves)], user_dirs, tmp_path)
    try:
        with PageConnection(server):
            game = server.wait_game()
            wait_until(lambda: any(saves.rglob(LOCK_NAME)), "the game to lock its save")
            server.process.kill()  # no shutdown at all: the games are told by the kernel
            server.process.wait(timeout=WAIT)
            wait_until(lambda: not alive(game), "the orphaned game to end")
        game_def = get_game("book-of-spells")
        reopened = open_session(game_def, default_settings(game_def), root=saves)
        reopened.close()  # the save's lock was let go
    finally:
        server.stop()
