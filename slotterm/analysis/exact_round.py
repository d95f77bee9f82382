"""The round's pay distribution below the cap: the base spin plus the feature it triggers.

The round pays ``X = B + 1_award F``: the base spin's pay ``B`` and, when the spin awards
it, the pay ``F`` of the triggered feature, whose law (a :class:`TriggeredLaw`, e.g. the
free spins with their retriggers, :mod:`slotterm.analysis.features.free_spins_law`) is
independent of ``B`` given the award.  Two ways, with the same result:

* **direct** -- the feature's distribution below the cap by truncated convolutions, then
  one convolution with the awarding base spins; exact up to the mass the feature's law
  leaves out.  Used for small caps, and by the tests.
* **spectral** -- the feature's discrete Fourier transform of length ``N`` (its law's
  products taken point by point, nothing truncated between them), times the base spin's,
  one inverse transform.  Mass of the untruncated products at ``N`` and beyond folds back
  onto ``[0, N)``.  That mass is bounded by Chernoff: for every ``θ >= 0`` it is at most
  ``e^(-θN) M_B(θ) Φ(θ)`` with ``M_B(θ) = Σ_y b[y] e^(θy)`` of the (truncated) awarding
  base spins and ``Φ(θ)`` the feature's own bound (:meth:`TriggeredLaw.mgf`).  ``N``
  grows until the bound is below the tolerance; the bound is reported.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

import numpy as np

from slotterm.analysis.convolution import Convolver, smooth_size
from slotterm.analysis.exact_walk import Array
from slotterm.analysis.spin_law import SpinLaw, SpinOutcome

_DIRECT_BELOW = 4096
_THETAS = (0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 16.0, 32.0)


class TriggeredLaw(Protocol):
    """The exact law of what a triggered feature pays (amounts in bet-per-line units)."""

    @property
    def mean(self) -> float:
        """E[F], uncapped."""
        ...

    @property
    def second_moment(self) -> float:
        """E[F²], uncapped."""
        ...

    def below_cap(self, n: int, tolerance: float) -> tuple[Array, float]:
        """P(F = t) for ``t < n``, and the probability mass the method left out."""
        ...

    def spectrum(self, n: int, size: int, tolerance: float) -> tuple[Array, float]:
        """The length-``size`` real DFT of F's law built from inputs cut to ``n``, and
        the mass left out (see the module notes)."""
        ...

    def mgf(self, n: int, e: Array, tolerance: float) -> float:
        """Φ(θ): E[e^(θF)] of that untruncated-product law, ``e[y] = e^(θy)`` for ``y < n``."""
        ...

    @property
    def top(self) -> float:
        """The most the feature can pay (``inf`` when retriggers leave it unbounded)."""
        ...

    @property
    def spins(self) -> float:
        """Expected spins the feature plays once awarded (0 for a feature without spins)."""
        ...

    def spin_mix(self, value: Callable[[SpinOutcome], float]) -> float:
        """E[``value``] of one of the feature's spins (what another feature, such as a
        bonus on every spin, reads of the spins played inside this one)."""
        ...


@dataclass(frozen=True)
class RoundBelowCap:
    """P(round pays t) for t below the cap, and what the method left out or folded in."""

    below_cap: Array
    neglected: float
    aliasing: float


def round_below_cap(
    base: SpinLaw,
    feature: TriggeredLaw | None,
    tolerance: float = 1e-13,
    spectral: bool | None = None,
) -> RoundBelowCap:
    """The round's distribution below the cap (``len(base.no_award)``)."""
    n = len(base.no_award)
    if feature is None:
        return RoundBelowCap(base.no_award + base.award, 0.0, 0.0)
    if spectral is None:
        spectral = n >= _DIRECT_BELOW
    if spectral:
        result = _spectral(base, feature, tolerance)
        if result is not None:
            return result
    below, neglected = feature.below_cap(n, tolerance)
    return RoundBelowCap(base.no_award + Convolver(n).convolve(base.award, below), neglected, 0.0)


def _spectral(base: SpinLaw, feature: TriggeredLaw, tolerance: float) -> RoundBelowCap | None:
    n = len(base.no_award)
    for factor in (4, 6, 8, 12, 16):
        size = smooth_size(factor * n)
        bound = _aliasing_bound(base, feature, size, tolerance)
        if bound < tolerance:
            break
    else:
        return None
    spectrum, neglected = feature.spectrum(n, size, tolerance)
    product = np.fft.rfft(base.award, size)
    product *= spectrum  # in place, and the feature's spectrum let go before the inverse
    del spectrum
    folded = np.fft.irfft(product, size)[:n]
    del product
    return RoundBelowCap(base.no_award + folded, neglected, bound)


def _aliasing_bound(base: SpinLaw, feature: TriggeredLaw, size: int, tolerance: float) -> float:
    """Chernoff bound on the mass at ``size`` and beyond (see the module docstring)."""
    n = len(base.no_award)
    y = np.arange(n, dtype=np.float64)
    best = math.inf
    for scale in _THETAS:
        theta = scale / n
        e = np.exp(theta * y)
        try:
            mb = float((np.maximum(base.award, 0) * e).sum())
            bound = math.exp(-theta * size) * mb * feature.mgf(n, e, tolerance)
        except OverflowError:
            continue
        if math.isfinite(bound):
            best = min(best, bound)
    return best
