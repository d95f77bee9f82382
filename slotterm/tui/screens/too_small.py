"""The notice shown instead of the game while the terminal is smaller than 80×24.

Every show under it stands still while it is up (each screen's
:class:`~slotterm.tui.presenter.Presenter` is held: a spin half turned, a pick game's
reveal, a win being counted), and goes on from that very frame when the window grows
back.  No key but Q plays anything meanwhile; a key pressed is named on the notice, which
says it did nothing.  A window that opens by itself while the terminal is small (a pick
game resumed at start, a save's note) opens under a notice of its own
(:class:`~slotterm.tui.app.SlotApp` sees to it).

Q on it quits as everywhere (the app's quit, :func:`~slotterm.tui.screens.quit_confirm.
quit_game`): at once, or, in a demo with a round open, after asking.  The notice asks by
itself (a dialog over it might not fit the small terminal): its text turns into the
question, Y quits, N or Escape goes back to the notice.
"""

from __future__ import annotations

from typing import Any, ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import Static

from slotterm.tui.keymap import both_cases
from slotterm.tui.presenter import Presenter
from slotterm.tui.screens.quit_confirm import ANSWERS, QUESTION

MIN_WIDTH = 80
MIN_HEIGHT = 24


def too_small(width: int, height: int) -> bool:
    """True when a terminal of this size cannot show the game."""
    return width < MIN_WIDTH or height < MIN_HEIGHT


def held_presenters(screens: list[Screen[Any]]) -> list[Presenter]:
    """The shows of ``screens`` (each screen's ``presenter``, where it has one)."""
    found = (getattr(screen, "presenter", None) for screen in screens)
    return [presenter for presenter in found if isinstance(presenter, Presenter)]


class TooSmallScreen(Screen[None]):
    """Asks for a bigger terminal; the game resumes by itself when it grows."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("q,Q", "app.quit", "Quit"),
        Binding(both_cases("y"), "answer(True)", "Quit", show=False),
        Binding(both_cases("n") + ",escape", "answer(False)", "Stay", show=False),
    ]

    def __init__(self, *, saved: bool = True) -> None:
        super().__init__()
        self.saved = saved
        """False for a demo session, which keeps nothing after quitting."""
        self.asking = False
        """True while the notice asks whether to quit (a demo's round would be lost)."""
        self.ignored = ""
        """The last key pressed that did nothing here (named on the notice)."""
        self._held: list[Presenter] = []

    def compose(self) -> ComposeResult:
        """One centred notice."""
        yield Static("", id="too-small-notice")

    def on_mount(self) -> None:
        """Hold every show under the notice; fill in the current size."""
        self._held = held_presenters([s for s in self.app.screen_stack if s is not self])
        for presenter in self._held:
            presenter.hold()
        self.show_size(self.app.size.width, self.app.size.height)

    def on_unmount(self) -> None:
        """The notice is gone: every show it held goes on where it stood."""
        for presenter in self._held:
            presenter.release()
        self._held = []

    def on_key(self, event: events.Key) -> None:
        """A key that does nothing here (not Q, nor an answer): say so on the notice."""
        if self.asking or event.key in ("q", "Q", "ctrl+c", "ctrl+q", "ctrl+p"):
            return
        key = event.key
        self.ignored = key.upper() if len(key) == 1 else key.replace("_", " ").capitalize()
        self.show_size(self.app.size.width, self.app.size.height)

    def on_screen_resume(self) -> None:
        """Back on top (a window over the notice closed): gone if the terminal grew
        meanwhile."""
        if self.is_current and not too_small(self.app.size.width, self.app.size.height):
            self.app.pop_screen()

    def show_size(self, width: int, height: int) -> None:
        """Say how big the terminal is and how big it must be."""
        if self.asking:
            last = f"QUIT THE DEMO?\n{QUESTION}\n{ANSWERS}"
        elif self.saved:
            last = "Q quits (an open round stays saved)."
        else:
            last = "Q quits (a demo saves nothing: it asks before a round is lost)."
        self.query_one("#too-small-notice", Static).update(
            "TERMINAL TOO SMALL\n\n"
            f"The game needs at least {MIN_WIDTH}×{MIN_HEIGHT}; this one is {width}×{height}.\n"
            "Make the window bigger and play goes on where it stopped.\n"
            "Until then keys play nothing: the game stands still.\n\n"
            + (f"({self.ignored} was not played.)\n" if self.ignored else "")
            + last
        )

    def ask_before_quitting(self) -> None:
        """Ask here whether to quit the demo (see the module docstring)."""
        self.asking = True
        self.show_size(self.app.size.width, self.app.size.height)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Y and N answer only while the notice asks."""
        if action == "answer":
            return self.asking
        return True

    def action_answer(self, leave: bool) -> None:
        """Quit (``True``), or go back to the plain notice."""
        if leave:
            self.app.exit()
            return
        self.asking = False
        self.show_size(self.app.size.width, self.app.size.height)
