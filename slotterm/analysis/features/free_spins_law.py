"""The exact law of the free spins: retriggers as a branching process, the cap by series.

The feature starts with ``award`` spins on its own strips; each spin pays ``Y`` and, with
probability ``q``, adds ``retrigger`` spins.  Each spin is an independent draw of the
free-spin law (:meth:`FreeSpinsLaw.analyse`; a spin modifier mixes several laws, one per
state it may draw, see :mod:`slotterm.analysis.features.expanding_symbol_law`).

Moments.  With S = a spin plus its descendants and Z the spins a spin awards,
``E[S] = µ / (1 - rq)`` and ``E[S²] = (E[Y²] + 2 E[Y Z] E[S] + E[Z(Z-1)] E[S]²) / (1 - rq)``;
a feature of ``a`` spins has ``E[F] = a E[S]`` and ``E[F²] = a E[S²] + a(a-1) E[S]²``.

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
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import numpy as np

from slotterm.analysis.convolution import Convolver
from slotterm.analysis.exact_walk import Array
from slotterm.analysis.features.contract import (
    NO_MODIFIER,
    FeatureLaw,
    FeatureMoments,
    LawContext,
    NoExactLaw,
    VariantOutcome,
    mix,
    mix_arrays,
    modifier_law,
)
from slotterm.analysis.spin_law import AwardRule, SpinLaw, SpinOutcome, SpinRules, law_below
from slotterm.analysis.trackers import ScatterCount
from slotterm.engine.features import free_spins
from slotterm.engine.features.free_spins import FreeSpins

if TYPE_CHECKING:
    from slotterm.analysis.exact import RoundAnalysis


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


def feature_spectrum(
    law: SpinLaw, weights: list[float], award: int, retrigger: int, size: int
) -> Array:
    """The series of the module notes as a length-``size`` real DFT, point by point."""
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


@dataclass(frozen=True, eq=False)
class FreeSpinsAnalysis:
    """The free spins once awarded: one :class:`VariantOutcome` per modifier state.

    Implements :class:`~slotterm.analysis.exact_round.TriggeredLaw`; amounts in
    bet-per-line units.
    """

    award: int
    retrigger: int
    variants: tuple[VariantOutcome, ...]
    _laws: dict[int, list[SpinLaw]] = field(default_factory=dict, repr=False)
    _series_cache: dict[tuple[float, float], tuple[list[float], float]] = field(
        default_factory=dict, repr=False
    )

    @property
    def weights(self) -> list[Fraction]:
        """The probability of each variant."""
        return [v.variant.weight for v in self.variants]

    @property
    def cycle(self) -> int:
        """Stop combinations of the free-spin strips."""
        return self.variants[0].spin.cycle

    @property
    def mean(self) -> float:
        """E[F], uncapped, the variant drawn by its weight."""
        return mix([v.moments.mean for v in self.variants], self.weights)

    @property
    def second_moment(self) -> float:
        """E[F²], uncapped."""
        return mix([v.moments.second_moment for v in self.variants], self.weights)

    @property
    def spins(self) -> float:
        """Expected free spins per feature, retriggers included."""
        return mix([v.moments.spins for v in self.variants], self.weights)

    @property
    def retrigger_probability(self) -> float:
        """P(a free spin awards more free spins)."""
        return mix([v.spin.award_probability for v in self.variants], self.weights)

    def laws(self, n: int) -> list[SpinLaw]:
        """Each variant's spin law below ``n``."""
        if n not in self._laws:
            self._laws[n] = [law_below(v.spin, n) for v in self.variants]
        return self._laws[n]

    def _series(self, law: SpinLaw, tolerance: float) -> tuple[list[float], float]:
        """The retrigger series of a spin law and the mass it leaves out (cached)."""
        if self.retrigger == 0 or law.q == 0:
            return [1.0], 0.0
        key = (law.q, tolerance)
        if key not in self._series_cache:
            self._series_cache[key] = retrigger_series(self.award, self.retrigger, law.q, tolerance)
        return self._series_cache[key]

    def below_cap(self, n: int, tolerance: float) -> tuple[Array, float]:
        """The feature's distribution below ``n`` by truncated convolutions."""
        done: dict[bytes, Array] = {}  # variants with the very same spin law share the work
        parts = []
        neglected = 0.0
        for law in self.laws(n):
            key = law.no_award.tobytes() + law.award.tobytes()
            if key not in done:
                dist = feature_distribution(
                    law.no_award, law.award, law.q, self.award, self.retrigger, tolerance
                )
                done[key] = dist.below_cap
                neglected = max(neglected, dist.neglected)
            parts.append(done[key])
        return mix_arrays(parts, self.weights), neglected

    def spectrum(self, n: int, size: int, tolerance: float) -> tuple[Array, float]:
        """The feature's length-``size`` DFT from its spin laws below ``n``."""
        groups: dict[bytes, tuple[SpinLaw, Fraction]] = {}  # the same law: one transform
        for law, weight in zip(self.laws(n), self.weights, strict=True):
            key = law.no_award.tobytes() + law.award.tobytes()
            seen = groups.get(key)
            groups[key] = (law, weight + (seen[1] if seen else 0))
        total = np.zeros(size // 2 + 1, dtype=np.complex128)
        neglected = 0.0
        for law, weight in groups.values():
            weights, left = self._series(law, tolerance)
            neglected = max(neglected, left)
            total += feature_spectrum(law, weights, self.award, self.retrigger, size) * float(
                weight
            )
        return total, neglected

    def mgf(self, n: int, e: Array, tolerance: float) -> float:
        """Φ(θ) of the untruncated-product series, each input cut to ``n``."""
        phis = []
        for law in self.laws(n):
            m0 = float((np.maximum(law.no_award, 0) * e).sum())
            m1 = float((np.maximum(law.award, 0) * e).sum())
            if self.retrigger == 0 or law.q == 0:
                phis.append((m0 + m1) ** self.award)
                continue
            weights = self._series(law, tolerance)[0]
            step = m1 * m0 ** (self.retrigger - 1)
            phis.append(m0**self.award * math.fsum(w * step**j for j, w in enumerate(weights)))
        return mix(phis, self.weights)


class FreeSpinsLaw(FeatureLaw):
    """The law of :class:`~slotterm.engine.features.free_spins.FreeSpins`."""

    name = free_spins.NAME
    feature: FreeSpins

    def __init__(self, feature: FreeSpins) -> None:
        if not isinstance(feature, FreeSpins):
            raise NoExactLaw(f"{feature.name!r} is not the free-spins feature")
        super().__init__(feature)

    def spin_rules(self, ctx: LawContext, inside: str | None) -> SpinRules:
        """The trigger on a base spin (the retrigger on a free spin): scatters anywhere."""
        feature = self.feature
        count = ScatterCount(ctx.game.scatter_ids, feature.trigger_count)
        retrigger = inside == self.name
        rule = AwardRule(
            self.name, (count,), lambda n: feature.awarded_by(n, retrigger=retrigger) > 0
        )
        return SpinRules(awards=(rule,))

    def analyse(self, ctx: LawContext) -> FreeSpinsAnalysis:
        """Every modifier state's free-spin law (sharing one line walk) and its moments."""
        feature = self.feature
        modifier = feature.modifier
        variants = NO_MODIFIER if modifier is None else modifier_law(modifier).variants(ctx)
        if sum(v.weight for v in variants) != 1:
            raise NoExactLaw(f"the states of {modifier and modifier.name} do not add up to 1")
        rules = ctx.spin_rules(self.name)
        (reel_set,) = feature.reel_sets()
        labelled = [(v.label, rules + v.rules) for v in variants]
        outcomes = tuple(
            VariantOutcome(v, spin, feature_moments(spin, feature.award, feature.retrigger))
            for v, spin in zip(variants, ctx.outcomes(reel_set, labelled), strict=True)
        )
        return FreeSpinsAnalysis(feature.award, feature.retrigger, outcomes)

    def figures(self, round_: RoundAnalysis) -> Mapping[str, Any]:
        """Feature frequency, retriggers, spins and value; the free-spin RTP split."""
        fs = round_.triggered
        if round_.feature != self.name or not isinstance(fs, FreeSpinsAnalysis):
            return {}
        ctx = round_.context
        lines = ctx.lines
        trigger = round_.trigger_probability
        per_feature = trigger * fs.spins / lines  # feature spins per base round, per line unit
        weights = fs.weights
        terms = sorted({name for v in fs.variants for name in v.spin.term_means})
        figures: dict[str, Any] = {
            "free_spins_lines": per_feature * mix([v.spin.line_mean for v in fs.variants], weights)
        }
        for name in terms:
            means = [v.spin.term_mean(name) for v in fs.variants]
            figures[f"free_spins_{name}"] = per_feature * mix(means, weights)
        modifier = self.feature.modifier
        if modifier is not None:
            figures.update(modifier_law(modifier).figures(ctx, fs.variants, per_feature))
        figures.update(
            feature_frequency=trigger,
            feature_one_in=1.0 / trigger if trigger > 0 else math.inf,
            retrigger_probability=fs.retrigger_probability,
            spins_per_feature=fs.spins,
            feature_value=fs.mean / lines,
            cycle_free=fs.cycle,
        )
        return figures
