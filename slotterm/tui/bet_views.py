"""Which view shows which bet model (:mod:`slotterm.tui.bets`), by the model's kind.

Adding a bet model's view: write it (a :class:`~slotterm.tui.bets.view.BetView`) and list
it here; the machine, its keys, the paytable, the options and the help then ask it.
"""

from __future__ import annotations

from slotterm.engine.model import GameDefinition
from slotterm.tui.bets.coins_view import CoinsView
from slotterm.tui.bets.per_line_view import PerLineView
from slotterm.tui.bets.view import BetView

BET_VIEWS: dict[str, type[BetView]] = {
    PerLineView.model_kind: PerLineView,
    CoinsView.model_kind: CoinsView,
}
"""The view class of each bet model, by the model's kind."""


def bet_view(game: GameDefinition) -> BetView:
    """The view of the game's bet model."""
    return BET_VIEWS[game.bet_model.kind](game)
