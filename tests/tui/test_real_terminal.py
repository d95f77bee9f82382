"""The real game in a real pseudo-terminal: raw key bytes in, the screen read back.

``python -m slotterm --demo --seed N`` runs in a pty of 100×32 (TERM=xterm-256color).
Its output goes through ``pyte``, a small terminal emulator, so the test reads the screen
as a player sees it.  Keys are sent as a terminal sends them: plain bytes, and the kitty
keyboard protocol's keypad sequences (``CSI <code point> u``: KP_0 = 57399, KP_5 = 57404,
KP_7 = 57406, KP_SUBTRACT = 57412, KP_ADD = 57413).

The seed is chosen in-process through the very same session code (``open_session`` with
``demo=True``), so the test knows what the first spin and the first red guess give and
checks the Credits box against it.
"""

from __future__ import annotations

import re
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from slotterm.engine.actions import Collect, Guess, Spin, StartGamble
from slotterm.engine.gamble import Color
from slotterm.engine.records import Phase
from slotterm.money import format_cents
from slotterm.session.game_session import GameSession
from tests.tui.main_support import GAME
from tests.tui.modal_support import open_round
from tests.tui.pty_support import WAIT, PtyGame
from tests.tui.real_terminal_support import game_env, twin_session

__all__ = ["game_env"]  # the fixture, used here by name

KITTY_KP_0 = b"\x1b[57399u"
KITTY_KP_5 = b"\x1b[57404u"
KITTY_KP_7 = b"\x1b[57406u"
KITTY_KP_SUBTRACT = b"\x1b[57412u"
KITTY_KP_ADD = b"\x1b[57413u"


def pick_seed(settings_path: Path) -> tuple[int, GameSession]:
    """A seed whose first spin wins without free spins and whose red guess then wins,
    with its twin session played that far (spin, gamble, guess; not yet collected)."""
    for seed in range(500):
        twin = twin_session(seed, settings_path)
        twin.act(Spin(twin.bet, limits=twin.limits))
        if twin.phase is not Phase.WIN_OFFERED or not twin.can(StartGamble()):
            continue
        twin.act(StartGamble())
        if twin.act(Guess(Color.RED)).state.phase is Phase.GAMBLE:
            return seed, twin
    raise AssertionError("no seed wins its first spin and red guess")


@pytest.fixture
def started(game_env: dict[str, str], tmp_path: Path) -> Iterator[tuple[PtyGame, GameSession]]:
    """The game running on a seed whose first spin and red guess win, and its twin."""
    seed, twin = pick_seed(tmp_path / "config" / "slotterm" / "config.toml")
    argv = [sys.executable, "-m", "slotterm", "book-of-spells", "--demo", "--seed", str(seed)]
    game = PtyGame(argv, game_env, tmp_path)
    try:
        yield game, twin
    finally:
        game.close()


def test_play_a_round_in_a_real_terminal(started: tuple[PtyGame, GameSession]) -> None:
    game, twin = started
    round_ = twin.state.round
    assert round_ is not None
    win, bet = round_.gamble[0].stake, round_.bet.total
    start = format_cents(round_.credits_before)
    staked = format_cents(bet)  # both boxes waited for: the first frame may come in chunks
    game.wait_for(
        lambda: game.box("Credits") == start and game.box("Bet") == staked,
        "the machine with its credits and bet",
    )

    # bet up and down with the kitty keypad's + and −
    game.send(KITTY_KP_ADD)
    higher = format_cents(GAME.bet_per_line_steps[1] * round_.bet.lines)
    game.wait_for(lambda: game.box("Bet") == higher, "the bet raised by keypad +")
    game.send(KITTY_KP_SUBTRACT)
    game.wait_for(lambda: game.box("Bet") == format_cents(bet), "the bet lowered by keypad −")

    # spin with the kitty keypad's 0: the seeded first spin wins `win`
    game.send(KITTY_KP_0)
    game.wait_for(lambda: game.box("Win") == format_cents(win), "the win in the Win box")
    assert game.box("Credits") == format_cents(round_.credits_before - bet)

    # gamble: plain 5 opens it, the kitty keypad's 5 guesses red (the seed makes it right)
    game.send(b"5")
    game.wait_for(lambda: "Gamble: double or nothing" in game.text(), "the gamble screen")
    game.send(KITTY_KP_5)
    doubled = re.compile(rf"Win {{2,}}{re.escape(format_cents(2 * win))}\s")
    game.wait_for(lambda: doubled.search(game.text()) is not None, "the doubled win")

    # collect with the kitty keypad's 7: back on the machine, credits grown by 2 × win
    game.send(KITTY_KP_7)
    twin.act(Collect())
    assert twin.state.credits == round_.credits_before - bet + 2 * win
    credits = format_cents(twin.state.credits)
    game.wait_for(
        lambda: game.box("Credits") == credits and "Gamble: double or nothing" not in game.text(),
        "the collected credits, the gamble screen gone",
    )

    # a plain Space spins again; the twin says what comes, Enter collects a win
    spun = twin.act(Spin(twin.bet, limits=twin.limits)).state
    game.send(b" ")
    if spun.phase is Phase.WIN_OFFERED:
        second = open_round(twin).win
        game.wait_for(lambda: game.box("Win") == format_cents(second), "the second win")
        game.send(b"\r")
        twin.act(Collect())
    if twin.phase is Phase.IDLE:
        after = format_cents(twin.state.credits)
        game.wait_for(lambda: game.box("Credits") == after, "the credits after round two")

    game.send(b"q")
    deadline = time.monotonic() + WAIT
    while game.process.poll() is None and time.monotonic() < deadline:
        game.pump(0.05)
    assert game.process.returncode == 0
