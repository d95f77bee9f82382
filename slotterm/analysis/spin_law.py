"""One spin's exact law: line pays from the walk, plus what the rules add from the trackers.

The walk (:mod:`slotterm.analysis.exact_walk`) counts stop combinations by (tracker
values, line pay).  :class:`SpinRules` say what else a spin pays and whether it awards a
feature, as functions of tracker values:

* a :class:`PayTerm` -- the scatter pay (core), an expansion, a bonus -- gives for the
  values of the trackers it reads a multiplier of the total bet (or of the bet per line),
  or, for a random pay such as a bonus game, the *distribution* of that multiplier;
* an :class:`AwardRule` -- the free-spin trigger -- says whether the spin awards its
  feature, which splits the spin's law in two (:attr:`SpinOutcome.no_award` /
  :attr:`SpinOutcome.award`).

Amounts are in units of the bet per line (every win is a whole multiple of it), so every
distribution is an array indexed by the amount.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace

import numpy as np

from slotterm.analysis.exact_walk import Array, SpinCounts
from slotterm.analysis.trackers import ScatterCount, Tracker, merge_trackers, resolve
from slotterm.engine.model import GameDefinition

Multiplier = int | Array
"""A multiplier, or the distribution of a random one (``a[m]`` = P(multiplier ``m``))."""


@dataclass(frozen=True)
class PayTerm:
    """A pay added to a spin from the values of the trackers it ``reads``.

    ``multiplier(*values)`` is a multiplier of the total bet (``per_total_bet``) or of the
    bet per line; ``name`` labels the term in the RTP split ("scatter", "expansion").
    ``scale`` multiplies the pay once more (a free spin whose wins are all tripled: 3).
    """

    name: str
    reads: tuple[Tracker, ...]
    multiplier: Callable[..., Multiplier]
    per_total_bet: bool = True
    scale: int = 1


@dataclass(frozen=True)
class AwardRule:
    """The spin awards ``feature`` when ``awards(*values)`` of the trackers it ``reads``."""

    feature: str
    reads: tuple[Tracker, ...]
    awards: Callable[..., bool]


@dataclass(frozen=True)
class SpinRules:
    """Everything a spin pays beyond its lines, and what it awards.

    ``trackers`` are tracked even when no term reads them (the sheet reports their
    law); the walk tracks :attr:`all_trackers`.  ``line_scale`` multiplies the line pay
    (a free spin whose wins are all multiplied, :meth:`scaled`).
    """

    trackers: tuple[Tracker, ...] = ()
    terms: tuple[PayTerm, ...] = ()
    awards: tuple[AwardRule, ...] = ()
    line_scale: int = 1

    def __add__(self, other: SpinRules) -> SpinRules:
        """Both sets of rules on one spin (line scales multiply; a scale is 1 by default)."""
        return SpinRules(
            trackers=self.trackers + other.trackers,
            terms=self.terms + other.terms,
            awards=self.awards + other.awards,
            line_scale=self.line_scale * other.line_scale,
        )

    def scaled(self, factor: int) -> SpinRules:
        """These rules with every term's pay × ``factor`` (the line pay is left alone: a
        spin's line pay is scaled once, by a part ``SpinRules(line_scale=factor)``)."""
        if factor == 1:
            return self
        terms = tuple(replace(term, scale=term.scale * factor) for term in self.terms)
        return SpinRules(
            trackers=self.trackers, terms=terms, awards=self.awards, line_scale=self.line_scale
        )

    @property
    def all_trackers(self) -> tuple[Tracker, ...]:
        """The merged trackers every term and award reads, in first-asked order."""
        reads = [t for term in self.terms for t in term.reads]
        reads += [t for rule in self.awards for t in rule.reads]
        return merge_trackers((*self.trackers, *reads))

    def awarding_values(self, tracker: Tracker) -> frozenset[int]:
        """Values of ``tracker`` that award a feature by a rule reading only that tracker."""
        values: set[int] = set()
        for rule in self.awards:
            if all(tracker.answers(t) for t in rule.reads):
                values.update(
                    v
                    for v in range(tracker.size)
                    if rule.awards(*(tracker.project(v, t) for t in rule.reads))
                )
        return frozenset(values)


SCATTER = "scatter"
"""The name of the core's scatter pay in a spin's RTP split."""

CORE_TERM_LABELS = {SCATTER: "scatters"}
"""The core's pays beyond lines, named for people (a feature law's ``term_labels``)."""


def core_rules(game: GameDefinition) -> SpinRules:
    """The core's own rule beyond lines: scatters anywhere pay × total bet."""
    if not game.scatter_ids or not game.scatter_pays:
        return SpinRules()
    count = ScatterCount(game.scatter_ids, max(game.scatter_pays))
    return SpinRules(terms=(PayTerm(SCATTER, (count,), game.scatter_pay),))


