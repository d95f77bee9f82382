"""The options (O): quick spin, values in coins or credits, reel stopping order, graphics,
the gamble, odds hints and the bell, remembered per player (:mod:`slotterm.session.preferences`).

Only the options that apply to the game are listed (its bet model's own: values in coins
for a game bet in coins; the gamble for a game that has one); the others keep their
values.  Enter returns the new :class:`~slotterm.session.preferences.Preferences`, Escape ``None``.
"""

from __future__ import annotations

from dataclasses import asdict, fields
from typing import Any

from slotterm.engine.model import GameDefinition
from slotterm.session.preferences import Preferences
from slotterm.tui.bet_views import bet_view
from slotterm.tui.screens.choice_dialog import ChoiceDialog, ChoiceRow, on_off

WORDS = {
    "left-to-right": "left to right",
    "all-together": "all together",
    "enhanced": "enhanced (animated)",
    "basic": "basic (no animation)",
}
"""How the options' words are shown."""


def _word(value: Any) -> str:
    return WORDS.get(str(value), str(value))


def option_rows(game: GameDefinition) -> list[ChoiceRow]:
    """The options that apply to ``game``, in the order shown."""
    rows = [
        ChoiceRow(name="quick_spin", label="Quick spin", choices=(False, True), show=on_off),
        ChoiceRow(
            name="quick_free_spins",
            label="Quick spin in free spins",
            choices=(False, True),
            show=on_off,
        ),
    ]
    rows += bet_view(game).option_rows()  # a coin game's unit of the amounts
    rows += [
        ChoiceRow(
            name="stop_order",
            label="Reel stopping order",
            choices=("left-to-right", "all-together"),
            show=_word,
        ),
        ChoiceRow(name="graphics", label="Graphics", choices=("enhanced", "basic"), show=_word),
    ]
    if game.gamble:
        rows.append(
            ChoiceRow(name="gamble", label="Gamble after a win", choices=(True, False), show=on_off)
        )
    rows.append(
        ChoiceRow(
            name="odds_hints", label="Odds hints in pick games", choices=(True, False), show=on_off
        )
    )
    rows.append(
        ChoiceRow(
            name="bell",
            label="Bell on big wins and features",
            choices=(False, True),
            show=on_off,
        )
    )
    return rows


class OptionsScreen(ChoiceDialog[Preferences]):
    """The options of ``game`` as ``preferences`` hold them."""

    dialog_title = "Options"
    confirm_word = "keep these options"

    def __init__(self, game: GameDefinition, preferences: Preferences) -> None:
        super().__init__(
            option_rows(game),
            asdict(preferences),
            note="Remembered for your next games. None of them changes any outcome.",
        )

    def result(self) -> Preferences:
        """The options as chosen."""
        names = {f.name for f in fields(Preferences)}
        return Preferences(**{k: v for k, v in self.values.items() if k in names})
