"""A plain count of a game file's maths, straight from its tree, to check ``par`` against.

Nothing here uses the engine or :mod:`slotterm.analysis`: the rules are read from the
parsed game file (the dict a TOML or JSON file holds) and applied as the help tells a
player (DESIGN.md §1, §7):

* a line pays its longest run from the left: a run of wilds alone pays as the wild's own
  row (or ``wild_only_pays_as``); a run of a symbol the wild stands in for may take wilds
  anywhere in it, and then pays its row × the wild's multiplier (once per line); the
  higher of the two readings is paid;
* scatters pay anywhere, ``scatter_pays[n]`` × total bet (above the top count, the top);
* ``free_spins``: ``trigger`` scatters award ``award`` spins on the free strips, the same
  on a free spin ``retrigger`` more; every win of a free spin is × ``win_multiplier``;
* the round pays ``min(base + feature, cap)`` (a feature stops once the cap is reached).

Amounts are in bet-per-line units (a total bet of ``lines``).  :func:`spin_law` counts
every stop combination of short strips; :func:`line_value` and :func:`scatter_law` work
from the symbol counts of long strips (a line's odds depend only on them).
"""

from __future__ import annotations

import itertools
import math
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any

Tree = Mapping[str, Any]
Law = dict[tuple[int, int], Fraction]
"""(win in bet-per-line units, spins awarded) -> probability."""


@dataclass(frozen=True)
class Rules:
    """The core rules of a game file, read plainly from its tree."""

    rows: int
    lines: tuple[tuple[int, ...], ...]
    pays: Mapping[str, Mapping[int, int]]
    regular: frozenset[str]
    wild: str | None
    substitutes: frozenset[str] | None  # None: every regular symbol with pays
    wild_multiplier: int
    wild_pays_as: str | None
    scatters: frozenset[str]
    scatter_pays: Mapping[int, int]

    @classmethod
    def of(cls, tree: Tree) -> Rules:
        """The rules of a parsed game file."""
        kinds = {s["id"]: s["kind"].replace("-", "_") for s in tree["symbols"]}
        wild = tree.get("wild")
        subs = None if wild is None else wild.get("substitutes", "all")
        pays = {sym: {int(n): x for n, x in row.items()} for sym, row in tree["paytable"].items()}
        wild_id = None if wild is None else wild["id"]
        pays_as = None if wild is None else wild.get("wild_only_pays_as")
        if pays_as is None and wild_id in pays:
            pays_as = wild_id
        return cls(
            rows=tree["rows"],
            lines=tuple(tuple(line) for line in tree["lines"]),
            pays=pays,
            regular=frozenset(s for s, k in kinds.items() if k == "regular"),
            wild=wild_id,
            substitutes=None if subs in (None, "all") else frozenset(subs),
            wild_multiplier=1 if wild is None else wild.get("multiplier", 1),
            wild_pays_as=pays_as,
            scatters=frozenset(s for s, k in kinds.items() if "scatter" in k),
            scatter_pays={int(n): x for n, x in tree.get("scatter_pays", {}).items()},
        )

    def stands_in_for(self, symbol: str) -> bool:
        """Whether the wild may take the place of ``symbol`` on a line."""
        if symbol not in self.regular or symbol not in self.pays:
            return False
        return self.substitutes is None or symbol in self.substitutes

    def line_pay(self, symbols: Sequence[str]) -> int:
        """What one line showing ``symbols`` pays, × bet per line."""
        lead = 0
        while lead < len(symbols) and symbols[lead] == self.wild:
            lead += 1
        best = 0
        if lead and self.wild_pays_as is not None:
            best = self.pays[self.wild_pays_as].get(lead, 0)
        if lead == len(symbols):
            return best
        first = symbols[lead]
        if first not in self.pays or (lead and not self.stands_in_for(first)):
            return best
        count, wilds = lead + 1, lead
        for symbol in symbols[lead + 1 :]:
            if symbol == first:
                count += 1
            elif symbol == self.wild and self.stands_in_for(first):
                count += 1
                wilds += 1
            else:
                break
        pay = self.pays[first].get(count, 0) * (self.wild_multiplier if wilds else 1)
        return max(best, pay)

    def scatter_pay(self, count: int) -> int:
        """What ``count`` scatters pay, × total bet."""
        if not self.scatter_pays or count == 0:
            return 0
        return self.scatter_pays.get(min(count, max(self.scatter_pays)), 0)


