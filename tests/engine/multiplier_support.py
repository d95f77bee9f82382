"""Helpers for the tests of ``FreeSpins(win_multiplier=N)``: Book of Spells' rules on the
test strips of :mod:`tests.engine.support` with the free spins multiplying their wins."""

from __future__ import annotations

import dataclasses
from typing import Any

from slotterm.engine.actions import Bet, Limits, Spin
from slotterm.engine.events import ReelsStopped
from slotterm.engine.features import free_spins_records
from slotterm.engine.features.free_spins import FreeSpins
from slotterm.engine.features.free_spins_records import PlayFreeSpin
from slotterm.engine.model import GameDefinition
from slotterm.engine.records import GameState, Phase
from tests.engine.support import MID, at, idle, play


def multiplied(game: GameDefinition, times: int) -> GameDefinition:
    """``game`` with its free spins multiplying every win by ``times``."""
    rule = game.feature(free_spins_records.NAME)
    assert isinstance(rule, FreeSpins)
    feature = FreeSpins(
        trigger=rule.trigger_count,
        award=rule.award,
        retrigger=rule.retrigger,
        strips=rule.strips,
        modifier=rule.modifier,
        win_multiplier=times,
    )
    return dataclasses.replace(game, features=(feature,))


TEN3 = ("TEN J POTION K TEN", MID, "Q HAT A J K")
"""TEN on reels 1, 2 and 5 (non-adjacent: no line win, but the expansion pays)."""


def started(game: GameDefinition, lines: int = 1, limits: Limits | None = None) -> GameState:
    """Window 0 triggers; the Magic Book draws TEN."""
    spin = Spin(Bet(10, lines), limits=limits or Limits())
    state = play(game, idle(), spin, *at(0)).state
    assert state.phase is Phase.FEATURE
    special = game.feature(free_spins_records.NAME).modifier.candidates  # type: ignore[attr-defined]
    return play(game, state, free_spins_records.StartFeature(), special.index("TEN")).state


def spin_win(game: GameDefinition, state: GameState, window: int) -> tuple[int, Any]:
    """Play one free spin showing ``window``: its win and the transition."""
    t = play(game, state, PlayFreeSpin(), *at(window))
    stopped = t.events[0]
    assert isinstance(stopped, ReelsStopped)
    return stopped.win, t
