"""Shared helpers for the Lucky Witch rule and pick-game tests.

* :class:`Wager` -- a bet stated as DESIGN.md §2 states it (coins per line × coin size ×
  lines), with the coins -> credits conversion the tests check every amount against;
* :class:`Scripted` -- a :class:`~slotterm.rng.RandomSource` that hands out queued values,
  checks each against the bound it is asked for and records the bounds (then, if given, goes
  on with a fallback source);
* :func:`lucky_showing` -- Lucky Witch's own rules (pays, lines, wild, scatter, bonus, free
  spins) on test strips built so that stop ``3k`` of every reel shows window ``k``;
* :data:`FILLER` -- a window that pays nothing on any of the 15 lines.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from typing import Any, NamedTuple

from slotterm.engine.actions import Action, Bet
from slotterm.engine.evaluate import evaluate, window_from_rows
from slotterm.engine.events import Event, Transition
from slotterm.engine.feature import Feature
from slotterm.engine.features.free_spins import FreeSpins
from slotterm.engine.model import GameDefinition
from slotterm.engine.outcome import Evaluation, Window
from slotterm.engine.policy import next_action
from slotterm.engine.records import GameState, Phase
from slotterm.engine.round import active_feature, apply
from slotterm.games import get_game
from slotterm.rng import RandomSource

LUCKY_WITCH = get_game("lucky-witch")

LW: GameDefinition = LUCKY_WITCH
START = 1_000_000
"""Credits (cents) an idle test machine starts with."""

# Reels 1 and 2 share no symbol and hold no LUCKY, so no line has a run of two from
# reel 1 and nothing pays (no symbol pays for one of a kind); no POTION, no CAULDRON.
FILLER_ROWS = (
    "SCROLL PUMPKIN CRYSTAL GOLEM OWL",
    "GOLEM OWL SCROLL CRYSTAL PUMPKIN",
    "CRYSTAL LIZARD GOLEM SCROLL WITCH",
)
FILLER: tuple[tuple[str, ...], ...] = tuple(tuple(r.split()) for r in FILLER_ROWS)
"""The filler as rows (top first) of five symbols."""


class Wager(NamedTuple):
    """A bet as DESIGN.md §2 states it: coins per line × coin size (cents) × lines."""

    coins: int
    coin_size: int
    lines: int

    @property
    def bet(self) -> Bet:
        """The engine's :class:`Bet` (bet per line = coins × coin size)."""
        return Bet(self.coins * self.coin_size, self.lines, self.coin_size)

    @property
    def total_coins(self) -> int:
        """Coins bet on all lines."""
        return self.coins * self.lines

    def credits(self, coins: int) -> int:
        """``coins`` coins in cents at this coin size."""
        return coins * self.coin_size


class Scripted:
    """Hands out ``values`` in order, each checked against the bound asked for.

    ``bounds`` records every bound asked (in order).  When the values run out the
    ``then`` source (if any) draws; without one, running out is an ``AssertionError``.
    """

    def __init__(self, values: Iterable[int], then: RandomSource | None = None) -> None:
        self._values = list(values)
        self._then = then
        self.bounds: list[int] = []

    def randbelow(self, n: int) -> int:
        """The next queued value (which must lie in ``[0, n)``), else the fallback's draw."""
        self.bounds.append(n)
        if self._values:
            value = self._values.pop(0)
            assert 0 <= value < n, f"scripted draw {value} is outside [0, {n})"
            return value
        assert self._then is not None, f"no scripted draw left for randbelow({n})"
        return self._then.randbelow(n)

    @property
    def left(self) -> int:
        """Queued values not used yet."""
        return len(self._values)


def rows(*lines: str) -> tuple[tuple[str, ...], ...]:
    """Rows given as space-separated symbols, top first."""
    return tuple(tuple(line.split()) for line in lines)


def with_cells(base: Sequence[Sequence[str]], **cells: str) -> tuple[tuple[str, ...], ...]:
    """``base`` rows with cells replaced: ``r0c2="POTION"`` is row 0 (top), reel 3."""
    grid = [list(r) for r in base]
    for key, symbol in cells.items():
        row, reel = key[1:].split("c")
        grid[int(row)][int(reel)] = symbol
    return tuple(tuple(r) for r in grid)


