"""The retrigger series: the pay of a free-spins feature below the cap, by counting.

Distribution below the cap.  By the hitting-time theorem (the cycle lemma), the feature
lasts ``n = award + retrigger * j`` spins with ``j`` retriggers with probability
``award / n`` times that of ``j`` retriggers among ``n`` independent spins, and the total
pay, invariant under the cyclic shifts the lemma uses, comes along.  Hence

    F = sum_j  award/(award + r j) * C(award + r j, j) * A1^{*j} * A0^{*(award + r j - j)}

where ``A1`` / ``A0`` are the pay distributions of a spin that does / does not retrigger.
The series is summed until the probability of the retrigger counts left out (one minus
the sum of the term masses, which add up to one) falls below ``tolerance``.  Every
convolution is truncated to the cap (:mod:`slotterm.analysis.convolution`), which is
exact; the spectral form takes the same series point by point in one transform
(:mod:`slotterm.analysis.exact_round`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from slotterm.analysis.convolution import Convolver
from slotterm.analysis.exact_walk import Array
from slotterm.analysis.spin_law import SpinLaw

__all__ = [
    "FeatureDistribution",
    "feature_distribution",
    "feature_spectrum",
    "retrigger_series",
    "scaled_series",
]


@dataclass(frozen=True)
class FeatureDistribution:
    """The feature's total pay below the cap, and how much probability was left out."""

    below_cap: Array
    neglected: float
    terms: int


def retrigger_series(
    award: int, retrigger: int, q: float, tolerance: float
) -> tuple[list[float], float]:
    """Weights ``c_j`` of the series, and the probability mass of the terms left out.

    The term masses ``c_j q^j (1-q)^(award + r j - j)`` are the probabilities of ``j``
    retriggers; they add up to 1 because the feature ends for sure when ``r q < 1``.  Terms
    are taken until the mass left, ``1 - sum``, is below ``tolerance`` (the sum is taken
    with ``math.fsum``, so the figure is good to about 1e-16).
    """
    if retrigger * q >= 1:
        raise ValueError(f"retriggers never end on average (r·q = {retrigger * q:.3f} >= 1)")
    p0 = 1.0 - q
    weights: list[float] = []
    masses: list[float] = []
    j = 0
    while True:
        n = award + retrigger * j
        weight = award / n * math.comb(n, j)
        weights.append(weight)
        masses.append(weight * q**j * p0 ** (n - j))
        left = max(0.0, 1.0 - math.fsum(masses))
        if q == 0 or left < tolerance:
            return weights, left
        j += 1


def scaled_series(
    award: int, retrigger: int, q: float, tolerance: float
) -> tuple[list[float], float, float]:
    """The weights of :func:`retrigger_series` times ``scale^j``, the mass left, ``scale``.

    ``scale`` is 1 while the plain weights fit in a float.  When retriggers are frequent
    (``r q`` near 1) the series runs to many terms and ``c_j`` passes 10^308; then
    ``scale = q (1-q)^(r-1)``, the mass of a step of the series, so that the scaled
    weights are the term masses over ``(1-q)^award`` (each below 1), taken in logarithms;
    the step of the series is divided by ``scale`` to match.
    """
    try:
        weights, left = retrigger_series(award, retrigger, q, tolerance)
        if all(w < _LARGE for w in weights):
            return weights, left, 1.0
    except OverflowError:
        pass
    p0 = 1.0 - q
    scale = q * p0 ** (retrigger - 1)
    log_scale = math.log(q) + (retrigger - 1) * math.log(p0)
    weights, masses = [], []
    j = 0
    while True:
        n = award + retrigger * j
        log_weight = (
            math.log(award / n)
            + math.lgamma(n + 1)
            - math.lgamma(j + 1)
            - math.lgamma(n - j + 1)
            + j * log_scale
        )
        weights.append(math.exp(log_weight))
        masses.append(math.exp(log_weight + award * math.log(p0)))
        left = max(0.0, 1.0 - math.fsum(masses))
        if left < tolerance:
            return weights, left, scale
        j += 1


_LARGE = 1e250
"""Plain series weights beyond this are scaled (:func:`scaled_series`)."""


