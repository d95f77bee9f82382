"""The Pumpkin pick game's screen (:mod:`slotterm.engine.features.pick_games.pumpkin`).

Five pumpkins; the player opens one, sees its amount, then keeps it (Y) or gives it up to
open another (N) while pick-agains are left.  The odds hint (on by default, switched in
the options) says what picking again is worth on average with best play
(:func:`~slotterm.engine.features.pick_games.pumpkin.keep_thresholds`) against the amount
in hand.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, ClassVar, cast

from textual.binding import Binding, BindingType

from slotterm.bet_words import times_bet, times_bet_list
from slotterm.engine.actions import Bet
from slotterm.engine.features.pick_games.pumpkin import NAME, Keep, PickAgain, Pumpkin
from slotterm.money import format_cents
from slotterm.tui.art.pick_items import CLOSED, OPEN
from slotterm.tui.features.pick_cell import ItemLook
from slotterm.tui.features.pick_help import PickHelp, times_total_bet
from slotterm.tui.features.pick_screen import PickScreen
from slotterm.tui.keymap import both_cases
from slotterm.tui.shell_hooks import preferences_of


def hints_on(app: object) -> bool:
    """The player's "odds hints" option (on when the app keeps no options)."""
    return preferences_of(app).odds_hints  # type: ignore[arg-type]


class PumpkinScreen(PickScreen, PickHelp):
    """Open a pumpkin, then keep it or pick again."""

    game_name = NAME
    columns = 5
    extra_lines = 3  # the odds hint
    story = (
        "Open a pumpkin to see what it holds, then keep it or give it up and open another. "
        "An amount given up is lost; once no pick-agains are left, the next pumpkin is yours."
    )
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(both_cases("y"), "keep", "Keep", key_display="Y"),
        Binding(both_cases("n"), "pick_again", "Pick again", key_display="N"),
    ]

    @classmethod
    def help_item(cls, game: Any) -> str:
        """Keep a pumpkin, or give it up for another."""
        return (
            f"**{game.title}**: open a pumpkin and see its amount, then keep it or give it up "
            f"to try another, at most {game.give_ups} times. A given-up amount is gone for good."
        )

    @classmethod
    def paytable_rule(cls, game: Any, bet: Bet) -> str:
        """The pumpkins, their amounts at ``bet`` and the give-ups."""
        return (
            f"• {game.title}: {game.pumpkins} pumpkins, each hiding an amount "
            f"({times_total_bet(game.amounts, bet)}). Open one and see it: keep it, or give it "
            f"up and open another, at most {game.give_ups} times; the last one opened is "
            "kept. An amount given up is gone."
        )

    @classmethod
    def rtp_condition(cls, game: Any) -> str:
        """The return counts on keeping and giving up at the best thresholds."""
        return f"when the {game.title} is played as well as it can be"

    @property
    def pumpkin(self) -> Pumpkin:
        """The game's rules."""
        return cast(Pumpkin, self.game)  # the screen is found by the game's name

    def left(self, record: Any) -> int:
        """Pick-agains not used yet."""
        return self.pumpkin.give_ups - int(record.given_up)

    def looks(self, record: Any, *, reveal: bool) -> list[ItemLook]:
        """Given-up pumpkins struck out, the open (or kept) one, the rest shown at the end."""
        looks = []
        current = record.opened[-1] if len(record.opened) > record.given_up else None
        for i, amount in enumerate(record.layout):
            if i == current:
                state = "won" if record.kept else "open"
                looks.append(self.amount_look(OPEN, state, amount))
            elif i in record.opened:
                looks.append(ItemLook(OPEN, "given-up", (f"{amount}× bet", "given up")))
            elif reveal:
                looks.append(self.amount_look(CLOSED, "revealed", amount))
            else:
                looks.append(ItemLook(CLOSED, "closed"))
        return looks

    def selectable(self, record: Any) -> list[int]:
        """Unopened pumpkins while none is open."""
        if record.kept or self.pumpkin.deciding(record):
            return []
        return self.game.untaken(record.opened)

    def status(self, record: Any) -> str:
        """The amount in hand and the pick-agains left."""
        left = self.left(record)
        agains = f"Pick-agains left: {left} of {self.pumpkin.give_ups}."
        if self.pumpkin.deciding(record):
            amount = record.layout[record.opened[-1]]
            return f"In hand: {self.money(amount)}.  {agains}"
        if left == 0:
            return f"{agains}  The next pumpkin you open is yours."
        return agains

    def instructions(self, record: Any) -> str:
        """Y / N while a pumpkin is open."""
        if self.pumpkin.deciding(record):
            return "Y keeps this pumpkin.  N gives it up and opens another."
        return super().instructions(record)

    def going_on(self, record: Any) -> Fraction:
        """What picking again is worth on average with best play, in total bets."""
        return self.pumpkin.thresholds["best"][self.left(record) - 1]

    def hint(self, record: Any) -> str:
        """Picking again, on average with best play, against the amount in hand."""
        if not self.pumpkin.deciding(record) or self.left(record) < 1 or not hints_on(self.app):
            return ""
        value = self.going_on(record)
        cents = round(value * self.total_bet)
        amount = record.layout[record.opened[-1]]
        better = "picking again" if value > amount else "keeping"
        return (
            f"Odds hint: picking again is worth {float(value):.2f}× bet (about "
            f"{format_cents(cents)}) on average with best play; you hold {amount}× bet.  "
            f"On average, {better} pays more."
        )

    def end_text(self, record: Any) -> str:
        """The pumpkin kept."""
        amount = record.layout[record.opened[-1]]
        return f"You keep the pumpkin with {amount}× bet."

    def game_key_works(self, action: str) -> bool:
        """Y and N only while an opened pumpkin (its amount shown) awaits the decision."""
        if action in ("keep", "pick_again"):
            return not self.presenter.busy and self.pumpkin.deciding(self.record)
        return super().game_key_works(action)

    def action_keep(self) -> None:
        """Keep the open pumpkin."""
        self.take(Keep())

    def action_pick_again(self) -> None:
        """Give up the open pumpkin and open another."""
        self.take(PickAgain())

    @classmethod
    def replay_lines(cls, record: Any, total_bet: int) -> tuple[str, ...]:
        """The pumpkins opened (given up, kept), and all five."""
        opened = [f"{i + 1} ({times_bet(record.layout[i])})" for i in record.opened]
        lines = [f"Opened: {', '.join(opened) or 'none'}; given up: {record.given_up}."]
        if record.kept:
            lines.append(f"The pumpkins held: {times_bet_list(record.layout)}.")
        return tuple(lines)
