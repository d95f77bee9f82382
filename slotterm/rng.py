"""The one randomness interface (DESIGN.md §3).

Every outcome is an unbiased integer draw ``randbelow(n)``.  Play uses the operating
system's secure generator; tests and simulations pass a seeded source of the same
interface; replays pass the recorded draws back in.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable, Iterable, Sequence
from functools import partial
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


def draw_each(rng: RandomSource, bounds: Sequence[int]) -> tuple[int, ...]:
    """One draw per bound, in order: ``(rng.randbelow(b) for b in bounds)`` as a tuple.

    Sources that offer a ``randbelow_each`` method (all of this module's do) make the
    draws in one call; any other :class:`RandomSource` is asked once per bound.
    """
    each = getattr(rng, "randbelow_each", None)
    if each is not None:
        result: tuple[int, ...] = each(bounds)
        return result
    return tuple(rng.randbelow(n) for n in bounds)


_BIT_LENGTHS: dict[int, tuple[Sequence[int], tuple[tuple[int, int], ...]]] = {}


def drawer(rng: RandomSource, bounds: tuple[int, ...]) -> Callable[[], tuple[int, ...]]:
    """A function of no arguments that returns ``draw_each(rng, bounds)`` each time it is called.

    A hot loop drawing the same bounds again and again (the reel stops of a spin) gets
    it once: a :class:`SeededSource` gives a draw written out for those bounds, any other
    source the plain :func:`draw_each`.
    """
    make = getattr(rng, "drawer", None)
    if make is not None:
        made: Callable[[], tuple[int, ...]] = make(bounds)
        return made
    return partial(draw_each, rng, bounds)


_DRAWERS: dict[tuple[int, ...], Callable[..., Callable[[], tuple[int, ...]]]] = {}


def _unrolled(bounds: tuple[int, ...]) -> Callable[..., Callable[[], tuple[int, ...]]]:
    """A maker of the draw of ``bounds`` written out, one rejection loop per bound."""
    known = _DRAWERS.get(bounds)
    if known is not None:
        return known
    body = []
    for i, n in enumerate(bounds):
        k = n.bit_length()
        body.append(f"        r{i} = getrandbits({k})")
        body += [f"        while r{i} >= {n}:", f"            r{i} = getrandbits({k})"]
    names = "".join(f"r{i}, " for i in range(len(bounds)))
    source = (
        "def make(getrandbits):\n    def draw():\n"
        + "\n".join(body or ["        pass"])
        + f"\n        return ({names})\n    return draw\n"
    )
    namespace: dict[str, Callable[..., Callable[[], tuple[int, ...]]]] = {}
    exec(source, namespace)
    made = namespace["make"]
    if len(_DRAWERS) > 64:
        _DRAWERS.clear()
    _DRAWERS[bounds] = made
    return made


def _bit_lengths(bounds: Sequence[int]) -> tuple[tuple[int, int], ...]:
    """``(n, n.bit_length())`` for each bound (memoised per bounds object: a game draws
    from the same tuple of reel lengths again and again)."""
    known = _BIT_LENGTHS.get(id(bounds))
    if known is not None and known[0] is bounds:
        return known[1]
    pairs = tuple((n, n.bit_length()) for n in bounds)
    if type(bounds) is tuple:
        if len(_BIT_LENGTHS) > 256:
            _BIT_LENGTHS.clear()
        _BIT_LENGTHS[id(bounds)] = (bounds, pairs)
    return pairs


class SecureSource:
    """Draws from the operating system's cryptographic generator (``secrets``)."""

    def randbelow(self, n: int) -> int:
        """Unbiased draw in ``[0, n)`` from ``secrets.randbelow``."""
        _check_bound(n)
        return secrets.randbelow(n)

    def randbelow_each(self, bounds: Sequence[int]) -> tuple[int, ...]:
        """One unbiased draw per bound, in order."""
        return tuple(self.randbelow(n) for n in bounds)


class SeededSource:
    """A reproducible source for tests and simulations (Mersenne Twister, rejection sampling).

    Draws are exactly those of ``random.Random(seed).randrange(n)``: ``k = n.bit_length()``
    random bits, rejected and redrawn while ``>= n`` (unbiased, no modulus), done here
    without ``randrange``'s argument handling.
    """

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._random = random.Random(seed)
        self._getrandbits = self._random.getrandbits
        # per bounds tuple drawn from again and again (a strip set's lengths): its drawer
        self._each: dict[int, tuple[Sequence[int], Callable[[], tuple[int, ...]]]] = {}

    def randbelow(self, n: int) -> int:
        """Unbiased draw in ``[0, n)`` by rejection sampling on ``n.bit_length()`` bits."""
        if n < 1:
            _check_bound(n)
        k = n.bit_length()
        getrandbits = self._getrandbits
        r = getrandbits(k)
        while r >= n:
            r = getrandbits(k)
        return r

    def randbelow_each(self, bounds: Sequence[int]) -> tuple[int, ...]:
        """One draw per bound, in order, as :meth:`randbelow` would make them."""
        known = self._each.get(id(bounds))
        if known is not None and known[0] is bounds:
            return known[1]()
        if (
            type(bounds) is tuple
            and len(self._each) < 64
            and all(type(n) is int and n >= 1 for n in bounds)
        ):
            draw: Callable[[], tuple[int, ...]] = _unrolled(bounds)(self._getrandbits)
            # keep the bounds with their drawer: their id stays theirs while kept
            self._each[id(bounds)] = (bounds, draw)
            return draw()
        getrandbits = self._getrandbits
        out: list[int] = []
        append = out.append
        for n, k in _bit_lengths(bounds):
            r = getrandbits(k)
            while r >= n:
                if n < 1:
                    _check_bound(n)
                r = getrandbits(k)
            append(r)
        return tuple(out)

    def drawer(self, bounds: tuple[int, ...]) -> Callable[[], tuple[int, ...]]:
        """A function of no arguments making :meth:`randbelow_each` ``(bounds)`` draws, faster."""
        if any(type(n) is not int or n < 1 for n in bounds):
            return partial(self.randbelow_each, bounds)  # refuses a bad bound when called
        made: Callable[[], tuple[int, ...]] = _unrolled(tuple(bounds))(self._getrandbits)
        return made

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

    def randbelow_each(self, bounds: Sequence[int]) -> tuple[int, ...]:
        """The next recorded draws, one per bound, each checked against its bound."""
        return tuple(self.randbelow(n) for n in bounds)

    @property
    def remaining(self) -> int:
        """How many recorded draws have not been used yet."""
        return len(self._draws) - self._next


class RecordingSource:
    """Wraps a source and keeps every draw it makes, so a transition can be replayed."""

    __slots__ = ("_inner", "_inner_each", "_inner_randbelow", "draws")

    def __init__(self, inner: RandomSource) -> None:
        self._inner = inner
        self._inner_randbelow = inner.randbelow
        self._inner_each = getattr(inner, "randbelow_each", None)
        self.draws: list[int] = []

    def randbelow(self, n: int) -> int:
        """Draw from the wrapped source and record the value."""
        value = self._inner_randbelow(n)
        self.draws.append(value)
        return value

    def randbelow_each(self, bounds: Sequence[int]) -> tuple[int, ...]:
        """Draw one value per bound from the wrapped source and record them all."""
        each = self._inner_each
        values = (
            each(bounds) if each is not None else tuple(self._inner_randbelow(n) for n in bounds)
        )
        self.draws.extend(values)
        return values
