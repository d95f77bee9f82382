"""The bet ``eval`` and ``simulate`` take, by the game's bet model.

The bet models are :mod:`slotterm.engine.bet_model`'s.

Each bet model has its :class:`BetInputs`: the options and ``--jsonl`` request fields it
takes (``--bet``; ``--coins`` and ``--coin-size``) and how they make a bet.  A game's are
found by its model's :attr:`~slotterm.engine.bet_model.BetModel.kind` in
:data:`BET_INPUTS`; a new bet model adds one entry.  Every problem is a
:class:`~slotterm.commands.bet_input_error.BetInputError` with a one-line message.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from slotterm.commands.bet_input_error import BetInputError
from slotterm.commands.coin_bet import coin_bet, shown
from slotterm.engine.actions import Bet
from slotterm.engine.model import GameDefinition
from slotterm.money import MoneyFormatError, parse_cents

DEFAULT_BET = "0.10"
"""``eval``'s bet per line when none is given."""

_AMOUNT_TEXT = re.compile(r"[0-9]+(?:\.[0-9]+)?")
"""A bet as text: ASCII digits and at most one ``.`` (not ``" 1 "``, ``1,5`` or ``١``)."""

Values = Mapping[str, object]
"""The inputs given, by field name."""


@dataclass(frozen=True)
class BetInputs:
    """What one bet model takes on the command line and in a request.

    ``options`` are ``(field, flag)`` pairs: the request field (and the parsed
    arguments' attribute) and its command-line option; ``refused`` ends the sentence
    telling a game of another model that it does not take them (``"is not bet in
    coins"``); ``parse`` makes the bet on ``lines`` lines from the values given (a field
    left out takes the model's default: ``eval``'s 0.10 per line, the fewest coins of the
    smallest size).
    """

    options: tuple[tuple[str, str], ...]
    refused: str
    parse: Callable[[GameDefinition, Values, int], Bet]

    @property
    def fields(self) -> frozenset[str]:
        """The request fields."""
        return frozenset(name for name, _ in self.options)

    def given(self, values: Values) -> list[str]:
        """The options of these inputs given in ``values``."""
        return [flag for name, flag in self.options if is_given(values.get(name))]


def is_given(value: object) -> bool:
    """True for a value given: anything but ``None`` and an option's ``False`` (``0`` is)."""
    return value is not None and value is not False


def parse_bet(bet: object) -> int:
    """Bet per line in cents from text such as ``"0.10"`` (or a JSON number)."""
    if isinstance(bet, bool) or not isinstance(bet, str | int | float):
        raise BetInputError(f'bet must be an amount such as "0.10", got {shown(bet)}', "--bet")
    if isinstance(bet, str) and not _AMOUNT_TEXT.fullmatch(bet):
        raise BetInputError(f"bet: not an amount: {shown(bet)} (expected e.g. 0.10 or 2)", "--bet")
    try:
        cents = parse_cents(str(bet))
    except MoneyFormatError as exc:
        raise BetInputError(f"bet: {exc}", "--bet") from None
    if cents < 1:
        raise BetInputError("bet per line must be at least 0.01", "--bet")
    return cents


def _per_line_bet(game: GameDefinition, values: Values, lines: int) -> Bet:
    bet = values.get("bet", DEFAULT_BET)  # a request's null is refused, not the default
    return Bet(bet_per_line=parse_bet(bet), lines=lines)


def _coin_bet(game: GameDefinition, values: Values, lines: int) -> Bet:
    return coin_bet(game, values.get("coins"), values.get("coin_size"), lines)


BET_INPUTS: dict[str, BetInputs] = {
    "per_line": BetInputs(
        options=(("bet", "--bet"),), refused="is not bet per line", parse=_per_line_bet
    ),
    "coins": BetInputs(
        options=(("coins", "--coins"), ("coin_size", "--coin-size")),
        refused="is not bet in coins",
        parse=_coin_bet,
    ),
}
"""Every bet model's inputs, by its kind."""


def bet_inputs(game: GameDefinition) -> BetInputs:
    """The inputs of the game's bet model."""
    return BET_INPUTS[game.bet_model.kind]


def other_bet_inputs(game: GameDefinition) -> list[BetInputs]:
    """The inputs of every other bet model (given to this game, they are refused)."""
    mine = bet_inputs(game)
    return [inputs for inputs in BET_INPUTS.values() if inputs is not mine]
