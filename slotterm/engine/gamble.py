"""The double-or-nothing card gamble: a fair 52-card deck, red or black."""

from __future__ import annotations

from enum import StrEnum

CARD_COUNT = 52
SUITS = ("clubs", "diamonds", "hearts", "spades")
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")


class Color(StrEnum):
    """The two guesses."""

    RED = "red"
    BLACK = "black"


def card_suit(card: int) -> str:
    """Suit name of card ``0..51`` (13 cards per suit, clubs first)."""
    return SUITS[card // 13]


def card_rank(card: int) -> str:
    """Rank of card ``0..51``."""
    return RANKS[card % 13]


def card_color(card: int) -> Color:
    """Diamonds and hearts are red; clubs and spades black."""
    return Color.RED if card_suit(card) in ("diamonds", "hearts") else Color.BLACK


def card_label(card: int) -> str:
    """Short text such as ``"10♥"``."""
    symbol = {"clubs": "♣", "diamonds": "♦", "hearts": "♥", "spades": "♠"}[card_suit(card)]
    return f"{card_rank(card)}{symbol}"
