"""Exact round maths by counting: spins, the free-spins feature, and the capped round.

Amounts are in units of the bet per line (every win is a whole multiple of it: line
pays × bet per line, scatter and expansion pays × lines × bet per line), so every
distribution is an array indexed by the amount.

* One spin (:class:`SpinOutcome`): the exact joint distribution of its pay and its free-
  spin award, from :func:`~slotterm.analysis.exact_walk.spin_counts`.
* The feature: each free spin is an independent draw; a retrigger adds spins.  Means and
  second moments follow from the branching process (S = a spin plus its descendants):
  ``E[S] = µ / (1 - rq)`` and ``E[S²] = (E[Y²] + 2 E[Y Z] E[S] + E[Z(Z-1)] E[S]²) / (1 - rq)``
  with ``Z`` the spins a spin awards; a feature of ``a`` spins has ``E[F] = a E[S]`` and
  ``E[F²] = a E[S²] + a(a-1) E[S]²``.
* The round: ``X = B + 1_award F``.  The engine pays ``min(X, cap)`` exactly (a capped base
  spin awards nothing, a feature stops when the cap is reached, and wins never go
  negative), so the capped figures come from the distribution of ``X`` below the cap
  (:mod:`slotterm.analysis.exact_feature`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np

from slotterm.analysis.exact_lines import LineAutomaton, build_automaton
from slotterm.analysis.exact_round import SpinLaw, round_below_cap
from slotterm.analysis.exact_walk import Array, SpinCounts, spin_counts, spin_counts_many
from slotterm.engine.model import GameDefinition


@dataclass(frozen=True, eq=False)
class SpinOutcome:
    """Everything one spin pays, exactly, in units of the bet per line.

    ``no_award[y]`` / ``award[y]``: probability that the spin pays ``y`` and does not /
    does award free spins.  The means split the pay into line wins, scatter and expansion.
    """

    lines: int
    special: str | None
    cycle: int
    no_award: Array
    award: Array
    award_probability: float
    line_mean: float
    scatter_mean: float
    expansion_mean: float
    scatter_distribution: tuple[float, ...]
    special_reels_distribution: tuple[float, ...]

    @property
    def mean(self) -> float:
        """E[pay] in bet-per-line units."""
        return self.line_mean + self.scatter_mean + self.expansion_mean

    @property
    def second_moment(self) -> float:
        """E[pay²]."""
        y = np.arange(len(self.award), dtype=np.float64)
        return float(((self.no_award + self.award) * y * y).sum())

    @property
    def award_pay_mean(self) -> float:
        """E[pay · 1_award]."""
        return float((self.award * np.arange(len(self.award))).sum())

    @property
    def hit_probability(self) -> float:
        """P(pay > 0)."""
        return float(1.0 - self.no_award[0] - self.award[0])


def spin_outcome(game: GameDefinition, counts: SpinCounts) -> SpinOutcome:
    """Turn the walk's counts into pay distributions and means."""
    lines = counts.lines
    table = counts.counts  # whole numbers of stop combinations
    cycle = float(counts.cycle)
    top_b, k_dim, pay_dim = table.shape
    scatter_pay = np.array([game.scatter_pay(b) for b in range(top_b)], dtype=np.int64)
    awards = np.array([b >= game.free_spins.trigger_count for b in range(top_b)], dtype=bool)
    expansion = np.zeros(k_dim, dtype=np.int64)
    if counts.special is not None:
        expansion = np.array(
            [game.line_pay(counts.special, k) for k in range(k_dim)], dtype=np.int64
        )
    extra = lines * (scatter_pay[:, None] + expansion[None, :])  # (b, k)
    size = pay_dim + int(extra.max())
    no_award = np.zeros(size)
    award = np.zeros(size)
    for b in range(top_b):
        target = award if awards[b] else no_award
        for k in range(k_dim):
            shift = int(extra[b, k])
            target[shift : shift + pay_dim] += table[b, k]
    no_award /= cycle
    award /= cycle
    pays = np.arange(pay_dim, dtype=np.float64)
    by_b = table.sum(axis=(1, 2)) / cycle
    by_k = table.sum(axis=(0, 2)) / cycle
    return SpinOutcome(
        lines=lines,
        special=counts.special,
        cycle=counts.cycle,
        no_award=no_award,
        award=award,
        award_probability=float(by_b[awards].sum()),
        line_mean=float((table.sum(axis=(0, 1)) * pays).sum() / cycle),
        scatter_mean=float(lines * (by_b * scatter_pay).sum()),
        expansion_mean=float(lines * (by_k * expansion).sum()),
        scatter_distribution=tuple(float(x) for x in by_b),
        special_reels_distribution=tuple(float(x) for x in by_k),
    )


@dataclass(frozen=True)
class FeatureMoments:
    """Uncapped mean and second moment of one feature (one special symbol)."""

    spins: float
    mean: float
    second_moment: float


