"""The view of a game bet per line (:class:`~slotterm.engine.bet_model.BetPerLine`): the
Bet, Lines, Credits and Win boxes, + / − for the bet per line, pays in credits."""

from __future__ import annotations

from typing import ClassVar

from textual.message_pump import MessagePump

from slotterm.engine.actions import Bet
from slotterm.engine.bet_model import BetPerLine
from slotterm.money import format_cents
from slotterm.session.game_session import GameSession
from slotterm.tui.bets.view import BetView
from slotterm.tui.screens.bet_keys import BetKeys
from slotterm.tui.widgets.machine_boxes import MachineBoxes


class PerLineView(BetView):
    """A bet per line × the lines."""

    model_kind: ClassVar[str] = BetPerLine.kind
    bet_actions: ClassVar[frozenset[str]] = frozenset({"bet"})
    lowering_keys: ClassVar[str] = "− or ← lowers the bet"

    def boxes(self) -> MachineBoxes:
        """Bet (and per line), Lines, Credits, Win."""
        return MachineBoxes(id="boxes")

    def keys(self, host: MessagePump, session: GameSession) -> BetKeys:
        """+ / − the bet per line, ← / → the lines, Bet Max (pressed again, spin)."""
        return BetKeys(host, session)

    def pays_line(self, bet: Bet) -> str:
        """``"Pays in credits at 0.10 per line, 9 lines, total bet 0.90"``."""
        return (
            f"Pays in credits at {format_cents(bet.bet_per_line)} per line, "
            f"{bet.lines} line{'s' if bet.lines != 1 else ''}, "
            f"total bet {format_cents(bet.total)}"
        )
