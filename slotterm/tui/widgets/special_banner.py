"""The banner above the reels: the special symbol and free-spin progress during a feature."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from slotterm.tui.symbols import ArtSize, art_lines, symbol_art

IDLE_TEXT = "BOOK OF SPELLS  ·  3 or more books award 10 free spins with an expanding symbol"


class SpecialBanner(Static):
    """Shows the game title, or the special symbol with "Free spin N of M" and the total."""

    can_focus = False

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__("", id=id)
        self.special: str | None = None
        self.progress = ""
        self._key: tuple[str | None, str] | None = None
        self.show_feature(None, "")

    def show_feature(self, special: str | None, progress: str) -> None:
        """Show ``special`` (``None`` = no feature) and the progress text beside it."""
        if self._key == (special, progress):
            return
        self._key = (special, progress)
        self.special, self.progress = special, progress
        self.set_class(special is not None, "-feature")
        if special is None:
            self.update(Text(IDLE_TEXT, style="bold", justify="center", end=""))
            return
        art = symbol_art(special)
        pictures = art_lines(special, ArtSize.COMPACT)
        text = Text(justify="center", no_wrap=True, end="")
        labels = ("SPECIAL SYMBOL", art.name.upper(), progress)
        width = max(len(label) for label in labels)
        for i, picture in enumerate(pictures):
            if i:
                text.append("\n")
            text.append(picture, art.style)
            text.append("   ")
            text.append((labels[i] if i < len(labels) else "").ljust(width), "bold")
        self.update(text)