def window(grid: Sequence[Sequence[str]]) -> Window:
    """The engine's ``window[reel][row]`` of rows given top first."""
    return window_from_rows(grid)


def pays(grid: Sequence[Sequence[str]], wager: Wager, game: GameDefinition = LW) -> Evaluation:
    """The evaluation of ``grid`` (rows, top first) at ``wager``."""
    return evaluate(game, window_from_rows(grid), wager.lines, wager.coins * wager.coin_size)


def on_line_1(line: str) -> tuple[tuple[str, ...], ...]:
    """The filler with ``line`` (five symbols) in the middle row, which is line 1."""
    return (FILLER[0], tuple(line.split()), FILLER[2])


def strips_showing(windows: Sequence[Sequence[Sequence[str]]]) -> tuple[tuple[str, ...], ...]:
    """Five strips on which stop ``3k`` shows ``windows[k]`` (rows, top first)."""
    return tuple(tuple(grid[r][reel] for grid in windows for r in range(3)) for reel in range(5))


def lucky_showing(
    base: Sequence[Sequence[Sequence[str]]],
    free: Sequence[Sequence[Sequence[str]]] | None = None,
    *,
    bonus: Feature | None = None,
    **changes: Any,
) -> GameDefinition:
    """Lucky Witch's rules on test strips: base stop ``3k`` shows ``base[k]``, likewise free.

    ``bonus`` replaces the Mystery bonus (a lower cap, say); ``changes`` go to the
    definition.
    """
    rule = LW.feature("free_spins")
    assert isinstance(rule, FreeSpins)
    free_spins = FreeSpins(
        trigger=rule.trigger_count,
        award=rule.award,
        retrigger=rule.retrigger,
        strips=strips_showing(free if free is not None else base),
        modifier=rule.modifier,
    )
    mystery = bonus if bonus is not None else LW.feature("mystery_bonus")
    return dataclasses.replace(
        LW,
        id="lucky-rules-test",
        base_reels=strips_showing(base),
        features=(mystery, free_spins),
        **changes,
    )


def at(k: int) -> list[int]:
    """The draws (one stop per reel) that show window ``k`` of a :func:`lucky_showing` game."""
    return [3 * k] * 5


def idle(credits: int = START) -> GameState:
    """An idle machine with ``credits`` cents."""
    return GameState(Phase.IDLE, credits)


def step(
    game: GameDefinition, state: GameState, action: Action, rng: RandomSource
) -> tuple[GameState, tuple[Event, ...]]:
    """Apply ``action``; the new state and the events."""
    transition: Transition = apply(game, state, action, rng)
    return transition.state, transition.events


BONUS = with_cells(FILLER, r0c0="CAULDRON", r2c2="CAULDRON", r1c4="CAULDRON")
"""CAULDRON on reels 1, 3 and 5 (no line, no scatter): the Mystery bonus alone."""

BONUS_AND_FREE = with_cells(BONUS, r0c1="POTION", r0c2="POTION", r2c3="POTION")
"""The Mystery bonus and three POTIONs (5 × total coins, 13 free spins)."""


def play_out(
    game: GameDefinition,
    state: GameState,
    rng: RandomSource,
    policy: str = "best",
    chooser: RandomSource | None = None,
    most: int = 2_000,
) -> tuple[GameState, list[tuple[str, Action]], list[Event]]:
    """Carry the open round to its end by ``policy``: the state, (feature, action)s, events.

    At most ``most`` steps (a round that does not end fails the test).
    """
    trail: list[tuple[str, Action]] = []
    events: list[Event] = []
    for _ in range(most):
        action = next_action(game, state, policy, chooser)
        if action is None:
            return state, trail, events
        active = active_feature(game, state)
        trail.append(("" if active is None else active[1].feature, action))
        state, new = step(game, state, action, rng)
        events += new
    raise AssertionError(f"the round did not end in {most} steps")
