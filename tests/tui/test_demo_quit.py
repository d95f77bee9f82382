"""Every way out of a ``--demo`` with a round open asks first (issue 10 point 7, DESIGN §5).

A demo saves nothing, so quitting with a win waiting, the Magic Book up, free spins under
way, a gamble or a pick game open loses the round: Q already asked; Ctrl+Q (Textual's quit
key), Ctrl+C, the palette's Quit and Q on the too-small notice must ask the same.  A saved
game keeps quitting at once (every step is saved), and so does a demo between rounds.  The
notice asks by itself (a dialog might not fit the small terminal).  In a real terminal the
control keys arrive as bytes (0x11, 0x03), and a quit signal still ends a demo at once.
"""

from __future__ import annotations

import signal
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from slotterm.engine.actions import Spin
from slotterm.engine.features.free_spins_records import StartFeature
from slotterm.engine.records import Phase
from slotterm.session.game_session import GameSession
from slotterm.session.opening import open_session
from slotterm.session.settings import default_settings
from slotterm.tui.app import SlotApp
from slotterm.tui.screens.gamble_screen import GambleScreen
from slotterm.tui.screens.quit_confirm import QuitConfirm
from slotterm.tui.screens.too_small import TooSmallScreen
from tests.tui.main_support import (
    FREE_SPINS,
    GAME,
    SIZE,
    main,
    make_app,
    session_for,
    settle,
    winning_seed,
)
from tests.tui.modal_support import screen_text, wait_for
from tests.tui.palette_support import choose, open_palette
from tests.tui.pty_support import WAIT, PtyGame

SMALL = (70, 20)
"""The tester's small terminal (mid free spins)."""
QUIT_KEYS = ("ctrl+q", "ctrl+c")
"""The app's quit keys (Q is the screens' own, tested in test_rule_gaps.py)."""


def _won() -> GameSession:
    session = session_for(winning_seed())
    session.act(Spin(session.bet, limits=session.limits))
    assert session.phase is Phase.WIN_OFFERED
    return session


def _magic_book() -> GameSession:
    """The free spins just won: "Press Space to open the Magic Book"."""
    session = session_for(3)
    session.act(Spin(session.bet, force=FREE_SPINS, limits=session.limits))
    assert session.phase is not Phase.IDLE
    return session


def _free_spins() -> GameSession:
    session = _magic_book()
    session.act(StartFeature())
    return session


OPEN_ROUNDS: dict[str, Callable[[], GameSession]] = {
    "win waiting": _won,
    "Magic Book": _magic_book,
    "free spins": _free_spins,
}


def _ended(app: SlotApp) -> bool:
    return app.return_code is not None or not app.is_running


async def _running(pilot: Pilot[Any], app: SlotApp) -> SlotApp:
    await settle(pilot, app)
    await wait_for(pilot, lambda: app.screen is main(app))
    return app


def _shown(app: SlotApp) -> str:
    """The terminal's text as drawn now (every screen showing, the top one over the rest)."""
    return "\n".join(
        "".join(s.text for s in strip) for strip in app.screen._compositor.render_strips()
    )


def _asking(app: SlotApp) -> bool:
    return isinstance(app.screen, QuitConfirm) and "lost" in screen_text(app.screen)


def _notice_asks(app: SlotApp) -> bool:
    shown = _shown(app)  # the whole question and its keys fit on the small terminal
    return isinstance(app.screen, TooSmallScreen) and all(
        words in shown for words in ("QUIT THE DEMO?", "is lost if you quit now", "Y quits")
    )


@pytest.mark.parametrize("key", QUIT_KEYS)
@pytest.mark.parametrize("make", OPEN_ROUNDS.values(), ids=OPEN_ROUNDS.keys())
async def test_the_quit_keys_ask_first_in_a_demo_round(
    make: Callable[[], GameSession], key: str
) -> None:
    session = make()
    state = session.state
    app = make_app(session=session)
    async with app.run_test(size=SIZE) as pilot:
        await _running(pilot, app)
        await pilot.press(key)
        await wait_for(pilot, lambda: _asking(app))
        await pilot.press(key)  # pressed again while asking: still asking, one dialog
        await pilot.pause()
        assert _asking(app) and sum(isinstance(s, QuitConfirm) for s in app.screen_stack) == 1
        await pilot.press("n")
        await wait_for(pilot, lambda: app.screen is main(app))
        assert not _ended(app) and session.state == state
        await pilot.press(key)
        await wait_for(pilot, lambda: _asking(app))
        await pilot.press("y")
        await wait_for(pilot, lambda: _ended(app))