def feature_moments(spin: SpinOutcome, award: int, retrigger: int) -> FeatureMoments:
    """The branching-process moments of a feature of ``award`` spins with this spin law."""
    q = spin.award_probability
    growth = retrigger * q
    if growth >= 1:
        raise ValueError(f"retriggers never end on average (r·q = {growth:.3f} >= 1)")
    mean_s = spin.mean / (1 - growth)
    second_s = (
        spin.second_moment
        + 2 * retrigger * spin.award_pay_mean * mean_s
        + retrigger * (retrigger - 1) * q * mean_s**2
    ) / (1 - growth)
    return FeatureMoments(
        spins=award / (1 - growth),
        mean=award * mean_s,
        second_moment=award * second_s + award * (award - 1) * mean_s**2,
    )


@dataclass(frozen=True, eq=False)
class RoundAnalysis:
    """The exact round of one game at one line count (amounts in bet-per-line units)."""

    game: GameDefinition
    lines: int
    base: SpinOutcome
    free: Mapping[str, SpinOutcome]
    features: Mapping[str, FeatureMoments]
    cap: int
    below_cap: Array = field(repr=False)
    base_cap_loss: float
    neglected: float
    """Probability mass left out (retrigger series) or possibly folded in (spectral method)."""

    @property
    def trigger_probability(self) -> float:
        """P(the base spin awards free spins)."""
        return self.base.award_probability

    @property
    def retrigger_probability(self) -> float:
        """P(a free spin awards more free spins)."""
        return next(iter(self.free.values())).award_probability

    @property
    def feature_mean(self) -> float:
        """Uncapped mean feature win (the special symbol drawn uniformly)."""
        return float(np.mean([f.mean for f in self.features.values()]))

    @property
    def feature_second_moment(self) -> float:
        """Uncapped E[F²] over the special symbol draw."""
        return float(np.mean([f.second_moment for f in self.features.values()]))

    @property
    def spins_per_feature(self) -> float:
        """Expected free spins per feature, retriggers included."""
        return next(iter(self.features.values())).spins

    @property
    def mean(self) -> float:
        """Uncapped E[round win]."""
        return self.base.mean + self.trigger_probability * self.feature_mean

    @property
    def second_moment(self) -> float:
        """Uncapped E[round win²]."""
        return (
            self.base.second_moment
            + 2 * self.base.award_pay_mean * self.feature_mean
            + self.trigger_probability * self.feature_second_moment
        )

    @property
    def cap_probability(self) -> float:
        """P(the round reaches the cap)."""
        return float(1.0 - self.below_cap.sum())

    @property
    def capped_mean(self) -> float:
        """E[min(round win, cap)] -- what the game really pays."""
        t = np.arange(self.cap, dtype=np.float64)
        return float((self.below_cap * t).sum() + self.cap * self.cap_probability)

    @property
    def capped_second_moment(self) -> float:
        """E[min(round win, cap)²]."""
        t = np.arange(self.cap, dtype=np.float64)
        return float((self.below_cap * t * t).sum() + self.cap**2 * self.cap_probability)


def analyse_round(
    game: GameDefinition,
    lines: int,
    automaton: LineAutomaton | None = None,
    *,
    base_reels: Sequence[Sequence[str]] | None = None,
    free_reels: Sequence[Sequence[str]] | None = None,
) -> RoundAnalysis:
    """Compute the exact round at ``lines`` active lines (reels default to the game's)."""
    if not 1 <= lines <= len(game.lines):
        raise ValueError(f"lines must be 1..{len(game.lines)}, got {lines}")
    automaton = automaton or build_automaton(game)
    base_strips = game.base_reels if base_reels is None else base_reels
    free_strips = game.free_reels if free_reels is None else free_reels
    rule = game.free_spins
    base = spin_outcome(game, spin_counts(game, base_strips, lines, automaton))
    free: dict[str, SpinOutcome] = {}
    for counts in spin_counts_many(game, free_strips, lines, automaton, game.paying_symbols):
        free[str(counts.special)] = spin_outcome(game, counts)
        del counts  # one large count table at a time
    features = {s: feature_moments(o, rule.award, rule.retrigger_award) for s, o in free.items()}
    cap = game.max_win_x_total_bet * lines
    below = round_below_cap(
        _law(base, cap), [_law(o, cap) for o in free.values()], rule.award, rule.retrigger_award
    )
    pays = np.arange(len(base.award), dtype=np.float64)
    base_total = base.no_award + base.award
    base_cap_loss = float((base_total * np.maximum(pays - cap, 0.0)).sum())
    return RoundAnalysis(
        game=game,
        lines=lines,
        base=base,
        free=free,
        features=features,
        cap=cap,
        below_cap=below.below_cap,
        base_cap_loss=base_cap_loss,
        neglected=below.neglected + below.aliasing,
    )


def _law(outcome: SpinOutcome, cap: int) -> SpinLaw:
    """A spin's law below the cap."""
    no_award, award = _head(outcome.no_award, cap), _head(outcome.award, cap)
    return SpinLaw(no_award, award, outcome.award_probability)


def _head(a: Array, n: int) -> Array:
    """The first ``n`` entries of ``a``, zero-padded if ``a`` is shorter."""
    if len(a) >= n:
        return a[:n].copy()
    out = np.zeros(n)
    out[: len(a)] = a
    return out
