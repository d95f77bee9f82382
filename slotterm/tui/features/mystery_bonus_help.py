"""The Mystery bonus's part of the help (its view's :meth:`help_section`), from its rules:
where its symbol stands, what starts it and its cap, with its pick games in their own
words (:class:`~slotterm.tui.features.pick_help.PickHelp`, given by the view)."""

from __future__ import annotations

from collections.abc import Sequence

from slotterm.engine.features.mystery_bonus import MysteryBonus
from slotterm.engine.model import GameDefinition
from slotterm.tui.features.view import HelpSection

FREE_SPINS = "free_spins"
"""The free spins' feature name: a bonus won in one is played before the next."""


def _reels(reels: tuple[int, ...]) -> str:
    names = [str(r) for r in reels]
    return ", ".join(names[:-1]) + f" and {names[-1]}" if len(names) > 1 else names[0]


def bonus_help(
    game: GameDefinition, rule: MysteryBonus, games: Sequence[str], conditions: Sequence[str]
) -> HelpSection:
    """The bonus's help section; ``games``: each pick game's item, ``conditions``: how they
    must be played for the published return."""
    name = game.symbol_index[rule.symbol].name
    reels = _reels(rule.reels)
    on_reels = {r for r, strip in enumerate(game.base_reels, 1) if rule.symbol in strip}
    where = (
        f"The **{name}** appears only on reels {reels}. A {name} on each of those reels"
        if on_reels <= set(rule.reels)
        else f"A **{name}** on each of reels {reels}"
    )
    in_free = any(f.name == FREE_SPINS for f in game.features)
    when = (
        " in the base game or in a free spin (a bonus won in a free spin is played before "
        "the next free spin)"
        if in_free
        else ""
    )
    cap = f"; one bonus pays at most {rule.cap_coins:,} coins" if rule.cap_coins else ""
    chances = "with equal chances" if len(rule.games) > 1 else ""
    items = [
        f"{where} at the same time starts the **Mystery bonus**{when}. The {name} pays "
        "nothing by itself.",
        f"The bonus is one of {len(rule.games)} pick games, drawn at random {chances}. Every "
        f"prize is a multiple of the total bet{cap}.".replace(" .", "."),
        *(f"  - {item}" for item in games),
    ]
    return HelpSection(
        heading=f"The {name}: the Mystery bonus",
        text="\n".join(item if item.startswith("  - ") else f"- {item}" for item in items),
        keys="stir the cauldron",
        won="a Mystery bonus is won",
        autoplay="at a Mystery bonus (the picks are yours)",
        resume="A pick game comes back with the same picks; a step left before its show "
        "ended (a bonus's last item opening) is told on the message line; a pick game left "
        "unfinished for more than 90 days is played by its best choices.",
        rtp=" and ".join(conditions),
    )
