"""The row of four boxes under the reels: Bet, Lines, Credits, Win."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal

from slotterm.engine.actions import Bet
from slotterm.money import format_cents
from slotterm.tui.widgets.info_box import InfoBox


class MachineBoxes(Horizontal):
    """The boxes the player watches; the screen sets what they show (attributes down)."""

    def compose(self) -> ComposeResult:
        """One box each for the bet, the lines, the credits and the win."""
        yield InfoBox("Bet", id="bet")
        yield InfoBox("Lines", id="lines")
        yield InfoBox("Credits", id="credits")
        yield InfoBox("Win", id="win")

    def box(self, name: str) -> InfoBox:
        """One of the boxes: ``bet``, ``lines``, ``credits``, ``win``."""
        return self.query_one(f"#{name}", InfoBox)

    def show_bet(self, bet: Bet, line_count: int) -> None:
        """The total bet (and per line), and the lines played of ``line_count``."""
        self.box("bet").show(format_cents(bet.total), f"{format_cents(bet.bet_per_line)} per line")
        self.box("lines").show(str(bet.lines), f"of {line_count}")

    currency = ""
    """The operator's currency label last shown under the credits."""

    def show_credits(self, credits: int, currency: str = "") -> None:
        """The credits, with the operator's currency label under them."""
        self.currency = currency
        self.box("credits").show(format_cents(credits), currency)

    def tick_credits(self, credits: int) -> None:
        """The credits as they count up (:class:`~slotterm.tui.credits_tick.CreditsTickScene`),
        under the same currency label."""
        self.show_credits(credits, self.currency)

    def show_win(self, amount: int) -> None:
        """The win."""
        self.box("win").show(format_cents(amount))
