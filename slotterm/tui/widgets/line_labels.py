"""The line numbers beside the reels: each line's number on both sides, in its look.

A number is lit while every active line is drawn (``lit``) and it is one of them, or while
its own line is shown (``shown``); else it looks active when the line is played, idle
when not (:class:`~slotterm.tui.widgets.paylines.LabelLook`).
"""

from __future__ import annotations

from rich.segment import Segment

from slotterm.tui.widgets.paylines import LabelLook, LabelPlace, label_style
from slotterm.tui.widgets.reel_layout import LABEL_WIDTH

__all__ = ["line_labels"]


def line_labels(
    places: list[LabelPlace], active: int, lit: bool, shown: int | None, mono: bool
) -> dict[tuple[int, int], Segment]:
    """The number of each line at its ``places`` (left and right), by position: ``active``
    lines are played, ``lit`` all of them drawn, ``shown`` the line drawn alone (or
    ``None``); ``mono`` without colour."""
    labels: dict[tuple[int, int], Segment] = {}
    for place in places:
        number = place.number
        is_lit = (lit and number <= active) or number == shown
        look = LabelLook.LIT if is_lit else LabelLook.ACTIVE if number <= active else LabelLook.IDLE
        style = label_style(number, look, mono)
        labels[place.left] = Segment(f"{number:>{LABEL_WIDTH}}", style)
        labels[place.right] = Segment(f"{number:<{LABEL_WIDTH}}", style)
    return labels
