"""The exact law of the Mystery bonus: a random pay on every spin, base game and free spins.

The bonus starts when its symbol shows anywhere on each of its reels at once
(:class:`~slotterm.analysis.trackers.ShowsOnEach`); it then plays one of its pick games,
drawn with equal weights, and pays a whole multiple of the total bet.  So for the walk it
is a :class:`~slotterm.analysis.spin_law.PayTerm` named ``"mystery_bonus"`` whose
multiplier is *random*: on a triggering spin it is the distribution of the Mystery
mixture (:func:`~slotterm.analysis.features.pick_game_laws.mystery_law`), which the spin
law convolves into that spin's pay, independently of everything else the spin shows.  The
term is on every spin -- a base spin and a free spin alike -- so a free spin's law carries
the bonus (weighted by its trigger probability) and the retrigger series of the free
spins applies to it as before.

The pick games' tables come from the engine's own feature objects, and each game's law
is found by its name (:mod:`~slotterm.analysis.features.pick_games_law`); any subset of
them makes a bonus.  Only Pumpkin has a real choice, played by
:attr:`~slotterm.analysis.features.contract.LawContext.policy`
(``"best"``, ``"keep-first"``, ``"worst"`` or ``"random"``).

The bonus cap (``cap_coins``) is analysed where it bites hardest, at the most coins per
line (the coin size cancels: the cap and the bet are both counted in coins): a prize of
``m`` total bets pays ``min(m × lines, cap_coins / most coins per line)`` in bet-per-line
units (:func:`capped_units`).  With pick games of at most 100 × total bet, 20 coins a
line and 15 lines, a cap of 30,000 coins never binds (it is the top prize exactly); more
lines or coins per line bind it, and the bonus's law is then the capped one, in
bet-per-line units.  The round cap is applied to the whole round
(:mod:`slotterm.analysis.exact`).  A binding cap that is not a whole number of
bet-per-line units has no exact law in those units (:class:`NotWholeUnits`); rounded down
and up it bounds the sheet (:func:`~slotterm.analysis.par.compute_par`).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, ClassVar

from slotterm.analysis.features.contract import (
    AnalysedRound,
    FeatureLaw,
    LawContext,
    NoExactLaw,
    NotWholeUnits,
)
from slotterm.analysis.features.mystery_bonus_report import MysteryBonusReport, PickGameFigures
from slotterm.analysis.features.pick_game_laws import Law, law_mean, law_variance, mystery_law
from slotterm.analysis.features.pick_games_law import law_of
from slotterm.analysis.sheet import BASE, FREQUENCY, SPLIT, TABLES, Figures, RtpPart
from slotterm.analysis.trackers import ShowsOnEach
from slotterm.engine.features import mystery_bonus
from slotterm.engine.features.mystery_bonus import MysteryBonus
from slotterm.engine.features.pick_game import PickGame
from slotterm.engine.policy import EXACT_POLICIES

if TYPE_CHECKING:  # numpy and the spin law are imported where used: a simulation needs neither
    from slotterm.analysis.exact_walk import Array
    from slotterm.analysis.spin_law import Multiplier, SpinRules

BONUS = "mystery_bonus"
"""The name of the bonus's pay in a spin's RTP split."""

POLICIES = EXACT_POLICIES
"""The pick policies the sheet reports side by side (``best`` is the RTP)."""


def as_array(law: Law) -> Array:
    """A law as a probability array indexed by the multiple (``a[m] = P(m)``)."""
    import numpy as np

    if min(law) < 0:
        raise NoExactLaw("a pick game with a negative prize")
    out = np.zeros(max(law) + 1)
    for value, p in law.items():
        out[value] = float(p)
    return out


@dataclass(frozen=True)
class BonusLaw:
    """The bonus under one policy: each pick game's law and the equal mixture."""

    policy: str
    games: tuple[tuple[PickGame, Law], ...]
    mixture: Law

    @property
    def mean(self) -> Fraction:
        """E[bonus pay] × total bet, exactly."""
        return law_mean(self.mixture)


def bonus_law(
    feature: MysteryBonus, policy: str, known: dict[tuple[int, str], Law] | None = None
) -> BonusLaw:
    """The bonus's law under ``policy``.  ``known`` caches the games' laws: only Pumpkin's
    depends on the policy."""
    known = {} if known is None else known
    games = []
    for i, game in enumerate(feature.games):
        law = law_of(game)
        key = (i, policy if law.by_policy else "")
        if key not in known:
            known[key] = law.prize_law(policy)
        games.append((game, known[key]))
    return BonusLaw(policy, tuple(games), mystery_law([law for _, law in games]))


def unit_cap(ctx: LawContext, cap_coins: int) -> Fraction | None:
    """The bonus cap in bet-per-line units at the most coins per line (``None`` for a game
    not bet in coins, which has no coin cap)."""
    most = ctx.game.bet_model.most_coins_per_line
    return None if most is None else Fraction(cap_coins, most)


def capped_units(law: Law, lines: int, cap: Fraction | None, rounding: str = "exact") -> Law | None:
    """The prize in bet-per-line units, ``min(m × lines, cap)``, or ``None`` when the cap
    never binds (the prize is then ``law`` times the total bet).  A binding cap of no
    whole units is rounded by ``rounding`` (``"down"``, ``"up"``); ``"exact"`` raises
    :class:`NotWholeUnits` for it."""
    if cap is None or max(law) * lines <= cap:
        return None
    whole = math.floor(cap) if rounding == "down" else math.ceil(cap)
    if cap.denominator != 1 and rounding == "exact":
        raise NotWholeUnits(
            f"the bonus cap binds at {float(cap):,.2f} bets per line, not a whole number"
        )
    out: Law = {}
    for value, p in law.items():
        pay = min(value * lines, whole)
        out[pay] = out.get(pay, Fraction(0)) + p
    return out