def feature_distribution(
    no_retrigger: Array,
    retrigger_pays: Array,
    q: float,
    award: int,
    retrigger: int,
    tolerance: float = 1e-13,
) -> FeatureDistribution:
    """The feature's pay distribution below ``n = len(no_retrigger)``.

    ``no_retrigger[y]`` / ``retrigger_pays[y]``: probability that one spin pays ``y`` and
    does not / does retrigger, truncated to ``n`` entries; ``q`` is the full retrigger
    probability (including spins paying ``n`` or more).
    """
    n = len(no_retrigger)
    conv = Convolver(n)
    if retrigger == 0 or q == 0:
        return FeatureDistribution(conv.power(no_retrigger + retrigger_pays, award), 0.0, 1)
    weights, neglected, scale = scaled_series(award, retrigger, q, tolerance)
    last = len(weights) - 1
    step_power, step_power_spec = conv.power_with_spectrum(no_retrigger, retrigger - 1)
    if award == retrigger and step_power_spec is not None:
        start = conv.back(step_power_spec * conv.spectrum(no_retrigger))
    elif award == retrigger:
        start = conv.convolve(step_power, no_retrigger)
    else:
        start = conv.power(no_retrigger, award)
    if last == 0:
        return FeatureDistribution(weights[0] * start, neglected, 1)
    if step_power_spec is None:
        step = conv.convolve(retrigger_pays, step_power)
        if scale != 1.0:
            step = step / scale
        step_spectrum = None
    else:
        step_spectrum = conv.spectrum(conv.back(conv.spectrum(retrigger_pays) * step_power_spec))
        if scale != 1.0:
            step_spectrum = step_spectrum / scale
    horner = np.zeros(n)
    horner[0] = weights[last]
    for j in range(last - 1, -1, -1):
        if step_spectrum is None:
            horner = conv.convolve(step, horner)
        else:
            horner = conv.back(step_spectrum * conv.spectrum(horner))
        horner[0] += weights[j]
    return FeatureDistribution(conv.convolve(start, horner), neglected, last + 1)


def feature_spectrum(
    law: SpinLaw,
    weights: list[float],
    award: int,
    retrigger: int,
    size: int,
    scale: float = 1.0,
) -> Array:
    """The series of the module notes as a length-``size`` real DFT, point by point
    (``weights`` scaled by ``scale^j``, :func:`scaled_series`).

    The law's arrays may be shorter than the cap (zero beyond their end: the transform
    pads them).  Everything after the two transforms is point by point, so it is done
    :data:`_SPECTRUM_CHUNK` frequencies at a time: the same floats, with two spectra held
    instead of six (the result is written over the second)."""
    s0 = np.fft.rfft(law.no_award, size)
    s1 = np.fft.rfft(law.award, size)
    if retrigger == 0 or law.q == 0:
        s0 += s1
        return _power(s0, award)
    for part in _chunks(len(s0)):  # the result written over s1, read first
        s1[part] = _series_point(s0[part], s1[part], weights, award, retrigger, scale)
    return s1


_SPECTRUM_CHUNK = 1 << 15
"""Frequencies of :func:`feature_spectrum` taken at once (the last chunk up to twice as
many).  At least NumPy's 256 KiB of complex numbers: NumPy reuses a temporary array of
that size or more in place, which may swap a product's operands, and a complex product
with its operands swapped may round differently (fused multiply-adds).  Chunks of an
array that long are each that long too, so each product is taken as it was on the whole
array: the same floats."""


def _chunks(length: int) -> list[slice]:
    """Slices of ``range(length)`` of :data:`_SPECTRUM_CHUNK` (the last one longer)."""
    starts = list(range(0, length, _SPECTRUM_CHUNK))
    if len(starts) > 1 and length - starts[-1] < _SPECTRUM_CHUNK:
        starts.pop()
    return [slice(a, b) for a, b in zip(starts, [*starts[1:], length], strict=True)]


def _series_point(
    s0: Array, s1: Array, weights: list[float], award: int, retrigger: int, scale: float
) -> Array:
    """The series at some frequencies, from the two spectra there."""
    step = s1 * _power(s0, retrigger - 1)
    if scale != 1.0:
        step = step / scale
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
