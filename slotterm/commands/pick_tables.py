"""The Mystery bonus of a game as the commands show it: its pick games, tables and labels.

``game-def`` prints every table; ``simulate`` counts each game played; ``--force
mystery-bonus:LABEL`` names one by its command-line label (``potion``, ``pumpkin``,
``spell-book``, ``vault``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from slotterm.engine.features import mystery_bonus
from slotterm.engine.features.mystery_bonus import MysteryBonus
from slotterm.engine.features.pick_game import PickGame
from slotterm.engine.features.pick_games.magic_potion import MagicPotion
from slotterm.engine.features.pick_games.pumpkin import Pumpkin
from slotterm.engine.features.pick_games.secret_vault import SecretVault
from slotterm.engine.features.pick_games.spell_book import SpellBook
from slotterm.engine.model import GameDefinition


def mystery_bonus_of(game: GameDefinition) -> MysteryBonus | None:
    """The game's Mystery bonus, if it has one."""
    if not game.has_feature(mystery_bonus.NAME):
        return None
    feature = game.feature(mystery_bonus.NAME)
    return feature if isinstance(feature, MysteryBonus) else None


def pick_games_of(game: GameDefinition) -> tuple[PickGame, ...]:
    """The pick games of the game's Mystery bonus, in definition order (none without one)."""
    bonus = mystery_bonus_of(game)
    return () if bonus is None else bonus.games


def _weights(table: Mapping[int, int]) -> dict[str, int]:
    return {str(amount): weight for amount, weight in table.items()}


def pick_game_table(game: PickGame) -> dict[str, Any]:
    """Everything that decides what ``game`` pays, as JSON (prizes × the total bet).

    A weighted table is ``{amount: weight}`` (amounts as text, integer weights).
    """
    table: dict[str, Any] = {"title": game.title, "name": game.name}
    if isinstance(game, MagicPotion):
        table |= {
            "amounts": _weights(game.amounts),
            "amount_bottles": game.amount_bottles,
            "win_all_bottles": 1,
            "stop_bottles": 1,
            "stop_bonus_per_unopened": game.stop_bonus,
        }
    elif isinstance(game, Pumpkin):
        table |= {
            "amounts": _weights(game.amounts),
            "pumpkins": game.pumpkins,
            "give_ups": game.give_ups,
        }
    elif isinstance(game, SpellBook):
        num, den = game.imp_chance
        table |= {
            "books": _weights(game.books),
            "book_count": game.book_count,
            "imp": _weights(game.imp),
            "imp_chance": [num, den],
        }
    elif isinstance(game, SecretVault):
        table |= {"amounts": list(game.amounts), "chosen": game.chosen}
    else:  # pragma: no cover - a pick game this command does not know yet
        raise TypeError(f"no table for the pick game {game.name}")
    table["max_prize_x_total_bet"] = game.max_prize()
    return table


def bonus_json(game: GameDefinition) -> dict[str, Any] | None:
    """The Mystery bonus as ``{"symbol", "reels", "cap_coins", "games": {LABEL: table}}``.

    The pick game is drawn with equal weights (``"weight"`` in each table says so).
    """
    bonus = mystery_bonus_of(game)
    if bonus is None:
        return None
    return {
        "symbol": bonus.symbol,
        "reels": list(bonus.reels),
        "cap_coins": bonus.cap_coins,
        "games": {g.label: {**pick_game_table(g), "weight": 1} for g in bonus.games},
    }
