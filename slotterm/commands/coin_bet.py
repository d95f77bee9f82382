"""Bets in coins on the command line: coins per line and a coin size, checked against a game.

``eval`` and ``simulate`` of a game bet in coins
(:class:`~slotterm.engine.bet_model.CoinsPerLine`) take ``--coins N --coin-size 0.01``; a
``--jsonl`` request takes ``"coins"`` and ``"coin_size"`` (:mod:`slotterm.commands.bet_inputs`).
The coin size must be one of the game's coin sizes (no operator settings are read here).
Every problem is a :class:`CoinBetError` with a one-line message.
"""

from __future__ import annotations

import re

from slotterm.commands.bet_input_error import BetInputError
from slotterm.engine.actions import Bet
from slotterm.engine.bet_model import CoinsPerLine
from slotterm.engine.model import GameDefinition
from slotterm.money import MoneyFormatError, format_cents, parse_cents

_AMOUNT_TEXT = re.compile(r"[0-9]+(?:\.[0-9]+)?")
"""An amount as text: ASCII digits and at most one ``.``."""


_SIZE = "--coin-size"


class CoinBetError(BetInputError):
    """Coins or a coin size that the game does not take; the message says why.

    ``option`` is the command-line option at fault (``--coins`` or ``--coin-size``).
    """


def coin_model(game: GameDefinition) -> CoinsPerLine:
    """The game's bet in coins (these inputs are asked only of a game bet in coins)."""
    model = game.bet_model
    if not isinstance(model, CoinsPerLine):
        raise CoinBetError(f"{game.id} is not bet in coins", "--coins")
    return model


def coins_text(coins: int) -> str:
    """A number of coins in words: ``"1 coin"``, ``"2 coins"``."""
    return f"{coins:,} coin{'' if coins == 1 else 's'}"


def shown(value: object) -> str:
    """``repr(value)`` for an error message, cut short when long."""
    text = repr(value)
    return text if len(text) <= 30 else text[:24] + "…"


def parse_coins(game: GameDefinition, coins: object) -> int:
    """Coins per line: a whole number in the game's range."""
    low, high = coin_model(game).coins_per_line
    if isinstance(coins, bool) or not isinstance(coins, int):
        raise CoinBetError(
            f"coins must be a whole number {low}..{high}, got {shown(coins)}", "--coins"
        )
    if not low <= coins <= high:
        raise CoinBetError(f"coins per line must be {low}..{high}, got {shown(coins)}", "--coins")
    return coins


def parse_coin_size(game: GameDefinition, coin_size: object) -> int:
    """A coin size in cents from text such as ``"0.01"`` (or a JSON number): one of the game's."""
    offered = coin_model(game).coin_sizes
    sizes = ", ".join(format_cents(c) for c in offered)
    if isinstance(coin_size, bool) or not isinstance(coin_size, str | int | float):
        raise CoinBetError(
            f'coin size must be text such as "0.01", got {shown(coin_size)}', "--coin-size"
        )
    text = coin_size if isinstance(coin_size, str) else str(coin_size)
    if not _AMOUNT_TEXT.fullmatch(text):
        raise CoinBetError(f"coin size: not an amount: {shown(text)} (one of {sizes})", _SIZE)
    try:
        cents = parse_cents(text)
    except MoneyFormatError:
        raise CoinBetError(
            f"coin size: {shown(text)} is not an amount in cents (one of {sizes})", _SIZE
        ) from None
    if cents not in offered:
        raise CoinBetError(f"coin size must be one of {sizes}, got {shown(text)}", _SIZE)
    return cents


def coin_bet(game: GameDefinition, coins: object, coin_size: object, lines: int) -> Bet:
    """The bet of ``coins`` per line of ``coin_size`` on ``lines`` lines (defaults: the lowest).

    ``None`` for either means the game's lowest (1 coin, the smallest coin size).
    """
    model = coin_model(game)
    count = model.coins_per_line[0] if coins is None else parse_coins(game, coins)
    size = model.coin_sizes[0] if coin_size is None else parse_coin_size(game, coin_size)
    return Bet(count * size, lines, size)
