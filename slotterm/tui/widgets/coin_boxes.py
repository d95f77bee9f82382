"""The row of boxes under the reels of a game bet in coins: Lines, Coins
(per line), Coin size, Bet, Credits, Win.

The bet, the credits and the win are shown in credits or in coins, as the player
chooses (:attr:`CoinBoxes.in_coins`); the other unit sits on the second line.  The
screen sets what they show (attributes down), exactly as for :class:`MachineBoxes`.
"""

from __future__ import annotations

from textual.app import ComposeResult

from slotterm.engine.actions import Bet
from slotterm.money import format_cents
from slotterm.tui.widgets.info_box import InfoBox
from slotterm.tui.widgets.machine_boxes import MachineBoxes

SETTING_BOXES = (("Lines", "lines", 11), ("Coins", "coins", 11), ("Coin size", "coin_size", 15))
"""The bet settings' boxes: title, id and width in columns."""


def coins_text(coins: int) -> str:
    """A count of coins for a box: ``"1,500 coins"`` (one coin: ``"1 coin"``)."""
    return f"{coins:,} coin" if coins == 1 else f"{coins:,} coins"


class CoinBoxes(MachineBoxes):
    """Lines, Coins, Coin size, Bet, Credits and Win; amounts in credits or coins."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.in_coins = False
        """Show the bet, credits and win in coins (else in credits, the default)."""
        self.coin_size = 1
        """The cents one coin is worth (set with the bet)."""
        self._credits = (0, "")
        self._win = 0

    def compose(self) -> ComposeResult:
        """One box each for lines, coins per line, coin size, bet, credits and win.

        The three bet settings hold short values and take fixed widths; the amounts share
        the rest (room for "100,000 coins" at 80 columns).
        """
        for title, name, width in SETTING_BOXES:
            box = InfoBox(title, id=name)
            box.styles.width = width
            yield box
        yield InfoBox("Bet", id="bet")
        yield InfoBox("Credits", id="credits")
        yield InfoBox("Win", id="win")

    def show_bet(self, bet: Bet, line_count: int) -> None:
        """Lines of ``line_count``, coins per line, coin size and the total bet."""
        size = bet.coin_size or 1
        self.coin_size = size
        coins = bet.coins or 0
        self.box("lines").show(str(bet.lines), f"of {line_count}")
        self.box("coins").show(str(coins), "per line")
        self.box("coin_size").show(format_cents(size), "credits")
        total_coins = bet.total_coins or 0
        self._pair("bet", bet.total, coins_text(total_coins))
        # The credits and the win are in coins of this size: show them again.
        self.show_credits(*self._credits)
        self.show_win(self._win)

    def show_credits(self, credits: int, currency: str = "") -> None:
        """The credits, in the chosen unit (whole coins, rounded down; in credits with the
        operator's currency under them)."""
        self._credits = (credits, currency)
        self.currency = currency
        if self.in_coins:
            self.box("credits").show(f"{credits // self.coin_size:,}", "coins")
        else:
            self.box("credits").show(format_cents(credits), currency)

    def show_win(self, amount: int) -> None:
        """The win, in the chosen unit."""
        self._win = amount
        self._pair("win", amount, coins_text(amount // self.coin_size))

    def _pair(self, name: str, cents: int, coins: str) -> None:
        """In coins: the count, "coins" under it; in credits: the amount, the coins under it."""
        if self.in_coins:
            count, _, unit = coins.partition(" ")
            self.box(name).show(count, unit)
        else:
            self.box(name).show(format_cents(cents), coins)
