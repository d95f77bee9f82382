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
    ParFigure(name="rtp", label="RTP", scope=EVERY_GAME, unit="share", decimals=4, capped="rtp",
              uncapped="rtp_uncapped", measure=m.rtp),
    ParFigure(name="rtp_base_lines", label="  base lines", scope=EVERY_GAME, unit="share",
              decimals=4, capped="rtp_base_lines", uncapped="rtp_base_lines_uncapped",
              measure=m.source_share("base_lines")),
    ParFigure(name="rtp_scatter", label="  base scatter", scope=EVERY_GAME, unit="share",
              decimals=4, capped="rtp_scatter", uncapped="rtp_scatter_uncapped",
              measure=m.source_share("scatter")),
    ParFigure(name="rtp_free_spins", label="  free spins", scope=FEATURE_SOURCE, unit="share",
              decimals=4, capped="rtp_free_spins", uncapped="rtp_free_spins_uncapped",
              measure=m.source_share(FEATURE_SOURCE)),
    ParFigure(name="rtp_bonus", label="  base spin bonus", scope=BONUS_SOURCE, unit="share",
              decimals=4, capped="rtp_bonus", uncapped="rtp_bonus_uncapped",
              measure=m.source_share(BONUS_SOURCE)),
    ParFigure(name="hit_frequency", label="hit frequency", scope=EVERY_GAME, unit="share",
              decimals=4, capped="hit_frequency", uncapped="hit_frequency", measure=m.hits),
    ParFigure(name="sd", label="sd (× bet)", scope=EVERY_GAME, unit="times", decimals=3,
              capped="sd", uncapped="sd_uncapped", measure=m.sd),
    ParFigure(name="cap_probability", label="cap reached", scope=EVERY_GAME, unit="share",
              decimals=5, capped="cap_probability", uncapped=None, measure=m.capped),
    ParFigure(name="feature_frequency", label="free spins", scope=FEATURE_SOURCE, unit="share",
              decimals=4, capped="feature_frequency", uncapped="feature_frequency",
              measure=m.features),
    ParFigure(name="feature_one_in", label="free spins, 1 in", scope=FEATURE_SOURCE, unit="times",
              decimals=1, capped="feature_one_in", uncapped="feature_one_in",
              measure=m.features_one_in),
    ParFigure(name="spins_per_feature", label="spins per feature", scope=FEATURE_SOURCE,
              unit="times", decimals=3, capped="spins_per_feature", uncapped="spins_per_feature",
              measure=m.spins_per_feature),
    ParFigure(name="feature_value", label="feature win (× bet)", scope=FEATURE_SOURCE,
              unit="times", decimals=2, capped="feature_value", uncapped="feature_value",
              measure=m.feature_value),
    ParFigure(name="bonus_frequency", label="bonus (base spins)", scope=BONUS_SOURCE, unit="share",
              decimals=4, capped="bonus_frequency", uncapped="bonus_frequency",
              measure=m.bonus_frequency),
    ParFigure(name="bonus_one_in", label="bonus, 1 in", scope=BONUS_SOURCE, unit="times",
              decimals=1, capped="bonus_one_in", uncapped="bonus_one_in", measure=m.bonus_one_in),
    ParFigure(name="free_spins_bonus_frequency", label="bonus per free spin", scope=BONUS_SOURCE,
              unit="share", decimals=4, capped="free_spins_bonus_frequency",
              uncapped="free_spins_bonus_frequency", measure=m.free_spins_bonus_frequency),
    ParFigure(name="bonuses_per_round", label="bonuses per round", scope=BONUS_SOURCE,
              unit="times", decimals=6, capped="bonuses_per_round", uncapped="bonuses_per_round",
              measure=m.bonuses_per_round),
    ParFigure(name="bonus_mean", label="bonus win (× bet)", scope=BONUS_SOURCE, unit="times",
              decimals=3, capped="bonus_mean", uncapped="bonus_mean", measure=m.bonus_prize),
    ParFigure(name="rtp_bonus_in_all", label="RTP of every bonus", scope=BONUS_SOURCE,
              unit="share", decimals=4, capped=None, uncapped="rtp_bonus_in_all_uncapped",
              measure=m.bonus_rtp_in_all),
)
# fmt: on
"""Every figure a simulation measures against the PAR sheet, in the printed order.

Each RTP part is the sheet's pair: ``NAME`` (with the cap at the highest bet) for a run
under the sheet's cap, ``NAME_uncapped`` for a run the cap cannot cut the same way.
``feature_value`` and the bonus's figures are before the cap in the sheet;
``rtp_bonus_in_all_uncapped`` has no capped partner, so a capped run does not compare it;
``cap_probability`` is the sheet's at the highest bet, so only a run under the sheet's cap
is compared with it."""


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
        checks.append(
            FigureCheck(
                figure=figure, estimate=estimate, interval=interval, par_key=key, par=exact, z=z
            )
        )
    return tuple(checks)
