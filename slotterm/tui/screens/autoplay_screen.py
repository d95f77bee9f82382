"""The autoplay settings (A in a game whose bonus starts pick games; G in every game):
how many spins, the pause between them, the stop conditions, and whether to start
without this dialog.

Amounts step through multiples of the current total bet (a remembered amount that is not
one of them is kept among the choices).  Enter returns the
:class:`~slotterm.session.autoplay_settings.AutoplaySettings` to start with, Escape
``None``.
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from slotterm.engine.model import GameDefinition
from slotterm.money import format_cents
from slotterm.session.autoplay_settings import PAUSE_CHOICES, SPIN_CHOICES, AutoplaySettings
from slotterm.tui.autoplay_control import asks_first
from slotterm.tui.screens.choice_dialog import ChoiceDialog, ChoiceRow, on_off

BET_MULTIPLES = (5, 10, 25, 50, 100, 250, 500)
"""The amounts offered for the money conditions, in total bets."""


def amount_choices(total_bet: int, current: int | None) -> tuple[int | None, ...]:
    """``None`` (off), then multiples of the bet, with ``current`` kept among them."""
    amounts = {total_bet * n for n in BET_MULTIPLES}
    if current is not None:
        amounts.add(current)
    return (None, *sorted(amounts))


def _amount(value: Any) -> str:
    return "off" if value is None else format_cents(int(value))


def _spins(value: Any) -> str:
    return "until stopped" if value is None else f"{value} spins"


def _pause(value: Any) -> str:
    return f"{float(value):g} s"


def autoplay_rows(
    settings: AutoplaySettings, total_bet: int, game: GameDefinition
) -> list[ChoiceRow]:
    """The settings in the order shown, amounts offered at ``total_bet``.

    "Stop on a feature" and "start without this dialog" only in a game whose autoplay
    key opens this dialog (DESIGN §2); in the other games autoplay always stops
    when free spins are won and its A starts at once (§1), so the rows would do nothing
    there (the remembered values stand, for the other games).
    """
    rows = [
        ChoiceRow(name="spins", label="Number of spins", choices=SPIN_CHOICES, show=_spins),
        ChoiceRow(name="pause", label="Seconds between spins", choices=PAUSE_CHOICES, show=_pause),
        ChoiceRow(
            name="stop_on_any_win", label="Stop on any win", choices=(False, True), show=on_off
        ),
        ChoiceRow(
            name="stop_on_win_at_least",
            label="Stop if a win is at least",
            choices=amount_choices(total_bet, settings.stop_on_win_at_least),
            show=_amount,
        ),
        ChoiceRow(
            name="stop_on_credits_up",
            label="Stop if credits rise by",
            choices=amount_choices(total_bet, settings.stop_on_credits_up),
            show=_amount,
        ),
        ChoiceRow(
            name="stop_on_credits_down",
            label="Stop if credits fall by",
            choices=amount_choices(total_bet, settings.stop_on_credits_down),
            show=_amount,
        ),
    ]
    if asks_first(game):
        rows += [
            ChoiceRow(
                name="stop_on_feature",
                label="Stop on a feature",
                choices=(True, False),
                show=on_off,
            ),
            ChoiceRow(
                name="skip_dialog",
                label="Start without showing this dialog",
                choices=(False, True),
                show=on_off,
            ),
        ]
    return rows


def always_note(game: GameDefinition) -> str:
    """What stops autoplay whatever the settings, for ``game``."""
    picks = any(feature.parts() for feature in game.features)
    needs = "at the Mystery bonus (you pick), " if picks else ""
    if not asks_first(game):
        needs += "when free spins are won, "
    return (
        f"Autoplay always stops {needs}when the credits cannot cover the bet, and when you "
        "press the autoplay key again. It plays at the current bet."
    )


class AutoplayScreen(ChoiceDialog[AutoplaySettings]):
    """The autoplay settings of ``game``, amounts at ``total_bet``."""

    dialog_title = "Autoplay settings"
    confirm_word = "start autoplay"

    def __init__(self, game: GameDefinition, settings: AutoplaySettings, total_bet: int) -> None:
        super().__init__(
            autoplay_rows(settings, total_bet, game), asdict(settings), always_note(game)
        )

    def result(self) -> AutoplaySettings:
        """The settings as chosen."""
        return AutoplaySettings(**self.values)
