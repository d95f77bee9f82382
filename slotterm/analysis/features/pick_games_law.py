"""The pick games of a bonus as the analysis sees them: each one's law of prizes, by name.

A bonus (the Mystery bonus) starts one of its pick games; what that game pays is a law
on the multiples of the total bet (:mod:`~slotterm.analysis.features.pick_game_laws`,
from the game's own tables).  Each pick game of the engine has a :class:`PickGameLaw`
here, registered by the game's feature name in :data:`PICK_GAME_LAWS`; a bonus asks
:func:`pick_game_law` and never tells its games apart by class.  A pick game without a
law makes the bonus's law refuse (``NoExactLaw``): ``par`` says so, ``simulate`` still
plays it.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, ClassVar

from slotterm.analysis.features.contract import NoExactLaw
from slotterm.analysis.features.pick_game_laws import (
    PUMPKIN_POLICIES,
    Law,
    magic_potion_law,
    pumpkin_law,
    secret_vault_law,
    spell_book_law,
)
from slotterm.engine.features.pick_game import PickGame
from slotterm.engine.features.pick_games import magic_potion, pumpkin, secret_vault, spell_book
from slotterm.engine.features.pick_games.magic_potion import MagicPotion
from slotterm.engine.features.pick_games.pumpkin import Pumpkin
from slotterm.engine.features.pick_games.secret_vault import SecretVault
from slotterm.engine.features.pick_games.spell_book import SpellBook

PICK_GAME_LAWS: dict[str, type[PickGameLaw]] = {}
"""Pick game name -> its law (each law registers itself)."""


class PickGameLaw:
    """The law of one pick game's prize; ``by_policy`` when the player's play changes it."""

    name: ClassVar[str] = ""
    game_type: ClassVar[type[PickGame]] = PickGame
    by_policy: ClassVar[bool] = False

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A law with a name registers itself (:data:`PICK_GAME_LAWS`)."""
        super().__init_subclass__(**kwargs)
        if cls.name:
            PICK_GAME_LAWS[cls.name] = cls

    def __init__(self, game: PickGame) -> None:
        self.game = game

    def prize_law(self, policy: str) -> Law:
        """The game's prize (× total bet) when played by ``policy``."""
        raise NotImplementedError


class MagicPotionLaw(PickGameLaw):
    """Magic Potion: exchangeable bottles, Win All or Stop first (50/50)."""

    name = magic_potion.NAME
    game_type = MagicPotion
    game: MagicPotion

    def prize_law(self, policy: str) -> Law:
        """The same whatever the player opens."""
        return magic_potion_law(self.game.amounts, self.game.amount_bottles, self.game.stop_bonus)


class PumpkinLaw(PickGameLaw):
    """Pumpkin: keep or open another, optimal stopping for the best and worst play."""

    name = pumpkin.NAME
    game_type = Pumpkin
    by_policy = True
    game: Pumpkin

    def prize_law(self, policy: str) -> Law:
        """The law under ``policy``."""
        return pumpkin_law(self.game.amounts, self.game.give_ups, policy, self.game.pumpkins)


class SpellBookLaw(PickGameLaw):
    """Spell Book: one book opened, plus the imp's multiplier with its chance."""

    name = spell_book.NAME
    game_type = SpellBook
    game: SpellBook

    def prize_law(self, policy: str) -> Law:
        """The same whatever the player opens."""
        game = self.game
        return spell_book_law(game.books, Fraction(*game.imp_chance), game.imp)


class SecretVaultLaw(PickGameLaw):
    """Secret Vault: the vault opened holds each amount alike."""

    name = secret_vault.NAME
    game_type = SecretVault
    game: SecretVault

    def prize_law(self, policy: str) -> Law:
        """The same whatever the player chooses."""
        return secret_vault_law(self.game.amounts, self.game.chosen)


def law_of(game: PickGame) -> PickGameLaw:
    """The law of the pick game ``game``, found by its name (``NoExactLaw`` if none)."""
    cls = PICK_GAME_LAWS.get(game.name)
    if cls is None or not isinstance(game, cls.game_type):
        raise NoExactLaw(f"the pick game {game.name!r} has no exact law")
    return cls(game)


def pick_game_law(game: PickGame, policy: str = "best") -> Law:
    """The exact law (× total bet) of one pick game of the engine, played by ``policy``."""
    if policy not in PUMPKIN_POLICIES:
        known = ", ".join(PUMPKIN_POLICIES)
        raise ValueError(f"unknown policy {policy!r}; expected one of {known}")
    return law_of(game).prize_law(policy)
