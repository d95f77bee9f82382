"""The words under a pick game's board: the status line and what to press now.

Apart from the screen (:mod:`.pick_screen`) so it stays small; the screen passes itself
and the moment (over, revealed, opening, holding)."""

from __future__ import annotations

from typing import Any, Protocol

from slotterm.engine.features.pick_game import PickGame
from slotterm.engine.records import EndReason, Round
from slotterm.tui.features.pick_cell import prize_text


class PickTexts(Protocol):
    """What the words need of the screen."""

    game: PickGame
    """The pick game shown."""

    def round(self) -> Round:
        """The round being played."""

    def status(self, record: Any) -> str:
        """The line under the board while the game is played."""

    def instructions(self, record: Any) -> str:
        """What to press now."""

    def end_text(self, record: Any) -> str:
        """How the game ended (before the prize)."""


def status_and_prompt(
    screen: PickTexts, record: Any, *, over: bool, reveal: bool, opening: bool
) -> tuple[str, str]:
    """The status line and the prompt: the prize once revealed (with why the game ended
    early, if it did), "Opening…" while items open, else the game's own words."""
    if reveal:
        prize = prize_text(screen.game.pay(record), screen.round().bet.coin_size)
        status = f"{screen.end_text(record)}  You win {prize}!"
        if record.ended_by is EndReason.CAP:
            status += "  (The round reached its maximum win.)"
        elif record.ended_by is EndReason.LIMIT:
            status += "  (The features reached the operator's win limit.)"
        return status, "Press Enter or Space to go back to the reels."
    if over or opening:
        return "Opening…", ""
    return screen.status(record), screen.instructions(record)