@dataclass(frozen=True)
class FreeSpinRules:
    """The free spins of a game file."""

    award: int
    trigger: int
    retrigger: int
    multiplier: int

    @classmethod
    def of(cls, tree: Tree) -> FreeSpinRules:
        """The ``free_spins`` table of a parsed game file."""
        table = tree["free_spins"]
        return cls(
            award=table["award"],
            trigger=table["trigger"],
            retrigger=table.get("retrigger", 0),
            multiplier=table.get("win_multiplier", 1),
        )


def spin_law(
    rules: Rules, strips: Sequence[Sequence[str]], lines: int, fs: FreeSpinRules, *, free: bool
) -> Law:
    """The exact law of one spin over every stop combination: (win, spins awarded)."""
    counts: dict[tuple[int, int], int] = defaultdict(int)
    rows = rules.rows
    for stops in itertools.product(*(range(len(s)) for s in strips)):
        window = [
            [strip[(stop + row) % len(strip)] for row in range(rows)]
            for strip, stop in zip(strips, stops, strict=True)
        ]
        win = sum(
            rules.line_pay([window[reel][row] for reel, row in enumerate(line)])
            for line in rules.lines[:lines]
        )
        scatters = sum(1 for column in window for s in column if s in rules.scatters)
        win += rules.scatter_pay(scatters) * lines
        awarded = 0
        if scatters >= fs.trigger:
            awarded = fs.retrigger if free else fs.award
        if free:
            win *= fs.multiplier
        counts[win, awarded] += 1
    total = math.prod(len(s) for s in strips)
    return {key: Fraction(n, total) for key, n in counts.items()}


@dataclass(frozen=True)
class RoundFigures:
    """The figures of a round counted plainly, as fractions of the total bet."""

    rtp: float
    rtp_uncapped: float
    sd: float
    sd_uncapped: float
    hit_frequency: float
    feature_frequency: float
    retrigger_probability: float
    spins_per_feature: float


def round_figures(
    base: Law, free: Law, fs: FreeSpinRules, lines: int, cap_x_total_bet: int
) -> RoundFigures:
    """The round: the base spin, the free spins it awards, paid up to the cap.

    Uncapped, a free spin's subtree (the spin and every spin it awards) has the value
    ``V`` with ``E V = E X / (1 - E R)`` and ``E V² = (E X² + 2 E[XR] E V + E[R(R-1)]
    (E V)²) / (1 - E R)`` (the spins it awards are independent subtrees); a feature of
    ``k`` spins is ``k`` of them.  Capped, the feature is replayed spin by spin over
    (spins left, total so far) up to the cap.
    """
    e_x = sum(p * x for (x, _), p in free.items())
    e_r = sum(p * r for (_, r), p in free.items())
    assert e_r < 1, "endless free spins"
    e_x2 = sum(p * x * x for (x, _), p in free.items())
    e_xr = sum(p * x * r for (x, r), p in free.items())
    e_rr = sum(p * r * (r - 1) for (_, r), p in free.items())
    v1 = e_x / (1 - e_r)
    v2 = (e_x2 + 2 * e_xr * v1 + e_rr * v1 * v1) / (1 - e_r)
    k = fs.award
    f1, f2 = k * v1, k * v2 + k * (k - 1) * v1 * v1
    mean = sum(p * (b + (f1 if a else 0)) for (b, a), p in base.items())
    square = sum(p * (b * b + (2 * b * f1 + f2 if a else 0)) for (b, a), p in base.items())
    cap = cap_x_total_bet * lines
    capped = _CappedFeature(cap, tuple((x, r, float(p)) for (x, r), p in free.items()))
    c1 = c2 = 0.0
    for (b, a), p in base.items():
        if a and b < cap:
            m1, m2 = capped.moments(k, b)
        else:
            m1 = float(min(b, cap))
            m2 = m1 * m1
        c1 += float(p) * m1
        c2 += float(p) * m2
    return RoundFigures(
        rtp=c1 / lines,
        rtp_uncapped=float(mean) / lines,
        sd=math.sqrt(c2 - c1 * c1) / lines,
        sd_uncapped=math.sqrt(float(square - mean * mean)) / lines,
        hit_frequency=float(sum(p for (b, _), p in base.items() if b > 0)),
        feature_frequency=float(sum(p for (_, a), p in base.items() if a)),
        retrigger_probability=float(sum(p for (_, r), p in free.items() if r)),
        spins_per_feature=float(k / (1 - e_r)),
    )


