"""A window that fills the whole terminal hides the machine: then nothing under it is drawn.

A modal screen is see-through by default (the machine shows dimmed around the window), so
Textual lays out and renders the machine under it on every change, even when the window
covers every cell.  :func:`cover_if_full` makes the screen opaque in exactly that case (the
dialogs here are 100 % wide up to a maximum width, and 100 % high), which saves most of the
time it takes to open a help or paytable screen.

Such a window's text scrolls, and its footer says first with which keys
(:data:`SCROLL_BINDINGS`): ↑/↓ a line, PgUp/PgDn a page.
"""

from __future__ import annotations

from typing import Any, ClassVar

from textual import events
from textual.binding import Binding, BindingType
from textual.screen import ModalScreen, Screen

COVERING = "-covering"
"""The CSS class of a window screen that covers the whole terminal (its rule, making the
screen opaque, is in ``dialog.tcss``)."""


def cover_if_full(screen: Screen[Any], max_width: int | None, width: int) -> None:
    """Mark ``screen`` as covering when its dialog (at most ``max_width`` wide) fills
    a terminal ``width`` columns wide."""
    screen.set_class(max_width is None or width <= max_width, COVERING)


SCROLL_BINDINGS: list[BindingType] = [
    # priority: the focused text's own (hidden) arrow keys would otherwise hide these
    Binding("up", "scroll_text('up')", "Scroll", key_display="↑/↓ PgUp/PgDn", priority=True),
    Binding("down", "scroll_text('down')", "Scroll down", show=False, priority=True),
    Binding("pageup", "scroll_text('page_up')", "Page up", show=False, priority=True),
    Binding("pagedown", "scroll_text('page_down')", "Page down", show=False, priority=True),
]
"""The scrolling keys of a window's text, named first in its footer.  A window lists them
before its other keys: once the text has the focus, the footer lists the keys in that
order anyway (the text's own arrow keys come first), and a bar built in the same order
before the focus came needs no rebuilding (a frame and a layout pass less)."""
SCROLLS = {
    "up": "action_scroll_up",
    "down": "action_scroll_down",
    "page_up": "action_page_up",
    "page_down": "action_page_down",
}
"""The scroller's action for each way :meth:`WindowOverMachine.action_scroll_text` scrolls."""


class WindowOverMachine(ModalScreen[None]):
    """A window as wide as the terminal up to :attr:`MAX_WIDTH`, opaque exactly when it
    covers all of it: checked when it is built (:meth:`cover`, from ``compose``), when the
    terminal is resized and whenever it is shown again (a kept window,
    :mod:`~slotterm.tui.screens.kept_screens`, may come back to another size); shown
    again, it is back at the top of its :attr:`SCROLLER`."""

    MAX_WIDTH: ClassVar[int | None] = None
    """The window's widest (``None``: always the whole terminal)."""
    SCROLLER: ClassVar[str | None] = None
    """The selector of the window's scrolling part, if it has one."""

    def action_scroll_text(self, how: str) -> None:
        """Scroll the window's text ``how``: ``"up"``, ``"down"``, ``"page_up"`` or
        ``"page_down"``."""
        if self.SCROLLER is None or how not in SCROLLS:
            return
        getattr(self.query_one(self.SCROLLER), SCROLLS[how])()

    def cover(self, width: int | None = None) -> None:
        """Opaque (or not) for a terminal ``width`` columns wide (default: today's)."""
        cover_if_full(self, self.MAX_WIDTH, self.app.size.width if width is None else width)

    def on_resize(self, event: events.Resize) -> None:
        """Opaque again (or not) for the new width."""
        self.cover(event.size.width)

    def on_screen_resume(self) -> None:
        """Shown (again): opaque or not for today's width, at the top of its text."""
        self.cover()
        if self.SCROLLER is not None:
            self.query_one(self.SCROLLER).scroll_home(animate=False)
