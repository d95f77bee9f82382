"""A window that fills the whole terminal hides the machine: then nothing under it is drawn.

A modal screen is see-through by default (the machine shows dimmed around the window), so
Textual lays out and renders the machine under it on every change, even when the window
covers every cell.  :func:`cover_if_full` makes the screen opaque in exactly that case (the
dialogs here are 100 % wide up to a maximum width, and 100 % high), which saves most of the
time it takes to open a help or paytable screen.
"""

from __future__ import annotations

from typing import Any

from textual.screen import Screen

COVERING = "-covering"
"""The CSS class of a window screen that covers the whole terminal (its rule, making the
screen opaque, is in ``dialog.tcss``)."""


def cover_if_full(screen: Screen[Any], max_width: int | None, width: int) -> None:
    """Mark ``screen`` as covering when its dialog (at most ``max_width`` wide) fills
    a terminal ``width`` columns wide."""
    screen.set_class(max_width is None or width <= max_width, COVERING)
