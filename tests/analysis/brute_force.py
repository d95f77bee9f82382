"""Brute force for the exact-analysis tests: spin by spin, knowing nothing of the series.

A feature's spins are given as their enumerated outcomes ``{(pay, spins awarded): p}``;
the feature is then rebuilt by a plain recursion over (spins left, total so far), and
its uncapped moments by carrying (mass, first, second moment) per spins left.
"""

from __future__ import annotations

import numpy as np


def feature_by_recursion(
    outcomes: dict[tuple[int, int], float], award: int, retrigger: int, cap: int
) -> np.ndarray:
    """P(feature total = t) for t < cap, and at index cap P(total >= cap), spin by spin.

    The state is (spins left, total so far); a spin adds its pay and the spins it awards;
    the feature ends when no spins are left or the total reaches the cap.
    """
    limit = 400
    state = np.zeros((limit, cap + 1))
    state[award, 0] = 1.0
    final = np.zeros(cap + 1)
    while state.sum() > 1e-18:
        new = np.zeros_like(state)
        for (pay, awarded), p in outcomes.items():
            shifted = np.zeros_like(state)
            if pay < cap:
                shifted[:, pay:] = state[:, : cap + 1 - pay]
                shifted[:, cap] += state[:, cap + 1 - pay :].sum(axis=1)
            else:
                shifted[:, cap] = state.sum(axis=1)
            # spins left after this spin: n - 1 + awarded
            moved = np.zeros_like(state)
            top = min(limit, limit - 1 + awarded)
            moved[awarded:top] = shifted[1 : 1 + top - awarded]
            new += p * moved
        assert not retrigger or new[-2 * retrigger :].sum() < 1e-30
        final[:cap] += new[0, :cap]
        final[cap] += new[:, cap].sum()
        new[0, :] = 0.0
        new[:, cap] = 0.0
        state = new
    return final


def feature_moments_by_recursion(
    outcomes: dict[tuple[int, int], float], award: int
) -> tuple[float, float]:
    """Uncapped E[F], E[F²] by carrying (mass, first, second moment) per spins-left.

    A spin's outcomes are summed per number of spins awarded first (Σp, Σp·pay,
    Σp·pay² each): the step is linear in them, so it is the same recursion, with one
    update per award instead of one per outcome."""
    sums: dict[int, list[float]] = {}
    for (pay, awarded), p in outcomes.items():
        s = sums.setdefault(awarded, [0.0, 0.0, 0.0])
        s[0] += p
        s[1] += p * pay
        s[2] += p * pay * pay
    limit = 400
    mass = np.zeros(limit)
    m1 = np.zeros(limit)
    m2 = np.zeros(limit)
    mass[award] = 1.0
    e1 = e2 = 0.0
    while mass.sum() > 1e-18:
        nm, n1, n2 = np.zeros(limit), np.zeros(limit), np.zeros(limit)
        for awarded, (p, p_pay, p_pay2) in sums.items():
            src = slice(1, limit - awarded)
            dst = slice(awarded, limit - 1)
            nm[dst] += p * mass[src]
            n1[dst] += p * m1[src] + p_pay * mass[src]
            n2[dst] += p * m2[src] + 2 * p_pay * m1[src] + p_pay2 * mass[src]
        e1 += n1[0]
        e2 += n2[0]
        nm[0] = n1[0] = n2[0] = 0.0
        mass, m1, m2 = nm, n1, n2
    return e1, e2
