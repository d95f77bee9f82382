"""A game whose terminal goes away ends, with its save intact, instead of running on.

The child runs in its own session on a pty it only inherited (``start_new_session``, the
pty not its controlling terminal), as a game left behind by a shell that exited: closing
the pty's master end sends it no SIGHUP, its stdin just reads as end-of-file (which once
kept Textual's input thread spinning at 20-50 % CPU for ever).  Both ways a terminal goes
are tried: the master closed, and a plain SIGHUP.  The child must exit within a deadline
with 129 (128 + SIGHUP), and its save must resume the very round it was showing, the same
as a twin session on the same seed that played the same spin in-process.
"""

from __future__ import annotations

import os
import signal
import sys
import time
from pathlib import Path

import pytest

from slotterm.engine.actions import Spin
from slotterm.games import get_game
from slotterm.money import format_cents
from slotterm.session.opening import open_session
from slotterm.session.settings import default_settings
from tests.tui.pty_support import COLS, ROWS, WAIT, PtyGame

WITCH = get_game("lucky-witch")
SEED = 5


def wait_for_exit(game: PtyGame, *, reading: bool) -> int | None:
    """The child's exit status once it has ended, or ``None`` after the deadline."""
    deadline = time.monotonic() + WAIT
    while game.process.poll() is None and time.monotonic() < deadline:
        if reading:
            game.pump(0.05)  # keep reading while the terminal is there
        else:
            time.sleep(0.05)
    return game.process.poll()


@pytest.mark.parametrize("how", ["master closed", "SIGHUP"])
def test_a_game_whose_terminal_goes_away_saves_and_ends(
    user_dirs: dict[str, str], tmp_path: Path, how: str
) -> None:
    env = {k: v for k, v in user_dirs.items() if not k.startswith(("TEXTUAL", "NO_COLOR"))}
    env.update(TERM="xterm-256color", COLUMNS=str(COLS), LINES=str(ROWS))
    saves = tmp_path / "saves"
    argv = [sys.executable, "-m", "slotterm", WITCH.id, "--seed", str(SEED)]
    game = PtyGame([*argv, "--save-dir", str(saves)], env, tmp_path)
    settings = default_settings(WITCH)
    twin = open_session(
        WITCH, settings, root=tmp_path / "twin", seed=SEED, state_root=tmp_path / "twin-state"
    )
    try:
        start = format_cents(settings.start_credits)
        game.wait_for(lambda: game.box("Credits") == start, "Lucky Witch with its credits")
        game.wait_for(lambda: "Press Space to spin" in game.text(), "the machine at rest")
        session = twin.session
        bet = session.bet.total
        session.act(Spin(session.bet, limits=session.limits))
        game.send(b" ")  # the spin is saved before it is shown: hang up while it shows
        taken = format_cents(settings.start_credits - bet)
        game.wait_for(lambda: game.box("Credits") != start, f"the bet taken ({taken})")
        if how == "SIGHUP":
            os.kill(game.process.pid, signal.SIGHUP)
        else:
            os.close(game.fd)
            game.fd = os.open(os.devnull, os.O_RDONLY)  # for close(); the pty is gone
        status = wait_for_exit(game, reading=how == "SIGHUP")
        assert status is not None, f"the game kept running after the terminal went ({how})"
        assert status == 128 + signal.SIGHUP
    finally:
        game.close()
        twin.close()
    resumed = open_session(WITCH, settings, root=saves, seed=SEED)  # not locked, not damaged
    try:
        assert resumed.session.state.credits == twin.session.state.credits
        assert resumed.session.phase is twin.session.phase
        assert [r.number for r in resumed.session.history] == [
            r.number for r in twin.session.history
        ]
    finally:
        resumed.close()


def test_the_watch_is_not_started_without_a_terminal(tmp_path: Path) -> None:
    """Pipes and files are never watched (the tests' own stdin may be one)."""
    from slotterm.tui.hangup import terminal_fds

    read, write = os.pipe()
    master, slave = os.openpty()
    try:
        assert terminal_fds([read, write, slave, slave]) == [slave]
    finally:
        for fd in (read, write, master, slave):
            os.close(fd)
