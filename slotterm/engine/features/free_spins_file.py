"""The free spins' table in a game file (DESIGN.md §7): read, checked, written.

``free_spins = {award, trigger, retrigger, win_multiplier}``; the strips are the file's
``reels.free``.  ``retrigger`` (default 0) and ``win_multiplier`` (default 1: wins are not
multiplied) may be left out; ``win_multiplier`` is written only when it is not 1.

A retrigger that makes the feature endless on average is refused.  With ``q`` the exact
chance that a free spin shows ``trigger`` scatters or more (counted over every stop of
the free strips, :mod:`slotterm.engine.scatter_odds`, as a fraction), each spin played
awards ``q × retrigger`` spins on average; the number of spins a feature plays has a
finite mean (``award / (1 - q × retrigger)``) only when that is below 1.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from slotterm.engine.scatter_odds import chance_of_at_least

if TYPE_CHECKING:
    from slotterm.engine.feature import Json
    from slotterm.engine.file_table import FileContext, FileTable

MAX_AWARD = 1000
"""The most free spins a game file may award at once (a sanity bound)."""

MAX_WIN_MULTIPLIER = 1000
"""The largest win multiplier a game file may give the free spins."""


def read_table(table: FileTable, context: FileContext, reel_set: str) -> dict[str, Any]:
    """The free spins' settings from their ``table`` (keyword arguments of ``FreeSpins``)."""
    award = table.integer("award", low=1, high=MAX_AWARD)
    trigger = table.integer("trigger", low=1, high=context.reels * context.rows)
    retrigger = table.integer("retrigger", low=0, high=MAX_AWARD, default=0)
    win_multiplier = table.integer("win_multiplier", low=1, high=MAX_WIN_MULTIPLIER, default=1)
    table.close()
    scatters = context.scatters()
    if not scatters:
        table.fail("free spins need a scatter symbol to trigger them")
    strips = context.reel_set(reel_set, table.where)
    if retrigger:
        chance = chance_of_at_least(strips, scatters, context.rows, trigger)
        if chance * retrigger >= 1:
            table.fail(
                f"{retrigger} more spins on a retrigger (chance {float(chance):.4g} a spin) "
                f"make the feature endless on average: {float(chance * retrigger):.3g} spins "
                "won per spin played, which must be below 1",
                "retrigger",
            )
    return {
        "award": award,
        "trigger": trigger,
        "retrigger": retrigger,
        "strips": strips,
        "win_multiplier": win_multiplier,
    }


def write_table(award: int, trigger: int, retrigger: int, win_multiplier: int) -> Json:
    """The table :func:`read_table` reads back."""
    table: Json = {"award": award, "trigger": trigger, "retrigger": retrigger}
    if win_multiplier != 1:
        table["win_multiplier"] = win_multiplier
    return table
