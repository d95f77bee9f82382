"""Each simulated figure against the PAR sheet's (issue 21): the mapping names keys the
sheet has, a seeded run of every shipped game lies within a few standard errors of
every figure, and a z-score follows a bias it is shown.

The runs are seeded, so a bound on ``|z|`` cannot flake: the same rounds every time.
"""

from __future__ import annotations

import dataclasses
import math
import random
import statistics
from typing import Any

import pytest

from slotterm.analysis.par import compute_par
from slotterm.analysis.sim_estimates import (
    Estimate,
    inverse_estimate,
    mean_estimate,
    proportion_estimate,
    sd_estimate,
    wilson,
)
from slotterm.analysis.sim_measures import source_features
from slotterm.analysis.sim_tally import SimulationResult
from slotterm.analysis.sim_vs_par import (
    EVERY_GAME,
    FIGURES,
    FigureCheck,
    applies_par_cap,
    compare,
)
from slotterm.analysis.simulate import simulate
from slotterm.engine.actions import Bet
from slotterm.engine.model import GameDefinition
from slotterm.games import game_ids, get_game

ROUNDS = 40_000
SEED = 2_112
Z_BOUND = 4.5
"""How far (in standard errors) a seeded run may lie from a PAR figure."""


@pytest.fixture(scope="module", params=game_ids())
def run(request: pytest.FixtureRequest) -> tuple[GameDefinition, SimulationResult, dict[str, Any]]:
    game = get_game(request.param)
    result = simulate(game, ROUNDS, seed=SEED)
    return game, result, compute_par(game, lines=result.lines).to_json()


def _checks(
    game: GameDefinition, result: SimulationResult, par: dict[str, Any]
) -> tuple[FigureCheck, ...]:
    bet = Bet(result.bet_per_line, result.lines, result.coin_size)
    return compare(result, game, par, capped=applies_par_cap(game, bet), min_rounds=1_000)


def _applies(game: GameDefinition, scope: str) -> bool:
    return scope == EVERY_GAME or bool(source_features(game, scope).roots)


@pytest.mark.parametrize("game_id", game_ids())
def test_every_par_key_the_mapping_names_is_in_the_sheet(game_id: str) -> None:
    game = get_game(game_id)
    par = compute_par(game).to_json()
    missing = [
        (figure.name, key)
        for figure in FIGURES
        if _applies(game, figure.scope)
        for key in (figure.capped, figure.uncapped)
        if key is not None and key not in par
    ]
    assert not missing, missing


def test_every_figure_is_measured_in_some_shipped_game() -> None:
    scopes = {figure.scope for figure in FIGURES}
    covered = {scope for scope in scopes for g in game_ids() if _applies(get_game(g), scope)}
    assert covered == scopes


def test_a_seeded_run_lies_near_every_par_figure(
    run: tuple[GameDefinition, SimulationResult, dict[str, Any]],
) -> None:
    game, result, par = run
    checks = _checks(game, result, par)
    scored = {c.figure.name: c.z for c in checks if c.z is not None}
    far = {name: z for name, z in scored.items() if abs(z) >= Z_BOUND}
    assert not far, far
    # the core figures always get a z; the free spins' too in a game that has them
    assert {"rtp", "rtp_base_lines", "hit_frequency", "sd"} <= scored.keys()
    if source_features(game, "free_spins").roots:
        assert {"feature_frequency", "spins_per_feature", "feature_value"} <= scored.keys()
    if source_features(game, "bonus").roots:
        assert {"bonus_frequency", "bonuses_per_round", "rtp_bonus_in_all"} <= scored.keys()
    for check in checks:  # every interval holds its estimate
        if check.interval is not None and check.estimate is not None:
            low, high = check.interval
            assert low <= check.estimate.value <= high, check.figure.name


def test_z_grows_with_a_bias_fed_to_the_tallies(
    run: tuple[GameDefinition, SimulationResult, dict[str, Any]],
) -> None:
    """Extra hits, as many as k standard errors of the hit frequency, move its z by k."""
    game, result, par = run
    base = {c.figure.name: c for c in _checks(game, result, par)}["hit_frequency"]
    exact = par["hit_frequency"]
    se = math.sqrt(exact * (1 - exact) / ROUNDS)
    assert base.z is not None
    for k in (2, 5, 10):
        tally = dataclasses.replace(
            result.tally, base_hits=result.tally.base_hits + round(k * se * ROUNDS)
        )
        biased = dataclasses.replace(result, tally=tally)
        z = {c.figure.name: c.z for c in _checks(game, biased, par)}["hit_frequency"]
        assert z == pytest.approx(base.z + k, abs=0.01)


def test_z_of_a_mean_is_its_distance_in_standard_errors() -> None:
    estimate = Estimate(value=1.0, se=0.02, count=5_000)
    assert estimate.z_against(0.96) == pytest.approx(2.0)
    assert estimate.z_against(1.06) == pytest.approx(-3.0)
    assert Estimate(1.0, 0.0, 5_000).z_against(0.9) is None  # no spread: no verdict


