"""Bets in coins on the command line: coins per line and a coin size, checked against a game.

``eval`` and ``simulate`` of a game bet in coins (Lucky Witch) take ``--coins N
--coin-size 0.01``; a ``--jsonl`` request takes ``"coins"`` and ``"coin_size"``.  The
coin size must be one of the game's coin sizes (no operator settings are read here).
Every problem is a :class:`CoinBetError` with a one-line message.
"""

from __future__ import annotations

import re

from slotterm.engine.actions import Bet
from slotterm.engine.model import GameDefinition
from slotterm.money import MoneyFormatError, format_cents, parse_cents

_AMOUNT_TEXT = re.compile(r"[0-9]+(?:\.[0-9]+)?")
"""An amount as text: ASCII digits and at most one ``.``."""


_SIZE = "--coin-size"


class CoinBetError(ValueError):
    """Coins or a coin size that the game does not take; the message says why.

    ``option`` is the command-line option at fault (``--coins`` or ``--coin-size``).
    """

    def __init__(self, message: str, option: str) -> None:
        super().__init__(message)
        self.option = option


def coins_text(coins: int) -> str:
    """A number of coins in words: ``"1 coin"``, ``"2 coins"``."""
    return f"{coins:,} coin{'' if coins == 1 else 's'}"


def shown(value: object) -> str:
    """``repr(value)`` for an error message, cut short when long."""
    text = repr(value)
    return text if len(text) <= 30 else text[:24] + "…"


def parse_coins(game: GameDefinition, coins: object) -> int:
    """Coins per line: a whole number in the game's range."""
    assert game.coins is not None
    low, high = game.coins.coins_per_line
    if isinstance(coins, bool) or not isinstance(coins, int):
        raise CoinBetError(
            f"coins must be a whole number {low}..{high}, got {shown(coins)}", "--coins"
        )
    if not low <= coins <= high:
        raise CoinBetError(f"coins per line must be {low}..{high}, got {shown(coins)}", "--coins")
    return coins


def parse_coin_size(game: GameDefinition, coin_size: object) -> int:
    """A coin size in cents from text such as ``"0.01"`` (or a JSON number): one of the game's."""
    assert game.coins is not None
    sizes = ", ".join(format_cents(c) for c in game.coins.coin_sizes)
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
    if cents not in game.coins.coin_sizes:
        raise CoinBetError(f"coin size must be one of {sizes}, got {shown(text)}", _SIZE)
    return cents


def coin_bet(game: GameDefinition, coins: object, coin_size: object, lines: int) -> Bet:
    """The bet of ``coins`` per line of ``coin_size`` on ``lines`` lines (defaults: the lowest).

    ``None`` for either means the game's lowest (1 coin, the smallest coin size).
    """
    assert game.coins is not None
    count = game.coins.coins_per_line[0] if coins is None else parse_coins(game, coins)
    size = game.coins.coin_sizes[0] if coin_size is None else parse_coin_size(game, coin_size)
    return Bet(count * size, lines, size)
