"""A hostile world around the game's screens: saves that fail, quit signals.

Every place the interface acts on the session is tried with a save that fails
(``session.persist`` raising :class:`SaveError`, as a full disk makes the store do): no
exception escapes, the player is told, and the session (and what is shown) stays at
the last saved state.  A paste is not played, and a burst of keys behind a busy
game is dropped but for a couple (Q still quits at once).  SIGTERM, SIGHUP and SIGQUIT,
sent to the game in a real pseudo-terminal, end it with 128 + the signal's number and
the terminal given back.
"""

from __future__ import annotations

import errno
import os
import select
import signal
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from textual import events

from slotterm.engine.actions import Bet, Spin
from slotterm.engine.features.free_spins_records import StartFeature
from slotterm.engine.records import Phase
from slotterm.session.errors import SaveError
from slotterm.session.game_session import GameSession
from slotterm.tui.screens.gamble_screen import GambleScreen
from tests.tui.main_support import (
    AWARDED,
    FREE_SPINS,
    GAME,
    PLAYING,
    SIZE,
    assert_boxes_match,
    freeze_scenes,
    fs,
    losing_seed,
    main,
    make_app,
    message,
    session_for,
    settle,
    winning_seed,
)
from tests.tui.modal_support import ModalHost, screen_text, wait_for, won_session
from tests.tui.pty_support import WAIT, PtyGame


class FullDisk:
    """A ``persist`` that fails every save while ``full`` is set, counting the tries."""

    def __init__(self) -> None:
        self.full = False
        self.tries = 0

    def __call__(self, _session: GameSession) -> None:
        if self.full:
            self.tries += 1
            raise SaveError(errno.ENOSPC, "No space left on device")


def saved(session: GameSession) -> tuple[object, ...]:
    """What the last save holds, as far as the screen can change it."""
    return (session.state, session.bet, len(session.history))


def idle() -> GameSession:
    return session_for(1)


def won() -> GameSession:
    session = session_for(winning_seed(gamble=False))
    session.act(Spin(session.bet, limits=session.limits))
    assert session.phase is Phase.WIN_OFFERED
    return session


def awarded() -> GameSession:
    session = session_for(3)
    session.act(Spin(session.bet, force=FREE_SPINS, limits=session.limits))
    assert fs(session) == AWARDED
    return session


def playing() -> GameSession:
    session = awarded()
    session.act(StartFeature())
    assert fs(session) == PLAYING
    return session


def poor() -> GameSession:
    seed = losing_seed()
    session = session_for(seed, credits=session_for(seed).bet.total)
    session.act(Spin(session.bet, limits=session.limits))
    assert session.state.credits == 0
    assert session.start_credits > session.state.credits
    return session


def low_bet() -> GameSession:
    session = session_for(1)
    session.set_bet(Bet(GAME.bet_per_line_steps[0], len(GAME.lines)))
    return session


def high_bet() -> GameSession:
    session = session_for(1)
    session.set_bet(Bet(GAME.bet_per_line_steps[1], len(GAME.lines)))
    return session


MAIN_ACTIONS: dict[str, tuple[Callable[[], GameSession], tuple[str, ...]]] = {
    "spin": (idle, ("space",)),
    "collect": (won, ("space",)),
    "collect and spin": (won, ("s",)),
    "start feature": (awarded, ("space",)),
    "free spin": (playing, ("space",)),
    "top-up": (poor, ("u",)),
    "bet up": (low_bet, ("plus",)),
    "bet down": (high_bet, ("minus",)),
    "lines": (idle, ("left",)),
    "bet max": (low_bet, ("b",)),
    "autoplay": (idle, ("a",)),
}


@pytest.mark.parametrize("name", sorted(MAIN_ACTIONS))
async def test_a_failed_save_on_the_machine_shows_nothing_and_says_so(name: str) -> None:
    make, keys = MAIN_ACTIONS[name]
    session = make()
    disk = FullDisk()
    session.persist = disk
    app = make_app(session=session)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        before = saved(session)
        disk.full = True
        for key in keys:
            await pilot.press(key)
        await settle(pilot, app)
        assert disk.tries >= 1, "the key did not try to save"
        assert saved(session) == before
        assert "could not save" in message(app).lower()
        assert_boxes_match(app)
        disk.full = False  # the disk has room again: the game goes on
        await pilot.press(*keys)
        await settle(pilot, app)
        assert "could not save" not in message(app).lower()


def gamble_host(session: GameSession) -> ModalHost:
    return ModalHost(lambda: GambleScreen(session))


async def test_a_gamble_that_cannot_be_opened_closes_with_the_message() -> None:
    session = won_session()
    disk = FullDisk()
    session.persist = disk
    disk.full = True
    app = make_app(session=session)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        before = saved(session)
        await pilot.press("5")
        await wait_for(pilot, lambda: app.screen is app.main_screen and disk.tries >= 1)
        await settle(pilot, app)
        assert saved(session) == before
        assert session.phase is Phase.WIN_OFFERED
        assert "could not save" in message(app).lower()
        assert_boxes_match(app)


@pytest.mark.parametrize("key", ["5", "6"])
async def test_a_guess_that_cannot_be_saved_draws_no_card(key: str) -> None:
    session = won_session()
    disk = FullDisk()
    session.persist = disk
    app = gamble_host(session)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: session.phase is Phase.GAMBLE)
        screen = app.screen
        assert isinstance(screen, GambleScreen)
        before = saved(session)
        disk.full = True
        await pilot.press(key)
        await pilot.pause()
        assert disk.tries == 1
        assert saved(session) == before
        assert not screen.turning
        assert "Could not save" in screen_text(screen)
        assert app.dismissed == 0
        disk.full = False
        await pilot.press(key)
        await wait_for(pilot, lambda: saved(session) != before)


