"""The PAR sheet: every published figure of a game, computed exactly by counting.

:func:`compute_par` runs :func:`~slotterm.analysis.exact.analyse_round` and lays the result
out as a :class:`ParSheet`.  Money figures are fractions of the total bet (RTP 0.9613 means
96.13 %), standard deviations are in units of the total bet, frequencies are probabilities
per base round.

The round cap (``game.max_win_x_total_bet``) is applied exactly as the engine applies it.
``rtp`` is the capped RTP; the split ``rtp_base_lines + rtp_scatter + rtp_free_spins`` adds
up to it: the part of a base spin's win above the cap is taken off ``rtp_base_lines``, the
rest of the cap's effect (features cut short, or never played because the base spin already
reached the cap) off ``rtp_free_spins``.  ``cap_effect`` is ``rtp - rtp_uncapped``.
The free-spin split (``free_spins``) is before the cap.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import asdict, dataclass
from itertools import pairwise
from typing import Any

import numpy as np

from slotterm.analysis.exact import RoundAnalysis, analyse_round
from slotterm.analysis.exact_lines import LineAutomaton, build_automaton, line_reading_odds
from slotterm.engine.model import GameDefinition

Z_90 = 1.6448536269514722
"""Two-sided 90 % normal quantile."""

Z_95 = 1.959963984540054
"""Two-sided 95 % normal quantile."""

CONFIDENCE_ROUNDS = (10**3, 10**4, 10**5, 10**6, 10**7)
"""Numbers of rounds for the RTP ± VI/√N table."""

WIN_BANDS = (0.0, 1.0, 5.0, 20.0, 100.0, 1000.0)
"""Lower edges (× total bet) of the win bands above zero; the cap is a band of its own."""

TOP_AWARD_ROUNDS = 10**8
"""Rounds for the 'top award seen at least once' figure."""


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


@dataclass(frozen=True)
class ParSheet:
    """The exact PAR sheet of one game at one line count (see the module docstring)."""

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
    free_spins_expansion: float
    hit_frequency: float
    feature_frequency: float
    feature_one_in: float
    retrigger_probability: float
    spins_per_feature: float
    feature_value: float
    sd: float
    sd_uncapped: float
    sd_base: float
    vi_90: float
    vi_95: float
    cap_x_total_bet: int
    cap_probability: float
    cap_one_in: float
    top_award_in_1e8_rounds: float
    cycle_base: int
    cycle_free: int
    neglected_mass: float
    specials: tuple[SpecialFigures, ...]
    symbols: tuple[SymbolOdds, ...]
    scatters: tuple[ScatterOdds, ...]
    win_bands: tuple[WinBand, ...]
    confidence: tuple[Confidence, ...]

    def to_json(self) -> dict[str, Any]:
        """Everything as plain JSON values (fractions of 1, multiples of the total bet)."""
        data: dict[str, Any] = asdict(self)
        for key in ("specials", "symbols", "scatters", "win_bands", "confidence"):
            data[key] = [dict(row) for row in data[key]]
        return {k: _finite(v) for k, v in data.items()}


def _finite(value: Any) -> Any:
    """JSON has no infinity: an impossible event's '1 in N' becomes null."""
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, list):
        return [_finite(v) for v in value]
    if isinstance(value, dict):
        return {k: _finite(v) for k, v in value.items()}
    return value


def _one_in(p: float) -> float:
    return 1.0 / p if p > 0 else math.inf


def compute_par(game: GameDefinition, lines: int | None = None) -> ParSheet:
    """The exact PAR sheet of ``game`` with ``lines`` active lines (``None``: all)."""
    n_lines = len(game.lines) if lines is None else lines
    automaton = build_automaton(game)
    analysis = analyse_round(game, n_lines, automaton)
    return _sheet(game, analysis, base_line_odds(game, automaton))


def base_line_odds(game: GameDefinition, automaton: LineAutomaton) -> tuple[SymbolOdds, ...]:
    """Base-game line readings with their odds (the same on every line)."""
    odds, cycle = line_reading_odds(game, game.base_reels, automaton)
    return tuple(
        SymbolOdds(
            symbol=o.symbol,
            count=o.count,
            multiplier=o.multiplier,
            combinations=o.combinations,
            probability=o.combinations / cycle,
            one_in=cycle / o.combinations,
            rtp=o.combinations * o.multiplier / cycle,
        )
        for o in odds
    )


