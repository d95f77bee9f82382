"""Monte Carlo through the real state machine agrees with the exact maths.

The big run is seeded, so it is stable: the same two million rounds every time.
"""

from __future__ import annotations

import math

import pytest

import slotterm.analysis.simulate as sim
from slotterm.analysis.par import compute_par
from slotterm.analysis.simulate import CHUNK_ROUNDS, Tally, chunk_seed, simulate
from slotterm.engine.actions import Bet
from slotterm.engine.policy import POLICIES
from slotterm.games import get_game

GAME = get_game("book-of-spells")
SEED = 20_261_130
ROUNDS = 2_000_000


@pytest.fixture(scope="module")
def big_run() -> sim.SimulationResult:
    return simulate(GAME, ROUNDS, seed=SEED, workers=2)


def test_simulated_rtp_lies_in_its_99_percent_interval_around_the_exact_rtp(
    big_run: sim.SimulationResult,
) -> None:
    exact = compute_par(GAME).rtp
    low, high = big_run.ci99
    assert big_run.tally.rounds == ROUNDS
    assert low <= exact <= high, (big_run.rtp, big_run.ci99, exact)
    # the interval is the one the sample variance gives: z99 * sd / sqrt(n)
    assert big_run.ci99_half_width == pytest.approx(2.5758293 * big_run.sd / math.sqrt(ROUNDS))
    assert 0.005 < big_run.ci99_half_width < 0.03


@pytest.mark.parametrize("figure", ["hit_frequency", "feature_frequency"])
def test_simulated_frequencies_lie_in_their_99_percent_binomial_intervals(
    big_run: sim.SimulationResult, figure: str
) -> None:
    exact = getattr(compute_par(GAME), figure)
    measured = getattr(big_run, figure)
    half = 2.5758293 * math.sqrt(exact * (1 - exact) / ROUNDS)
    assert abs(measured - exact) <= half, (figure, measured, exact, half)


def test_the_same_seed_gives_the_same_result_whatever_the_number_of_workers() -> None:
    spins = 2 * CHUNK_ROUNDS + 123
    one = simulate(GAME, spins, seed=7, workers=1)
    two = simulate(GAME, spins, seed=7, workers=2)
    assert one.tally == two.tally
    assert one.tally.rounds == spins
    assert simulate(GAME, spins, seed=8, workers=1).tally != one.tally


def test_every_round_goes_through_the_state_machine(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []
    real_apply = sim.apply  # type: ignore[attr-defined]

    def counting_apply(*args: object) -> object:
        calls.append(type(args[2]).__name__)
        return real_apply(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(sim, "apply", counting_apply)
    tally = sim.play_rounds(GAME, 3_000, seed=11, bet=Bet(2, 9))
    assert calls.count("Spin") == 3_000
    assert calls.count("StartFeature") == tally.features > 0
    assert calls.count("PlayFreeSpin") == tally.free_spins >= 10 * tally.features
    assert tally.staked == 3_000 * 18


def test_tallies_add_up_and_chunk_seeds_are_stable() -> None:
    a = Tally(rounds=1, staked=18)
    b = Tally(rounds=2, staked=36, paid=40, paid_squares=800, base_hits=1, top_win=30)
    total = Tally(rounds=3, staked=54, paid=40, paid_squares=800, base_hits=1, top_win=30)
    assert a + b == total
    assert chunk_seed(1, 0) == chunk_seed(1, 0)
    assert len({chunk_seed(s, c) for s in range(20) for c in range(20)}) == 400


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(ValueError):
        simulate(GAME, 0)
    with pytest.raises(ValueError):
        simulate(GAME, 10, lines=10)
    with pytest.raises(ValueError):
        simulate(GAME, 10, workers=0)
    with pytest.raises(ValueError, match="spins must be"):  # once built every chunk up front
        simulate(GAME, sim.MAX_SPINS + 1)


def test_progress_is_reported_per_chunk_and_adds_up() -> None:
    reported: list[int] = []
    result = simulate(GAME, CHUNK_ROUNDS + 10, seed=3, workers=1, progress=reported.append)
    assert reported == [CHUNK_ROUNDS, 10]
    assert result.tally.rounds == CHUNK_ROUNDS + 10


def test_the_command_uses_no_more_processes_than_cores(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import json

    import slotterm.commands.simulate as command
    from slotterm.cli import main

    asked: list[int] = []

    def fake_simulate(game: object, spins: int, **options: object) -> sim.SimulationResult:
        workers = options["workers"]
        assert isinstance(workers, int)
        asked.append(workers)
        return simulate(GAME, spins, seed=1, workers=1)

    monkeypatch.setattr(command, "simulate", fake_simulate)
    monkeypatch.setattr(command, "default_workers", lambda: 2)
    assert main(["simulate", "book-of-spells", "--spins", "100", "--workers", "1000"]) == 0
    assert main(["simulate", "book-of-spells", "--spins", "100", "--workers", "1", "--json"]) == 0
    assert asked == [2, 1]
    assert json.loads(capsys.readouterr().out.splitlines()[-1])["spins"] == 100


def test_book_of_spells_plays_alike_under_every_policy_and_a_bad_one_is_refused() -> None:
    tallies = {policy: simulate(GAME, 2_000, seed=5, policy=policy).tally for policy in POLICIES}
    assert len(set(tallies.values())) == 1  # no pick game, no choice to make
    with pytest.raises(ValueError, match="policy must be one of"):
        simulate(GAME, 10, policy="greedy")


def test_the_policy_reaches_every_chunk(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[str] = []
    real = sim.play_rounds

    def spy(game: object, rounds: int, seed: int, bet: Bet, policy: str = "best") -> Tally:
        seen.append(policy)
        return real(GAME, rounds, seed, bet, policy)

    monkeypatch.setattr(sim, "play_rounds", spy)
    monkeypatch.setattr(sim, "CHUNK_ROUNDS", 100)
    simulate(GAME, 250, seed=1, workers=1, policy="worst")
    assert seen == ["worst"] * 3


def test_the_command_passes_the_policy(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import slotterm.commands.simulate as command
    from slotterm.cli import main

    asked: list[object] = []

    def fake_simulate(game: object, spins: int, **options: object) -> sim.SimulationResult:
        asked.append(options["policy"])
        return simulate(GAME, spins, seed=1, workers=1)

    monkeypatch.setattr(command, "simulate", fake_simulate)
    argv = ["simulate", "book-of-spells", "--spins", "100", "--json"]
    assert main(argv) == 0
    assert main([*argv, "--policy", "keep-first"]) == 0
    assert asked == ["best", "keep-first"]
    capsys.readouterr()
