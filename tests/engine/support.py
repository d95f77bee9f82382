"""Shared helpers for the engine tests: test strips, forced draws, a round player.

Book of Spells' own rules (paytable, lines, scatter pays, wild, free spins, the Magic Book,
cap) with test reel strips built so that stop ``3k`` on every reel shows window ``k``;
:func:`play` feeds chosen draws through the real state machine.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from slotterm.engine.actions import Action
from slotterm.engine.events import Transition
from slotterm.engine.features import free_spins_records
from slotterm.engine.features.free_spins import FreeSpins
from slotterm.engine.features.free_spins_records import FreeSpinsRecord
from slotterm.engine.model import GameDefinition
from slotterm.engine.records import GameState, Phase, Round
from slotterm.engine.round import apply
from slotterm.games import get_game
from slotterm.rng import ReplaySource

BOS: GameDefinition = get_game("book-of-spells")
FREE_SPINS: FreeSpins = BOS.feature(free_spins_records.NAME)  # type: ignore[assignment]
START = 100_000

# A window that pays nothing on any line: reels 1 and 2 share no symbol and there is no
# BOOK, so no line has a run of two from reel 1 (and nothing pays for one symbol).
TOP = "A J POTION K TEN"
MID = "K TEN CAULDRON Q A"
BOTTOM = "Q HAT A J K"
FILLER = (TOP, MID, BOTTOM)

# Three BOOKs off line 1 (top of reels 1 and 5, bottom of reel 3); line 1 pays nothing.
TRIGGER = ("BOOK J POTION K BOOK", MID, "Q HAT BOOK J K")
# WITCH x3 on line 1 (and on line 2, which the one-line tests leave inactive).
WITCH3 = ("WITCH WITCH WITCH K TEN", "WITCH WITCH WITCH Q A", BOTTOM)


def with_reels(
    game: GameDefinition,
    base: tuple[tuple[str, ...], ...],
    free: tuple[tuple[str, ...], ...],
    **changes: object,
) -> GameDefinition:
    """``game`` with ``base`` strips and free spins on ``free`` (same trigger and modifier)."""
    rule = game.feature(free_spins_records.NAME)
    assert isinstance(rule, FreeSpins)
    feature = FreeSpins(
        trigger=rule.trigger_count,
        award=rule.award,
        retrigger=rule.retrigger,
        strips=free,
        modifier=rule.modifier,
    )
    features = tuple(feature if f is rule else f for f in game.features)
    return dataclasses.replace(game, base_reels=base, features=features, **changes)  # type: ignore[arg-type]


def game_showing(*windows: Sequence[str]) -> GameDefinition:
    """Book of Spells' rules with strips on which stop ``3k`` shows ``windows[k]``.

    Each window is three rows, top first, of five space-separated symbols; the base and
    the free-spin strips are the same.
    """
    strips = tuple(
        tuple(symbol for rows in windows for symbol in (row.split()[reel] for row in rows))
        for reel in range(5)
    )
    return with_reels(BOS, strips, strips, id="rules-test")


def at(k: int) -> tuple[int, ...]:
    """The draws (one stop per reel) that show window ``k``."""
    return (3 * k,) * 5


def play(game: GameDefinition, state: GameState, action: Action, *draws: int) -> Transition:
    """Apply ``action`` with exactly ``draws``; every draw must be used."""
    source = ReplaySource(draws)
    transition = apply(game, state, action, source)
    assert source.remaining == 0
    return transition


def idle(credits: int = START) -> GameState:
    """An idle machine with ``credits``."""
    return GameState(Phase.IDLE, credits)


def fs(round_: Round | None) -> FreeSpinsRecord:
    """The round's free-spins record (which must exist)."""
    record = free_spins_records.record_of(round_)
    assert record is not None
    return record


def fs_phase(state: GameState) -> str | None:
    """Where the free spins of the open round stand (``awarded``, ``playing``, ``done``)."""
    record = free_spins_records.record_of(state.round)
    return None if record is None else FREE_SPINS.phase(record)
