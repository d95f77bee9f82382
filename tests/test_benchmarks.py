"""The benchmark protocol of issue 24: the scripts run and print their figures.

No figure is asserted (the machine is shared; a test never times anything): each script
runs in ``--quick`` mode and must end with its table.  Beside that, the parts a figure
rests on are checked: the naive evaluator pays as ``slotterm eval`` does, for both
games, and the generated game files have the shape they claim.
"""

from __future__ import annotations

import functools
import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"


def run_script(name: str, *args: str) -> str:
    """Run ``benchmarks/NAME`` to its end (it must succeed); its stdout."""
    done = subprocess.run(
        [sys.executable, str(BENCHMARKS / name), *args],
        capture_output=True,
        text=True,
        timeout=200,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.fixture
def bench(monkeypatch: pytest.MonkeyPatch) -> Callable[[str], Any]:
    """Import a module of ``benchmarks/`` by name (they import each other by bare name)."""
    monkeypatch.syspath_prepend(str(BENCHMARKS))

    def load(name: str) -> Any:
        return __import__(name)

    return load


@functools.cache  # one child per game and test process, not one per test
def definition_text(game_id: str) -> str:
    """What ``slotterm game-def GAME --json`` prints."""
    done = subprocess.run(
        [sys.executable, "-m", "slotterm", "game-def", game_id, "--json"],
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout


def definition(game_id: str) -> dict[str, Any]:
    """``slotterm game-def GAME --json``, read afresh (a test may change its copy)."""
    result: dict[str, Any] = json.loads(definition_text(game_id))
    return result


@pytest.mark.slow
def test_round_vs_naive_prints_whole_process_and_warm_ratios() -> None:
    out = run_script("bench_round_vs_naive.py", "--quick", "--game", "lucky-witch")
    assert "lucky-witch: naive vs slotterm eval on 200 windows: 0 mismatches" in out
    for side in ("engine", "naive", "start-up"):
        assert f"  {side:8}: median " in out
    assert "lucky-witch whole process: engine " in out
    assert "lucky-witch warm, in process: engine " in out
    table = out[out.index("ratio of CPU medians") :]
    assert "whole process" in table and "warm" in table
    assert any(line.split()[:1] == ["lucky-witch"] for line in table.splitlines())


@pytest.mark.slow
def test_bench_engine_prints_paired_cpu_medians_for_both_games() -> None:
    out = run_script("bench_engine.py", "--quick")
    for game_id in ("book-of-spells", "lucky-witch"):
        assert f"{game_id}: naive vs slotterm eval on 200 windows: 0 mismatches" in out
        assert f"{game_id} warm, in process: engine " in out
    assert out.count("CPU-s") >= 8  # two runs of two sides, two games
    assert "wall" not in out


@pytest.mark.slow
def test_par_scaling_prints_its_table() -> None:
    out = run_script("bench_par_scaling.py", "--quick")
    rows = [line.split() for line in out.splitlines() if line.startswith("book-of-spells ")]
    assert len(rows) == 4
    assert {row[-2] for row in rows} == {"RTP"}  # each case was worked out
    shapes = {(row[-9], row[-8], row[-7]) for row in rows}  # shape, stops, lines
    for row in rows:  # the peak, par's own estimate of it made before counting, the ratio
        peak, estimate, ratio = float(row[-5]), float(row[-4]), float(row[-3])
        assert peak > 0 and 1 / 1.5 < ratio < 1.5
        assert abs(ratio - estimate / peak) < 0.02
    assert shapes == {
        ("5x3", "37", "9"),
        ("5x3", "74", "9"),
        ("5x3", "37", "20"),
        ("6x4", "37", "9"),
    }


@pytest.mark.parametrize("game_id", ["book-of-spells", "lucky-witch"])
def test_the_naive_evaluator_pays_as_eval_does(game_id: str, bench: Callable[[str], Any]) -> None:
    check = bench("naive_check")
    assert check.mismatches(game_id, definition(game_id), 400, 7) == 0


def test_the_cross_check_would_see_a_wrong_pay(bench: Callable[[str], Any]) -> None:
    """A paytable changed on the naive side only is caught."""
    check = bench("naive_check")
    changed = definition("book-of-spells")
    changed["paytable"]["TEN"] = {
        count: pay + 1 for count, pay in changed["paytable"]["TEN"].items()
    }
    assert check.mismatches("book-of-spells", changed, 400, 7) > 0


def test_the_naive_evaluator_reads_both_wild_rules(bench: Callable[[str], Any]) -> None:
    naive = bench("naive_slot")
    game = naive.NaiveGame(definition("lucky-witch"))
    wild = game.wild
    # two wilds then a symbol they stand in for, doubled; or the wilds on their own
    cat_three = game.pays[("CAT", 3)] * game.wild_multiplier
    assert game.line_pay([wild, wild, "CAT", "OWL", "OWL"]) == max(cat_three, game.pays[(wild, 2)])
    assert game.line_pay([wild] * 5) == game.pays[(wild, 5)]
    assert game.line_pay(["CAT", "OWL", "CAT", "CAT", "CAT"]) == 0


def test_generated_game_files_have_the_shape_they_claim(bench: Callable[[str], Any]) -> None:
    scaled = bench("scaled_games")
    original = definition("book-of-spells")
    lines = scaled.with_lines(original, 50)["lines"]
    assert len(lines) == 50 and len({tuple(line) for line in lines}) == 50
    assert lines[:9] == original["lines"]
    six = scaled.with_rows(scaled.with_reels(original, 6), 4)
    assert six["rows"] == 4 and len(six["reels"]["base"]) == 6
    assert all(len(line) == 6 for line in six["lines"])
    assert all("6" in pays for pays in six["paytable"].values())
    doubled = scaled.with_strips_times(original, 2)["reels"]
    for name, strips in original["reels"].items():
        assert [len(s) for s in doubled[name]] == [2 * len(s) for s in strips]
    assert len(original["reels"]["base"]) == 5  # the original is not changed


@pytest.mark.slow
def test_tui_bytes_prints_bytes_per_spin_for_both_games() -> None:
    out = run_script("bench_tui_bytes.py", "--quick")
    table = out[out.index("== bytes written per spin") :]
    for game_id in ("book-of-spells", "lucky-witch"):
        spins = [line.split() for line in out.splitlines() if line.startswith(f"{game_id} spin")]
        assert len(spins) == 2
        assert all(int(row[3]) > 0 and int(row[6]) > 0 for row in spins)  # bytes, frames
        assert f"{game_id}: median over 2 spins: " in table


def test_the_bytes_bench_plays_plain_spins_only(bench: Callable[[str], Any]) -> None:
    """The stops it forces start no feature: under three scatters, no bonus symbol."""
    tui_bytes = bench("bench_tui_bytes")
    from slotterm.engine.evaluate import count_scatters, window_at
    from slotterm.games import get_game

    for game_id, bonus in (("book-of-spells", None), ("lucky-witch", "CAULDRON")):
        game = get_game(game_id)
        strips = game.reel_sets["base"]
        stops = tui_bytes.plain_stops(game_id, 40, 3)
        assert len(set(stops)) == 40
        windows = [window_at(strips, s, game.rows) for s in stops]
        assert all(count_scatters(game, w) < 3 for w in windows)
        assert not any(bonus in column for w in windows for column in w)


@pytest.mark.slow
def test_first_p_prints_the_paytable_figures_for_both_games() -> None:
    out = run_script("bench_first_p.py", "--quick")
    table = out[out.index("== the first P") :]
    for game_id in ("book-of-spells", "lucky-witch"):
        for when in ("at-once", "settled"):
            assert f"run 1 {game_id} {when}: first frame " in out
            assert f"{game_id} {when}: P -> first frame " in table
    assert table.splitlines()[-1] in ("target met", "TARGET MISSED")


@pytest.mark.slow
def test_launch_imports_lists_the_start_up_modules_and_pairs_their_cpu() -> None:
    out = run_script("bench_launch_imports.py", "--against", "HEAD", "--runs", "1")
    assert "start-up modules only HEAD imports" in out
    assert "start-up modules only this tree imports" in out
    (pairs,) = [line for line in out.splitlines() if "median paired difference" in line]
    float(pairs.split()[-2])  # a figure, in ms
