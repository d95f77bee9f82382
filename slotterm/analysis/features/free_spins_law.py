"""The exact law of the free spins: retriggers as a branching process, the cap by series.

The feature starts with ``award`` spins on its own strips; each spin pays ``Y`` and, with
probability ``q``, adds ``retrigger`` spins.  Each spin is an independent draw of the
free-spin law (:meth:`FreeSpinsLaw.analyse`; a spin modifier mixes several laws, one per
state it may draw, see :mod:`slotterm.analysis.features.expanding_symbol_law`).

Win multiplier.  A feature whose every win is multiplied by ``m``
(``FreeSpins.win_multiplier``) plays spins whose own pays -- lines, scatters, the
modifier's -- are ``m`` times the plain spin's: the spin's law ``p(x)`` becomes ``p(x / m)``
for those pays (:meth:`~slotterm.analysis.spin_law.SpinRules.scaled`), while a bonus the
spin starts adds its unmultiplied law.  Everything below then applies to that spin law.

Moments.  With S = a spin plus its descendants and Z the spins a spin awards,
``E[S] = µ / (1 - rq)`` and ``E[S²] = (E[Y²] + 2 E[Y Z] E[S] + E[Z(Z-1)] E[S]²) / (1 - rq)``;
a feature of ``a`` spins has ``E[F] = a E[S]`` and ``E[F²] = a E[S²] + a(a-1) E[S]²``.

Distribution below the cap: the retrigger series of
:mod:`~slotterm.analysis.features.retrigger_series`.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any, cast

from slotterm.analysis.features.contract import (
    AnalysedRound,
    FeatureLaw,
    FeatureMoments,
    LawContext,
    NoExactLaw,
    Variant,
    VariantOutcome,
    mix,
    mix_arrays,
    modifier_law,
    no_modifier,
)
from slotterm.analysis.sheet import (
    CYCLE,
    FEATURE,
    FREQUENCY,
    SPLIT,
    TABLES,
    UNCAPPED,
    Figures,
    RtpPart,
)
from slotterm.analysis.sheet_text import SheetText, one_in, pct
from slotterm.analysis.trackers import ScatterCount
from slotterm.engine.features import free_spins_records
from slotterm.engine.features.free_spins import FreeSpins

if TYPE_CHECKING:  # numpy and the spin law are imported where used: a simulation needs neither
    from slotterm.analysis.exact_walk import Array
    from slotterm.analysis.sheet import ParSheet
    from slotterm.analysis.spin_law import SpinLaw, SpinOutcome, SpinRules


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
class FreeSpinsAnalysis:
    """The free spins once awarded: one :class:`VariantOutcome` per modifier state.

    Implements :class:`~slotterm.analysis.exact_round.TriggeredLaw`; amounts in
    bet-per-line units.
    """

    award: int
    retrigger: int
    variants: tuple[VariantOutcome, ...]
    _laws: dict[int, list[SpinLaw]] = field(default_factory=dict, repr=False)
    _series_cache: dict[tuple[float, float], tuple[list[float], float, float]] = field(
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
    def top(self) -> float:
        """The most the feature can pay: its spins' top pay times the spins awarded, or
        ``inf`` when a spin may retrigger."""
        if self.retrigger and any(v.spin.award_probability > 0 for v in self.variants):
            return math.inf
        import numpy as np

        tops = []
        for v in self.variants:
            paying = np.flatnonzero(v.spin.no_award + v.spin.award)
            tops.append(float(paying[-1]) if len(paying) else 0.0)
        return self.award * max(tops)

    def spin_mix(self, value: Callable[[SpinOutcome], float]) -> float:
        """``value`` of one free spin, the variant drawn by its weight (a feature's law of
        what another feature adds to each of its spins, e.g. a bonus inside them)."""
        return mix([value(v.spin) for v in self.variants], self.weights)

    @property
    def retrigger_probability(self) -> float:
        """P(a free spin awards more free spins)."""
        return mix([v.spin.award_probability for v in self.variants], self.weights)

    def laws(self, n: int) -> list[SpinLaw]:
        """Each variant's spin law below ``n``, as views of the spin's arrays: cut to
        ``n`` but not padded (a law shorter than ``n`` is zero beyond its end), so that
        none is copied (one law per variant, the cap long: memory grew with the lines)."""
        from slotterm.analysis.short_laws import law_head

        if n not in self._laws:
            self._laws[n] = [law_head(v.spin, n) for v in self.variants]
        return self._laws[n]

    def _series(self, law: SpinLaw, tolerance: float) -> tuple[list[float], float, float]:
        """The retrigger series of a spin law, the mass it leaves out, and the scale of its
        weights (:func:`~slotterm.analysis.features.retrigger_series.scaled_series`; cached)."""
        from slotterm.analysis.features.retrigger_series import scaled_series

        if self.retrigger == 0 or law.q == 0:
            return [1.0], 0.0, 1.0
        key = (law.q, tolerance)
        if key not in self._series_cache:
            self._series_cache[key] = scaled_series(self.award, self.retrigger, law.q, tolerance)
        return self._series_cache[key]

    def below_cap(self, n: int, tolerance: float) -> tuple[Array, float]:
        """The feature's distribution below ``n`` by truncated convolutions."""
        from slotterm.analysis.features.retrigger_series import feature_distribution
        from slotterm.analysis.short_laws import padded

        done: dict[bytes, Array] = {}  # variants with the very same spin law share the work
        parts = []
        neglected = 0.0
        for law in self.laws(n):
            key = _law_key(law)
            if key not in done:
                no_award, award = padded(law.no_award, n), padded(law.award, n)
                dist = feature_distribution(
                    no_award, award, law.q, self.award, self.retrigger, tolerance
                )
                done[key] = dist.below_cap
                neglected = max(neglected, dist.neglected)
            parts.append(done[key])
        return mix_arrays(parts, self.weights), neglected

    def spectrum(self, n: int, size: int, tolerance: float) -> tuple[Array, float]:
        """The feature's length-``size`` DFT from its spin laws below ``n``."""
        import numpy as np

        from slotterm.analysis.features.retrigger_series import feature_spectrum

        groups: dict[bytes, tuple[SpinLaw, Fraction]] = {}  # the same law: one transform
        for law, weight in zip(self.laws(n), self.weights, strict=True):
            key = _law_key(law)
            seen = groups.get(key)
            groups[key] = (law, weight + (seen[1] if seen else 0))
        total = np.zeros(size // 2 + 1, dtype=np.complex128)
        neglected = 0.0
        for law, weight in groups.values():
            weights, left, scale = self._series(law, tolerance)
            neglected = max(neglected, left)
            spectrum = feature_spectrum(law, weights, self.award, self.retrigger, size, scale)
            spectrum *= float(weight)  # in place: one spectrum less held at once
            total += spectrum
            del spectrum
        return total, neglected

    def mgf(self, n: int, e: Array, tolerance: float) -> float:
        """Φ(θ) of the untruncated-product series, each input cut to ``n``."""
        import numpy as np

        from slotterm.analysis.short_laws import padded_weighted_sum

        phis = []
        scratch = np.empty(n)
        for law in self.laws(n):
            m0 = padded_weighted_sum(law.no_award, e, scratch)
            m1 = padded_weighted_sum(law.award, e, scratch)
            if self.retrigger == 0 or law.q == 0:
                phis.append((m0 + m1) ** self.award)
                continue
            weights, _, scale = self._series(law, tolerance)
            step = m1 * m0 ** (self.retrigger - 1) / scale
            phis.append(m0**self.award * math.fsum(w * step**j for j, w in enumerate(weights)))
        return mix(phis, self.weights)


def _law_key(law: SpinLaw) -> bytes:
    """A digest of a spin law's two arrays: variants with the very same law share one
    key (a digest, not the arrays' bytes: those keys held a copy of every law at once).
    The arrays' zeros at the end are left out: laws are cut to the cap, not padded, so
    two equal laws may differ only in how many zeros they end with."""
    import numpy as np

    digest = hashlib.blake2b(digest_size=32)
    for part in (law.no_award, law.award):
        kept = part[: int(np.flatnonzero(part)[-1]) + 1] if part.any() else part[:0]
        digest.update(f"{kept.dtype}{kept.shape};".encode())
        digest.update(np.ascontiguousarray(kept).data)
    return digest.digest()


class FreeSpinsLaw(FeatureLaw):
    """The law of :class:`~slotterm.engine.features.free_spins.FreeSpins`."""

    name = free_spins_records.NAME
    feature_type = FreeSpins
    source = "free_spins"
    feature: FreeSpins

    def spin_rules(self, ctx: LawContext, inside: str | None) -> SpinRules:
        """The trigger on a base spin (the retrigger on a free spin): scatters anywhere."""
        from slotterm.analysis.spin_law import AwardRule, SpinRules

        feature = self.feature
        count = ScatterCount(ctx.game.scatter_ids, feature.trigger_count)
        retrigger = inside == self.name
        rule = AwardRule(
            self.name, (count,), lambda n: feature.awarded_by(n, retrigger=retrigger) > 0
        )
        return SpinRules(awards=(rule,))

    def analyse(self, ctx: LawContext) -> FreeSpinsAnalysis:
        """Every modifier state's free-spin law (sharing one line walk) and its moments.

        A free spin's own pays (lines, scatters, the modifier's) are multiplied by the
        feature's ``win_multiplier``; what other features add to the spin is not.
        """
        feature = self.feature
        variants = self._variants(ctx)
        (reel_set,) = feature.reel_sets()
        walks = self.spin_walks(ctx)
        labelled = [(v.label, rules) for v, (_, rules) in zip(variants, walks, strict=True)]
        outcomes = tuple(
            VariantOutcome(v, spin, feature_moments(spin, feature.award, feature.retrigger))
            for v, spin in zip(variants, ctx.outcomes(reel_set, labelled), strict=True)
        )
        return FreeSpinsAnalysis(feature.award, feature.retrigger, outcomes)

    def spin_walks(self, ctx: LawContext) -> tuple[tuple[str, SpinRules], ...]:
        """One free-spin law per modifier state: the free spins' reel set, their rules
        with the state's (the feature's ``win_multiplier`` applied to both)."""
        times = self.feature.win_multiplier
        rules = ctx.spin_rules(self.name, times)
        (reel_set,) = self.feature.reel_sets()
        return tuple((reel_set, rules + v.rules.scaled(times)) for v in self._variants(ctx))

    def _variants(self, ctx: LawContext) -> tuple[Variant, ...]:
        """The modifier's states (one without a modifier), checked to add up to 1."""
        modifier = self.feature.modifier
        variants = no_modifier() if modifier is None else modifier_law(modifier).variants(ctx)
        if sum(v.weight for v in variants) != 1:
            raise NoExactLaw(f"the states of {modifier and modifier.name} do not add up to 1")
        return variants

    def figures(self, round_: AnalysedRound) -> Figures:
        """Feature frequency, retriggers, spins and value; the free-spin RTP split (by
        what a free spin pays: lines, then each term; parts the sheet pairs with and
        without the cap); the modifier's table (``specials``, empty without a modifier)."""
        if round_.feature != self.name or round_.triggered is None:
            return {}
        fs = cast(FreeSpinsAnalysis, round_.triggered)
        ctx = round_.context
        lines = ctx.lines
        trigger = round_.trigger_probability
        per_feature = trigger * fs.spins / lines  # feature spins per base round, per line unit
        weights = fs.weights
        lines_part = per_feature * mix([v.spin.line_mean for v in fs.variants], weights)
        split = {"free_spins_lines": RtpPart(lines_part, FEATURE)}
        for name in _term_names(ctx, fs):
            means = [v.spin.term_mean(name) for v in fs.variants]
            split[f"free_spins_{name}"] = RtpPart(per_feature * mix(means, weights), FEATURE)
        times = self.feature.win_multiplier
        frequency = {
            "feature_frequency": trigger,
            "feature_one_in": 1.0 / trigger if trigger > 0 else math.inf,
            "retrigger_probability": fs.retrigger_probability,
            "spins_per_feature": fs.spins,
            "feature_value": fs.mean / lines,
            "free_spins_win_multiplier": times if times != 1 else None,
        }
        figures: dict[str, dict[str, Any]] = {
            SPLIT: split,
            FREQUENCY: frequency,
            CYCLE: {"cycle_free": fs.cycle},
            TABLES: {"specials": ()},
        }
        modifier = self.feature.modifier
        if modifier is not None:
            more = modifier_law(modifier).figures(ctx, fs.variants, per_feature)
            for section, values in more.items():
                figures.setdefault(section, {}).update(values)
        return figures

    def sheet_text(self, sheet: ParSheet) -> SheetText:
        """The feature's summary rows, its part of the RTP split, its cycle, the modifier's."""
        summary = [
            ("free spins", one_in(sheet.figure("feature_one_in"))),
            ("retrigger per free spin", pct(sheet.figure("retrigger_probability"), 3)),
            ("free spins per feature", f"{sheet.figure('spins_per_feature'):.3f}"),
            ("mean feature win (× total bet)", f"{sheet.figure('feature_value'):.2f}"),
        ]
        times = self.feature.win_multiplier
        if times != 1:
            summary.append(("every free-spin win multiplied by", f"×{times}"))
        from slotterm.analysis.spin_law import CORE_TERM_LABELS

        labels = {"lines": "regular line wins", **CORE_TERM_LABELS}
        modifier = self.feature.modifier
        text = SheetText()
        if modifier is not None:
            law = modifier_law(modifier)
            labels |= law.term_labels
            text = law.sheet_text(sheet)
        for other in sheet.laws:
            labels |= other.term_labels
        split = [("free spins", "rtp_free_spins")]
        for key, value in sheet.figures.get(SPLIT, {}).items():
            term = key.removeprefix("free_spins_")
            if key.startswith("free_spins_") and not key.endswith(UNCAPPED) and value is not None:
                split.append((f"  {labels.get(term, term.replace('_', ' '))}", key))
        own = SheetText(
            summary=tuple(summary),
            split=tuple(split),
            cycles=(("free", sheet.figure("cycle_free")),),
        )
        return own + text

    def spins_played(self, record: Any) -> int:
        """The free spins played."""
        return len(record.spins)


def _term_names(ctx: LawContext, fs: FreeSpinsAnalysis) -> list[str]:
    """The names of what a free spin pays beyond its lines: the core's (the scatter), the
    modifier's (the expansion), then what other features add (a bonus), each once."""
    from slotterm.analysis.spin_law import core_rules

    own = [t.name for t in core_rules(ctx.game).terms]
    own += [t.name for v in fs.variants for t in v.variant.rules.terms]
    rest = [name for v in fs.variants for name in v.spin.term_means]
    return list(dict.fromkeys(name for name in own + rest if name in rest))
