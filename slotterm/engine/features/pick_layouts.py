"""How a pick game draws its hidden layout, and the draws a tester's forced layout needs.

A pick game (:mod:`.pick_game`) draws its whole layout when it starts: amounts by their
integer weights (:func:`draw_weighted`), items in a random order (:func:`shuffled`).  A
tester may force a layout (the detail of ``--force NAME:DETAIL``); the game reads it with
:func:`layout_items` and :func:`layout_amount` (a bad one is a :class:`LayoutError`) and
turns it into the single :class:`Draw` s that make the same drawing give it
(:func:`ticket_for`, :func:`shuffle_draws`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, NamedTuple

from slotterm.engine.fast_init import strict_tuple

if TYPE_CHECKING:
    from slotterm.rng import RandomSource

Table = Mapping[int, int]
"""Amount (a multiple of the total bet) -> its integer weight."""

Content = int | str
"""What an item hides: an amount (total bets), or a special's name (Magic Potion)."""


def draw_weighted(rng: RandomSource, table: Table) -> int:
    """One amount of ``table`` drawn by its integer weights (one ``randbelow`` of the total)."""
    ticket = rng.randbelow(sum(table.values()))
    for amount, weight in table.items():
        if ticket < weight:
            return amount
        ticket -= weight
    raise AssertionError("a ticket below the total always falls in the table")  # pragma: no cover


def ticket_for(table: Table, amount: int) -> int:
    """The first ticket :func:`draw_weighted` turns into ``amount`` (one of ``table``'s)."""
    ticket = 0
    for value, weight in table.items():
        if value == amount:
            return ticket
        ticket += weight
    raise KeyError(amount)


def shuffled(rng: RandomSource, items: Sequence[Content]) -> tuple[Content, ...]:
    """``items`` in a uniformly random order (Fisher-Yates, one ``randbelow`` per item but one)."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j = rng.randbelow(i + 1)
        out[i], out[j] = out[j], out[i]
    return tuple(out)


def shuffle_draws(items: Sequence[Content], order: Sequence[Content]) -> tuple[Draw, ...]:
    """The draws that make :func:`shuffled` put ``items`` in ``order`` (the same items).

    Fisher-Yates read backwards: each place from the last takes an item still unplaced
    that ``order`` wants there.
    """
    out = list(items)
    draws = []
    for i in range(len(out) - 1, 0, -1):
        j = next(k for k in range(i + 1) if out[k] == order[i])
        draws.append(Draw(i + 1, j))
        out[i], out[j] = out[j], out[i]
    return tuple(draws)


# --- a tester's layout -----------------------------------------------------------------------


class LayoutError(ValueError):
    """A layout a tester asked for that is not a possible draw of the game (one line)."""


@strict_tuple
class Draw(NamedTuple):
    """One single draw a forced layout needs: ``randbelow(bound)`` gives ``value``."""

    bound: int
    value: int


def layout_items(text: str, count: int, what: str) -> list[str]:
    """The ``count`` comma-separated items of ``text``, or a :class:`LayoutError`."""
    items = [item.strip() for item in text.split(",")]
    if not all(items):
        raise LayoutError(f"needs {count} {what}, one between each two commas (one is empty)")
    if len(items) != count:
        raise LayoutError(f"needs {count} {what}, got {len(items)}")
    return items


def layout_amount(item: str, allowed: Sequence[int], what: str) -> int:
    """``item`` as one of the ``allowed`` amounts (total bets), or a :class:`LayoutError`."""
    if not (item.isascii() and item.isdigit()) or len(item) > 9 or int(item) not in allowed:
        shown = item if len(item) <= 12 else item[:10] + "…"
        known = ", ".join(map(str, sorted(set(allowed))))
        raise LayoutError(f"{shown!r} is not {what} (one of: {known})")
    return int(item)
