"""The message line: what just happened and what to press next, with mode badges."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static


class MessageLine(Static):
    """One line of text; badges such as AUTOPLAY or QUICK sit on its left."""

    can_focus = False

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__("", id=id)
        self.text = ""
        self.badges: tuple[str, ...] = ()

    def say(self, text: str) -> None:
        """Replace the message."""
        if text != self.text:
            self.text = text
            self._redraw()

    def set_badges(self, badges: tuple[str, ...]) -> None:
        """Show these mode badges (e.g. ``("AUTOPLAY",)``) before the message."""
        if badges != self.badges:
            self.badges = badges
            self._redraw()

    def _redraw(self) -> None:
        line = Text(no_wrap=True, overflow="ellipsis", end="")
        for badge in self.badges:
            line.append(f" {badge} ", style="reverse bold")
            line.append(" ")
        line.append(self.text)
        self.update(line, layout=False)
