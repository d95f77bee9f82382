"""The exact distribution of a free-spins feature with retriggers, below the round cap.

Amounts are whole multiples of the bet per line, so a distribution is an array of
probabilities indexed by the amount.  Only amounts below the cap ``n`` matter (anything
from the cap up pays the cap), and for wins that never go negative the amounts below
``n`` of a sum depend only on the amounts below ``n`` of its parts: every convolution
here is truncated to ``n`` entries, which is exact.

The feature starts with ``award`` spins; a spin pays ``Y`` and, with probability ``q``,
adds ``retrigger`` spins.  By the hitting-time theorem (the cycle lemma), the feature
lasts ``n = award + retrigger * j`` spins with ``j`` retriggers with probability
``award / n`` times that of ``j`` retriggers among ``n`` independent spins, and the total
pay, invariant under the cyclic shifts the lemma uses, comes along.  Hence

    F = sum_j  award/(award + r j) * C(award + r j, j) * A1^{*j} * A0^{*(award + r j - j)}

where ``A1`` / ``A0`` are the pay distributions of a spin that does / does not retrigger.
The series is summed until the probability of the retrigger counts left out (one minus
the sum of the term masses, which add up to one) falls below ``tolerance``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from slotterm.analysis.exact_walk import Array

_DIRECT_LIMIT = 256


def smooth_size(minimum: int) -> int:
    """The smallest 2^a 3^b 5^c at least ``minimum`` (fast FFT lengths)."""
    best = 1 << max(0, (minimum - 1).bit_length())
    five = 1
    while five < 2 * minimum:
        three = five
        while three < 2 * minimum:
            size = three
            while size < minimum:
                size *= 2
            best = min(best, size)
            three *= 3
        five *= 5
    return best


class Convolver:
    """Truncated convolutions of arrays of length ``n`` (exact below ``n``)."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.direct = n <= _DIRECT_LIMIT
        self.size = smooth_size(2 * n - 1)

    def spectrum(self, a: Array) -> Array:
        """The transform of ``a`` (padded), to reuse in several products."""
        return np.fft.rfft(a, self.size)

    def back(self, spectrum: Array) -> Array:
        """The first ``n`` entries of the inverse transform."""
        return np.fft.irfft(spectrum, self.size)[: self.n]

    def convolve(self, a: Array, b: Array) -> Array:
        """``a * b`` truncated to ``n`` entries."""
        if self.direct:
            return np.convolve(a, b)[: self.n]
        return self.back(self.spectrum(a) * self.spectrum(b))

    def power(self, a: Array, exponent: int) -> Array:
        """``a`` convolved with itself ``exponent`` times (``exponent >= 0``)."""
        return self.power_with_spectrum(a, exponent)[0]

    def power_with_spectrum(self, a: Array, exponent: int) -> tuple[Array, Array | None]:
        """``a`` to the ``exponent`` (truncated) and its spectrum (``None`` when direct)."""
        if self.direct:
            power = np.zeros(self.n)
            power[0] = 1.0
            square = a
            while exponent:
                if exponent & 1:
                    power = np.convolve(power, square)[: self.n]
                exponent >>= 1
                if exponent:
                    square = np.convolve(square, square)[: self.n]
            return power, None
        if exponent == 0:
            unit = np.zeros(self.n)
            unit[0] = 1.0
            return unit, self.spectrum(unit)
        base, base_spec = a, self.spectrum(a)
        result: Array | None = None
        result_spec: Array | None = None
        while True:
            if exponent & 1:
                if result_spec is None:
                    result, result_spec = base, base_spec
                else:
                    result = self.back(result_spec * base_spec)
                    result_spec = self.spectrum(result)
            exponent >>= 1
            if not exponent:
                break
            base = self.back(base_spec * base_spec)
            base_spec = self.spectrum(base)
        assert result is not None
        return result, result_spec


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
    weights, neglected = retrigger_series(award, retrigger, q, tolerance)
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
        step_spectrum = None
    else:
        step_spectrum = conv.spectrum(conv.back(conv.spectrum(retrigger_pays) * step_power_spec))
    horner = np.zeros(n)
    horner[0] = weights[last]
    for j in range(last - 1, -1, -1):
        if step_spectrum is None:
            horner = conv.convolve(step, horner)
        else:
            horner = conv.back(step_spectrum * conv.spectrum(horner))
        horner[0] += weights[j]
    return FeatureDistribution(conv.convolve(start, horner), neglected, last + 1)
