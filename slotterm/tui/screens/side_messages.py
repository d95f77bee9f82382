"""The messages the screens over the machine send it (messages up).

Below :mod:`slotterm.tui.screens.side_screens` and the views that close a gamble of their
own (:mod:`slotterm.tui.features.mystery_bonus_view`), so a view need not import the side
screens (which import the windows, which import the views).
"""

from __future__ import annotations

from textual.message import Message


class SessionChanged(Message):
    """A screen over the machine changed the session: show it again."""


class GambleClosed(Message):
    """The gamble screen (or a pick game's, :mod:`slotterm.tui.features.mystery_bonus_view`)
    closed; ``note`` says how the round ended (``None``: still open)."""

    def __init__(self, note: str | None) -> None:
        super().__init__()
        self.note = note
