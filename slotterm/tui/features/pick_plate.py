"""A line (or a few) of a pick game's words on its own plate, centred in the window and
only as wide as its words need, so the themed backdrop (:mod:`.pick_backdrop`) shows at
both sides of it: the title, the rules, the status, the hint and the message.

The game's parts are laid out one under another from the window's left edge; each plate
sets its own width and left margin from the window's width (:meth:`Plate.place`) and again
whenever its words change.
"""

from __future__ import annotations

from rich.cells import cell_len
from textual.visual import VisualType
from textual.widgets import Static

PADDING = 2
"""Columns of plate at each side of the words (the ``padding`` in ``pick_screen.tcss``)."""


class Plate(Static):
    """Words centred on a plate as wide as they are (at most the window less a margin)."""

    def __init__(self, content: VisualType = "", *, id: str, least: int = 0) -> None:
        self.window = 0
        """The window's width (0 until :meth:`place`: the plate is as wide as its parent)."""
        self.top = 0
        """Lines above the plate."""
        self.least = least
        """The plate's least width (a boxed title's)."""
        super().__init__(content, id=id)

    def place(self, window: int, top: int | None = None) -> None:
        """Centre the plate in a window ``window`` columns wide (``top`` lines above it)."""
        self.window = window
        if top is not None:
            self.top = top
        self._centre(str(self.content))

    def update(self, content: VisualType = "", *, layout: bool = True) -> None:
        """Show ``content`` and centre the plate anew to its width."""
        super().update(content, layout=layout)
        self._centre(str(content))

    def _centre(self, words: str) -> None:
        if not self.window:
            return
        room = max(1, self.window - 2)
        longest = max((cell_len(line) for line in words.splitlines()), default=0)
        width = min(room, max(self.least, longest + 2 * PADDING))
        self.styles.width = width
        self.styles.margin = (self.top, 0, 0, (self.window - width) // 2)
