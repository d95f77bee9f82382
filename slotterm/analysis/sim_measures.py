"""How each figure of :data:`~slotterm.analysis.sim_vs_par.FIGURES` is measured from a
simulation's integer tallies (:class:`~slotterm.analysis.sim_tally.SimulationResult`).

A measure takes the result and the features of its figure's scope
(:class:`SourceFeatures`: the game's features paying into one source of the RTP split,
found by their laws, never by their names) and gives an
:class:`~slotterm.analysis.sim_estimates.Estimate`, or ``None`` when the run has nothing
to measure it on (no feature played, no free spin).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from slotterm.analysis.features.contract import simulation_law
from slotterm.analysis.sim_estimates import (
    Estimate,
    inverse_estimate,
    mean_estimate,
    proportion_estimate,
    sd_estimate,
)
from slotterm.analysis.sim_tally import FEATURE_SOURCE, SOURCES, SimulationResult
from slotterm.engine.model import GameDefinition


@dataclass(frozen=True)
class SourceFeatures:
    """The game's features paying into one source (``roots``: features a spin starts,
    by name) and the parts they start themselves (``parts``: pick games, by name)."""

    roots: tuple[str, ...]
    parts: tuple[str, ...]


NO_FEATURES = SourceFeatures((), ())
"""The scope of a figure of every game: no features of its own."""

Measure = Callable[[SimulationResult, SourceFeatures], Estimate | None]
"""How a figure is measured from a simulation's result (the features of its scope)."""


def source_features(game: GameDefinition, source: str) -> SourceFeatures:
    """The game's features a spin starts that pay into ``source`` (their laws say so),
    and the parts they start."""
    roots = [f for f in game.features if simulation_law(f).source == source]
    parts = tuple(part.name for f in roots for part in f.parts())
    return SourceFeatures(tuple(f.name for f in roots), parts)


def _sum(of: Callable[[str], int], names: Sequence[str]) -> int:
    return sum(of(name) for name in names)


def rtp(result: SimulationResult, _: SourceFeatures) -> Estimate | None:
    """The RTP: a round's pay in total bets, averaged."""
    t = result.tally
    return mean_estimate(t.paid, t.paid_squares, t.rounds, result.total_bet)


def source_share(source: str) -> Measure:
    """The measure of one source's share of the RTP (:data:`SOURCES`)."""
    i = SOURCES.index(source)

    def measure(result: SimulationResult, _: SourceFeatures) -> Estimate | None:
        t = result.tally
        paid = t.source_paid[i] if t.source_paid else 0
        squares = t.source_squares[i] if t.source_squares else 0
        return mean_estimate(paid, squares, t.rounds, result.total_bet)

    return measure


def hits(result: SimulationResult, _: SourceFeatures) -> Estimate | None:
    """Rounds whose base spin paid or started a feature, per round."""
    return proportion_estimate(result.tally.base_hits, result.tally.rounds)


def sd(result: SimulationResult, _: SourceFeatures) -> Estimate | None:
    """The standard deviation of a round's pay in total bets."""
    t = result.tally
    sums = (t.rounds, t.paid, t.paid_squares, t.paid_cubes, t.paid_fourths)
    return sd_estimate(sums, result.total_bet)


def capped(result: SimulationResult, _: SourceFeatures) -> Estimate | None:
    """Rounds the round cap ended, per round."""
    return proportion_estimate(result.tally.capped, result.tally.rounds)


def features(result: SimulationResult, _: SourceFeatures) -> Estimate | None:
    """Rounds whose base spin started a feature of the free-spin source, per round."""
    return proportion_estimate(result.tally.features, result.tally.rounds)


def features_one_in(result: SimulationResult, _: SourceFeatures) -> Estimate | None:
    """Rounds per feature of the free-spin source ("1 in N")."""
    return inverse_estimate(result.tally.features, result.tally.rounds)


def spins_per_feature(result: SimulationResult, _: SourceFeatures) -> Estimate | None:
    """Spins a feature of the free-spin source played, retriggers included."""
    t = result.tally
    return mean_estimate(t.free_spins, t.free_spins_squares, t.features)


def feature_value(result: SimulationResult, _: SourceFeatures) -> Estimate | None:
    """What a feature of the free-spin source paid, in total bets: every round with pay
    from that source started one, so its per-round sums are per-feature sums."""
    t = result.tally
    i = SOURCES.index(FEATURE_SOURCE)
    paid = t.source_paid[i] if t.source_paid else 0
    squares = t.source_squares[i] if t.source_squares else 0
    return mean_estimate(paid, squares, t.features, result.total_bet)


def _started(result: SimulationResult, group: SourceFeatures) -> int:
    return _sum(result.started_by_base_spin, group.roots)


def bonus_frequency(result: SimulationResult, group: SourceFeatures) -> Estimate | None:
    """Base spins that started one of the scope's features, per round."""
    return proportion_estimate(_started(result, group), result.tally.rounds)


def bonus_one_in(result: SimulationResult, group: SourceFeatures) -> Estimate | None:
    """Rounds per base spin that started one of the scope's features ("1 in N")."""
    return inverse_estimate(_started(result, group), result.tally.rounds)


def bonuses_per_round(result: SimulationResult, group: SourceFeatures) -> Estimate | None:
    """The scope's features played per round, in the base game and in free spins."""
    played = _sum(result.frames_of, group.roots)
    squares = _sum(result.count_squares_of, group.roots)
    return mean_estimate(played, squares, result.tally.rounds)


def free_spins_bonus_frequency(result: SimulationResult, group: SourceFeatures) -> Estimate | None:
    """The scope's features started inside free spins, per free spin played (each spin
    one trial)."""
    inside = _sum(result.frames_of, group.roots) - _started(result, group)
    return proportion_estimate(inside, result.tally.free_spins)


def bonus_prize(result: SimulationResult, group: SourceFeatures) -> Estimate | None:
    """What one of the scope's features paid, in total bets (its prize is paid by one
    frame: the feature itself or the one part it starts)."""
    names = (*group.roots, *group.parts)
    paid = _sum(result.paid_of, names)
    squares = _sum(result.paid_squares_of, names)
    played = _sum(result.frames_of, group.roots)
    return mean_estimate(paid, squares, played, result.total_bet)


def bonus_rtp_in_all(result: SimulationResult, group: SourceFeatures) -> Estimate | None:
    """What the scope's features paid (in free spins too), per amount staked.  A round
    plays ``N`` of them of prize ``X`` each: ``Var = E[N] Var(X) + Var(N) E[X]²``."""
    count, prize = bonuses_per_round(result, group), bonus_prize(result, group)
    if count is None:
        return None
    if prize is None:
        return Estimate(0.0, 0.0, count.count)
    spread_n = count.se**2 * count.count
    spread_x = prize.se**2 * prize.count
    variance = count.value * spread_x + spread_n * prize.value**2
    return Estimate(count.value * prize.value, math.sqrt(variance / count.count), count.count)