def scatter_tracker(game: GameDefinition, rules: SpinRules) -> ScatterCount | None:
    """The scatter count the walk keeps under ``rules`` (``None`` if it keeps none)."""
    for tracker in rules.all_trackers:
        if isinstance(tracker, ScatterCount) and tracker.symbols == game.scatter_ids:
            return tracker
    return None


@dataclass(frozen=True, eq=False)
class SpinOutcome:
    """Everything one spin pays, exactly, in units of the bet per line.

    ``no_award[y]`` / ``award[y]``: probability that the spin pays ``y`` and does not /
    does award its feature.  ``term_means`` splits the pay beyond lines by term name;
    ``marginals`` holds each tracker's law.
    """

    lines: int
    label: str
    cycle: int
    no_award: Array
    award: Array
    award_probability: float
    line_mean: float
    term_means: Mapping[str, float]
    marginals: Mapping[Tracker, tuple[float, ...]] = field(repr=False)

    @property
    def mean(self) -> float:
        """E[pay] in bet-per-line units."""
        total = self.line_mean
        for mean in self.term_means.values():
            total += mean
        return total

    def term_mean(self, name: str) -> float:
        """E[pay of the terms called ``name``] (0 when the spin has none)."""
        return self.term_means.get(name, 0.0)

    def marginal(self, tracker: Tracker) -> tuple[float, ...]:
        """The law of ``tracker`` (one the walk kept, or one it answers for)."""
        for have, law in self.marginals.items():
            if have == tracker:
                return law
        for have, law in self.marginals.items():
            if have.answers(tracker):
                out = [0.0] * tracker.size
                for v, p in enumerate(law):
                    out[have.project(v, tracker)] += p
                return tuple(out)
        raise KeyError(f"the spin did not track {tracker}")

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
        """P(the spin pays anything or awards its feature): the hit frequency.

        A bonus is a pay term whose prizes are at least 1 × total bet (the engine refuses
        a smaller one), so a spin that starts it pays; a spin that awards the free spins
        is a hit even if it pays nothing."""
        return float(1.0 - self.no_award[0])


@dataclass(frozen=True)
class _Resolved:
    """A term's or rule's view of the walk's trackers: axes it reads, and projections."""

    axes: tuple[int, ...]
    wanted: tuple[Tracker, ...]

    def values(self, trackers: tuple[Tracker, ...], joint: tuple[int, ...]) -> tuple[int, ...]:
        """The read values, given the value of every tracker of the walk."""
        return self.project(trackers, tuple(joint[a] for a in self.axes))

    def project(self, trackers: tuple[Tracker, ...], read: tuple[int, ...]) -> tuple[int, ...]:
        """The read values, given the values of the walk's trackers on :attr:`axes`."""
        return tuple(
            trackers[a].project(v, w) for a, v, w in zip(self.axes, read, self.wanted, strict=True)
        )


def _resolve(trackers: tuple[Tracker, ...], reads: tuple[Tracker, ...]) -> _Resolved:
    """Where each tracker of ``reads`` is answered among the walk's ``trackers``."""
    return _Resolved(tuple(resolve(trackers, t) for t in reads), reads)


def spin_outcome(counts: SpinCounts, rules: SpinRules, label: str = "") -> SpinOutcome:
    """Turn the walk's counts into the pay distributions and means under ``rules``."""
    lines = counts.lines
    trackers = counts.trackers
    sizes = tuple(t.size for t in trackers)
    table = counts.counts  # whole numbers of stop combinations
    cycle = float(counts.cycle)
    pay_dim = table.shape[-1]
    flat = table.reshape(-1, pay_dim)
    joints = list(itertools.product(*(range(n) for n in sizes)))
    terms = [(term, _resolve(trackers, term.reads)) for term in rules.terms]
    award_views = [(rule, _resolve(trackers, rule.reads)) for rule in rules.awards]
    shifts: list[int] = []
    randoms: list[list[Array]] = []
    for joint in joints:
        shift, spread = 0, []
        for term, view in terms:
            mult = term.multiplier(*view.values(trackers, joint))
            scale = _term_scale(term, lines)
            if _is_fixed(mult):
                shift += scale * int(mult)
            else:
                spread.append(_scaled(_distribution(mult, term), scale))
        shifts.append(shift)
        randoms.append(spread)
    awarded = [
        any(rule.awards(*view.values(trackers, joint)) for rule, view in award_views)
        for joint in joints
    ]
    extent = [s + sum(len(a) - 1 for a in r) for s, r in zip(shifts, randoms, strict=True)]
    line_scale = rules.line_scale
    size = (pay_dim - 1) * line_scale + 1 + max(extent, default=0)
    no_award = np.zeros(size)
    award = np.zeros(size)
    for i, joint_counts in enumerate(flat):
        target = award if awarded[i] else no_award
        row = _scaled(joint_counts, line_scale)
        for spread in randoms[i]:
            row = _convolve(row, spread)
        target[shifts[i] : shifts[i] + len(row)] += row
    no_award /= cycle
    award /= cycle
    axes = tuple(range(len(sizes)))
    pays = np.arange(pay_dim, dtype=np.float64)
    joint = table.sum(axis=-1)  # by tracker values; whole numbers, so every sum is exact
    marginals = {
        t: tuple(float(x) for x in _marginal(joint, (a,)) / cycle) for a, t in enumerate(trackers)
    }
    return SpinOutcome(
        lines=lines,
        label=label,
        cycle=counts.cycle,
        no_award=no_award,
        award=award,
        award_probability=_award_probability(joint, trackers, award_views, cycle),
        line_mean=float((table.sum(axis=axes) * pays).sum() / cycle) * line_scale,
        term_means=_term_means(joint, trackers, terms, lines, cycle),
        marginals=marginals,
    )


