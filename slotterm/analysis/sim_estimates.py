"""A simulated figure as a statistic: its value, its standard error, its 99 % interval and
its z-score against an exact value.

Three kinds of figure come out of a simulation's integer tallies
(:class:`~slotterm.analysis.sim_tally.Tally`):

* a *mean* of something each observation gives (a round's pay, a feature's spins): its
  interval is the normal one, the mean ± 2.576 standard errors of the sample, its low end
  at least 0 (every figure here is a pay, a count or a probability);
* a *proportion* (rounds that hit, that started a feature): its interval is Wilson's, and
  its z uses the standard error the exact probability gives (the score test), so a run
  that saw none of a rare event is not called infinitely far from it; no z when fewer
  than :data:`MIN_EXPECTED` events (or non-events) are expected, where the normal
  approximation says nothing;
* the *inverse* of a proportion ("1 in N"): the interval is the proportion's turned over,
  the z the proportion's carried over by the delta method (the same test, seen as N).

:func:`mean_estimate`, :func:`proportion_estimate`, :func:`inverse_estimate` and
:func:`sd_estimate` build them from sums; :meth:`Estimate.interval` and
:meth:`Estimate.z_against` do the rest.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from slotterm.analysis.sim_tally import Z_99

Kind = Literal["mean", "proportion", "inverse"]
"""How an estimate's interval and z are worked out (see the module notes)."""

MIN_EXPECTED = 5
"""The fewest events (and non-events) a proportion's z needs to be expected under the
exact probability: below it a count is too lumpy for a normal score."""


@dataclass(frozen=True, slots=True)
class Estimate:
    """A simulated figure (see the module notes).

    ``value`` is the figure; ``se`` its standard error from the sample (0.0 when the
    sample shows no spread); ``count`` the observations it is measured on (rounds,
    features, free spins, bonuses); ``hits`` the events among them, for a proportion
    and its inverse.
    """

    value: float
    se: float
    count: int
    kind: Kind = "mean"
    hits: int = 0

    def interval(self) -> tuple[float, float] | None:
        """The 99 % interval, or ``None`` when the sample cannot give one (a mean of
        fewer than two observations or with no spread; no trials for a proportion)."""
        if self.kind == "mean":
            if self.count < 2 or self.se <= 0:
                return None
            half = Z_99 * self.se
            return max(self.value - half, 0.0), self.value + half
        if self.count < 1:
            return None
        low, high = wilson(self.hits, self.count)
        if self.kind == "proportion":
            return low, high
        return 1.0 / high, 1.0 / low  # low > 0 whenever an event was seen

    def z_against(self, exact: float) -> float | None:
        """``(value - exact) / se``: how many standard errors the simulation lies from the
        ``exact`` figure (see the module notes for the proportion's se); ``None`` when
        there is no spread to measure it by, or too few events are expected."""
        if self.kind == "mean":
            if self.count < 2 or self.se <= 0:
                return None
            return (self.value - exact) / self.se
        p = exact if self.kind == "proportion" else (1.0 / exact if exact > 0 else 0.0)
        if min(p, 1.0 - p) * self.count < MIN_EXPECTED:
            return None
        se = math.sqrt(p * (1.0 - p) / self.count)
        if self.kind == "proportion":
            return (self.value - p) / se
        return (self.value - exact) / (se / (p * p))  # delta method: d(1/p) = dp / p²


def wilson(hits: int, trials: int) -> tuple[float, float]:
    """Wilson's 99 % interval of a proportion of ``hits`` in ``trials`` (at least 1)."""
    p = hits / trials
    z2 = Z_99 * Z_99
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = Z_99 * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    # the ends hold the observed share even where rounding would leave it out (p = 0, 1)
    return min(max(centre - half, 0.0), p), max(min(centre + half, 1.0), p)


def mean_estimate(total: int, squares: int, count: int, unit: int = 1) -> Estimate | None:
    """The mean of ``count`` observations summing to ``total`` with squares summing to
    ``squares``, in units of ``unit`` (a total bet in cents: a pay in total bets); ``None``
    without observations.  Exact integer arithmetic up to the last division."""
    if count < 1:
        return None
    value = total / count / unit
    if count < 2:
        return Estimate(value, 0.0, count)
    variance = Fraction(max(count * squares - total * total, 0), count * (count - 1))
    return Estimate(value, math.sqrt(variance / count) / unit, count)


def proportion_estimate(hits: int, trials: int) -> Estimate | None:
    """The share of ``trials`` that were ``hits``; ``None`` without trials."""
    if trials < 1:
        return None
    p = hits / trials
    se = math.sqrt(p * (1 - p) / trials)
    return Estimate(value=p, se=se, count=trials, kind="proportion", hits=hits)


def inverse_estimate(hits: int, trials: int) -> Estimate | None:
    """ "1 in N": ``trials / hits``; ``None`` before the first hit."""
    if hits < 1 or trials < 1:
        return None
    p = hits / trials
    se = math.sqrt(p * (1 - p) / trials) / (p * p)
    return Estimate(value=1.0 / p, se=se, count=trials, kind="inverse", hits=hits)


def sd_estimate(sums: tuple[int, int, int, int, int], unit: int = 1) -> Estimate | None:
    """The sample standard deviation of observations whose count and sums of the first to
    fourth powers are ``sums`` (``n, Σx, Σx², Σx³, Σx⁴``), in units of ``unit``.

    Its standard error is the large-sample one, ``√((μ₄ - σ⁴) / n) / (2σ)`` with ``μ₄`` the
    sample's fourth central moment: a heavy tail (a rare win of thousands of bets) makes
    it wide, as it should.  ``None`` for fewer than two observations.
    """
    n, s1, s2, s3, s4 = sums
    if n < 2:
        return None
    mean = Fraction(s1, n)
    variance = Fraction(max(n * s2 - s1 * s1, 0), n * (n - 1))
    sd = math.sqrt(variance)
    if variance == 0:
        return Estimate(0.0, 0.0, n)
    fourth = (s4 - 4 * mean * s3 + 6 * mean**2 * s2 - 4 * mean**3 * s1 + n * mean**4) / n
    spread = max(fourth - variance * variance, Fraction(0)) / n
    return Estimate(sd / unit, math.sqrt(spread) / (2 * sd) / unit, n)
