"""The note about the save at start, in a small window over the machine.

When a game is opened, the save may have something to tell the player (a damaged copy
recovered from the other copy, a round left for more than 90 days settled, a waiting win
credited: ``GameSession.load_notice``).  A note too long for the message line is shown in
:class:`SaveNote`, a window over the machine that the player closes with Enter, Space or
Escape.  :func:`show_save_note` opens it once for each session an app plays: opening the
same game again from the lobby does not show it again.
"""

from __future__ import annotations

from typing import Any, ClassVar
from weakref import WeakKeyDictionary

from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Static

from slotterm.session.game_session import GameSession
from slotterm.tui.screens.covering import WindowOverMachine
from slotterm.tui.screens.dialog_css import DIALOG, dialog_stylesheets
from slotterm.tui.widgets.key_bar import KeyBar

NOTE_WIDTH = 64
"""The window's widest (it fills narrower terminals)."""
CLOSING = "Enter, Space or Escape closes this note."
"""The window's last line: how to close it."""

_SHOWN: WeakKeyDictionary[App[Any], list[GameSession]] = WeakKeyDictionary()
"""For each app, the sessions whose note it has shown."""


class SaveNote(WindowOverMachine):
    """The note about the save, wrapped to the window; Enter, Space or Escape closes it."""

    DEFAULT_CLASSES = DIALOG
    CSS_PATH = dialog_stylesheets(__file__)  # its max-width is NOTE_WIDTH
    MAX_WIDTH = NOTE_WIDTH
    SCROLLER = "#save-note-scroll"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,space,escape", "close", "Close", key_display="Enter/Space/Esc"),
    ]

    def __init__(self, notice: str) -> None:
        super().__init__()
        self.notice = notice

    def compose(self) -> ComposeResult:
        """The note, then how to close it."""
        self.cover()
        with Vertical(id="save-note-dialog") as dialog:
            dialog.border_title = "Your save"
            with VerticalScroll(id="save-note-scroll"):
                yield Static(self.notice, id="save-note-text", markup=False)
            yield Static(CLOSING, id="save-note-keys")
        yield KeyBar(compact=True)

    def action_close(self) -> None:
        """Back to the game."""
        self.dismiss(None)


def show_save_note(app: App[Any], session: GameSession) -> None:
    """Open the window with ``session``'s note about its save, unless ``app`` showed it
    already (or there is none)."""
    shown = _SHOWN.setdefault(app, [])
    if not session.load_notice or any(s is session for s in shown):
        return
    shown.append(session)
    app.push_screen(SaveNote(session.load_notice))
