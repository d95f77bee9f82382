"""The features a command reads from a definition, found by their names."""

from __future__ import annotations

from typing import cast

from slotterm.engine.features import free_spins_records
from slotterm.engine.features.free_spins import FreeSpins
from slotterm.engine.model import GameDefinition


def free_spins_of(game: GameDefinition) -> FreeSpins | None:
    """The game's free-spins feature (found by its name), if it has one."""
    if not game.has_feature(free_spins_records.NAME):
        return None
    return cast(FreeSpins, game.feature(free_spins_records.NAME))
