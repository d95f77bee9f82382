"""The contract of a bet model's view: what the game's way of betting shows and answers.

The machine's boxes, the bet keys and which of the main keys they answer, the note on the
keys that lower the bet, the paytable's line saying what the pays are worked out for,
the options and the help's figures that only this way of betting has.  A view is made
for one game (:func:`slotterm.tui.bet_views.bet_view`).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import ClassVar

from textual.message_pump import MessagePump

from slotterm.engine.actions import Bet
from slotterm.engine.model import GameDefinition
from slotterm.session.game_session import GameSession
from slotterm.tui.screens.bet_keys import BetKeys
from slotterm.tui.screens.choice_dialog import ChoiceRow
from slotterm.tui.widgets.machine_boxes import MachineBoxes


class BetView(ABC):
    """What one bet model shows, for ``game`` (a game bet that way)."""

    model_kind: ClassVar[str]
    """The :attr:`~slotterm.engine.bet_model.BetModel.kind` of the model it shows."""
    bet_actions: ClassVar[frozenset[str]]
    """The main screen's bet actions its keys answer (``"bet"``...; :mod:`slotterm.tui.keymap`)."""
    lowering_keys: ClassVar[str]
    """The keys that lower the bet, for the note when the credits fall short."""
    pays_in_coins: ClassVar[bool] = False
    """The paytable gives every pay in coins and in credits (else in credits)."""

    def __init__(self, game: GameDefinition) -> None:
        self.game = game

    @abstractmethod
    def boxes(self) -> MachineBoxes:
        """The row of boxes under the reels (its id is ``boxes``)."""

    @abstractmethod
    def keys(self, host: MessagePump, session: GameSession) -> BetKeys:
        """The bet keys' decisions, posted to ``host``."""

    @abstractmethod
    def pays_line(self, bet: Bet) -> str:
        """The paytable's first line: what its amounts are worked out for."""

    def option_rows(self) -> list[ChoiceRow]:
        """The options only this way of betting has (none by default)."""
        return []

    def help_values(self) -> dict[str, str]:
        """The help text's figures only this way of betting has (none by default)."""
        return {}