def _sheet(game: GameDefinition, a: RoundAnalysis, symbols: tuple[SymbolOdds, ...]) -> ParSheet:
    lines = a.lines
    trigger = a.trigger_probability
    spins = a.spins_per_feature
    free_lines = float(sum(o.line_mean for o in a.free.values()) / len(a.free))
    free_scatter = float(sum(o.scatter_mean for o in a.free.values()) / len(a.free))
    per_feature = trigger * spins / lines  # feature spins per base round, per line unit
    specials = tuple(
        SpecialFigures(
            symbol=symbol,
            spin_value=outcome.mean / lines,
            feature_value=a.features[symbol].mean / lines,
            expansion_probability=1.0
            - sum(
                p
                for k, p in enumerate(outcome.special_reels_distribution)
                if game.line_pay(symbol, k) == 0
            ),
            rtp_expansion=per_feature * outcome.expansion_mean / len(a.free),
        )
        for symbol, outcome in a.free.items()
    )
    rtp_uncapped = a.mean / lines
    rtp = a.capped_mean / lines
    total_loss = a.mean - a.capped_mean
    base_loss = a.base_cap_loss
    rtp_free_uncapped = trigger * a.feature_mean / lines
    sd = math.sqrt(max(a.capped_second_moment - a.capped_mean**2, 0.0)) / lines
    cap_p = a.cap_probability
    return ParSheet(
        game=game.id,
        lines=lines,
        published_rtp=game.published_rtp,
        rtp=rtp,
        rtp_uncapped=rtp_uncapped,
        rtp_base_lines=(a.base.line_mean - base_loss) / lines,
        rtp_scatter=a.base.scatter_mean / lines,
        rtp_free_spins=rtp_free_uncapped - (total_loss - base_loss) / lines,
        cap_effect=rtp - rtp_uncapped,
        free_spins_lines=per_feature * free_lines,
        free_spins_scatter=per_feature * free_scatter,
        free_spins_expansion=sum(s.rtp_expansion for s in specials),
        hit_frequency=a.base.hit_probability,
        feature_frequency=trigger,
        feature_one_in=_one_in(trigger),
        retrigger_probability=a.retrigger_probability,
        spins_per_feature=spins,
        feature_value=a.feature_mean / lines,
        sd=sd,
        sd_uncapped=math.sqrt(max(a.second_moment - a.mean**2, 0.0)) / lines,
        sd_base=math.sqrt(max(a.base.second_moment - a.base.mean**2, 0.0)) / lines,
        vi_90=Z_90 * sd,
        vi_95=Z_95 * sd,
        cap_x_total_bet=game.max_win_x_total_bet,
        cap_probability=cap_p,
        cap_one_in=_one_in(cap_p),
        top_award_in_1e8_rounds=-math.expm1(TOP_AWARD_ROUNDS * math.log1p(-min(cap_p, 1.0)))
        if cap_p < 1
        else 1.0,
        cycle_base=a.base.cycle,
        cycle_free=next(iter(a.free.values())).cycle,
        neglected_mass=a.neglected,
        specials=specials,
        symbols=symbols,
        scatters=_scatters(game, a),
        win_bands=_bands(a),
        confidence=tuple(
            Confidence(
                n,
                rtp - Z_90 * sd / math.sqrt(n),
                rtp + Z_90 * sd / math.sqrt(n),
                rtp - Z_95 * sd / math.sqrt(n),
                rtp + Z_95 * sd / math.sqrt(n),
            )
            for n in CONFIDENCE_ROUNDS
        ),
    )


def _scatters(game: GameDefinition, a: RoundAnalysis) -> tuple[ScatterOdds, ...]:
    rows = []
    for count, p in enumerate(a.base.scatter_distribution):
        mult = game.scatter_pay(count)
        if mult or count >= game.free_spins.trigger_count:
            rows.append(ScatterOdds(count, mult, p, _one_in(p), p * mult))
    return tuple(rows)


def _bands(a: RoundAnalysis) -> tuple[WinBand, ...]:
    lines = a.lines
    below = a.below_cap
    x = np.arange(a.cap, dtype=np.float64) / lines
    bands = [WinBand("no win", 0.0, 0.0, float(below[0]), 0.0)]
    edges = [*WIN_BANDS, float(a.game.max_win_x_total_bet)]
    for low, high in pairwise(edges):
        mask = (x > low) & (x < high) if low == 0 else (x >= low) & (x < high)
        label = f"{low:g}-{high:g}x" if low else f"0-{high:g}x"
        bands.append(
            WinBand(label, low, high, float(below[mask].sum()), float((below * x)[mask].sum()))
        )
    cap_x = float(a.game.max_win_x_total_bet)
    cap_p = a.cap_probability
    bands.append(WinBand(f"{cap_x:g}x (cap)", cap_x, cap_x, cap_p, cap_p * cap_x))
    return tuple(bands)


def par_summary(sheet: ParSheet) -> Mapping[str, float]:
    """The DESIGN §6 keys of a sheet, as fractions of 1."""
    return {
        "rtp": sheet.rtp,
        "rtp_base_lines": sheet.rtp_base_lines,
        "rtp_scatter": sheet.rtp_scatter,
        "rtp_free_spins": sheet.rtp_free_spins,
        "hit_frequency": sheet.hit_frequency,
        "feature_frequency": sheet.feature_frequency,
        "sd": sheet.sd,
    }
