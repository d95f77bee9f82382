"""The exact law of the number of scatters a window shows, counted over the strips.

Each reel stops uniformly on one of its stops; the window shows ``rows`` consecutive
symbols of each strip (wrapping around), and a scatter counts once per cell it fills.
The reels are independent, so the law of the total is the convolution of each reel's
law: whole-number counts of stops, exact, with no floating point.  Free spins use it to
refuse retriggers that would make the feature endless on average.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from fractions import Fraction


def scatter_stop_counts(
    strips: Sequence[Sequence[str]], scatters: Collection[str], rows: int
) -> list[int]:
    """``counts[k]``: how many combinations of stops show exactly ``k`` scatters."""
    total = [1]
    for strip in strips:
        length = len(strip)
        reel = [0] * (rows + 1)
        for stop in range(length):
            shown = sum(1 for i in range(rows) if strip[(stop + i) % length] in scatters)
            reel[shown] += 1
        combined = [0] * (len(total) + rows)
        for k, ways in enumerate(total):
            if ways:
                for j, more in enumerate(reel):
                    combined[k + j] += ways * more
        total = combined
    return total


def chance_of_at_least(
    strips: Sequence[Sequence[str]], scatters: Collection[str], rows: int, count: int
) -> Fraction:
    """The exact chance that a spin on ``strips`` shows ``count`` scatters or more."""
    counts = scatter_stop_counts(strips, scatters, rows)
    return Fraction(sum(counts[count:]), sum(counts))
