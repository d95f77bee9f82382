"""Reel stops a tester forces (``--stops``), handed to the engine through the one
randomness interface (DESIGN.md §3).

:class:`ForcedStopsSource` wraps the session's source for one action: the next reel draw
on the strips of the next forced spin (a base spin's, or with ``free`` a free spin's) takes
its stops; every other draw (a feature's, the gamble's card, a spin on other strips) comes
from the real source.  The engine draws as always, so an outcome is still drawn before it
is shown, and the step records the stops it drew like any other: a replay needs nothing
more.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial

from slotterm.engine.events import RoundClosed, Transition
from slotterm.engine.model import GameDefinition
from slotterm.rng import RandomSource, draw_each


@dataclass(frozen=True, slots=True)
class ForcedSpin:
    """One forced spin: its strip set (``"base"``, ``"free"``) and a stop per reel, reel 1
    first (a stop is the position of the symbol shown in the top row)."""

    strips: str
    stops: tuple[int, ...]


def strip_lengths(game: GameDefinition) -> dict[str, tuple[int, ...]]:
    """The strip lengths of each of the game's strip sets, by name: its reel draws' bounds."""
    return {name: tuple(map(len, strips)) for name, strips in game.reel_sets.items()}


class ForcedStopsSource:
    """A source whose reel draws take the ``spins`` in order, falling back to ``inner``.

    The next spin is handed out for a draw of one value per reel whose bounds are the
    lengths of its strip set (``lengths``, :func:`strip_lengths`), its stops checked
    against them by the command line.  :attr:`used` says how many spins were handed out,
    :attr:`used_draws` how many of the forced single ``draws`` (a pick game's layout),
    :attr:`draws_done` how many of them are behind (handed out, or dropped).
    """

    def __init__(
        self,
        inner: RandomSource,
        spins: Sequence[ForcedSpin],
        lengths: Mapping[str, tuple[int, ...]],
        draws: Sequence[tuple[int, int]] = (),
    ) -> None:
        self._inner = inner
        self._spins = spins
        self._lengths = lengths
        self._draws = draws
        self.used = 0
        self.used_draws = 0
        self.draws_done = 0

    def randbelow(self, n: int) -> int:
        """A single draw: the next forced one (``draws``, ``(bound, value)`` pairs) when
        its bound is ``n``, else the real source's.  A draw of another bound means the
        forced ones no longer fit what the game draws: they are all dropped."""
        if self.draws_done < len(self._draws):
            bound, value = self._draws[self.draws_done]
            if bound == n:
                self.draws_done += 1
                self.used_draws += 1
                return value
            self.draws_done = len(self._draws)
        return self._inner.randbelow(n)

    @property
    def forced_any(self) -> bool:
        """Whether any forced stops or draws were handed out."""
        return bool(self.used or self.used_draws)

    def randbelow_each(self, bounds: Sequence[int]) -> tuple[int, ...]:
        """The next forced spin's stops for a draw on its strips, else the real draws."""
        if self.used < len(self._spins):
            spin = self._spins[self.used]
            if tuple(bounds) == self._lengths.get(spin.strips):
                self.used += 1
                return spin.stops
        return draw_each(self._inner, bounds)

    def drawer(self, bounds: tuple[int, ...]) -> Callable[[], tuple[int, ...]]:
        """A function of no arguments making :meth:`randbelow_each` ``(bounds)`` draws."""
        return partial(self.randbelow_each, bounds)


def mark_forced(forced_steps: dict[int, tuple[int, ...]], transition: Transition) -> None:
    """Note in ``forced_steps`` (round number -> its forced steps, in order) that the last
    step of the round ``transition`` played took forced stops."""
    round_ = transition.state.round
    for event in transition.events:
        if isinstance(event, RoundClosed):
            round_ = event.round
    if round_ is None:
        return
    step = len(round_.steps) - 1
    before = forced_steps.get(round_.number, ())
    if step not in before:
        forced_steps[round_.number] = (*before, step)
