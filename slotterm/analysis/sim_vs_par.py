"""Each figure a simulation measures, beside the PAR sheet's figure it estimates.

:data:`FIGURES` is the one table: a figure's name in ``simulate --json`` (under
``figures``), its row in the printed report, how it is measured from the tallies, and
the key of ``par --json`` it is compared with -- one key for a run that plays under the
sheet's round cap and one for a run that does not (:func:`applies_par_cap`).  A PAR key
the sheet does not have (a game whose features have no exact law, a name the sheet does
not use) leaves the figure without a PAR value and a z; ``tests/analysis`` checks that
every key named here is in the shipped games' sheets.

The sheet caps a round at the game's highest bet.  A cap in multiples of the total bet
is the same at every bet, so a run at any bet plays under it; an absolute cap is a larger
multiple at a lower bet, where a run plays (almost) without it and is compared with the
figures before the cap.

A figure belongs to every game (:data:`EVERY_GAME`) or to the games with a feature
paying into one source of the RTP split (``free_spins``, ``bonus``: the source its law
gives, :attr:`~slotterm.analysis.features.contract.FeatureLaw.source`); a source's
figures count every feature of the game paying into it (:class:`SourceFeatures`), never
a feature by its name.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from slotterm.analysis import sim_measures as m
from slotterm.analysis.sim_estimates import Estimate
from slotterm.analysis.sim_measures import NO_FEATURES, Measure, source_features
from slotterm.analysis.sim_tally import FEATURE_SOURCE, SOURCES, SimulationResult
from slotterm.engine.actions import Bet
from slotterm.engine.model import GameDefinition

EVERY_GAME = ""
"""The scope of a figure every game has (the others name a source of :data:`SOURCES`)."""

BONUS_SOURCE = "bonus"
"""The source of a bonus a base spin starts (:data:`~slotterm.analysis.sim_tally.SOURCES`)."""

Unit = Literal["share", "times"]
"""How a figure is printed: a percentage, or a plain number (× total bet, spins, 1 in N)."""


@dataclass(frozen=True)
class ParFigure:
    """One row of :data:`FIGURES` (see the module notes): ``name`` in the JSON, ``label``
    in the printed table, ``unit`` and ``decimals`` its printing, ``scope`` (a source, or
    :data:`EVERY_GAME`), ``capped`` and ``uncapped`` the PAR keys for a run under the
    sheet's cap and one without it (``None``: no PAR figure to compare with)."""

    name: str
    label: str
    unit: Unit
    decimals: int
    scope: str
    capped: str | None
    uncapped: str | None
    measure: Measure

    def par_key(self, capped: bool) -> str | None:
        """The PAR key to compare with, for a run under the sheet's cap or not."""
        return self.capped if capped else self.uncapped