def test_a_proportion_is_scored_by_the_exact_probabilitys_spread() -> None:
    measured = proportion_estimate(600, 100_000)
    none_seen = proportion_estimate(0, 100_000)
    one_in = inverse_estimate(600, 100_000)
    assert measured is not None and none_seen is not None and one_in is not None
    p = 0.005
    z = measured.z_against(p)
    assert z is not None
    assert z == pytest.approx((0.006 - p) / math.sqrt(p * (1 - p) / 1e5))
    # none seen of what is expected 3 times: too lumpy to score
    assert none_seen.z_against(3e-5) is None
    # "1 in N" says the same as the proportion, turned over (to first order)
    assert one_in.value == pytest.approx(1 / 0.006)
    z_one_in = one_in.z_against(1 / p)
    assert z_one_in is not None and z_one_in < 0
    assert z_one_in == pytest.approx(-z, rel=0.2)
    assert inverse_estimate(0, 100) is None


def test_wilsons_interval() -> None:
    """Against the textbook formula, worked apart; it never leaves 0 .. 1."""
    z = 2.5758293035489004
    for hits, n in ((0, 50), (3, 1_000), (500, 1_000), (1_000, 1_000)):
        p = hits / n
        centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        half = z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
        low, high = wilson(hits, n)
        assert low == pytest.approx(max(centre - half, 0.0), abs=1e-12)
        assert high == pytest.approx(min(centre + half, 1.0), abs=1e-12)
        assert 0.0 <= low <= p <= high <= 1.0


def test_a_mean_and_its_standard_error_are_the_samples() -> None:
    values = [0, 0, 3, 0, 12, 1, 0, 0, 40, 2]
    squares = sum(v * v for v in values)
    estimate = mean_estimate(sum(values), squares, len(values), unit=4)
    assert estimate is not None
    assert estimate.value == pytest.approx(statistics.mean(values) / 4)
    assert estimate.se == pytest.approx(statistics.stdev(values) / 4 / math.sqrt(len(values)))
    assert mean_estimate(0, 0, 0) is None


def _power_sums(values: list[int]) -> tuple[int, int, int, int, int]:
    """``n, Σx, Σx², Σx³, Σx⁴``."""
    return (
        len(values),
        sum(values),
        sum(v**2 for v in values),
        sum(v**3 for v in values),
        sum(v**4 for v in values),
    )


def test_the_sds_standard_error_is_the_large_sample_one() -> None:
    """For normal draws it is close to sd / sqrt(2 n); a heavy tail widens it."""
    rng = random.Random(5)
    draws = [round(rng.gauss(1_000, 100)) for _ in range(20_000)]
    estimate = sd_estimate(_power_sums(draws))
    assert estimate is not None
    assert estimate.value == pytest.approx(statistics.stdev(draws))
    assert estimate.se == pytest.approx(estimate.value / math.sqrt(2 * len(draws)), rel=0.05)
    tail = [0] * 19_990 + [1_000] * 10
    heavy = sd_estimate(_power_sums(tail))
    assert heavy is not None
    assert heavy.se > 5 * heavy.value / math.sqrt(2 * len(tail))


def test_the_reading_follows_the_cap_at_the_bet_played() -> None:
    """A cap in total bets holds at every bet; an absolute one only at the highest bet."""
    for game_id in game_ids():
        game = get_game(game_id)
        lines = len(game.lines)
        lowest = game.default_bet(lines)
        highest = Bet(game.highest_bet_per_line(), lines)
        assert applies_par_cap(game, highest)
        if game.max_win_cents is None:
            assert applies_par_cap(game, lowest)
    shipped = [get_game(g) for g in game_ids()]
    absolute = [g for g in shipped if g.max_win_cents is not None]
    assert absolute, "a shipped game caps by amount"
    for game in absolute:
        assert not applies_par_cap(game, game.default_bet(len(game.lines)))


def test_the_rtp_is_compared_with_the_key_of_its_reading(
    run: tuple[GameDefinition, SimulationResult, dict[str, Any]],
) -> None:
    game, result, par = run
    keys = {
        capped: {
            c.figure.name: c.par_key
            for c in compare(result, game, par, capped=capped, min_rounds=1_000)
        }
        for capped in (True, False)
    }
    assert (keys[True]["rtp"], keys[False]["rtp"]) == ("rtp", "rtp_uncapped")
    assert keys[False]["cap_probability"] is None


def test_few_rounds_give_estimates_without_intervals_or_z() -> None:
    game = get_game(game_ids()[0])
    result = simulate(game, 999, seed=4)
    checks = compare(result, game, compute_par(game).to_json(), capped=True, min_rounds=1_000)
    assert checks and all(c.interval is None and c.z is None for c in checks)
    assert all(c.par is not None for c in checks if c.par_key is not None)
    none = compare(result, game, None, capped=True, min_rounds=1_000)
    assert all(c.par is None and c.z is None for c in none)
