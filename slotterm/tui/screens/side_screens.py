"""The screens opened over the machine: gamble, paytable, help, history, stats.

:class:`SideScreens` pushes them for its host screen and reports back with messages
(messages up, :mod:`slotterm.tui.screens.side_messages`):
:class:`~slotterm.tui.screens.side_messages.SessionChanged` after each gamble step, so the
machine behind shows the same win, and
:class:`~slotterm.tui.screens.side_messages.GambleClosed` when the gamble is over.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Hashable
from typing import Any

from textual.screen import Screen

from slotterm.engine.records import Phase
from slotterm.money import format_cents
from slotterm.session.game_session import GameSession
from slotterm.tui.screens.kept_screens import build_ahead, show_kept
from slotterm.tui.screens.side_messages import GambleClosed, SessionChanged

WINDOW_MODULES = (
    "slotterm.tui.screens.gamble_screen",
    "slotterm.tui.screens.help_screen",
    "slotterm.tui.screens.history_screen",
    "slotterm.tui.screens.paytable_screen",
    "slotterm.tui.screens.stats_screen",
)
"""The windows' modules: not needed to start the game, so loaded when first opened, or
ahead of that by :func:`load_windows`."""


KEPT_WINDOWS = ("help", "paytable")
"""The windows built once and kept (:mod:`~slotterm.tui.screens.kept_screens`), in the
order they are built ahead."""


def load_windows() -> None:
    """Load the windows' code now (nothing once loaded), so that opening one the first
    time only builds it (about 16 ms less)."""
    for name in WINDOW_MODULES:
        importlib.import_module(name)


class SideScreens:
    """Opens the screens over ``host`` (the machine) for ``session``."""

    def __init__(self, host: Screen[Any], session: GameSession) -> None:
        self._host = host
        self.session = session
        self.gamble_open = False

    def gamble(self) -> None:
        """Open the gamble on the offered win (once, even when asked twice)."""
        from slotterm.tui.screens.gamble_screen import GambleScreen

        if self.gamble_open:  # resuming mid-gamble can ask twice (mount and resume)
            return
        self.gamble_open = True
        screen = GambleScreen(self.session, on_change=self._changed)
        self._host.app.push_screen(screen, callback=self._after_gamble)

    def _changed(self) -> None:
        self._host.post_message(SessionChanged())

    def _after_gamble(self, result: str | None = None) -> None:
        self.gamble_open = False
        history = self.session.history
        note = result  # the gamble screen's own note: a step that could not be saved
        if note is None and self.session.phase is Phase.IDLE and history:
            paid = history[-1].paid
            note = f"Collected {format_cents(paid)}." if paid else "The gamble was lost."
        self._host.post_message(GambleClosed(note))

    def open(self, name: str) -> None:
        """Show the ``paytable`` (at the current bet), the ``help``, the ``history`` or the
        ``stats``; the paytable and the help are built once and kept while the game, the
        bet and the theme stay the same."""
        from slotterm.tui.screens.history_screen import HistoryScreen
        from slotterm.tui.screens.stats_screen import StatsScreen

        if name in KEPT_WINDOWS:
            show_kept(self._host.app, name, *self.kept_window(name))
            return
        session = self.session
        screens: dict[str, Callable[[], Screen[None]]] = {
            "history": lambda: HistoryScreen(session),
            "stats": lambda: StatsScreen(session),
        }
        self._host.app.push_screen(screens[name]())

    def kept_window(self, name: str) -> tuple[Hashable, Callable[[], Screen[None]]]:
        """The key the kept window ``name`` (one of :data:`KEPT_WINDOWS`) is built for
        now, and how to build it: the paytable for the game, the bet and the theme, the
        help for the game and the theme."""
        from slotterm.tui.screens.help_screen import HelpScreen
        from slotterm.tui.screens.paytable_screen import PaytableScreen

        session = self.session
        theme = self._host.app.theme
        if name == "paytable":
            return (session.game.id, session.bet, theme), lambda: PaytableScreen(
                session.game, session.bet
            )
        return (session.game.id, theme), lambda: HelpScreen(session.game, session.limits)

    def build_ahead(self, name: str) -> Screen[Any] | None:
        """Build the kept window ``name`` now, unseen, if none is kept for today's key
        (:func:`~slotterm.tui.screens.kept_screens.build_ahead`); the window built."""
        return build_ahead(self._host.app, name, *self.kept_window(name))
