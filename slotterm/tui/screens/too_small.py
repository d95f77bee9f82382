"""The notice shown instead of the game while the terminal is smaller than 80×24."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import Static

MIN_WIDTH = 80
MIN_HEIGHT = 24


def too_small(width: int, height: int) -> bool:
    """True when a terminal of this size cannot show the game."""
    return width < MIN_WIDTH or height < MIN_HEIGHT


class TooSmallScreen(Screen[None]):
    """Asks for a bigger terminal; the game resumes by itself when it grows."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("q,Q", "app.quit", "Quit")]

    def __init__(self, *, saved: bool = True) -> None:
        super().__init__()
        self.saved = saved
        """False for a demo session, which keeps nothing after quitting."""

    def compose(self) -> ComposeResult:
        """One centred notice."""
        yield Static("", id="too-small-notice")

    def on_mount(self) -> None:
        """Fill in the current size."""
        self.show_size(self.app.size.width, self.app.size.height)

    def show_size(self, width: int, height: int) -> None:
        """Say how big the terminal is and how big it must be."""
        self.query_one("#too-small-notice", Static).update(
            "TERMINAL TOO SMALL\n\n"
            f"The game needs at least {MIN_WIDTH}×{MIN_HEIGHT}; this one is {width}×{height}.\n"
            "Make the window bigger and play goes on where it stopped.\n\n"
            + (
                "Q quits (an open round stays saved)."
                if self.saved
                else "Q quits (a demo saves nothing)."
            )
        )
