"""A game whose terminal goes away ends, with its save intact, instead of running on.

Two ways a game sits on a pty.  As a terminal's own program (tmux, xterm: the game is its
session's leader, the pty its controlling terminal) the master closing sends it SIGHUP and
SIGCONT -- and while its screen was busy drawing, that once left it hung for ever (Textual's
output thread died on EIO and its full queue blocked the app; SIGCONT restarted the
application mode on the dead terminal), holding its save lock.  As a game that only
inherited the pty (``start_new_session``, the pty not its controlling terminal: left
behind by a shell that exited) it gets no signal at all; its stdin just reads as
end-of-file (which once kept Textual's input thread spinning at 20-50 % CPU for ever).
Each way, and a plain SIGHUP, the child must exit within a deadline with 129
(128 + SIGHUP), and its save must resume the very round it was showing, the same as a twin
session on the same seed that took the same actions in-process.
"""

from __future__ import annotations

import os
import signal
import sys
import time
from pathlib import Path

import pytest

from slotterm.engine import policy
from slotterm.engine.actions import Spin
from slotterm.engine.records import Phase
from slotterm.games import get_game
from slotterm.money import format_cents
from slotterm.session.game_session import GameSession
from slotterm.session.opening import OpenedSession, open_session
from slotterm.session.settings import default_settings
from slotterm.tui.driver import TerminalOutput
from slotterm.tui.hangup import hung_up, terminal_fds
from tests.tui.pty_support import COLS, ROWS, WAIT, PtyGame

WITCH = get_game("lucky-witch")
BOOK = get_game("book-of-spells")
SEED = 5

OWN_TERMINAL = (
    "import fcntl, os, sys, termios; fcntl.ioctl(0, termios.TIOCSCTTY, 0); "
    "os.execv(sys.argv[1], sys.argv[1:])"
)
"""A launcher making the pty the game's controlling terminal (the child is already its
session's leader), as a terminal window starts its program."""


def child_env(user_dirs: dict[str, str]) -> dict[str, str]:
    """The child's environment: a terminal type and size, every user folder in tmp."""
    env = {k: v for k, v in user_dirs.items() if not k.startswith(("TEXTUAL", "NO_COLOR"))}
    env.update(TERM="xterm-256color", COLUMNS=str(COLS), LINES=str(ROWS))
    return env


def hang_up(game: PtyGame) -> None:
    """Close the pty's master end: the terminal window is gone."""
    os.close(game.fd)
    game.fd = os.open(os.devnull, os.O_RDONLY)  # for close(); the pty is gone


def assert_resumes_as(saves: Path, twin: OpenedSession, *, seed: int) -> None:
    """The save in ``saves`` opens (not locked, not damaged) on the twin's very state."""
    game = twin.session.game
    resumed = open_session(game, default_settings(game), root=saves, seed=seed)
    try:
        assert resumed.session.state == twin.session.state
        assert [r.number for r in resumed.session.history] == [
            r.number for r in twin.session.history
        ]
    finally:
        resumed.close()


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
    saves = tmp_path / "saves"
    argv = [sys.executable, "-m", "slotterm", WITCH.id, "--seed", str(SEED)]
    game = PtyGame([*argv, "--save-dir", str(saves)], child_env(user_dirs), tmp_path)
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
            hang_up(game)
        status = wait_for_exit(game, reading=how == "SIGHUP")
        assert status is not None, f"the game kept running after the terminal went ({how})"
        assert status == 128 + signal.SIGHUP
        assert_resumes_as(saves, twin, seed=SEED)
    finally:
        game.close()
        twin.close()


def test_a_terminal_window_closed_during_free_spins_ends_its_game(
    user_dirs: dict[str, str], tmp_path: Path
) -> None:
    """QA finding: tmux killed while a free spin was shown left the game hung for ever
    (alive, its save locked: the next start refused).  The game here is the pty's own
    program, as in tmux; the master closes while a free spin's reels are drawn."""
    saves, seed = tmp_path / "saves", 11
    argv = [sys.executable, "-m", "slotterm", BOOK.id, "--seed", str(seed)]
    argv += ["--force", "free-spins", "--save-dir", str(saves)]
    game = PtyGame([sys.executable, "-c", OWN_TERMINAL, *argv], child_env(user_dirs), tmp_path)
    settings = default_settings(BOOK)
    twin = open_session(
        BOOK, settings, root=tmp_path / "twin", seed=seed, state_root=tmp_path / "twin-state"
    )
    try:
        session = twin.session
        game.wait_for(lambda: "Press Space to spin" in game.text(), "the machine at rest")
        session.act(Spin(session.bet, force="free_spins", limits=session.limits))
        game.send(b" ")
        # the award holds on screen first: Space opens the book once it asks for it
        book = "Press Space to open the Magic Book"
        game.wait_for(lambda: book in game.text(), "the free spins won")
        act_as_policy(session)  # the Magic Book
        game.send(b" ")
        first = "Press Space for free spin 1 of"
        game.wait_for(lambda: first in game.text(), "free spin 1 offered")
        act_as_policy(session)  # free spin 1, saved before it is shown
        game.send(b" ")
        game.wait_for(lambda: first not in game.text(), "free spin 1 being shown")
        hang_up(game)
        status = wait_for_exit(game, reading=False)
        assert status is not None, "the game kept running after its terminal window closed"
        assert status == 128 + signal.SIGHUP
        assert session.phase is Phase.FEATURE  # the resumed save is inside the free spins
        assert_resumes_as(saves, twin, seed=seed)
    finally:
        game.close()
        twin.close()


def act_as_policy(session: GameSession) -> None:
    """Take the one action the open round's feature offers (Space on the game's screen)."""
    action = policy.next_action(session.game, session.state)
    assert action is not None
    session.act(action)


def test_the_watch_is_not_started_without_a_terminal(tmp_path: Path) -> None:
    """Pipes and files are never watched (the tests' own stdin may be one)."""
    read, write = os.pipe()
    master, slave = os.openpty()
    try:
        assert terminal_fds([read, write, slave, slave]) == [slave]
    finally:
        for fd in (read, write, master, slave):
            os.close(fd)


def test_a_terminal_is_hung_up_once_its_master_closes() -> None:
    master, slave = os.openpty()
    try:
        assert not hung_up(slave)
        os.close(master)
        master = -1
        assert hung_up(slave)
    finally:
        for fd in (master, slave):
            if fd >= 0:
                os.close(fd)


def test_the_output_drops_everything_after_a_failed_write() -> None:
    """A terminal that cannot be written to any more is reported once, never raised, and
    nothing after it is tried (Textual's output thread must not die, nor its queue fill)."""
    read, write = os.pipe()
    failures: list[int] = []
    output = TerminalOutput(write, lambda: failures.append(1), encoding="utf-8", errors="strict")
    try:
        output.write("\x1b[?1049h")
        output.write("╭─ Credits ─╮")
        output.flush()
        assert os.read(read, 100).decode() == "\x1b[?1049h╭─ Credits ─╮"
        assert failures == []
        os.close(read)
        read = -1
        output.write("a frame")
        output.flush()  # EPIPE: the reader is gone
        assert failures == [1] and output.failed
        output.write("another frame")
        output.flush()
        assert failures == [1]
    finally:
        for fd in (read, write):
            if fd >= 0:
                os.close(fd)