async def test_a_collect_that_cannot_be_saved_keeps_the_gamble_open() -> None:
    session = won_session()
    disk = FullDisk()
    session.persist = disk
    app = gamble_host(session)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: session.phase is Phase.GAMBLE)
        screen = app.screen
        before = saved(session)
        disk.full = True
        await pilot.press("space")
        await pilot.pause()
        assert disk.tries == 1
        assert saved(session) == before
        assert app.screen is screen and app.dismissed == 0
        assert "Could not save" in screen_text(screen)
        disk.full = False
        await pilot.press("space")
        await wait_for(pilot, lambda: app.dismissed == 1)
        assert session.phase is Phase.IDLE


# --- signals in a real terminal ---------------------------------------------------------


class RecordingPty(PtyGame):
    """A :class:`PtyGame` that also keeps every byte the game wrote."""

    def __init__(self, argv: list[str], env: dict[str, str], cwd: Path) -> None:
        super().__init__(argv, env, cwd)
        self.written = bytearray()

    def pump(self, timeout: float) -> None:
        """Read what the game wrote into the emulator and the record."""
        ready, _, _ = select.select([self.fd], [], [], timeout)
        if ready:
            try:
                data = os.read(self.fd, 65536)
            except OSError:  # the child closed the terminal
                return
            self.written += data
            self.stream.feed(data)

    def drain_until_exit(self) -> int:
        """Read everything the game writes until it ends; its exit status."""
        deadline = time.monotonic() + WAIT
        while self.process.poll() is None:
            assert time.monotonic() < deadline, "the game did not end after the signal"
            self.pump(0.05)
        for _ in range(100):  # what is left in the terminal after the exit
            before = len(self.written)
            self.pump(0.01)
            if len(self.written) == before:
                break
        return self.process.wait(WAIT)


MOUSE_OFF = (b"\x1b[?1000l", b"\x1b[?1003l", b"\x1b[?1006l")


@pytest.mark.parametrize("number", [signal.SIGTERM, signal.SIGHUP, signal.SIGQUIT])
def test_a_quit_signal_gives_the_terminal_back(
    number: signal.Signals, user_dirs: dict[str, str], tmp_path: Path
) -> None:
    env = {k: v for k, v in user_dirs.items() if not k.startswith(("TEXTUAL", "NO_COLOR"))}
    env.update(TERM="xterm-256color", COLUMNS="100", LINES="32")
    argv = [sys.executable, "-m", "slotterm", "book-of-spells", "--demo", "--seed", "1"]
    game = RecordingPty(argv, env, tmp_path)
    try:
        game.wait_for(lambda: game.box("Credits") != "", "the machine's first frame")
        game.process.send_signal(number)
        status = game.drain_until_exit()
    finally:
        game.close()
    assert status == 128 + number
    out = bytes(game.written)
    entered = out.rfind(b"\x1b[?1049h")
    assert entered >= 0, "the game never entered the alternate screen"
    tail = out[entered:]
    assert b"\x1b[?1049l" in tail, "the alternate screen was not left"
    assert tail.rfind(b"\x1b[?25h") > tail.rfind(b"\x1b[?25l"), "the cursor stays hidden"
    for off in MOUSE_OFF:
        assert off in tail, f"mouse tracking {off!r} stays on"
    assert b"Traceback" not in out


# --- pastes and key backlogs -------------------------------------------------------------


class CountingDisk:
    """A ``persist`` that counts the saves."""

    def __init__(self) -> None:
        self.saves = 0

    def __call__(self, _session: GameSession) -> None:
        self.saves += 1


def burst(keys: str) -> list[events.Key]:
    """Key events as the terminal's parser makes them from a pasted blob."""
    names = {" ": "space", "+": "plus", "-": "minus"}
    return [events.Key(names.get(c, c), c) for c in keys]


async def test_a_paste_is_not_played() -> None:
    session = idle()
    disk = CountingDisk()
    session.persist = disk
    app = make_app(session=session)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        bet = session.bet
        app.post_message(events.Paste("b+++  ub+ q " * 20))
        await pilot.pause()
        await settle(pilot, app)
        assert disk.saves == 0 and session.bet == bet
        assert app.return_code is None, "a q inside a paste quit the game"


async def test_a_burst_of_keys_while_a_spin_runs_is_mostly_dropped_and_q_quits() -> None:
    session = idle()
    disk = CountingDisk()
    session.persist = disk
    app = make_app(session=session, animations=True)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        freeze_scenes(app)
        bet = session.bet
        await pilot.press("space")
        assert main(app).presenter.busy, "the spin is not running"
        saves = disk.saves
        for key in burst("b+ +b s" * 29 + "b"):  # 204 keys, all queued before any is handled
            app.post_message(key)
        app.post_message(events.Key("q", "q"))
        await wait_for(pilot, lambda: app.return_code is not None)
        assert app.backlog.dropped >= 190
        assert disk.saves - saves <= 2
        assert GAME.bet_per_line_steps.index(session.bet.bet_per_line) <= (
            GAME.bet_per_line_steps.index(bet.bet_per_line) + 2
        )
