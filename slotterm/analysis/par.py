"""The PAR sheet: every published figure of a game, computed exactly by counting.

:func:`compute_par` runs :func:`~slotterm.analysis.exact.analyse_round` and lays the result
out as a :class:`~slotterm.analysis.sheet.ParSheet`: the round's own figures here, each
feature's from its law (:meth:`~slotterm.analysis.features.contract.FeatureLaw.figures`).
Money figures are fractions of the total bet (RTP 0.9613 means 96.13 %), standard
deviations are in units of the total bet, frequencies are probabilities per base round.

Every part of the RTP comes as a pair (:data:`~slotterm.analysis.sheet.UNCAPPED`):
``NAME_uncapped`` is the game's own figure, ``NAME`` the same with the operator's round cap
(``game.max_win``) at the highest bet, applied exactly as the engine applies it.  ``rtp`` /
``rtp_uncapped`` are the totals; the parts ``rtp_base_lines + rtp_scatter + rtp_free_spins``
(``+ rtp_bonus`` for a game with a bonus on the base spin) add up to ``rtp`` and their
``_uncapped`` partners to ``rtp_uncapped``; a feature's own split (``free_spins_*``) adds up
to ``rtp_free_spins`` in both readings.  :mod:`~slotterm.analysis.cap_split` says how the
cap's effect (``cap_effect = rtp - rtp_uncapped``) shares out over the parts.  Figures under
other pick policies (``rtp_best_uncapped``...) are before the cap only: ``par --policy P``
gives the capped sheet of one.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import replace
from itertools import pairwise
from typing import Any

import numpy as np

from slotterm import __version__
from slotterm.analysis.cap_split import CapLoss, Part, cap_loss, share_cap
from slotterm.analysis.exact import RoundAnalysis, analyse_round
from slotterm.analysis.exact_lines import LineAutomaton, build_automaton, line_reading_odds
from slotterm.analysis.exact_walk import Strips
from slotterm.analysis.features.contract import FeatureLaw, NotWholeUnits
from slotterm.analysis.sheet import (
    BASE,
    UNCAPPED,
    Confidence,
    ParSheet,
    RtpPart,
    ScatterOdds,
    SymbolOdds,
    WinBand,
    WinTail,
)
from slotterm.analysis.spin_law import scatter_tracker
from slotterm.engine.model import GameDefinition

Z_90 = 1.6448536269514722
"""Two-sided 90 % normal quantile."""

Z_95 = 1.959963984540054
"""Two-sided 95 % normal quantile."""

CONFIDENCE_ROUNDS = (10**3, 10**4, 10**5, 10**6, 10**7)
"""Numbers of rounds for the RTP ± VI/√N table."""

WIN_BANDS = (0.0, 1.0, 5.0, 20.0, 100.0, 1000.0)
"""Lower edges (× total bet) of the win bands above zero; the cap is a band of its own."""

TAIL_STEPS = (1, 2, 5)
"""The win tail's points in each decade (× total bet): 0.1, 0.2, 0.5, 1, 2, 5, 10..."""

TOP_AWARD_ROUNDS = 10**8
"""Rounds for the 'top award seen at least once' figure."""


def _one_in(p: float) -> float:
    return 1.0 / p if p > 0 else math.inf


def compute_par(game: GameDefinition, lines: int | None = None, policy: str = "best") -> ParSheet:
    """The exact PAR sheet of ``game`` with ``lines`` active lines (``None``: all), the
    player's choices (a pick game's) made by ``policy``.

    Raises :class:`~slotterm.analysis.features.contract.NoExactLaw` (one line saying
    why) for a game with a feature that has no exact law.  A game with an amount of no
    whole bets per line gets the bounded sheet (``rtp_lower``, ``rtp_upper``).
    """
    n_lines = len(game.lines) if lines is None else lines
    automaton = build_automaton(game)
    try:
        analysis = analyse_round(game, n_lines, automaton, policy=policy)
    except NotWholeUnits as exc:  # rounded down and up, the sheet is bounded
        return _bounded_sheet(game, n_lines, automaton, policy, str(exc))
    base = analysis.context.reel_sets["base"]
    return _sheet(analysis, base_line_odds(game, automaton, base))


