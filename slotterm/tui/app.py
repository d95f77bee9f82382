"""The Textual app: one session, the main screen, and the too-small notice."""

from __future__ import annotations

from textual import events
from textual.app import App
from textual.screen import Screen

from slotterm.session.game_session import GameSession
from slotterm.tui.screens.main_screen import MainScreen
from slotterm.tui.screens.too_small import TooSmallScreen, too_small


class SlotApp(App[None]):
    """Book of Spells in the terminal, driven by a :class:`GameSession`."""

    CSS_PATH = "app.tcss"
    TITLE = "slotterm"
    ENABLE_COMMAND_PALETTE = False

    def __init__(self, session: GameSession, *, force_feature: bool = False) -> None:
        super().__init__()
        self.session = session
        self.force_feature = force_feature
        self.main_screen = MainScreen(session, force_feature=force_feature)

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
