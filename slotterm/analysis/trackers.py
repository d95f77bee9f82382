"""What the exact walk keeps besides line pays: small per-window statistics ("trackers").

A tracker reads a window reel by reel: it starts at :attr:`Tracker.start` and each reel's
column moves it to a new value (:meth:`Tracker.step`), one of ``0 .. size - 1``.  The walk
(:mod:`slotterm.analysis.exact_walk`) carries the joint value of every tracker a spin
needs, so the joint law of (line pay, tracker values) comes out exact; what a spin pays
beyond its lines and whether it awards a feature are functions of those values
(:mod:`slotterm.analysis.spin_law`).  Features declare the trackers they read
(:mod:`slotterm.analysis.features`); equal requests share one tracker, and a finer
tracker answers for a coarser one (:func:`merge_trackers`, :meth:`Tracker.project`).

Three kinds cover the games here:

* :class:`ScatterCount` -- scatter symbols anywhere in the window, ``top`` meaning "that
  many or more" (the scatter pay, the free-spin trigger);
* :class:`ReelsShowing` -- how many reels show a symbol anywhere (the expanding symbol);
* :class:`ShowsOnEach` -- 1 when a symbol shows on every one of given reels, else 0 (a
  bonus symbol on reels 1, 3 and 5).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

Column = tuple[str, ...]
"""The symbols one reel shows, top first."""


class Tracker:
    """A per-window statistic read reel by reel (see the module notes).

    Subclasses are frozen dataclasses: equal trackers are one tracker.
    """

    @property
    def size(self) -> int:
        """How many values the tracker takes (``0 .. size - 1``)."""
        raise NotImplementedError

    @property
    def start(self) -> int:
        """The value before the first reel."""
        return 0

    def step(self, reel: int, column: Column) -> tuple[int, ...]:
        """The new value after ``column`` on ``reel`` (0-based), for each old value."""
        raise NotImplementedError

    def answers(self, other: Tracker) -> bool:
        """True when this tracker's value determines ``other``'s (see :meth:`project`)."""
        return self == other

    def project(self, value: int, other: Tracker) -> int:
        """``other``'s value when this tracker shows ``value`` (``answers(other)`` holds)."""
        return value


@dataclass(frozen=True)
class ScatterCount(Tracker):
    """Scatter symbols anywhere in the window; ``top`` stands for ``top`` or more."""

    symbols: frozenset[str]
    top: int

    def __post_init__(self) -> None:
        if self.top < 1 or not self.symbols:
            raise ValueError("a scatter count needs symbols and a top of at least 1")

    @property
    def size(self) -> int:
        """``0 .. top``."""
        return self.top + 1

    def step(self, reel: int, column: Column) -> tuple[int, ...]:
        """Add the column's scatters, saturating at ``top``."""
        seen = sum(1 for s in column if s in self.symbols)
        return tuple(min(v + seen, self.top) for v in range(self.size))

    def answers(self, other: Tracker) -> bool:
        """A count of the same symbols with the same or a higher top."""
        return (
            isinstance(other, ScatterCount)
            and other.symbols == self.symbols
            and other.top <= self.top
        )

    def project(self, value: int, other: Tracker) -> int:
        """The count saturated at the other tracker's top."""
        assert isinstance(other, ScatterCount)
        return min(value, other.top)


@dataclass(frozen=True)
class ReelsShowing(Tracker):
    """How many of the ``reels`` reels show ``symbol`` anywhere in their column."""

    symbol: str
    reels: int

    @property
    def size(self) -> int:
        """``0 .. reels``."""
        return self.reels + 1

    def step(self, reel: int, column: Column) -> tuple[int, ...]:
        """One more when the column shows the symbol."""
        shown = int(self.symbol in column)
        return tuple(min(v + shown, self.reels) for v in range(self.size))


@dataclass(frozen=True)
class ShowsOnEach(Tracker):
    """1 when ``symbol`` shows on every reel of ``reels`` (0-based), else 0."""

    symbol: str
    reels: tuple[int, ...]

    def __post_init__(self) -> None:
        if not self.reels or len(set(self.reels)) != len(self.reels) or min(self.reels) < 0:
            raise ValueError("shows-on-each needs distinct reels 0, 1, ...")

    @property
    def size(self) -> int:
        """0 or 1."""
        return 2

    @property
    def start(self) -> int:
        """True until a named reel misses the symbol."""
        return 1

    def step(self, reel: int, column: Column) -> tuple[int, ...]:
        """A named reel without the symbol clears the value; other reels keep it."""
        if reel in self.reels and self.symbol not in column:
            return (0, 0)
        return (0, 1)


def merge_trackers(trackers: Iterable[Tracker]) -> tuple[Tracker, ...]:
    """The fewest trackers that answer for all of ``trackers``, in first-asked order."""
    merged: list[Tracker] = []
    for tracker in trackers:
        if any(have.answers(tracker) for have in merged):
            continue
        finer = [i for i, have in enumerate(merged) if tracker.answers(have)]
        if finer:  # the new one takes the place of the first it answers for
            merged[finer[0]] = tracker
            merged = [have for i, have in enumerate(merged) if i not in finer[1:]]
        else:
            merged.append(tracker)
    return tuple(merged)


def resolve(trackers: tuple[Tracker, ...], wanted: Tracker) -> int:
    """The index of the tracker of ``trackers`` that answers for ``wanted``."""
    for i, have in enumerate(trackers):
        if have.answers(wanted):
            return i
    raise KeyError(f"no tracker answers for {wanted}")
