"""The paytable's parts for a game bet in coins: pays in coins and in credits, the wild
and its multiplier, the scatter, the bonus symbol and the pick games.

Every text is ours, written from the facts of the game's definition (DESIGN.md §2): the
pick games are described from their tables by their screens' own words
(:meth:`~slotterm.tui.features.pick_help.PickHelp.paytable_rule`), so a change of table
changes the text.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import cast

from rich.text import Text

from slotterm.engine.actions import Bet
from slotterm.engine.features import free_spins_records, mystery_bonus
from slotterm.engine.features.free_spins import FreeSpins
from slotterm.engine.features.mystery_bonus import MysteryBonus
from slotterm.engine.model import GameDefinition
from slotterm.engine.symbols import SymbolKind
from slotterm.money import format_cents
from slotterm.tui.symbols import symbol_art

Pays = list[tuple[int, int, int]]
"""``(count, coins, cents)`` rows, most symbols first (:func:`coin_pays`)."""


def coin_pays(game: GameDefinition, symbol: str, bet: Bet) -> Pays:
    """``(count, coins, cents)`` a line of ``symbol`` pays at ``bet``, most symbols first."""
    coins = bet.coins or 0
    size = bet.coin_size or 0
    pays = sorted(game.paytable.get(symbol, {}).items(), reverse=True)
    return [(count, mult * coins, mult * coins * size) for count, mult in pays]


def coin_scatter_pays(game: GameDefinition, bet: Bet) -> Pays:
    """``(count, coins, cents)`` the scatter pays anywhere (× total coins), most first."""
    total = bet.total_coins or 0
    size = bet.coin_size or 0
    pays = sorted(game.scatter_pays.items(), reverse=True)
    return [(count, mult * total, mult * total * size) for count, mult in pays]


@dataclass(frozen=True)
class PayColumns:
    """How wide the columns of a coin paytable are: the count, the coins and the credits,
    each as wide as its widest entry anywhere on the paytable (so every table lines up)."""

    count: int
    coins: int
    credits: int


def pay_columns(tables: Iterable[Pays]) -> PayColumns:
    """The columns wide enough for every row of ``tables``."""
    rows = [row for table in tables for row in table]
    return PayColumns(
        count=max((len(str(count)) for count, _, _ in rows), default=1),
        coins=max((len(f"{coins:,}") for _, coins, _ in rows), default=1),
        credits=max((len(format_cents(cents)) for _, _, cents in rows), default=1),
    )


COIN_GAP = 1
"""Spaces between the count and the coins."""
CREDIT_GAP = 3
"""Spaces between the coins and the credits."""


def coin_pays_text(pays: Pays, columns: PayColumns | None = None) -> Text:
    """One pay a line in three columns, the figures right-aligned: ``5×  10,000 coins   100.00``.

    Every cell is padded on its right with the room the next column's figure leaves, so
    no piece of the text starts with a space (a renderer that drops leading spaces, as
    some SVG viewers do, cannot shift a figure out of its column).
    """
    cols = columns or pay_columns([pays])
    text = Text(no_wrap=True, end="")
    for n, (count, coins, cents) in enumerate(pays):
        if n:
            text.append("\n")
        amount, credits = f"{coins:,}", format_cents(cents)
        pad = cols.count - len(str(count)) + COIN_GAP + cols.coins - len(amount)
        text.append(f"{count}×" + " " * pad, style="bold")
        text.append(f"{amount} coins" + " " * (CREDIT_GAP + cols.credits - len(credits)))
        text.append(credits)
    return text


def bet_line(bet: Bet) -> str:
    """What the amounts are worked out for."""
    coins, lines = bet.coins or 0, bet.lines
    return (
        f"Pays in coins and in credits at {coins} coin{'s' if coins != 1 else ''} per line, "
        f"coin size {format_cents(bet.coin_size or 0)}, {lines} line{'s' if lines != 1 else ''}: "
        f"total bet {bet.total_coins or 0:,} coins = {format_cents(bet.total)}"
    )


def _names(game: GameDefinition, ids: list[str]) -> str:
    names = [symbol_art(i, game).name for i in ids]
    return ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else "".join(names)


def wild_rules(game: GameDefinition) -> str:
    """How the wild plays: what it stands in for, its multiplier, a line of wilds alone."""
    wild = next(s for s in game.symbols if s.kind is SymbolKind.WILD)
    name = symbol_art(wild.id, game).name
    ordered = [s.id for s in game.symbols if game.wild_substitutes_for(s.id)]
    times = "doubled" if game.wild_multiplier == 2 else f"multiplied by {game.wild_multiplier}"
    return (
        f"The {name} is wild for the {_names(game, ordered)} only. A line win it helps to "
        f"complete is {times}, once, however many of them stand on the line. "
        f"A line made of the {name} alone pays its own amounts above, never {times}. "
        "A line pays only its best win."
    )


def scatter_rules(game: GameDefinition) -> str:
    """Where the scatter pays and what it starts."""
    scatter = next(s for s in game.symbols if s.kind.is_scatter)
    name = symbol_art(scatter.id, game).name
    fewest = min(count for count, mult in game.scatter_pays.items() if mult > 0)
    text = (
        f"{name}s pay wherever they stand: {fewest} or more pay a multiple of the total coins "
        "bet, on top of the line wins. The wild does not stand in for them."
    )
    if game.has_feature(free_spins_records.NAME):
        spins = cast(FreeSpins, game.feature(free_spins_records.NAME))  # found by its name
        text += f" {spins.trigger_count} or more start {spins.award} free spins."
    return text


def bonus_rules(
    game: GameDefinition, bet: Bet, prizes: Sequence[str], *, intro: bool = True
) -> str | None:
    """The bonus symbol and the pick games' ``prizes`` at ``bet`` (the bonus view's
    :meth:`~slotterm.tui.features.view.FeatureView.prize_rules`; ``None``: no bonus).

    Without ``intro`` only the pick games' lines (the bonus view says how it starts).
    """
    if not game.has_feature(mystery_bonus.NAME):
        return None
    bonus = cast(MysteryBonus, game.feature(mystery_bonus.NAME))  # found by its name
    games = list(prizes)
    if not intro:
        return "\n".join(line for line in games if line)
    name = symbol_art(bonus.symbol, game).name
    reels = ", ".join(str(r) for r in bonus.reels[:-1]) + f" and {bonus.reels[-1]}"
    cap = bonus.cap_coins * (bet.coin_size or 0)
    parts = [
        f"The {name} stands only on reels {reels}. One on each of those reels at the same "
        f"time, in the base game or in a free spin, starts the Mystery bonus; the "
        f"{name} pays nothing itself. The bonus picks one of {len(bonus.parts())} games at "
        "random, each as likely as the others. Prizes are multiples of the total bet "
        f"({format_cents(bet.total)} now); one bonus pays at most {bonus.cap_coins:,} coins "
        f"({format_cents(cap)} now). A bonus won in a free spin is played before the next one."
    ]
    return "\n".join(part for part in [*parts, *games] if part)
