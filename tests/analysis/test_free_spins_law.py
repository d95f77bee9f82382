"""The free spins' own maths: the retrigger series, truncated convolutions."""

from __future__ import annotations

import math

import numpy as np
import pytest

from slotterm.analysis.convolution import Convolver
from slotterm.analysis.features.retrigger_series import feature_distribution, retrigger_series


def test_series_masses_add_up_to_one() -> None:
    for award, r, q in ((10, 10, 0.0083), (3, 2, 0.3), (15, 5, 0.1)):
        weights, left = retrigger_series(award, r, q, 1e-13)
        masses = [w * q**j * (1 - q) ** (award + (r - 1) * j) for j, w in enumerate(weights)]
        assert 0 <= left < 1e-13
        assert math.fsum(masses) == pytest.approx(1.0 - left, abs=1e-15)
        # the next term is smaller than what is reported as left out
        j = len(weights)
        n = award + r * j
        nxt = award / n * math.comb(n, j) * q**j * (1 - q) ** (n - j)
        assert nxt <= left + 1e-16
    with pytest.raises(ValueError):
        retrigger_series(10, 10, 0.1, 1e-13)


def test_convolver_fft_matches_direct() -> None:
    rng = np.random.default_rng(5)
    a, b = rng.random(700), rng.random(700)
    conv = Convolver(700)
    assert not conv.direct
    np.testing.assert_allclose(conv.convolve(a, b), np.convolve(a, b)[:700], atol=1e-10)
    np.testing.assert_allclose(conv.power(a / a.sum(), 3), _power(a / a.sum(), 3), atol=1e-14)


def _power(a: np.ndarray, n: int) -> np.ndarray:
    out = np.array([1.0])
    for _ in range(n):
        out = np.convolve(out, a)[: len(a)]
    return out


def test_feature_without_retrigger_is_a_plain_power() -> None:
    spin = np.array([0.5, 0.2, 0.1, 0.0, 0.1])
    dist = feature_distribution(spin, np.zeros(5), 0.1, 3, 0)
    np.testing.assert_allclose(dist.below_cap, _power(spin, 3), atol=1e-15)
