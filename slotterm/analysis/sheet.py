"""The PAR sheet's rows and the sheet itself, as plain values with their JSON form.

Computed by :mod:`slotterm.analysis.par` (the core figures) and the features' laws
(:mod:`slotterm.analysis.features`, their own figures).  Money figures are fractions of
the total bet, standard deviations in units of the total bet, frequencies probabilities
per base round.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass
from typing import Any


@dataclass(frozen=True)
class SymbolOdds:
    """One line reading of the base game: odds per line and its share of the RTP."""

    symbol: str
    count: int
    multiplier: int
    combinations: int
    probability: float
    one_in: float
    rtp: float


@dataclass(frozen=True)
class ScatterOdds:
    """Scatter count (the top count means 'or more') in the base game."""

    count: int
    multiplier: int
    probability: float
    one_in: float
    rtp: float


@dataclass(frozen=True)
class SpecialFigures:
    """Free spins with one special symbol (uncapped, per feature and per spin)."""

    symbol: str
    spin_value: float
    feature_value: float
    expansion_probability: float
    rtp_expansion: float


@dataclass(frozen=True)
class PickGameFigures:
    """One pick game of a bonus: its exact mean and sd (× total bet) under the sheet's
    policy, its mean under each reported policy, and its top prize."""

    name: str
    label: str
    title: str
    mean: float
    sd: float
    mean_best: float
    mean_keep_first: float
    mean_worst: float
    top: int


@dataclass(frozen=True)
class WinBand:
    """Rounds whose (capped) win falls in ``[low, high)`` × total bet."""

    label: str
    low: float
    high: float
    probability: float
    rtp: float


@dataclass(frozen=True)
class Confidence:
    """Where the RTP of ``rounds`` rounds lands: ± VI/√N at 90 % and 95 %."""

    rounds: int
    low_90: float
    high_90: float
    low_95: float
    high_95: float


@dataclass(frozen=True, kw_only=True)
class ParSheet:
    """The exact PAR sheet of one game at one line count (see :mod:`slotterm.analysis.par`).

    The core fills the round's figures; the features' laws fill theirs (free spins: the
    feature frequency, retriggers, spins and value, the free-spin split; the expanding
    symbol: ``specials``; the Mystery bonus: the ``bonus`` fields, ``pick_games`` and the
    RTP under each pick policy, ``rtp_best`` / ``rtp_keep_first`` / ``rtp_worst``, which are
    before the round cap, as the published RTP is).  Fields are in the order of the JSON;
    a feature's field the game does not have (``None``, or no pick games) is left out of
    it.
    """

    game: str
    lines: int
    published_rtp: float
    rtp: float
    rtp_uncapped: float
    rtp_base_lines: float
    rtp_scatter: float
    rtp_free_spins: float
    cap_effect: float
    free_spins_lines: float
    free_spins_scatter: float
    free_spins_expansion: float | None = None
    free_spins_mystery_bonus: float | None = None
    rtp_bonus: float | None = None
    rtp_bonus_in_all: float | None = None
    policy: str | None = None
    rtp_best: float | None = None
    rtp_keep_first: float | None = None
    rtp_worst: float | None = None
    hit_frequency: float
    feature_frequency: float
    feature_one_in: float
    retrigger_probability: float
    spins_per_feature: float
    feature_value: float
    bonus_frequency: float | None = None
    bonus_one_in: float | None = None
    free_spins_bonus_frequency: float | None = None
    bonuses_per_round: float | None = None
    bonus_mean: float | None = None
    bonus_sd: float | None = None
    sd: float
    sd_uncapped: float
    sd_base: float
    vi_90: float
    vi_95: float
    cap_x_total_bet: int | float
    cap_cents: int | None = None
    cap_total_bet_cents: int | None = None
    cap_probability: float
    cap_one_in: float
    top_award_in_1e8_rounds: float
    cycle_base: int
    cycle_free: int
    neglected_mass: float
    specials: tuple[SpecialFigures, ...] = ()
    pick_games: tuple[PickGameFigures, ...] = ()
    symbols: tuple[SymbolOdds, ...]
    scatters: tuple[ScatterOdds, ...]
    win_bands: tuple[WinBand, ...]
    confidence: tuple[Confidence, ...]

    def to_json(self) -> dict[str, Any]:
        """Everything as plain JSON values (fractions of 1, multiples of the total bet)."""
        data: dict[str, Any] = asdict(self)
        for key in ("specials", "pick_games", "symbols", "scatters", "win_bands", "confidence"):
            data[key] = [dict(row) for row in data[key]]
        if not data["pick_games"]:
            del data["pick_games"]
        return {k: _finite(v) for k, v in data.items() if v is not None}


def _finite(value: Any) -> Any:
    """JSON has no infinity: an impossible event's '1 in N' becomes null."""
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, list):
        return [_finite(v) for v in value]
    if isinstance(value, dict):
        return {k: _finite(v) for k, v in value.items()}
    return value
