"""A lost gamble in a real pseudo-terminal: the card table shows the card named and LOST,
closes by itself, and the machine shows no win left on the reels (the reels' "N wins: X"
gone, the Win box at 0.00), with no traceback.

The seed is chosen in-process through the same session code as the child's
(:func:`tests.tui.real_terminal_support.twin_session`), so the test knows the card drawn.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from slotterm.engine.actions import Guess, Spin, StartGamble
from slotterm.engine.events import CardDrawn
from slotterm.engine.gamble import Color
from slotterm.engine.records import Phase
from slotterm.money import format_cents
from slotterm.tui.widgets.card import card_name
from tests.tui.pty_support import PtyGame
from tests.tui.real_terminal_support import game_env, twin_session

__all__ = ["game_env"]  # the fixture, used here by name

_WINS_LABEL = re.compile(r"\d+ wins: \d|Line \d+: .* pays \d")
"""What the reels' lower border says while wins are marked on them."""


def _losing_seed(settings_path: Path) -> tuple[int, int, int]:
    """(seed, the win gambled, the card drawn) for a first spin that wins and whose red
    guess loses."""
    for seed in range(500):
        twin = twin_session(seed, settings_path)
        twin.act(Spin(twin.bet, limits=twin.limits))
        if twin.phase is not Phase.WIN_OFFERED or not twin.can(StartGamble()):
            continue
        twin.act(StartGamble())
        events = twin.act(Guess(Color.RED)).events
        step = next(e.step for e in events if isinstance(e, CardDrawn))
        if not step.won:
            return seed, step.stake, step.card
    raise AssertionError("no seed wins its first spin and loses its red guess")


def test_a_lost_gamble_in_a_real_terminal(game_env: dict[str, str], tmp_path: Path) -> None:
    seed, win, card = _losing_seed(tmp_path / "config" / "slotterm" / "config.toml")
    argv = [sys.executable, "-m", "slotterm", "book-of-spells", "--demo", "--seed", str(seed)]
    game = PtyGame(argv, game_env, tmp_path)
    try:
        game.wait_for(lambda: "Press Space to spin." in game.text(), "the machine")
        game.send(b" ")
        game.wait_for(lambda: game.box("Win") == format_cents(win), "the win in the Win box")
        game.wait_for(lambda: _WINS_LABEL.search(game.text()) is not None, "the win marked")
        game.send(b"5")
        game.wait_for(lambda: "Gamble: double or nothing" in game.text(), "the card table")
        game.send(b"5")  # red: the card drawn is black
        lost = f"{card_name(card)} — black: the win of {format_cents(win)} is lost"
        game.wait_for(lambda: lost in " ".join(game.text().split()), "the card named, lost")
        game.wait_for(
            lambda: "Gamble: double or nothing" not in game.text(), "the table closed by itself"
        )
        game.wait_steady(lambda: "The gamble was lost." in game.text(), "back on the machine")
        assert game.box("Win") == "0.00"
        assert _WINS_LABEL.search(game.text()) is None, "no win left marked on the reels"
        assert "Traceback" not in game.text()
    finally:
        game.close()