class _CappedFeature:
    """``E min(s + F_k, cap)`` and its square, spin by spin (every award pays > 0, so the
    spins left stay bounded below the cap)."""

    def __init__(self, cap: int, spin: tuple[tuple[int, int, float], ...]) -> None:
        assert all(x > 0 for x, r, _ in spin if r), "a retrigger must pay for the count to end"
        self.cap, self.spin = cap, spin
        self.moments = lru_cache(maxsize=None)(self._moments)

    def _moments(self, left: int, total: int) -> tuple[float, float]:
        if total >= self.cap:
            return float(self.cap), float(self.cap) ** 2
        if left == 0:
            return float(total), float(total) ** 2
        m1 = m2 = 0.0
        for x, r, p in self.spin:
            a, b = self.moments(left - 1 + r, min(total + x, self.cap))
            m1 += p * a
            m2 += p * b
        return m1, m2


def line_value(rules: Rules, strips: Sequence[Sequence[str]]) -> Fraction:
    """The mean pay of one line, × bet per line, from each reel's symbol counts."""
    odds = [{s: Fraction(n, len(strip)) for s, n in _counts(strip).items()} for strip in strips]
    total = Fraction(0)
    for symbols in itertools.product(*(sorted(o) for o in odds)):
        pay = rules.line_pay(symbols)
        if pay:
            total += pay * math.prod(o[s] for o, s in zip(odds, symbols, strict=True))
    return total


def scatter_law(rules: Rules, strips: Sequence[Sequence[str]]) -> dict[int, Fraction]:
    """The law of the number of scatters a window shows (reels are independent)."""
    law = {0: Fraction(1)}
    for strip in strips:
        n = len(strip)
        reel: dict[int, Fraction] = defaultdict(Fraction)
        for stop in range(n):
            shown = sum(1 for row in range(rules.rows) if strip[(stop + row) % n] in rules.scatters)
            reel[shown] += Fraction(1, n)
        combined: dict[int, Fraction] = defaultdict(Fraction)
        for a, p in law.items():
            for b, q in reel.items():
                combined[a + b] += p * q
        law = dict(combined)
    return law


def uncapped_rtp(tree: Tree) -> Fraction:
    """The uncapped RTP of a game of lines, scatters and free spins (no other feature),
    from its symbol counts: the same at every line count."""
    rules, fs = Rules.of(tree), FreeSpinRules.of(tree)
    base, free = tree["reels"]["base"], tree["reels"]["free"]

    def spin(strips: Sequence[Sequence[str]]) -> tuple[Fraction, Fraction]:
        law = scatter_law(rules, strips)
        scatter = sum(p * rules.scatter_pay(n) for n, p in law.items())
        triggered = sum(p for n, p in law.items() if n >= fs.trigger)
        return line_value(rules, strips) + scatter, triggered

    base_value, trigger = spin(base)
    free_value, retrigger = spin(free)
    spins = fs.award / (1 - fs.retrigger * retrigger)
    return base_value + trigger * spins * fs.multiplier * free_value


def _counts(strip: Sequence[str]) -> dict[str, int]:
    counts: dict[str, int] = defaultdict(int)
    for symbol in strip:
        counts[symbol] += 1
    return dict(counts)
