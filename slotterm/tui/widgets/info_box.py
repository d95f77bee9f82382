"""One of the four boxes the player watches: Bet, Lines, Credits, Win."""

from __future__ import annotations

from textual.widgets import Static


class InfoBox(Static):
    """A titled box with a main value and an optional second line."""

    can_focus = False

    def __init__(self, title: str, *, id: str | None = None) -> None:
        super().__init__("", id=id, markup=False)
        self.border_title = title
        self.value = ""
        self.detail = ""

    def show(self, value: str, detail: str = "") -> None:
        """Display ``value`` (and ``detail`` under it) if they changed."""
        if (value, detail) == (self.value, self.detail):
            return
        self.value, self.detail = value, detail
        self.update(f"{value}\n{detail}" if detail else value, layout=False)
