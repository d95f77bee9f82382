"""The one randomness interface (DESIGN.md §3).

Every outcome is an unbiased integer draw ``randbelow(n)``.  Play uses the operating
system's secure generator; tests and simulations pass a seeded source of the same
interface; replays pass the recorded draws back in.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Iterable
from typing import Protocol, runtime_checkable


@runtime_checkable
class RandomSource(Protocol):
    """Anything that can draw an unbiased integer in ``[0, n)``."""

    def randbelow(self, n: int) -> int:
        """Return a uniformly distributed integer ``0 <= x < n`` (``n >= 1``)."""
        ...


def _check_bound(n: int) -> None:
    if n < 1:
        raise ValueError(f"randbelow needs n >= 1, got {n}")


class SecureSource:
    """Draws from the operating system's cryptographic generator (``secrets``)."""

    def randbelow(self, n: int) -> int:
        """Unbiased draw in ``[0, n)`` from ``secrets.randbelow``."""
        _check_bound(n)
        return secrets.randbelow(n)


class SeededSource:
    """A reproducible source for tests and simulations (Mersenne Twister, rejection sampling)."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._random = random.Random(seed)

    def randbelow(self, n: int) -> int:
        """Unbiased draw in ``[0, n)``; ``randrange`` rejects rather than takes a modulus."""
        _check_bound(n)
        return self._random.randrange(n)

    def get_state(self) -> tuple[object, ...]:
        """The generator's internal state (``random.Random.getstate``), so a save can resume it."""
        return self._random.getstate()

    def set_state(self, state: tuple[object, ...]) -> None:
        """Continue from a state given by :meth:`get_state`: the same draws follow."""
        self._random.setstate(state)


class ReplayExhausted(RuntimeError):
    """A replay asked for more draws than were recorded."""


class ReplaySource:
    """Gives back recorded draws, in order, checking each against its bound."""

    def __init__(self, draws: Iterable[int]) -> None:
        self._draws = list(draws)
        self._next = 0

    def randbelow(self, n: int) -> int:
        """Return the next recorded draw; it must lie in ``[0, n)``."""
        _check_bound(n)
        if self._next >= len(self._draws):
            raise ReplayExhausted("the record holds no more draws")
        value = self._draws[self._next]
        self._next += 1
        if not 0 <= value < n:
            raise ValueError(f"recorded draw {value} is outside [0, {n})")
        return value

    @property
    def remaining(self) -> int:
        """How many recorded draws have not been used yet."""
        return len(self._draws) - self._next


class RecordingSource:
    """Wraps a source and keeps every draw it makes, so a transition can be replayed."""

    def __init__(self, inner: RandomSource) -> None:
        self._inner = inner
        self.draws: list[int] = []

    def randbelow(self, n: int) -> int:
        """Draw from the wrapped source and record the value."""
        value = self._inner.randbelow(n)
        self.draws.append(value)
        return value
