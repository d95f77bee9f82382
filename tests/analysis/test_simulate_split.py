"""The simulation's RTP split by source, against the PAR sheet's; its progress reports.

The split is tallied in integer cents, so its parts add up to what the rounds paid to
the cent.  Each part is compared with the exact figure of ``compute_par`` within
``Z`` standard errors, the standard error of a part estimated from the run itself
(its per-round sum of squares); a game whose cap cuts often (a copy of Book of Spells
capped at 20x the total bet) checks that the cap's cut is taken off the same parts as
the sheet takes it off.
"""

from __future__ import annotations

import dataclasses
import json
import math

import pytest

from slotterm.analysis.par import compute_par
from slotterm.analysis.sim_tally import SOURCES, SimulationResult
from slotterm.analysis.simulate import simulate
from slotterm.engine.model import GameDefinition
from slotterm.games import get_game

Z = 4.0
"""Standard errors a simulated part may stray from the exact one (seeded: a fixed run)."""

ROUNDS = 300_000

PAR_KEYS = {source: f"rtp_{source}" for source in SOURCES}


def _exact_split(game: GameDefinition) -> dict[str, float]:
    sheet = compute_par(game)
    split = {source: getattr(sheet, key) for source, key in PAR_KEYS.items()}
    return {source: value or 0.0 for source, value in split.items()}  # no bonus: None


def _assert_split_matches(run: SimulationResult, exact: dict[str, float], slack: float) -> None:
    simulated = run.rtp_by_source()
    assert sum(run.tally.source_paid) == run.tally.paid  # to the cent
    for source in SOURCES:
        error = run.source_ci99_half_width(source) / 2.5758293035489004  # one standard error
        allowed = Z * error + slack
        assert abs(simulated[source] - exact[source]) <= allowed, (
            source,
            simulated[source],
            exact[source],
            allowed,
        )


def test_book_of_spells_split_matches_the_par_sheet() -> None:
    game = get_game("book-of-spells")
    run = simulate(game, ROUNDS, seed=41, workers=1)
    exact = _exact_split(game)
    assert exact["bonus"] == 0.0 and run.tally.source_paid[SOURCES.index("bonus")] == 0
    _assert_split_matches(run, exact, 0.0)
    # the parts are not all lumped into one: each paying source got its share
    assert all(run.tally.source_paid[SOURCES.index(s)] > 0 for s in SOURCES[:3])


def test_lucky_witch_split_matches_the_par_sheet_bonus_included() -> None:
    game = get_game("lucky-witch")
    run = simulate(game, ROUNDS // 2, seed=42, workers=1)
    sheet = compute_par(game)
    exact = _exact_split(game)
    assert exact["bonus"] > 0.0
    # the sheet caps at the highest bet, the run plays the lowest: allow the cap's effect
    _assert_split_matches(run, exact, abs(sheet.cap_effect))


def test_a_cap_that_cuts_often_is_taken_off_as_the_sheet_takes_it() -> None:
    game = dataclasses.replace(get_game("book-of-spells"), max_win_x_total_bet=20)
    run = simulate(game, ROUNDS // 3, seed=43, workers=1)
    assert run.tally.capped > 100
    sheet = compute_par(game)
    assert sheet.cap_effect < -0.05  # the cap matters to the figures compared
    _assert_split_matches(run, _exact_split(game), 0.0)


def test_the_command_reports_the_split_under_the_sheets_names(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from slotterm.cli import main

    for game, extra in (("book-of-spells", []), ("lucky-witch", ["rtp_bonus"])):
        assert main(["simulate", game, "--spins", "4000", "--seed", "5", "--json"]) == 0
        report = json.loads(capsys.readouterr().out)
        keys = ["rtp_base_lines", "rtp_scatter", "rtp_free_spins", *extra]
        par_keys = set(json.loads(_par_json(game, capsys)))
        assert set(keys) <= par_keys  # the names the sheet uses
        assert "rtp_bonus" in report if extra else "rtp_bonus" not in report
        assert math.isclose(sum(report[k] for k in keys), report["rtp"], abs_tol=1e-12)


def _par_json(game: str, capsys: pytest.CaptureFixture[str]) -> str:
    from slotterm.cli import main

    assert main(["par", game, "--json"]) == 0
    return capsys.readouterr().out


def test_progress_across_processes_adds_up_and_changes_nothing() -> None:
    game = get_game("book-of-spells")
    reported: list[int] = []
    spins = 120_000
    two = simulate(game, spins, seed=9, workers=2, progress=reported.append)
    assert sum(reported) == spins and all(n > 0 for n in reported)
    assert two.tally == simulate(game, spins, seed=9, workers=1).tally
