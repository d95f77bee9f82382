"""Spin laws cut to the cap without padding: views of a spin's arrays, not copies.

A spin law below the cap ``n`` (:func:`~slotterm.analysis.spin_law.law_below`) is ``n``
entries long, the spin's pay distribution cut there or padded with zeros.  A law kept for
every variant of a feature (the free spins under each expanding symbol) was then a copy
the cap long, per variant: memory grew with the cap, hence with the lines.
:func:`law_head` keeps the first ``n`` entries as views instead, zero beyond their end;
what reads such a law treats it as padded and gets the very same floats:

* a transform of length ``size >= n`` pads with zeros itself (``np.fft.rfft(a, size)``);
* :func:`padded` gives the padded array where a full one is needed (a short cap);
* :func:`padded_weighted_sum` is ``float((np.maximum(a_padded, 0) * e).sum())`` -- the
  sum over all ``len(e)`` entries, zeros included, so its float is the same (a sum's
  rounding depends on how many entries it adds, zeros or not) -- in a scratch array.
"""

from __future__ import annotations

import numpy as np

from slotterm.analysis.exact_walk import Array
from slotterm.analysis.spin_law import SpinLaw, SpinOutcome


def law_head(outcome: SpinOutcome, cap: int) -> SpinLaw:
    """A spin's law below the cap, as views cut to ``cap`` entries (not padded)."""
    return SpinLaw(outcome.no_award[:cap], outcome.award[:cap], outcome.award_probability)


def padded(a: Array, n: int) -> Array:
    """``a`` padded with zeros to ``n`` entries (``a`` itself when it is that long)."""
    if len(a) == n:
        return a
    out = np.zeros(n)
    out[: len(a)] = a
    return out


def padded_weighted_sum(a: Array, e: Array, scratch: Array) -> float:
    """``Σ max(a[y], 0) e[y]`` over ``y < len(e)``, ``a`` zero-padded to that length,
    summed as NumPy sums the padded product (``scratch``: an array as long as ``e``)."""
    scratch[: len(a)] = a
    scratch[len(a) :] = 0.0
    np.maximum(scratch, 0, out=scratch)
    scratch *= e
    return float(scratch.sum())