def _capped_mean(law: Law, lines: int, cap: Fraction | None, rounding: str) -> Fraction:
    """The mean prize in total bets with the bonus cap."""
    units = capped_units(law, lines, cap, rounding)
    return law_mean(law) if units is None else law_mean(units) / lines


class MysteryBonusLaw(MysteryBonusReport, FeatureLaw):
    """The law of :class:`~slotterm.engine.features.mystery_bonus.MysteryBonus`; its rows of
    the printed sheet and its simulation hooks are :class:`MysteryBonusReport`'s."""

    name = mystery_bonus.NAME
    feature_type = MysteryBonus
    term_labels: ClassVar[Mapping[str, str]] = {BONUS: "Mystery bonus"}
    source = "bonus"
    offers_choices = True
    feature: MysteryBonus

    def __init__(self, feature: MysteryBonus) -> None:
        super().__init__(feature)
        self._laws: dict[str, BonusLaw] = {}
        self._games: dict[tuple[int, str], Law] = {}

    def law(self, policy: str) -> BonusLaw:
        """The bonus's law under ``policy`` (cached)."""
        if policy not in self._laws:
            self._laws[policy] = bonus_law(self.feature, policy, self._games)
        return self._laws[policy]

    def trigger(self) -> ShowsOnEach:
        """The tracker the trigger reads: the symbol on each of the bonus reels."""
        return ShowsOnEach(self.feature.symbol, self.feature.reel_indices)

    def spin_rules(self, ctx: LawContext, inside: str | None) -> SpinRules:
        """On every spin (base or free): the bonus's random pay when it triggers."""
        from slotterm.analysis.spin_law import PayTerm, SpinRules

        law = self.law(ctx.policy)
        cap = unit_cap(ctx, self.feature.cap_coins)
        capped = capped_units(law.mixture, ctx.lines, cap, ctx.rounding)
        pays = as_array(law.mixture if capped is None else capped)

        def multiplier(shows: int) -> Multiplier:
            return pays if shows else 0

        term = PayTerm(BONUS, (self.trigger(),), multiplier, per_total_bet=capped is None)
        return SpinRules(terms=(term,))

    def capped_mean(self, ctx: LawContext, policy: str) -> Fraction:
        """The mean bonus prize in total bets under ``policy``, with the bonus cap."""
        cap = unit_cap(ctx, self.feature.cap_coins)
        return _capped_mean(self.law(policy).mixture, ctx.lines, cap, ctx.rounding)

    def capped_sd(self, ctx: LawContext) -> float:
        """The sd of a bonus prize in total bets, with the bonus cap."""
        law = self.law(ctx.policy).mixture
        cap = unit_cap(ctx, self.feature.cap_coins)
        units = capped_units(law, ctx.lines, cap, ctx.rounding)
        if units is None:
            return math.sqrt(law_variance(law))
        return math.sqrt(law_variance(units)) / ctx.lines

    def figures(self, round_: AnalysedRound) -> Figures:
        """The bonus's frequency and RTP (its base-game part, which the sheet pairs with and
        without the cap, and in all, free spins included, before the cap), the pick games'
        means and sds, and the RTP under each pick policy (before the round cap)."""
        ctx = round_.context
        lines = ctx.lines
        base = round_.base
        shown = base.marginal(self.trigger())[1]
        rtp_base = base.term_mean(BONUS) / lines
        rtp_free = 0.0
        free_frequency = 0.0
        inner = round_.triggered  # the spins of the feature a base spin awards, if any
        if inner is not None and inner.spins:
            per_feature = round_.trigger_probability * inner.spins / lines
            rtp_free = per_feature * inner.spin_mix(lambda spin: spin.term_mean(BONUS))
            shows = self.trigger()
            free_frequency = inner.spin_mix(lambda spin: spin.marginal(shows)[1])
        own = self.law(ctx.policy)
        means = {p: self.capped_mean(ctx, p) for p in {*POLICIES, ctx.policy}}
        mean = float(means[ctx.policy])
        per_round = (rtp_base + rtp_free) / mean if mean else 0.0  # bonuses per base round
        rtp_uncapped = round_.mean / lines
        by_policy = {
            p: rtp_uncapped + per_round * float(means[p] - means[ctx.policy]) for p in POLICIES
        }
        games = []
        for game, law in own.games:
            policies = {p: law_mean(dict(self.law(p).games)[game]) for p in POLICIES}
            games.append(
                PickGameFigures(
                    name=game.name,
                    label=game.label,
                    title=game.title,
                    mean=float(law_mean(law)),
                    sd=math.sqrt(law_variance(law)),
                    mean_best=float(policies["best"]),
                    mean_keep_first=float(policies["keep-first"]),
                    mean_worst=float(policies["worst"]),
                    top=max(law),
                )
            )
        split = {
            "rtp_bonus": RtpPart(rtp_base, BASE),
            "rtp_bonus_in_all_uncapped": rtp_base + rtp_free,
            "policy": ctx.policy,
            "rtp_best_uncapped": by_policy["best"],
            "rtp_keep_first_uncapped": by_policy["keep-first"],
            "rtp_worst_uncapped": by_policy["worst"],
        }
        frequency = {
            "bonus_frequency": shown,
            "bonus_one_in": 1.0 / shown if shown > 0 else math.inf,
            "free_spins_bonus_frequency": free_frequency,
            "bonuses_per_round": per_round,
            "bonus_mean": mean,
            "bonus_sd": self.capped_sd(ctx),
        }
        return {SPLIT: split, FREQUENCY: frequency, TABLES: {"pick_games": tuple(games)}}
