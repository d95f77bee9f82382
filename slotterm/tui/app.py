"""The Textual app: one session, the main screen, and the too-small notice."""

from __future__ import annotations

from pathlib import PurePath
from typing import ClassVar

from textual import events
from textual.app import App
from textual.screen import Screen

from slotterm.session.game_session import GameSession
from slotterm.tui.features.registry import stylesheets
from slotterm.tui.screens.main_screen import MainScreen
from slotterm.tui.screens.too_small import TooSmallScreen, too_small


class SlotApp(App[None]):
    """A slot game in the terminal, driven by a :class:`GameSession`.

    ``force`` (testers only) names a feature of the game the first spin must start
    (``"free_spins"``); it is passed on as :class:`~slotterm.engine.actions.Spin`'s
    ``force``.
    """

    CSS_PATH: ClassVar[list[str | PurePath]] = ["app.tcss", *stylesheets()]
    TITLE = "slotterm"
    ENABLE_COMMAND_PALETTE = False

    def __init__(self, session: GameSession, *, force: str | None = None) -> None:
        super().__init__()
        self.session = session
        self.force = force
        self.main_screen = MainScreen(session, force=force)

    def get_default_screen(self) -> Screen[None]:
        """The slot machine is the bottom screen."""
        return self.main_screen

    def on_mount(self) -> None:
        """Check the terminal size once at start."""
        self._fit(self.size.width, self.size.height)

    def on_resize(self, event: events.Resize) -> None:
        """Show or take away the too-small notice as the terminal changes size."""
        self._fit(event.size.width, event.size.height)

    def _fit(self, width: int, height: int) -> None:
        notice = self.screen if isinstance(self.screen, TooSmallScreen) else None
        if too_small(width, height):
            if notice is None:
                self.push_screen(TooSmallScreen(saved=self.session.persist is not None))
            else:
                notice.show_size(width, height)
        elif notice is not None:
            self.pop_screen()
