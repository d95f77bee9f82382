"""One item of a pick game's board: its look (:class:`ItemLook`), its widget
(:class:`PickCell`), the key that picks it (:data:`ITEM_KEYS`), and prizes as the player
reads them (:func:`prize_text`)."""

from __future__ import annotations

from dataclasses import dataclass

from textual.widgets import Static

from slotterm.money import format_cents

ITEM_KEYS = "123456789abc"
"""The key that picks each item directly, in item order."""


@dataclass(frozen=True, slots=True)
class ItemLook:
    """What one item shows: its picture or content (``face``) and its ``state``.

    States (CSS classes ``-<state>``): ``closed``, ``open``, ``chosen``, ``gone`` (out of
    the game, its content shown), ``revealed`` (shown at the end, not taken), ``won``
    (what paid), ``given-up``.
    """

    face: str
    state: str


def prize_text(cents: int, coin_size: int | None) -> str:
    """``"1.20 (120 coins)"``: credits, and coins when the game is bet in coins."""
    if coin_size is None:
        return format_cents(cents)
    coins = cents // coin_size
    return f"{format_cents(cents)} ({coins} coin{'s' if coins != 1 else ''})"


class PickCell(Static):
    """One item on the board: its key, then its face; styled by its state."""

    can_focus = False

    def __init__(self, index: int) -> None:
        super().__init__("", classes="pick-cell")
        self.index = index
        self._shown: tuple[str, str, bool] | None = None

    def show(self, look: ItemLook, *, highlighted: bool) -> None:
        """Draw ``look`` (with the highlight when ``highlighted``)."""
        shown = (look.face, look.state, highlighted)
        if shown == self._shown:
            return
        self._shown = shown
        for state in ("closed", "open", "chosen", "gone", "revealed", "won", "given-up"):
            self.set_class(state == look.state, f"-{state}")
        self.set_class(highlighted, "-highlight")
        self.border_title = ITEM_KEYS[self.index].upper()
        self.update(look.face)
