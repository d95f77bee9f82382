"""Shared helpers for the pick-game tests: Lucky Witch's pick games, a context, a player.

Hand-set layouts (a shelf of bottles, a patch of pumpkins, the vaults) are given here so
the rule tests and the codec tests start from the same records.
"""

from __future__ import annotations

from typing import Any, TypeVar

from slotterm.engine.actions import Bet, FeatureAction, Limits
from slotterm.engine.feature import FeatureContext, FeatureStep
from slotterm.engine.features.mystery_bonus import MysteryBonus
from slotterm.engine.features.pick_game import PickGame
from slotterm.engine.features.pick_games.magic_potion import (
    STOP,
    WIN_ALL,
    MagicPotion,
    PotionRecord,
)
from slotterm.engine.features.pick_games.pumpkin import Pumpkin, PumpkinRecord
from slotterm.engine.features.pick_games.secret_vault import SecretVault, VaultRecord
from slotterm.engine.features.pick_games.spell_book import SpellBook
from slotterm.engine.model import GameDefinition
from slotterm.games import get_game
from slotterm.rng import ReplaySource

LUCKY_WITCH = get_game("lucky-witch")

T = TypeVar("T")


def feature_of(name: str, cls: type[T]) -> T:
    """Lucky Witch's feature (or part) ``name``, which must be a ``cls``."""
    feature = LUCKY_WITCH.feature(name)
    assert isinstance(feature, cls)
    return feature


BONUS = feature_of("mystery_bonus", MysteryBonus)
POTION = feature_of("magic_potion", MagicPotion)
PUMPKIN = feature_of("pumpkin", Pumpkin)
BOOK = feature_of("spell_book", SpellBook)
VAULT = feature_of("secret_vault", SecretVault)

BET = Bet(10, 15, 10)
"""1 coin per line of 0.10 on 15 lines: a total bet of 150 cents (15 coins)."""
TOTAL = 150
ROOM = 10**9
NO_DRAWS = ReplaySource(())


def ctx(bet: Bet = BET, room: int = ROOM, game: GameDefinition = LUCKY_WITCH) -> FeatureContext:
    """A context for the pick games (plenty of room unless told)."""
    return FeatureContext(game=game, bet=bet, limits=Limits(), room=room)


def play(
    game: PickGame, record: Any, *actions: FeatureAction, at: FeatureContext | None = None
) -> tuple[Any, list[FeatureStep]]:
    """Play ``actions`` (each must be allowed; none may draw); the last record and the steps."""
    context = ctx() if at is None else at
    steps = []
    for action in actions:
        assert game.refusal(context, record, action) is None, action
        step = game.step(context, record, action, NO_DRAWS)
        steps.append(step)
        record = step.record
        assert game.decode(context, game.encode(record), "x") == record
    return record, steps


# ten amounts 3 5 1 2 8 1 1 2 3 5 (sum 31); Stop in bottle 2, Win All in bottle 8
SHELF = (3, 5, STOP, 1, 2, 8, 1, 1, WIN_ALL, 2, 3, 5)


def shelf() -> PotionRecord:
    """The hand-set shelf, nothing opened."""
    return PotionRecord(layout=SHELF, opened=(), prize=0, ended_by=None)


PATCH = (4, 20, 2, 50, 6)


def patch() -> PumpkinRecord:
    """The hand-set pumpkins, nothing opened."""
    return PumpkinRecord(layout=PATCH, opened=(), given_up=0, kept=False, prize=0, ended_by=None)


VAULTS = (100, 40, 25, 20, 15, 12, 10, 8, 6, 5, 4, 3)


def vaults() -> VaultRecord:
    """The hand-set vaults, nothing chosen."""
    return VaultRecord(layout=VAULTS, chosen=(), opened=None, prize=0, ended_by=None)