def _bounded_sheet(
    game: GameDefinition, lines: int, automaton: LineAutomaton, policy: str, why: str
) -> ParSheet:
    """The sheet with amounts of no whole bets per line rounded down, and the RTP with
    them rounded up beside it: the true RTP lies between (``rtp_lower``, ``rtp_upper``)."""
    odds = base_line_odds(game, automaton, game.base_reels)
    low = _sheet(analyse_round(game, lines, automaton, policy=policy, rounding="down"), odds)
    high = _sheet(analyse_round(game, lines, automaton, policy=policy, rounding="up"), odds)
    return replace(low, rtp_lower=low.rtp, rtp_upper=high.rtp, rtp_bounded_by=why)


def base_line_odds(
    game: GameDefinition, automaton: LineAutomaton, strips: Strips | None = None
) -> tuple[SymbolOdds, ...]:
    """Base-game line readings with their odds (the same on every line)."""
    odds, cycle = line_reading_odds(game, game.base_reels if strips is None else strips, automaton)
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


def _sheet(a: RoundAnalysis, symbols: tuple[SymbolOdds, ...]) -> ParSheet:
    game = a.game
    lines = a.lines
    rtp_uncapped = a.mean / lines
    loss = cap_loss(a)
    rtp = rtp_uncapped - loss.total / lines
    sd_uncapped = math.sqrt(max(a.second_moment - a.mean**2, 0.0)) / lines
    sd = sd_uncapped
    if loss.total > 0:  # the cap narrows the spread; float error must not widen it
        sd = min(math.sqrt(max(a.capped_second_moment - a.capped_mean**2, 0.0)) / lines, sd)
    cap_p = a.cap_probability
    laws = sheet_laws(a)
    figures: dict[str, dict[str, Any]] = {}
    for law in laws:
        for section, more in law.figures(a).items():
            figures.setdefault(section, {}).update(more)
    split, figures = _rtp_split(a, loss, figures)
    cap: dict[str, Any] = {}
    if game.max_win_cents is not None:  # an absolute cap: the bet it is analysed at
        total_bet = lines * game.highest_bet_per_line()
        cap.update(cap_cents=game.max_win(total_bet), cap_total_bet_cents=total_bet)
    return ParSheet(
        version=__version__,
        game=game.id,
        lines=lines,
        published_rtp=game.published_rtp,
        rtp=rtp,
        rtp_uncapped=rtp_uncapped,
        rtp_base_lines=split["rtp_base_lines"],
        rtp_base_lines_uncapped=split["rtp_base_lines_uncapped"],
        rtp_scatter=split["rtp_scatter"],
        rtp_scatter_uncapped=split["rtp_scatter_uncapped"],
        rtp_free_spins=split["rtp_free_spins"],
        rtp_free_spins_uncapped=split["rtp_free_spins_uncapped"],
        cap_effect=rtp - rtp_uncapped,
        hit_frequency=a.base.hit_probability,
        sd=sd,
        sd_uncapped=sd_uncapped,
        sd_base=math.sqrt(max(a.base.second_moment - a.base.mean**2, 0.0)) / lines,
        vi_90=Z_90 * sd,
        vi_95=Z_95 * sd,
        cap_x_total_bet=a.context.cap_x_total_bet,
        cap_probability=cap_p,
        cap_one_in=_one_in(cap_p),
        top_award_in_1e8_rounds=-math.expm1(TOP_AWARD_ROUNDS * math.log1p(-min(cap_p, 1.0)))
        if cap_p < 1
        else 1.0,
        cycle_base=a.base.cycle,
        neglected_mass=a.neglected,
        symbols=symbols,
        scatters=_scatters(a),
        win_bands=_bands(a),
        win_tail=_tail(a),
        confidence=tuple(
            Confidence(
                rounds=n,
                low_90=rtp - Z_90 * sd / math.sqrt(n),
                high_90=rtp + Z_90 * sd / math.sqrt(n),
                low_95=rtp - Z_95 * sd / math.sqrt(n),
                high_95=rtp + Z_95 * sd / math.sqrt(n),
            )
            for n in CONFIDENCE_ROUNDS
        ),
        **cap,
        figures=figures,
        definition=game,
        laws=laws,
    )


