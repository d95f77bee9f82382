"""The pick screens' keys: their bindings, which of them work in each state of the
screen, and the note the screen closes with (:mod:`slotterm.tui.features.pick_screen`).

The states, and what the keys do in each:

* at rest, an item may be taken: the arrows move, Enter / Space open the highlighted
  item, an item's key opens it;
* a reveal runs (an item opening, the items not taken showing what they held, the final
  reveal): Enter / Space or an item's key only skip it (footer: "Enter Skip"), the
  arrows still move (moving picks nothing);
* a hold runs (after a skip, and at the end whether skipped or not): no key picks or
  goes back, the arrows still move while an item may be taken;
* at rest, the game over: Enter / Space go back to the reels.

Q quits in every state.
"""

from __future__ import annotations

from collections.abc import Callable

from textual.binding import Binding, BindingType

from slotterm.money import format_cents
from slotterm.tui.features.pick_cell import ITEM_KEYS
from slotterm.tui.keymap import both_cases

PICK_BINDINGS: list[BindingType] = [
    Binding("left", "move(-1)", "Move", key_display="←→↑↓"),
    Binding("right", "move(1)", "Move", show=False),
    Binding("up", "move_row(-1)", "Move", show=False),
    Binding("down", "move_row(1)", "Move", show=False),
    Binding("enter,space", "skip", "Skip", key_display="Enter"),
    Binding("enter,space", "open_highlighted", "Open", key_display="Enter"),
    Binding("enter,space", "back", "Back to the reels", key_display="Enter"),
    *(
        Binding(both_cases(key), f"pick({i})", f"Pick {key}", show=False)
        for i, key in enumerate(ITEM_KEYS)
    ),
    Binding(both_cases("q"), "quit", "Quit", key_display="Q"),
]
"""Every pick screen's keys (a game may add its own)."""

MOVE_ACTIONS = frozenset({"move", "move_row"})
"""The actions that move the highlight (they never pick)."""


def key_works(action: str, *, busy: bool, holding: bool, over: bool, can_take: bool) -> bool | None:
    """Whether the key bound to ``action`` works now (``None``: not one of the keys above).

    ``busy``: a scene runs; ``holding``: that scene is a hold; ``over``: the game has
    paid; ``can_take``: an item may be taken (the game's own rules)."""
    revealing = busy and not holding
    if action == "skip":
        return revealing
    if action == "back":
        return over and not busy
    if action == "open_highlighted":
        return not busy and not over and can_take
    if action in MOVE_ACTIONS:
        return not over and can_take
    if action == "pick":
        return not over and (revealing or (not busy and can_take))
    if action == "quit":
        return True
    return None


def paid_note(title: str, prize: int, multiple: int | None, total_bet: int) -> str:
    """What a pick game paid, for the machine's message line: "Spell Book paid 15× bet:
    11.25." (``prize`` in cents; the amount alone when a cap cut it below ``multiple``
    total bets, or the multiple is not known)."""
    paid = format_cents(prize)
    if multiple is not None and multiple * total_bet == prize:
        return f"{title} paid {multiple}× bet: {paid}."
    return f"{title} paid {paid}."


def following(highlight: int, choices: list[int]) -> int:
    """The highlight on to the next item of ``choices`` (kept when it is on one, or there
    are none)."""
    if not choices or highlight in choices:
        return highlight
    after = [i for i in choices if i > highlight]
    return after[0] if after else choices[0]


def moved(
    highlight: int, choices: list[int], count: int, nxt: Callable[[int], int], *, forward: bool
) -> int:
    """The highlight moved by ``nxt`` (over ``count`` items) to the nearest of ``choices``
    (the first or, going back, the last when ``nxt`` finds none)."""
    spot = highlight
    for _ in range(count):
        spot = nxt(spot)
        if spot in choices:
            return spot
    return choices[0 if forward else -1]
