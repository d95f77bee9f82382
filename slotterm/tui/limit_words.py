"""The operator's limits in the player's words, as the session applies them.

The lobby's cards and the help state the round cap (and the help the free-spin and
gamble limits) that a round starts with: the session's
:class:`~slotterm.engine.actions.Limits`, read from the operator settings, not the game
definition's defaults.  ``limits=None`` (a window shown without a session) keeps the
game's own figures and the general words.
"""

from __future__ import annotations

from slotterm.engine.actions import Limits
from slotterm.engine.model import GameDefinition
from slotterm.money import format_cents


def absolute_cap(game: GameDefinition, limits: Limits | None) -> int | None:
    """The round cap in cents that holds whatever the bet: the operator's ``max_win``
    when set, else the game's own (``None``: the game caps only as a multiple of the bet;
    as :meth:`~slotterm.engine.model.GameDefinition.max_win` decides it)."""
    if limits is not None and limits.max_win is not None:
        return limits.max_win
    return game.max_win_cents


def round_cap_parts(game: GameDefinition, limits: Limits | None) -> tuple[int | None, int | None]:
    """The cap as a multiple of the total bet and in cents (either may be ``None``; a
    round pays at most the smaller)."""
    return game.max_win_x_total_bet, absolute_cap(game, limits)


def round_cap_help(game: GameDefinition, limits: Limits | None) -> str:
    """The help's round cap: ``"5,000 times the total bet"``, ``"5,000 times the total
    bet, and never more than 2.00 in credits"`` or ``"250,000.00 in credits"``."""
    times, cents = round_cap_parts(game, limits)
    words = []
    if times is not None:
        words.append(f"{times:,} times the total bet")
    if cents is not None:
        credits = f"{format_cents(cents)} in credits"
        words.append(f"never more than {credits}" if words else credits)
    return ", and ".join(words)


def free_spin_limit_help(limits: Limits | None) -> str:
    """A sentence (with its leading space) on the operator's limit on what a round's
    features win together, or ``""`` without a session's limits."""
    if limits is None:
        return ""
    if limits.free_spin_limit is None:
        return " Here there is none."
    shown = format_cents(limits.free_spin_limit)
    return f" Here it is {shown}: once their wins pass it, the features end and pay {shown}."


def gamble_limit_help(limits: Limits | None) -> str:
    """The help's sentence on the operator's gamble limit in force (the general words
    without a session's limits)."""
    if limits is None:
        return (
            "Once the win is above the operator's gamble limit the gamble closes and you collect."
        )
    limit = limits.gamble_limit
    if limit is None:
        return "The operator sets no gamble limit here."
    if limit == 0:
        return "Here the operator has switched the gamble off."
    return (
        f"The operator's gamble limit here is {format_cents(limit)}: once the win is above "
        "it the gamble closes and you collect."
    )
