"""The view of a game bet in coins (:class:`~slotterm.engine.bet_model.CoinsPerLine`):
Lines, Coins, Coin size, Bet, Credits and Win boxes, + / − for the coin size and ↑ / ↓
for the coins per line, amounts in credits or in coins (C, and an option), pays in coins
and in credits."""

from __future__ import annotations

from typing import ClassVar

from textual.message_pump import MessagePump

from slotterm.engine.actions import Bet
from slotterm.engine.bet_model import CoinsPerLine
from slotterm.session.game_session import GameSession
from slotterm.tui.bets.view import BetView
from slotterm.tui.screens.bet_keys import BetKeys
from slotterm.tui.screens.choice_dialog import ChoiceRow
from slotterm.tui.screens.coin_bet_keys import CoinBetKeys
from slotterm.tui.screens.paytable_coins import bet_line
from slotterm.tui.widgets.coin_boxes import CoinBoxes
from slotterm.tui.widgets.machine_boxes import MachineBoxes

UNIT_WORDS = {"credits": "credits (money)", "coins": "coins"}
"""How the option's units are shown."""


def _unit_word(value: object) -> str:
    return UNIT_WORDS.get(str(value), str(value))


class CoinsView(BetView):
    """Coins per line × coin size × the lines."""

    model_kind: ClassVar[str] = CoinsPerLine.kind
    bet_actions: ClassVar[frozenset[str]] = frozenset({"coin_size", "coins", "units"})
    lowering_keys: ClassVar[str] = "↓ coins, − coin size or ← lines"
    pays_in_coins: ClassVar[bool] = True

    def boxes(self) -> MachineBoxes:
        """Lines, Coins, Coin size, Bet, Credits, Win."""
        return CoinBoxes(id="boxes")

    def keys(self, host: MessagePump, session: GameSession) -> BetKeys:
        """+ / − the coin size, ↑ / ↓ the coins, ← / → the lines, Bet Max (and spin)."""
        return CoinBetKeys(host, session)

    def pays_line(self, bet: Bet) -> str:
        """The coins per line, the coin size, the lines and the total bet."""
        return bet_line(bet)

    def option_rows(self) -> list[ChoiceRow]:
        """The balance, bet and win in credits or in coins."""
        return [
            ChoiceRow(
                name="values_in",
                label="Balance, bet and win in",
                choices=("credits", "coins"),
                show=_unit_word,
            )
        ]

    def help_values(self) -> dict[str, str]:
        """``coins_max`` (per line) and ``most_coins`` (on every line)."""
        high = self.game.bet_model.most_coins_per_line or 0
        return {"coins_max": str(high), "most_coins": f"{high * len(self.game.lines):,}"}
