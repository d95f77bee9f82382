"""Truncated convolutions: the sum of independent amounts, below a cap.

Amounts are whole multiples of the bet per line, so a distribution is an array of
probabilities indexed by the amount.  Only amounts below the cap ``n`` matter (anything
from the cap up pays the cap), and for wins that never go negative the amounts below
``n`` of a sum depend only on the amounts below ``n`` of its parts: every convolution
here is truncated to ``n`` entries, which is exact.  Short arrays are convolved directly,
long ones through the FFT at a smooth length.
"""

from __future__ import annotations

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