def _term_scale(term: PayTerm, lines: int) -> int:
    """What a term's multiplier is multiplied by to make its pay in bet-per-line units."""
    return (lines if term.per_total_bet else 1) * term.scale


def _is_fixed(mult: Multiplier) -> bool:
    """True for a plain multiplier, False for the distribution of a random one."""
    return isinstance(mult, int | np.integer)


def _distribution(mult: Multiplier, term: PayTerm) -> Array:
    """A random multiplier's distribution, checked to add up to 1."""
    law = np.asarray(mult, dtype=np.float64)
    if law.ndim != 1 or abs(float(law.sum()) - 1.0) > 1e-12 or (law < 0).any():
        raise ValueError(f"pay term {term.name!r}: a random multiplier needs a distribution")
    return law


def _scaled(law: Array, scale: int) -> Array:
    """A multiplier's distribution as a pay distribution (the pay is ``scale`` × it)."""
    if scale == 1:
        return law
    out = np.zeros((len(law) - 1) * scale + 1)
    out[::scale] = law
    return out


def _convolve(row: Array, spread: Array) -> Array:
    """``np.convolve(row, spread)``, by shifted adds over the spread's nonzero entries when
    it has few (a bonus law scaled by the lines is mostly zeros)."""
    support = np.flatnonzero(spread)
    if len(support) * 4 >= len(spread):
        return np.convolve(row, spread)
    out = np.zeros(len(row) + len(spread) - 1)
    for m in support:
        out[m : m + len(row)] += spread[m] * row
    return out


def _marginal(joint: Array, axes: tuple[int, ...]) -> Array:
    """Counts by the values of the tracker ``axes``, in that order (the others summed)."""
    rest = tuple(a for a in range(joint.ndim) if a not in axes)
    summed = joint.sum(axis=rest)  # keeps the read axes in increasing order
    kept = sorted(axes)
    return np.transpose(summed, [kept.index(a) for a in axes])


def _term_means(
    joint: Array,
    trackers: tuple[Tracker, ...],
    terms: list[tuple[PayTerm, _Resolved]],
    lines: int,
    cycle: float,
) -> dict[str, float]:
    """E[pay] of each term name, from the law of the trackers the term reads."""
    means: dict[str, float] = {}
    for term, view in terms:
        law = _marginal(joint, view.axes) / cycle
        mults = np.zeros(law.shape)
        for values in itertools.product(*(range(n) for n in law.shape)):
            mult = term.multiplier(*view.project(trackers, values))
            if _is_fixed(mult):
                mults[values] = int(mult)
            else:
                dist = _distribution(mult, term)
                mults[values] = float((dist * np.arange(len(dist))).sum())
        scale = _term_scale(term, lines)
        means[term.name] = means.get(term.name, 0.0) + float(scale * (law * mults).sum())
    return means


def _award_probability(
    joint: Array,
    trackers: tuple[Tracker, ...],
    views: list[tuple[AwardRule, _Resolved]],
    cycle: float,
) -> float:
    """P(the spin awards), from the law of the trackers the award rules read."""
    if not views:
        return 0.0
    axes = tuple(sorted({a for _, view in views for a in view.axes}))
    law = _marginal(joint, axes) / cycle
    mask = np.zeros(law.shape, dtype=bool)
    for values in itertools.product(*(range(n) for n in law.shape)):
        at = dict(zip(axes, values, strict=True))
        mask[values] = any(
            rule.awards(*view.project(trackers, tuple(at[a] for a in view.axes)))
            for rule, view in views
        )
    return float(law[mask].sum())


@dataclass(frozen=True)
class SpinLaw:
    """One spin's pay below the cap ``n``, split by award; ``q`` is the full award chance."""

    no_award: Array
    award: Array
    q: float


def law_below(outcome: SpinOutcome, cap: int) -> SpinLaw:
    """A spin's law below the cap."""
    return SpinLaw(
        _head(outcome.no_award, cap), _head(outcome.award, cap), outcome.award_probability
    )


def _head(a: Array, n: int) -> Array:
    """The first ``n`` entries of ``a``, zero-padded if ``a`` is shorter."""
    if len(a) >= n:
        return a[:n].copy()
    out = np.zeros(n)
    out[: len(a)] = a
    return out
