"""Monte Carlo through the real state machine agrees with the exact maths.

The big run is seeded, so it is stable: the same two million rounds every time.
"""

from __future__ import annotations

import math
from typing import Any

import pytest

import slotterm.analysis.sim_rounds as sim_rounds
import slotterm.analysis.simulate as sim
from slotterm.analysis.par import compute_par
from slotterm.analysis.sim_tally import Tally
from slotterm.analysis.simulate import CHUNK_ROUNDS, chunk_seed, simulate
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


def count_actions(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The name of each action the simulator's rounds play, as they play it: through
    ``apply``, or a base spin of a run through ``spin_run`` (each silent one too)."""
    calls: list[str] = []
    real_apply = sim_rounds.apply  # type: ignore[attr-defined]
    real_run = sim_rounds.spin_run  # type: ignore[attr-defined]

    def counting_apply(*args: object) -> object:
        calls.append(type(args[2]).__name__)
        return real_apply(*args)  # type: ignore[arg-type]

    def counting_run(*args: Any) -> Any:
        silent, state, transition = real_run(*args)
        calls.extend(["Spin"] * (silent + (transition is not None)))
        return silent, state, transition

    monkeypatch.setattr(sim_rounds, "apply", counting_apply)
    monkeypatch.setattr(sim_rounds, "spin_run", counting_run)
    return calls


def test_every_round_goes_through_the_state_machine(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = count_actions(monkeypatch)
    tally = sim_rounds.play_rounds(GAME, 3_000, seed=11, bet=Bet(2, 9))
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


def test_progress_is_reported_in_steps_of_at_most_1_percent_and_adds_up() -> None:
    reported: list[int] = []
    spins = CHUNK_ROUNDS + 10
    result = simulate(GAME, spins, seed=3, workers=1, progress=reported.append)
    assert sum(reported) == result.tally.rounds == spins
    assert max(reported) <= spins // 100
    assert len(reported) >= 100
    quiet = simulate(GAME, spins, seed=3, workers=1)
    assert quiet.tally == result.tally  # reporting moves no draw


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
    real = sim_rounds.play_rounds

    def spy(
        game: object, rounds: int, seed: int, bet: Bet, policy: str = "best", **_: object
    ) -> Tally:
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


# --- Lucky Witch: a game without the gamble, bet in coins, with a Mystery bonus ----------

LW = get_game("lucky-witch")
LW_ROUNDS = 300_000
Z99 = 2.5758293


@pytest.fixture(scope="module")
def lw_run() -> sim.SimulationResult:
    return simulate(LW, LW_ROUNDS, seed=SEED, workers=2)


@pytest.fixture(scope="module")
def lw_par() -> object:
    return compute_par(LW)


def _binomial_ok(measured: float, exact: float, n: int) -> bool:
    return abs(measured - exact) <= Z99 * math.sqrt(exact * (1 - exact) / n)


def test_lucky_witch_rtp_lies_in_its_99_percent_interval_around_the_exact_rtp(
    lw_run: sim.SimulationResult, lw_par: object
) -> None:
    # at the lowest bet (15 coins of 0.01) the 250,000.00 cap is 1.7 million total bets:
    # the exact RTP to compare with is the one before the cap
    exact = lw_par.rtp_uncapped  # type: ignore[attr-defined]
    low, high = lw_run.ci99
    assert lw_run.total_bet == 15 and lw_run.coin_size == 1
    assert low <= exact <= high, (lw_run.rtp, lw_run.ci99, exact)


@pytest.mark.parametrize("figure", ["hit_frequency", "feature_frequency", "bonus_frequency"])
def test_lucky_witch_frequencies_lie_in_their_binomial_intervals(
    lw_run: sim.SimulationResult, lw_par: object, figure: str
) -> None:
    # hits in a game without the gamble close the round at once: they must still count
    measured = {
        "hit_frequency": lw_run.hit_frequency,
        "feature_frequency": lw_run.feature_frequency,
        "bonus_frequency": lw_run.started_by_base_spin("mystery_bonus") / LW_ROUNDS,
    }[figure]
    exact = getattr(lw_par, figure)
    assert _binomial_ok(measured, exact, LW_ROUNDS), (figure, measured, exact)


def test_lucky_witch_pick_games_are_drawn_with_equal_chances(lw_run: sim.SimulationResult) -> None:
    bonuses = lw_run.frames_of("mystery_bonus")
    picks = [lw_run.frames_of(g.name) for g in LW.feature("mystery_bonus").parts()]
    assert sum(picks) == bonuses > 300
    for count in picks:
        assert _binomial_ok(count / bonuses, 0.25, bonuses), picks
    # every bonus is counted in the rounds that played one, at most once per round
    assert lw_run.rounds_with("mystery_bonus") <= bonuses
    assert lw_run.started_by_base_spin("mystery_bonus") <= lw_run.rounds_with("mystery_bonus")


def test_picks_draw_nothing_so_every_policy_sees_the_same_spins_and_layouts() -> None:
    # a pick is an action without draws and the random policy chooses with its own
    # chooser, so the game's draws -- spins, bonuses, pick games -- are the same whatever
    # the policy; only what Pumpkin pays may differ
    bet = LW.default_bet()
    tallies = {p: sim_rounds.play_rounds(LW, 30_000, 99, bet, p) for p in POLICIES}
    shapes = {
        (t.base_hits, t.features, t.free_spins, t.frames, t.base_frames) for t in tallies.values()
    }
    assert len(shapes) == 1
    pumpkin = [f.name for f in LW.all_features].index("pumpkin")
    pays = {p: t.frame_paid[pumpkin] for p, t in tallies.items()}
    assert pays["worst"] <= pays["keep-first"] and pays["worst"] <= pays["best"]
    assert len(set(pays.values())) > 1
    again = sim_rounds.play_rounds(LW, 30_000, 99, bet, "random")
    assert again == tallies["random"]  # the chooser is seeded from the chunk


def test_lucky_witch_rounds_go_through_the_state_machine(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = count_actions(monkeypatch)
    bet = Bet(2 * 5, 15, 5)  # 2 coins of 0.05
    tally = sim_rounds.play_rounds(LW, 20_000, seed=4, bet=bet)
    names = [f.name for f in LW.all_features]
    assert calls.count("Spin") == 20_000
    assert tally.staked == 20_000 * 150
    assert calls.count("OpenBonus") == tally.frames[names.index("mystery_bonus")] > 0
    assert calls.count("PlayFreeSpin") == tally.free_spins >= 13 * tally.features > 0
    assert "Collect" not in calls  # no gamble: a round pays when it ends


def test_lucky_witch_is_the_same_whatever_the_number_of_workers() -> None:
    spins = CHUNK_ROUNDS + 77
    one = simulate(LW, spins, seed=3, workers=1, policy="random", bet_per_line=40, coin_size=20)
    two = simulate(LW, spins, seed=3, workers=2, policy="random", bet_per_line=40, coin_size=20)
    assert one.tally == two.tally and one.total_bet == 600


def test_a_coin_bet_the_game_refuses_is_refused() -> None:
    with pytest.raises(ValueError, match="coins per line"):
        simulate(LW, 10, bet_per_line=21, coin_size=1)
    with pytest.raises(ValueError, match="whole number of coins"):
        simulate(LW, 10, bet_per_line=3, coin_size=2)


@pytest.mark.parametrize("policy", ["best", "keep-first"])
def test_lucky_witch_each_policy_matches_its_exact_figures(
    policy: str, lw_par: object, request: pytest.FixtureRequest
) -> None:
    """Simulated through the machine with the policy, the RTP lies in its 99 % interval
    around the exact RTP of that policy, and each pick game's mean prize in its own
    99 % interval around the exact mean of that game under that policy (which tells
    best play, 11.6 total bets a Pumpkin, from keep-first, 6.4)."""
    run = (
        request.getfixturevalue("lw_run")
        if policy == "best"
        else simulate(LW, LW_ROUNDS, seed=SEED + 1, workers=2, policy=policy)
    )
    exact = lw_par.rtp_uncapped if policy == "best" else lw_par.rtp_keep_first_uncapped  # type: ignore[attr-defined]
    low, high = run.ci99
    assert low <= exact <= high, (policy, run.rtp, run.ci99, exact)
    field = "mean_best" if policy == "best" else "mean_keep_first"
    for game in lw_par.pick_games:  # type: ignore[attr-defined]
        played = run.frames_of(game.name)
        assert played > 100, (game.name, played)
        mean = run.paid_of(game.name) / played / run.total_bet
        assert abs(mean - getattr(game, field)) <= Z99 * game.sd / math.sqrt(played), (
            policy,
            game.name,
            mean,
            getattr(game, field),
        )
