"""The features a command reads from a definition: the free spins and their Magic Book."""

from __future__ import annotations

from slotterm.engine.features import free_spins
from slotterm.engine.features.expanding_symbol import ExpandingSymbol
from slotterm.engine.features.free_spins import FreeSpins
from slotterm.engine.model import GameDefinition


def free_spins_of(game: GameDefinition) -> FreeSpins | None:
    """The game's free-spins feature, if it has one."""
    if not game.has_feature(free_spins.NAME):
        return None
    feature = game.feature(free_spins.NAME)
    return feature if isinstance(feature, FreeSpins) else None


def special_symbols(game: GameDefinition) -> tuple[str, ...]:
    """The symbols the free spins' expanding-symbol modifier may draw (none without one)."""
    feature = free_spins_of(game)
    modifier = None if feature is None else feature.modifier
    return modifier.candidates if isinstance(modifier, ExpandingSymbol) else ()