def _rtp_split(
    a: RoundAnalysis, loss: CapLoss, figures: Mapping[str, Mapping[str, Any]]
) -> tuple[dict[str, float], dict[str, dict[str, Any]]]:
    """The core's pairs of the RTP split, and the laws' figures with their parts paired."""
    lines = a.lines
    base_parts = [
        Part("rtp_base_lines", a.base.line_mean / lines, BASE),
        Part("rtp_scatter", a.base.term_mean("scatter") / lines, BASE),
    ]
    laws_parts = [
        Part(name, value.uncapped, value.won)
        for section in figures.values()
        for name, value in section.items()
        if isinstance(value, RtpPart)
    ]
    capped = share_cap([*base_parts, *laws_parts], loss, lines)
    free = 0.0 if a.feature is None else a.trigger_probability * a.feature_mean / lines
    split = {part.name: capped[part.name] for part in base_parts}
    split |= {part.name + UNCAPPED: part.uncapped for part in base_parts}
    split |= {"rtp_free_spins": max(free - loss.feature / lines, 0.0)}
    split |= {"rtp_free_spins_uncapped": free}
    return split, {section: _paired(more, capped) for section, more in figures.items()}


def _paired(section: Mapping[str, Any], capped: Mapping[str, float]) -> dict[str, Any]:
    """A law's section with each :class:`RtpPart` written as its pair, capped first."""
    out: dict[str, Any] = {}
    for name, value in section.items():
        if isinstance(value, RtpPart):
            out[name] = capped[name]
            out[name + UNCAPPED] = value.uncapped
        else:
            out[name] = value
    return out


def sheet_laws(a: RoundAnalysis) -> tuple[FeatureLaw, ...]:
    """The laws whose figures the sheet shows, in its order: the feature a base spin awards
    (the round's), then the others in the game's order (pays a spin may add, a bonus)."""
    laws = list(a.context.laws.values())
    return tuple(sorted(laws, key=lambda law: law.name != a.feature))


def _scatters(a: RoundAnalysis) -> tuple[ScatterOdds, ...]:
    """Scatter counts of the base spin that pay or award a feature (the top: 'or more')."""
    game = a.game
    tracker = scatter_tracker(game, a.base_rules)
    if tracker is None:
        return ()
    awarding = a.base_rules.awarding_values(tracker)
    rows = []
    for count, p in enumerate(a.base.marginal(tracker)):
        mult = game.scatter_pay(count)
        if mult or count in awarding:
            rows.append(
                ScatterOdds(
                    count=count, multiplier=mult, probability=p, one_in=_one_in(p), rtp=p * mult
                )
            )
    return tuple(rows)


def _bands(a: RoundAnalysis) -> tuple[WinBand, ...]:
    lines = a.lines
    below = a.below_cap
    x = np.arange(a.cap, dtype=np.float64) / lines
    bands = [WinBand(label="no win", low=0.0, high=0.0, probability=float(below[0]), rtp=0.0)]
    cap_x = float(a.context.cap_x_total_bet)
    edges = [*(e for e in WIN_BANDS if e < cap_x), cap_x]
    for low, high in pairwise(edges):
        mask = (x > low) & (x < high) if low == 0 else (x >= low) & (x < high)
        label = f"{low:g}-{high:g}x" if low else f"0-{high:g}x"
        bands.append(
            WinBand(
                label=label,
                low=low,
                high=high,
                probability=float(below[mask].sum()),
                rtp=float((below * x)[mask].sum()),
            )
        )
    cap_p = a.cap_probability
    bands.append(
        WinBand(
            label=f"{cap_x:g}x (cap)", low=cap_x, high=cap_x, probability=cap_p, rtp=cap_p * cap_x
        )
    )
    return tuple(bands)


def _tail(a: RoundAnalysis) -> tuple[WinTail, ...]:
    """P(round win >= x × total bet) at 0.1, 0.2, 0.5, 1, 2, 5... below the cap, and at the
    cap: the exact law's mass at or above each amount (sums from the top, so a tiny tail
    keeps its digits)."""
    lines = a.lines
    cap_p = a.cap_probability
    above = np.cumsum(a.below_cap[::-1])[::-1]  # above[k]: P(k <= round win < cap)
    cap_x = float(a.context.cap_x_total_bet)
    points = []
    exponent = -1
    while 10.0**exponent < cap_x:
        for step in TAIL_STEPS:
            x = step * 10**exponent
            k = math.ceil(round(x * lines, 9))  # the least win (line-bet units) paying x
            if x < cap_x and k < a.cap:
                points.append(WinTail(x=x, probability=float(above[k]) + cap_p))
        exponent += 1
    points.append(WinTail(x=cap_x, probability=cap_p))
    return tuple(points)


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
