"""A mega win in a real pseudo-terminal: ``--force five-of-a-kind:Potion`` wins 15.00 at
the bet of 0.18 (83 bets); the celebration fills the reel window, Space skips it to its
end frame (the exact amount, "83× the total bet"), Space collects and the Credits box
ticks up to the exact credits, with no traceback."""

from __future__ import annotations

import sys
from pathlib import Path

from slotterm.money import format_cents
from tests.tui.pty_support import PtyGame
from tests.tui.real_terminal_support import game_env, twin_session

__all__ = ["game_env"]  # the fixture, used here by name

WON = 1500
"""Five Potions on a line at 0.02 a line."""


def test_a_mega_win_in_a_real_terminal(game_env: dict[str, str], tmp_path: Path) -> None:
    twin = twin_session(3, tmp_path / "config" / "slotterm" / "config.toml")
    bet = twin.bet.total
    credits = twin.state.credits - bet + WON
    argv = [sys.executable, "-m", "slotterm", "book-of-spells", "--demo", "--seed", "3"]
    game = PtyGame([*argv, "--force", "five-of-a-kind:Potion"], game_env, tmp_path)
    try:
        game.wait_for(lambda: "Press Space to spin." in game.text(), "the machine")
        game.send(b" ")
        game.wait_for(lambda: "MEGA WIN! Any key skips." in game.text(), "the celebration")
        game.send(b" ")
        caption = f"{WON // bet}× the total bet of {format_cents(bet)}"
        game.wait_steady(lambda: caption in game.text(), "the end frame")
        assert game.box("Win") == format_cents(WON)
        assert _block_letters_shown(game), "the level in block letters"
        game.send(b" ")  # collect
        game.wait_for(lambda: game.box("Credits") == format_cents(credits), "the credits")
        game.wait_steady(lambda: f"Collected {format_cents(WON)}" in game.text(), "collected")
        assert caption not in game.text(), "the end frame went with the collect"
        assert "Traceback" not in game.text()
        assert game.process.poll() is None
    finally:
        game.close()


def _block_letters_shown(game: PtyGame) -> bool:
    """Big letters on screen: half blocks, or a row with a run of cells painted in a colour
    other than the row's own background (whole blocks are drawn as painted cells)."""
    if any(ch in game.text() for ch in "█▀▄"):
        return True
    for row in game.screen.buffer.values():
        ground = row[2].bg
        run = best = 0
        for x in range(2, game.screen.columns - 2):
            cell = row[x]
            run = run + 1 if cell.data == " " and cell.bg not in (ground, "default") else 0
            best = max(best, run)
        if best >= 4:
            return True
    return False
