"""The Mystery bonus of a game as the commands find it: by its name, with its pick games.

``simulate`` counts each pick game played; ``--force mystery-bonus:LABEL`` names one by its
command-line label (``potion``, ``pumpkin``, ``spell-book``, ``vault``).  Each pick game's
table is its own (``to_file``: what ``game-def`` prints).
"""

from __future__ import annotations

from typing import cast

from slotterm.engine.features import mystery_bonus
from slotterm.engine.features.mystery_bonus import MysteryBonus
from slotterm.engine.features.pick_game import PickGame
from slotterm.engine.model import GameDefinition


def mystery_bonus_of(game: GameDefinition) -> MysteryBonus | None:
    """The game's Mystery bonus (found by its name), if it has one."""
    if not game.has_feature(mystery_bonus.NAME):
        return None
    return cast(MysteryBonus, game.feature(mystery_bonus.NAME))


def pick_games_of(game: GameDefinition) -> tuple[PickGame, ...]:
    """The pick games of the game's Mystery bonus, in definition order (none without one)."""
    bonus = mystery_bonus_of(game)
    return () if bonus is None else bonus.games