# fmt: off
FIGURES: tuple[ParFigure, ...] = (
    # name, label, unit, decimals, scope, PAR key under the cap, PAR key without it, measure
    ParFigure("rtp", "RTP", "share", 4, EVERY_GAME, "rtp", "rtp_uncapped", m.rtp),
    ParFigure("rtp_base_lines", "  base lines", "share", 4, EVERY_GAME,
              "rtp_base_lines", "rtp_base_lines", m.source_share("base_lines")),
    ParFigure("rtp_scatter", "  base scatter", "share", 4, EVERY_GAME,
              "rtp_scatter", "rtp_scatter", m.source_share("scatter")),
    ParFigure("rtp_free_spins", "  free spins", "share", 4, FEATURE_SOURCE,
              "rtp_free_spins", "rtp_free_spins", m.source_share(FEATURE_SOURCE)),
    ParFigure("rtp_bonus", "  base spin bonus", "share", 4, BONUS_SOURCE,
              "rtp_bonus", "rtp_bonus", m.source_share(BONUS_SOURCE)),
    ParFigure("hit_frequency", "hit frequency", "share", 4, EVERY_GAME,
              "hit_frequency", "hit_frequency", m.hits),
    ParFigure("sd", "sd (× bet)", "times", 3, EVERY_GAME,
              "sd", "sd_uncapped", m.sd),
    ParFigure("cap_probability", "cap reached", "share", 5, EVERY_GAME,
              "cap_probability", None, m.capped),
    ParFigure("feature_frequency", "free spins", "share", 4, FEATURE_SOURCE,
              "feature_frequency", "feature_frequency", m.features),
    ParFigure("feature_one_in", "free spins, 1 in", "times", 1, FEATURE_SOURCE,
              "feature_one_in", "feature_one_in", m.features_one_in),
    ParFigure("spins_per_feature", "spins per feature", "times", 3, FEATURE_SOURCE,
              "spins_per_feature", "spins_per_feature", m.spins_per_feature),
    ParFigure("feature_value", "feature win (× bet)", "times", 2, FEATURE_SOURCE,
              "feature_value", "feature_value", m.feature_value),
    ParFigure("bonus_frequency", "bonus (base spins)", "share", 4, BONUS_SOURCE,
              "bonus_frequency", "bonus_frequency", m.bonus_frequency),
    ParFigure("bonus_one_in", "bonus, 1 in", "times", 1, BONUS_SOURCE,
              "bonus_one_in", "bonus_one_in", m.bonus_one_in),
    ParFigure("free_spins_bonus_frequency", "bonus per free spin", "share", 4, BONUS_SOURCE,
              "free_spins_bonus_frequency", "free_spins_bonus_frequency",
              m.free_spins_bonus_frequency),
    ParFigure("bonuses_per_round", "bonuses per round", "times", 6, BONUS_SOURCE,
              "bonuses_per_round", "bonuses_per_round", m.bonuses_per_round),
    ParFigure("bonus_mean", "bonus win (× bet)", "times", 3, BONUS_SOURCE,
              "bonus_mean", "bonus_mean", m.bonus_prize),
    ParFigure("rtp_bonus_in_all", "RTP of every bonus", "share", 4, BONUS_SOURCE,
              "rtp_bonus_in_all", "rtp_bonus_in_all", m.bonus_rtp_in_all),
)
# fmt: on
"""Every figure a simulation measures against the PAR sheet, in the printed order.

The RTP parts name the sheet's plain keys in both readings: they carry the cap at the
highest bet where the cap cuts them (the base lines, the free spins), and a part's
uncapped twin (``rtp_base_lines_uncapped`` ...) replaces it in the uncapped column once
the sheet has one.  ``feature_value`` and the bonus's figures are before the cap in the
sheet; ``cap_probability`` is the sheet's at the highest bet, so only a run under the
sheet's cap is compared with it."""


@dataclass(frozen=True)
class FigureCheck:
    """One figure of a run beside its PAR figure: the measured ``estimate`` (``None``:
    nothing to measure it on), its 99 % ``interval`` and ``z`` against ``par`` (``None``:
    too few rounds, no spread, or no PAR figure), ``par_key`` the key compared with."""

    figure: ParFigure
    estimate: Estimate | None
    interval: tuple[float, float] | None
    par_key: str | None
    par: float | None
    z: float | None

    def to_json(self) -> dict[str, Any]:
        """The figure's entry of ``simulate --json``'s ``figures``."""
        e = self.estimate
        return {
            "estimate": None if e is None else e.value,
            "se": None if e is None else e.se,
            "ci99": None if self.interval is None else list(self.interval),
            "par_key": self.par_key,
            "par": self.par,
            "z": self.z,
        }


def applies_par_cap(game: GameDefinition, bet: Bet) -> bool:
    """True when ``bet`` plays under the PAR sheet's round cap: the same multiple of the
    total bet as the cap at the game's highest bet (for the same lines)."""
    highest = game.highest_bet_per_line() * bet.lines
    return game.max_win(bet.total) * highest == game.max_win(highest) * bet.total


def par_number(par: Mapping[str, Any] | None, key: str | None) -> float | None:
    """The finite number under ``key`` of the PAR figures ``par``, else ``None``."""
    if par is None or key is None:
        return None
    value = par.get(key)
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return float(value) if math.isfinite(value) else None


def compare(
    result: SimulationResult,
    game: GameDefinition,
    par: Mapping[str, Any] | None,
    *,
    capped: bool,
    min_rounds: int,
) -> tuple[FigureCheck, ...]:
    """Each figure of :data:`FIGURES` the game has, measured on ``result`` and set beside
    the PAR figures ``par`` (``par --json``'s, or ``None``: no exact sheet).  ``capped``
    says whether the run played under the sheet's cap (:func:`applies_par_cap`); a run
    of fewer than ``min_rounds`` rounds gives no interval and no z."""
    groups = {source: source_features(game, source) for source in SOURCES}
    enough = result.tally.rounds >= min_rounds
    checks = []
    for figure in FIGURES:
        group = groups.get(figure.scope, NO_FEATURES)
        if figure.scope != EVERY_GAME and not group.roots:
            continue
        estimate = figure.measure(result, group)
        key = figure.par_key(capped)
        exact = par_number(par, key)
        interval = estimate.interval() if estimate is not None and enough else None
        z = None
        if estimate is not None and exact is not None and enough:
            z = estimate.z_against(exact)
        checks.append(FigureCheck(figure, estimate, interval, key, exact, z))
    return tuple(checks)