@pytest.mark.parametrize("key", QUIT_KEYS)
async def test_the_quit_keys_ask_over_a_demo_gamble(key: str) -> None:
    app = make_app(session=_won())
    async with app.run_test(size=SIZE) as pilot:
        await _running(pilot, app)
        await pilot.press("5")
        await wait_for(pilot, lambda: isinstance(app.screen, GambleScreen))
        gamble = app.screen
        await pilot.press(key)
        await wait_for(pilot, lambda: _asking(app))
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is gamble)
        assert not _ended(app)


async def test_ctrl_q_asks_over_a_demo_pick_game() -> None:
    from tests.tui.pick_support import at_rest, bonus_session, make_witch_app

    session = bonus_session("pumpkin")  # a Lucky Witch demo inside its pick game
    state = session.state
    app = make_witch_app(session)
    async with app.run_test(size=SIZE) as pilot:
        pick = await at_rest(pilot, app)
        await pilot.press("ctrl+q")
        await wait_for(pilot, lambda: _asking(app))
        await pilot.press("N")
        await wait_for(pilot, lambda: app.screen is pick)
        assert not _ended(app) and session.state == state


@pytest.mark.parametrize("key", ["q", "Q", *QUIT_KEYS])
async def test_on_the_too_small_notice_a_demo_round_is_asked_for(key: str) -> None:
    session = _free_spins()
    state = session.state
    app = make_app(session=session)
    async with app.run_test(size=SIZE) as pilot:
        await _running(pilot, app)
        await pilot.resize_terminal(*SMALL)
        await wait_for(pilot, lambda: isinstance(app.screen, TooSmallScreen))
        notice = app.screen
        await wait_for(pilot, lambda: "it asks before a round is lost" in _shown(app))
        await pilot.press(key)
        # The notice itself asks (a dialog may not fit), nothing over it.
        await wait_for(pilot, lambda: _notice_asks(app))
        assert not _ended(app)
        await pilot.press("escape")
        await wait_for(pilot, lambda: not _notice_asks(app))
        assert app.screen is notice and not _ended(app) and session.state == state
        await pilot.resize_terminal(72, 21)  # still small: still the one notice, still asks
        await pilot.press(key)
        await wait_for(pilot, lambda: _notice_asks(app) and "72×21" in _shown(app))
        assert sum(isinstance(s, TooSmallScreen) for s in app.screen_stack) == 1
        await pilot.press("y")
        await wait_for(pilot, lambda: _ended(app))


async def test_the_palette_quit_over_the_too_small_notice_asks() -> None:
    app = make_app(session=_magic_book())
    async with app.run_test(size=SIZE) as pilot:
        await _running(pilot, app)
        await pilot.resize_terminal(*SMALL)
        await wait_for(pilot, lambda: isinstance(app.screen, TooSmallScreen))
        await choose(pilot, app, "Quit")
        await wait_for(pilot, lambda: _notice_asks(app))
        await pilot.press("n")
        await wait_for(pilot, lambda: isinstance(app.screen, TooSmallScreen))
        await pilot.resize_terminal(*SIZE)  # big again: play goes on
        await wait_for(pilot, lambda: app.screen is main(app))
        assert not _ended(app)


async def test_one_notice_under_a_window_gone_once_the_terminal_grew() -> None:
    app = make_app(session=_free_spins())
    async with app.run_test(size=SIZE) as pilot:
        await _running(pilot, app)
        await pilot.resize_terminal(*SMALL)
        await wait_for(pilot, lambda: isinstance(app.screen, TooSmallScreen))
        palette = await open_palette(pilot, app)
        await pilot.resize_terminal(75, 22)  # still small under the palette: no second notice
        await pilot.pause()
        assert app.screen is palette
        assert sum(isinstance(s, TooSmallScreen) for s in app.screen_stack) == 1
        await pilot.resize_terminal(*SIZE)
        await pilot.press("escape")  # the palette closes on a big terminal: the game is back
        await wait_for(pilot, lambda: app.screen is main(app))
        assert not _ended(app)


