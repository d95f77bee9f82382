"""The round's pay distribution below the cap: base spin plus feature, all specials mixed.

Two ways, with the same result:

* **direct** -- the feature of each special by truncated convolutions
  (:func:`~slotterm.analysis.exact_feature.feature_distribution`), then the base spin;
  exact up to the series mass left out.  Used for small caps, and by the tests.
* **spectral** -- the whole series in one discrete Fourier transform of length ``N``:
  ``F^ = A0^^award · Σ_j c_j (A1^ · A0^^(r-1))^j`` point by point, mixed over the specials,
  times the base spin's transform, one inverse transform.  Nothing is truncated between
  products, so mass of the (untruncated-product) series at ``N`` and beyond folds back
  onto ``[0, N)``.  That mass is bounded by Chernoff: for every ``θ >= 0`` it is at most
  ``e^(-θN) M_B(θ) Φ(θ)`` with ``M(θ) = Σ_y a[y] e^(θy)`` of each (truncated) input and
  ``Φ(θ) = Σ_j c_j (M_1 M_0^(r-1))^j M_0^award``.  ``N`` grows until the bound is below
  the tolerance; the bound is reported.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from slotterm.analysis.exact_feature import (
    Convolver,
    feature_distribution,
    retrigger_series,
    smooth_size,
)
from slotterm.analysis.exact_walk import Array

_DIRECT_BELOW = 4096
_THETAS = (0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 16.0, 32.0)


@dataclass(frozen=True)
class SpinLaw:
    """One spin's pay below the cap ``n``, split by award; ``q`` is the full award chance."""

    no_award: Array
    award: Array
    q: float


@dataclass(frozen=True)
class RoundBelowCap:
    """P(round pays t) for t below the cap, and what the method left out or folded in."""

    below_cap: Array
    neglected: float
    aliasing: float


def round_below_cap(
    base: SpinLaw,
    features: Sequence[SpinLaw],
    award: int,
    retrigger: int,
    tolerance: float = 1e-13,
    spectral: bool | None = None,
) -> RoundBelowCap:
    """The round's distribution below the cap (``len(base.no_award)``), specials mixed."""
    n = len(base.no_award)
    if spectral is None:
        spectral = n >= _DIRECT_BELOW
    if spectral:
        result = _spectral(base, features, award, retrigger, tolerance)
        if result is not None:
            return result
    return _direct(base, features, award, retrigger, tolerance)


def _direct(
    base: SpinLaw, features: Sequence[SpinLaw], award: int, retrigger: int, tolerance: float
) -> RoundBelowCap:
    n = len(base.no_award)
    mixture = np.zeros(n)
    neglected = 0.0
    done: dict[bytes, Array] = {}  # specials with the very same spin law share the work
    for law in features:
        key = law.no_award.tobytes() + law.award.tobytes()
        if key not in done:
            dist = feature_distribution(law.no_award, law.award, law.q, award, retrigger, tolerance)
            done[key] = dist.below_cap
            neglected = max(neglected, dist.neglected)
        mixture += done[key]
    mixture /= len(features)
    below = base.no_award + Convolver(n).convolve(base.award, mixture)
    return RoundBelowCap(below, neglected, 0.0)


def _series(law: SpinLaw, award: int, retrigger: int, tolerance: float) -> list[float]:
    if retrigger == 0 or law.q == 0:
        return [1.0]
    return retrigger_series(award, retrigger, law.q, tolerance)[0]


def _spectral(
    base: SpinLaw, features: Sequence[SpinLaw], award: int, retrigger: int, tolerance: float
) -> RoundBelowCap | None:
    n = len(base.no_award)
    series = [_series(law, award, retrigger, tolerance) for law in features]
    neglected = 0.0
    for law in features:
        if retrigger and law.q:
            neglected = max(neglected, retrigger_series(award, retrigger, law.q, tolerance)[1])
    for factor in (4, 6, 8, 12, 16):
        size = smooth_size(factor * n)
        bound = _aliasing_bound(base, features, series, award, retrigger, size)
        if bound < tolerance:
            break
    else:
        return None
    # specials with the very same spin law share the work
    groups: dict[bytes, tuple[SpinLaw, Sequence[float], int]] = {}
    for law, weights in zip(features, series, strict=True):
        key = law.no_award.tobytes() + law.award.tobytes()
        seen = groups.get(key)
        groups[key] = (law, weights, 1 + (seen[2] if seen else 0))
    mixture = np.zeros(size // 2 + 1, dtype=np.complex128)
    for one_law, one_series, count in groups.values():
        mixture += _feature_spectrum(one_law, one_series, award, retrigger, size) * (
            count / len(features)
        )
    folded = np.fft.irfft(np.fft.rfft(base.award, size) * mixture, size)[:n]
    return RoundBelowCap(base.no_award + folded, neglected, bound)


def _feature_spectrum(
    law: SpinLaw, weights: Sequence[float], award: int, retrigger: int, size: int
) -> Array:
    s0 = np.fft.rfft(law.no_award, size)
    s1 = np.fft.rfft(law.award, size)
    if retrigger == 0 or law.q == 0:
        return _power(s0 + s1, award)
    step = s1 * _power(s0, retrigger - 1)
    horner = np.full_like(s0, weights[-1])
    for weight in reversed(weights[:-1]):
        horner = horner * step + weight
    return _power(s0, award) * horner


def _power(x: Array, exponent: int) -> Array:
    result = np.ones_like(x)
    base = x
    while exponent:
        if exponent & 1:
            result = result * base
        exponent >>= 1
        if exponent:
            base = base * base
    return result


def _aliasing_bound(
    base: SpinLaw,
    features: Sequence[SpinLaw],
    series: Sequence[Sequence[float]],
    award: int,
    retrigger: int,
    size: int,
) -> float:
    """Chernoff bound on the series mass at ``size`` and beyond (see the module docstring)."""
    n = len(base.no_award)
    y = np.arange(n, dtype=np.float64)
    best = math.inf
    for scale in _THETAS:
        theta = scale / n
        e = np.exp(theta * y)
        try:
            mb = float((np.maximum(base.award, 0) * e).sum())
            phi = 0.0
            for law, weights in zip(features, series, strict=True):
                m0 = float((np.maximum(law.no_award, 0) * e).sum())
                m1 = float((np.maximum(law.award, 0) * e).sum())
                if retrigger == 0 or law.q == 0:
                    phi += (m0 + m1) ** award
                    continue
                step = m1 * m0 ** (retrigger - 1)
                phi += m0**award * math.fsum(w * step**j for j, w in enumerate(weights))
            bound = math.exp(-theta * size) * mb * phi / len(features)
        except OverflowError:
            continue
        if math.isfinite(bound):
            best = min(best, bound)
    return best
