"""A quit signal at any point of start-up or quitting gives the terminal back (issue 23,
defect 3).

The game's handlers for SIGTERM, SIGHUP, SIGQUIT and SIGINT used to be installed in the
app's ``on_mount``, after the driver had turned the alternate screen, the hidden cursor
and mouse reporting on: a signal in those first milliseconds left the terminal that way.
Each signal is sent here at a handful of points, found by reading the terminal's state
(the modes the game switched, through ``pyte``) rather than by waiting a set time:

* at launch, before the game has done anything;
* the moment the alternate screen turns on;
* once the first frame is drawn;
* right after Q is pressed (the game quits);
* the moment the alternate screen is left by that quit.

Every time: the process ends within the deadline with a sane status (128 + the signal,
killed by it before the game took it, or 0 once it had quit anyway), the alternate screen
is left, the cursor shown, mouse reporting off, and the save opens undamaged.
"""

from __future__ import annotations

import signal
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from slotterm.games import get_game
from slotterm.session.opening import open_session
from slotterm.session.settings import default_settings
from tests.tui.pty_support import COLS, ROWS, WAIT, PtyGame

ALT_SCREEN = 1049 << 5
"""pyte keeps private modes shifted by 5 bits."""
CURSOR_SHOWN = 25 << 5
MOUSE_MODES = (1000 << 5, 1002 << 5, 1003 << 5, 1006 << 5)
SIGNALS = (signal.SIGTERM, signal.SIGHUP, signal.SIGQUIT, signal.SIGINT)
POINTS = ("launch", "alternate screen on", "first frame", "q pressed", "alternate screen left")
QUITTING = ("q pressed", "alternate screen left")
GAME = get_game("book-of-spells")


def _env(user_dirs: dict[str, str]) -> dict[str, str]:
    env = {k: v for k, v in user_dirs.items() if not k.startswith(("TEXTUAL", "NO_COLOR"))}
    env.update(TERM="xterm-256color", COLUMNS=str(COLS), LINES=str(ROWS))
    return env


def _until(game: PtyGame, condition: Callable[[], bool], what: str) -> None:
    """Read the terminal until ``condition()`` holds (or the game ended)."""
    deadline = time.monotonic() + WAIT
    while not condition():
        assert time.monotonic() < deadline, f"timed out waiting for {what}:\n{game.text()}"
        if game.process.poll() is not None:
            return
        game.pump(0.01)


def _reach(game: PtyGame, point: str) -> None:
    modes = game.screen.mode
    if point == "launch":
        return
    _until(game, lambda: ALT_SCREEN in modes, "the alternate screen")
    if point == "alternate screen on":
        return
    _until(game, lambda: game.box("Credits") != "", "the first frame")
    if point == "first frame":
        return
    game.send(b"q")
    if point == "alternate screen left":
        _until(game, lambda: ALT_SCREEN not in modes, "the alternate screen left")


def _drain(game: PtyGame) -> int:
    """Read everything until the game has ended; its exit status."""
    deadline = time.monotonic() + WAIT
    while game.process.poll() is None:
        assert time.monotonic() < deadline, f"the game did not end:\n{game.text()}"
        game.pump(0.02)
    while game.pump(0.02):
        pass
    return game.process.wait(WAIT)


@pytest.mark.slow
@pytest.mark.parametrize("point", POINTS)
@pytest.mark.parametrize("number", SIGNALS, ids=[s.name for s in SIGNALS])
def test_a_quit_signal_at_any_point_leaves_the_terminal_whole(
    number: signal.Signals, point: str, user_dirs: dict[str, str], tmp_path: Path
) -> None:
    saves = tmp_path / "saves"
    argv = [sys.executable, "-m", "slotterm", GAME.id, "--seed", "1", "--save-dir", str(saves)]
    game = PtyGame(argv, _env(user_dirs), tmp_path)
    try:
        _reach(game, point)
        if game.process.poll() is None:
            game.process.send_signal(number)
        status = _drain(game)
    finally:
        game.close()
    modes = game.screen.mode
    sane = {128 + number, -number} | ({0} if point in QUITTING else set())
    broken = [
        what
        for what, wrong in (
            ("the alternate screen is still on", ALT_SCREEN in modes),
            ("the cursor is hidden", CURSOR_SHOWN not in modes),
            ("mouse reporting is on", any(m in modes for m in MOUSE_MODES)),
            (f"exit status {status}", status not in sane),
        )
        if wrong
    ]
    assert not broken, f"{number.name} at {point}: {broken}; screen:\n{game.text()}"
    if point != "launch":  # taken by the game: no traceback
        assert "Traceback" not in game.text()
    if saves.exists():  # the save opens undamaged (nothing half-written)
        opened = open_session(GAME, default_settings(GAME), root=saves, seed=1)
        opened.close()