async def test_the_terminal_shrinking_under_the_question_asks_once() -> None:
    app = make_app(session=_won())
    async with app.run_test(size=SIZE) as pilot:
        await _running(pilot, app)
        await pilot.press("ctrl+q")
        await wait_for(pilot, lambda: _asking(app))
        dialog = app.screen
        await pilot.resize_terminal(*SMALL)
        await wait_for(pilot, lambda: isinstance(app.screen, TooSmallScreen))
        await pilot.resize_terminal(75, 22)
        await pilot.press("q")
        await wait_for(pilot, lambda: _notice_asks(app))
        stack = app.screen_stack
        assert sum(isinstance(s, TooSmallScreen) for s in stack) == 1
        assert sum(isinstance(s, QuitConfirm) for s in stack) == 1
        await pilot.press("n")
        await pilot.resize_terminal(*SIZE)  # the question opened before is back
        await wait_for(pilot, lambda: app.screen is dialog)
        await pilot.press("n")
        await wait_for(pilot, lambda: app.screen is main(app))
        assert not _ended(app)


def _saved_win(tmp_path: Path) -> GameSession:
    """A saved game with a win waiting (credited on the next start)."""
    opened = open_session(
        GAME, default_settings(GAME), root=tmp_path / "saves", seed=winning_seed(),
        state_root=tmp_path / "state",
    )  # fmt: skip
    session = opened.session
    session.act(Spin(session.bet, limits=session.limits))
    assert session.phase is Phase.WIN_OFFERED
    return session


def _demo_at_rest(tmp_path: Path) -> GameSession:
    """A demo between rounds."""
    return session_for(1)


@pytest.mark.parametrize("small", [False, True], ids=["machine", "too-small notice"])
@pytest.mark.parametrize("key", ["q", *QUIT_KEYS])
@pytest.mark.parametrize("make", [_saved_win, _demo_at_rest], ids=["saved win", "demo at rest"])
async def test_nothing_at_stake_quits_at_once(
    tmp_path: Path, make: Callable[[Path], GameSession], key: str, small: bool
) -> None:
    app = make_app(session=make(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await _running(pilot, app)
        if small:
            await pilot.resize_terminal(*SMALL)
            await wait_for(pilot, lambda: isinstance(app.screen, TooSmallScreen))
        await pilot.press(key)
        await wait_for(pilot, lambda: _ended(app))
        assert not any(isinstance(s, QuitConfirm) for s in app.screen_stack)


# --- in a real terminal ------------------------------------------------------------------


def _demo_in_a_pty(user_dirs: dict[str, str], tmp_path: Path) -> PtyGame:
    env = {k: v for k, v in user_dirs.items() if not k.startswith(("TEXTUAL", "NO_COLOR"))}
    env.update(TERM="xterm-256color")
    argv = [sys.executable, "-m", "slotterm", GAME.id, "--demo", "--seed", "3"]
    game = PtyGame([*argv, "--force", "free-spins"], env, tmp_path)
    game.wait_for(lambda: "Press Space to spin" in game.text(), "the machine at rest")
    game.send(b" ")
    game.wait_for(lambda: "open the Magic Book" in game.text(), "the free spins won")
    return game


def _exit_status(game: PtyGame) -> int | None:
    """The child's status once it has ended (reading its screen meanwhile), or ``None``
    after the deadline."""
    deadline = time.monotonic() + WAIT
    while game.process.poll() is None and time.monotonic() < deadline:
        game.pump(0.05)
    return game.process.poll()


def test_the_control_keys_ask_in_a_real_terminal(user_dirs: dict[str, str], tmp_path: Path) -> None:
    game = _demo_in_a_pty(user_dirs, tmp_path)
    try:
        for key in (b"\x11", b"\x03"):  # Ctrl+Q (XON, were flow control on), Ctrl+C
            game.send(key)
            game.wait_for(lambda: "Quit the demo?" in game.text(), f"the question ({key!r})")
            game.send(b"n")
            game.wait_for(lambda: "Quit the demo?" not in game.text(), "back to the game")
        assert game.process.poll() is None
        game.send(b"\x03")
        game.wait_for(lambda: "Quit the demo?" in game.text(), "the question again")
        game.send(b"y")
        assert _exit_status(game) == 0
    finally:
        game.close()


def test_a_quit_signal_still_ends_a_demo_round_at_once(
    user_dirs: dict[str, str], tmp_path: Path
) -> None:
    game = _demo_in_a_pty(user_dirs, tmp_path)
    try:
        game.process.send_signal(signal.SIGTERM)
        assert _exit_status(game) == 128 + signal.SIGTERM
        assert "Quit the demo?" not in game.text()
    finally:
        game.close()
