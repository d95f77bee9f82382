"""The main screen's keys that open another screen: gamble, paytable, help, history, stats.

A mixin of :class:`~slotterm.tui.screens.main_screen.MainScreen`; kept apart so the main
screen's module stays about the reels, the boxes and the round.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual.app import App

from slotterm.engine.round import Phase
from slotterm.money import format_cents
from slotterm.session.game_session import GameSession


class SideScreens:
    """Actions that push a screen over the machine (the main screen supplies the rest)."""

    session: GameSession
    _note: str
    _gamble_open = False

    if TYPE_CHECKING:  # supplied by Screen and MainScreen
        app: App[Any]

        def _begin_action(self) -> None: ...

        def _rest(self) -> None: ...

        def _sync(self) -> None: ...

    def action_gamble(self) -> None:
        """Open the gamble on the offered win."""
        self._begin_action()
        self._open_gamble()

    def _open_gamble(self) -> None:
        from slotterm.tui.screens.gamble_screen import GambleScreen

        if self._gamble_open:  # resuming mid-gamble can ask twice (mount and resume)
            return
        self._gamble_open = True
        screen = GambleScreen(self.session, on_change=self._sync)
        self.app.push_screen(screen, callback=self._after_gamble)

    def _after_gamble(self, _result: None = None) -> None:
        self._gamble_open = False
        history = self.session.history
        if self.session.phase is Phase.IDLE and history:
            paid = history[-1].paid
            self._note = f"Collected {format_cents(paid)}." if paid else "The gamble was lost."
        self._rest()

    def action_paytable(self) -> None:
        """Show the paytable at the current bet."""
        from slotterm.tui.screens.paytable_screen import PaytableScreen

        self.app.push_screen(PaytableScreen(self.session.game, self.session.bet))

    def action_help(self) -> None:
        """Show the rules and keys."""
        from slotterm.tui.screens.help_screen import HelpScreen

        self.app.push_screen(HelpScreen(self.session.game))

    def action_history(self) -> None:
        """Show the game history."""
        from slotterm.tui.screens.history_screen import HistoryScreen

        self.app.push_screen(HistoryScreen(self.session))

    def action_stats(self) -> None:
        """Show the session statistics."""
        from slotterm.tui.screens.stats_screen import StatsScreen

        self.app.push_screen(StatsScreen(self.session))
