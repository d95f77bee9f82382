"""The exact round: the base spin, the feature it triggers, and the round cap.

Amounts are in units of the bet per line (every win is a whole multiple of it: line
pays × bet per line, scatter and expansion pays × lines × bet per line), so every
distribution is an array indexed by the amount.

* One spin (:class:`~slotterm.analysis.spin_law.SpinOutcome`): the walk's exact joint
  law of line pay and trackers (:mod:`slotterm.analysis.exact_walk`), with what the core
  and the features' laws add to it (:class:`~slotterm.analysis.spin_law.SpinRules`).
* The feature a base spin awards: its law's
  :class:`~slotterm.analysis.exact_round.TriggeredLaw`
  (:meth:`~slotterm.analysis.features.contract.FeatureLaw.analyse`).
* The round: ``X = B + 1_award F``.  The engine pays ``min(X, cap)`` exactly (a capped
  base spin awards nothing, a feature stops when the cap is reached, and wins never go
  negative), so the capped figures come from the distribution of ``X`` below the cap
  (:mod:`slotterm.analysis.exact_round`).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field

import numpy as np

from slotterm.analysis.exact_lines import LineAutomaton, build_automaton
from slotterm.analysis.exact_round import TriggeredLaw, round_below_cap
from slotterm.analysis.exact_walk import Array, Strips
from slotterm.analysis.features.contract import LawContext, NoExactLaw, feature_law
from slotterm.analysis.spin_law import SpinOutcome, SpinRules, law_below
from slotterm.engine.model import GameDefinition


def law_context(
    game: GameDefinition,
    lines: int,
    automaton: LineAutomaton | None = None,
    reel_sets: Mapping[str, Strips] | None = None,
    policy: str = "best",
    rounding: str = "exact",
) -> LawContext:
    """The laws of every feature of ``game`` at ``lines`` lines, with its strips (or
    replacements for some of them, by reel-set name), the player's choices by ``policy``,
    amounts of no whole bets per line counted by ``rounding``
    (:data:`~slotterm.analysis.features.contract.ROUNDINGS`)."""
    refusal = game.lines_refusal(lines)
    if refusal is not None:
        raise ValueError(f"{refusal}, got {lines}")
    strips: dict[str, Strips] = dict(game.reel_sets)
    strips.update(reel_sets or {})
    laws = {f.name: feature_law(f) for f in game.features}
    return LawContext(
        game=game,
        lines=lines,
        automaton=automaton or build_automaton(game),
        reel_sets=strips,
        laws=laws,
        policy=policy,
        rounding=rounding,
    )


@dataclass(frozen=True, eq=False)
class RoundAnalysis:
    """The exact round of one game at one line count (amounts in bet-per-line units).

    ``feature`` names the feature a base spin may award and ``triggered`` is its law
    (both ``None`` for a game whose base spin awards nothing).
    """

    context: LawContext
    base: SpinOutcome
    base_rules: SpinRules
    feature: str | None
    triggered: TriggeredLaw | None
    below_cap: Array = field(repr=False)
    base_cap_loss: float
    neglected: float
    """Probability mass left out (retrigger series) or possibly folded in (spectral method)."""
    top: float = math.inf
    """The most a round can pay (``inf`` when retriggers leave it unbounded)."""

    @property
    def game(self) -> GameDefinition:
        """The game analysed."""
        return self.context.game

    @property
    def lines(self) -> int:
        """The active lines."""
        return self.context.lines

    @property
    def cap(self) -> int:
        """The round cap in bet-per-line units."""
        return self.context.cap

    @property
    def trigger_probability(self) -> float:
        """P(the base spin awards the feature)."""
        return self.base.award_probability

    @property
    def feature_mean(self) -> float:
        """Uncapped mean feature win."""
        return 0.0 if self.triggered is None else self.triggered.mean

    @property
    def feature_second_moment(self) -> float:
        """Uncapped E[F²]."""
        return 0.0 if self.triggered is None else self.triggered.second_moment

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
        """P(the round reaches the cap): 0 exactly when no round can pay that much, else one
        minus the mass below (which holds the sum's rounding, about 1e-16)."""
        if self.top < self.cap:
            return 0.0
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


def base_spin(ctx: LawContext) -> tuple[SpinOutcome, SpinRules]:
    """The base spin's exact outcome under the core's and every feature's rules."""
    rules = ctx.spin_rules(None)
    (base,) = ctx.outcomes("base", [("base", rules)])
    return base, rules


def analyse_round(
    game: GameDefinition,
    lines: int,
    automaton: LineAutomaton | None = None,
    *,
    reel_sets: Mapping[str, Strips] | None = None,
    policy: str = "best",
    rounding: str = "exact",
) -> RoundAnalysis:
    """Compute the exact round at ``lines`` active lines (strips default to the game's),
    the player's choices made by ``policy``, amounts of no whole bets per line counted by
    ``rounding`` (``"exact"`` refuses them)."""
    ctx = law_context(game, lines, automaton, reel_sets, policy, rounding)
    base, rules = base_spin(ctx)
    awarded = sorted({rule.feature for rule in rules.awards})
    if len(awarded) > 1:
        raise NoExactLaw(f"a base spin that may award several features: {awarded}")
    feature = awarded[0] if awarded else None
    triggered = None if feature is None else ctx.laws[feature].analyse(ctx)
    cap = ctx.cap
    below = round_below_cap(law_below(base, cap), triggered)
    pays = np.arange(len(base.award), dtype=np.float64)
    base_total = base.no_award + base.award
    base_cap_loss = float((base_total * np.maximum(pays - cap, 0.0)).sum())
    paying = np.flatnonzero(base_total)
    top = float(paying[-1]) if len(paying) else 0.0
    if triggered is not None:
        top += triggered.top
    return RoundAnalysis(
        context=ctx,
        base=base,
        base_rules=rules,
        feature=feature,
        triggered=triggered,
        below_cap=below.below_cap,
        base_cap_loss=base_cap_loss,
        neglected=below.neglected + below.aliasing,
        top=top,
    )
