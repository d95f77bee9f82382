"""The note about the save at start, in a small window over the machine.

When a game is opened, the save may have something to tell the player (a damaged copy
recovered from the other copy, a round left for more than 90 days settled, a waiting win
credited: ``GameSession.load_notice``).  A note too long for the message line is shown in
:class:`SaveNote`, a window over the machine that the player closes with Enter, Space or
Escape.  :func:`show_save_note` opens it once for each session an app plays: opening the
same game again from the lobby does not show it again.  A file path in a note (where the
old save files of ``--reset-save`` are kept) goes on lines of its own, cut after a ``/``
(:func:`paths_on_their_own_lines`), never in the middle of a folder's name.
"""

from __future__ import annotations

import re
from typing import Any, ClassVar
from weakref import WeakKeyDictionary

from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Static

from slotterm.session.game_session import GameSession
from slotterm.tui.screens.covering import WindowOverMachine
from slotterm.tui.screens.dialog_css import DIALOG, HEIGHTS, WIDTHS, dialog_stylesheets
from slotterm.tui.widgets.key_bar import KeyBar

NOTE_WIDTH = 64
"""The window's narrowest: it fills a terminal this wide or narrower; a wider one gives it
40 % of its width, never less than this."""
CLOSING = "Enter, Space or Escape closes this note."
"""The window's last line: how to close it."""

_SHOWN: WeakKeyDictionary[App[Any], list[GameSession]] = WeakKeyDictionary()
"""For each app, the sessions whose note it has shown."""


def _is_path(word: str) -> bool:
    return word.startswith(("/", "~/")) and len(word) > 1


def _cut_at_slashes(path: str, width: int) -> list[str]:
    """``path`` on lines at most ``width`` wide, each cut after a ``/`` (a folder name
    wider than a line stays whole, for the text to fold)."""
    lines: list[str] = []
    for part in re.findall(r"[^/]*/|[^/]+$", path):
        if lines and len(lines[-1]) + len(part) <= width:
            lines[-1] += part
        else:
            lines.append(part)
    return lines


def paths_on_their_own_lines(text: str, width: int) -> str:
    """``text`` with each file path (a word starting with ``/`` or ``~/``) on lines of its
    own, cut after a ``/`` to fit ``width``; the other words are left to wrap."""
    lines: list[str] = []
    words: list[str] = []
    for word in text.split(" "):
        if not _is_path(word):
            words.append(word)
            continue
        if words:
            lines.append(" ".join(words))
            words = []
        lines += _cut_at_slashes(word, max(width, 1))
    if words:
        lines.append(" ".join(words))
    return "\n".join(lines)


class NoteText(Static):
    """The note's words, its paths laid out again for each width it is given."""

    def __init__(self, notice: str, *, id: str | None = None) -> None:
        super().__init__(notice, id=id, markup=False)
        self.notice = notice

    def on_resize(self, event: events.Resize) -> None:
        """The paths cut again for the new width."""
        self.update(paths_on_their_own_lines(self.notice, event.size.width))


class SaveNote(WindowOverMachine):
    """The note about the save, wrapped to the window; Enter, Space or Escape closes it."""

    DEFAULT_CLASSES = DIALOG
    CSS_PATH = dialog_stylesheets(__file__)  # its min-width is NOTE_WIDTH
    HORIZONTAL_BREAKPOINTS = WIDTHS
    VERTICAL_BREAKPOINTS = HEIGHTS
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
                yield NoteText(self.notice, id="save-note-text")
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
