"""A pick game's own words for the help and the paytable (each pick game's screen has them).

The Mystery bonus's help section lists its pick games by :meth:`PickHelp.help_item`, the
coin paytable by :meth:`PickHelp.paytable_rule` (with the prizes at the bet); a game whose
return depends on how it is played says so by :meth:`PickHelp.rtp_condition`.  Every text
is written from the pick game's own table, so a changed table changes the text.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar

from slotterm.engine.actions import Bet
from slotterm.money import format_cents


def times_total_bet(values: Iterable[int], bet: Bet) -> str:
    """``"1×, 2×, 5× the total bet, at most 0.75 now"``."""
    ordered = sorted(values)
    top = format_cents(ordered[-1] * bet.total) if ordered else "0.00"
    return ", ".join(f"{v}×" for v in ordered) + f" the total bet, at most {top} now"


class PickHelp:
    """The help hooks of a pick game's screen (``game`` is the engine's pick game)."""

    game_name: ClassVar[str] = ""
    story: ClassVar[str] = ""

    @classmethod
    def help_item(cls, game: Any) -> str:
        """The pick game in a sentence or two: a list item of the bonus's help section."""
        return f"**{game.title}**: {cls.story}"

    @classmethod
    def paytable_rule(cls, game: Any, bet: Bet) -> str:
        """The pick game and its prizes at ``bet``, a line of the coin paytable."""
        return f"• {game.title}: {cls.story}"

    @classmethod
    def rtp_condition(cls, game: Any) -> str:
        """How the game must be played for the published return ("" if any way will do)."""
        return ""
