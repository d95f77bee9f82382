"""A game is a file (issue 19): a synthetic game no Python module knows, written as TOML
in the test, through ``par`` (exact against a plain count of every stop combination),
``simulate``, ``eval`` and the ``game-def`` round trip.

The plain count (:mod:`tests.games.plain_count`) reads the rules from the file's tree and
applies them as the help tells a player; it shares no code with the engine or
:mod:`slotterm.analysis`.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from slotterm.cli import main
from tests.games.plain_count import FreeSpinRules, RoundFigures, Rules, round_figures, spin_law
from tests.games.proof_game import TREE, tree, write_game

FIGURES = (
    "rtp",
    "rtp_uncapped",
    "sd",
    "sd_uncapped",
    "hit_frequency",
    "feature_frequency",
    "retrigger_probability",
    "spins_per_feature",
)
"""The figures of ``par --json`` the plain count gives (fractions of 1, × total bet)."""


def _out(capsys: pytest.CaptureFixture[str], argv: list[str]) -> str:
    assert main(argv) == 0
    out, err = capsys.readouterr()
    assert err == "", err
    return out


def counted(lines: int) -> RoundFigures:
    """The proof game's round at ``lines`` lines, counted plainly."""
    rules, fs = Rules.of(TREE), FreeSpinRules.of(TREE)
    base = spin_law(rules, TREE["reels"]["base"], lines, fs, free=False)
    free = spin_law(rules, TREE["reels"]["free"], lines, fs, free=True)
    return round_figures(base, free, fs, lines, TREE["max_win_x_total_bet"])


@pytest.fixture
def game_file(tmp_path: Path) -> Path:
    """The proof game as a TOML file in a temporary folder."""
    return write_game(tmp_path / "games")


@pytest.mark.parametrize("lines", [5, 3, 1])
def test_par_of_the_file_is_the_plain_count(
    game_file: Path, lines: int, capsys: pytest.CaptureFixture[str]
) -> None:
    sheet = json.loads(_out(capsys, ["par", str(game_file), "--lines", str(lines), "--json"]))
    count = counted(lines)
    assert sheet["game"] == "proof-toy" and sheet["lines"] == lines
    for key in FIGURES:
        assert sheet[key] == pytest.approx(getattr(count, key), rel=1e-9, abs=1e-12), key
    # the count is not trivially satisfied: the cap binds, the multiplier and wild matter
    assert count.rtp < count.rtp_uncapped - 1e-4
    assert 0.9 < count.rtp < 1.0


def test_the_count_sees_the_win_multiplier_and_the_wild_rules() -> None:
    """Each rule the count applies changes the figures (so the comparison above can fail)."""
    plain = counted(5)
    for change in (
        lambda t: t["free_spins"].update(win_multiplier=1),
        lambda t: t["free_spins"].update(retrigger=0),
        lambda t: t["wild"].update(multiplier=1),
        lambda t: t["wild"].update(substitutes="all"),
        lambda t: t["paytable"].pop("JOKER"),
    ):
        changed = tree()
        change(changed)
        rules, fs = Rules.of(changed), FreeSpinRules.of(changed)
        base = spin_law(rules, changed["reels"]["base"], 5, fs, free=False)
        free = spin_law(rules, changed["reels"]["free"], 5, fs, free=True)
        other = round_figures(base, free, fs, 5, changed["max_win_x_total_bet"])
        assert abs(other.rtp_uncapped - plain.rtp_uncapped) > 1e-3


def test_simulate_of_the_file_agrees_with_the_exact_figures(
    game_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["simulate", str(game_file), "--spins", "40000", "--seed", "1", "--json"]
    report = json.loads(_out(capsys, argv))
    count = counted(5)
    low, high = report["rtp_ci99"]
    assert report["game"] == "proof-toy" and report["spins"] == 40000
    assert low <= count.rtp <= high, (count.rtp, report)
    assert report["exact_rtp"] == pytest.approx(count.rtp, rel=1e-9)
    assert report["exact_inside_ci99"] is True
    assert report["feature_frequency"] == pytest.approx(count.feature_frequency, abs=0.01)
    assert report["hit_frequency"] == pytest.approx(count.hit_frequency, abs=0.01)


def test_eval_of_a_known_grid(game_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # rows top first; reels: JOKER/SUN/GEM, SUN/SUN/DOT, GEM/MOON/JOKER
    grid = "JOKER,SUN,GEM/SUN,SUN,MOON/GEM,DOT,JOKER"
    argv = ["eval", str(game_file), "--grid", grid, "--lines", "5", "--bet", "0.10", "--json"]
    result = json.loads(_out(capsys, argv))
    # line 1 (middle row) SUN SUN MOON: no pay; line 2 (top) JOKER SUN GEM: 2 SUN pays
    # nothing; line 4 (0,1,2) JOKER SUN JOKER: 3 SUN × 6 doubled = 12 × 0.10 = 1.20;
    # line 5 (2,1,0) GEM SUN GEM: nothing; two GEMs: 1 × total bet 0.50.
    wins = [(w["line"], w["symbol"], w["count"], w["multiplier"]) for w in result["line_wins"]]
    assert wins == [(4, "SUN", 3, 12)]
    assert result["line_wins"][0]["win"] == "1.20"
    assert result["scatter_win"] == {"count": 2, "multiplier": 1, "win": "0.50"}
    assert result["free_spins_awarded"] == 3
    assert result["total_win"] == "1.70"
    # the plain rules agree, line by line
    rules = Rules.of(TREE)
    rows = [row.split(",") for row in grid.split("/")]
    shown = [[rows[r][reel] for reel, r in enumerate(line)] for line in TREE["lines"]]
    pays = [rules.line_pay(symbols) for symbols in shown]
    assert pays == [0, 0, 0, 12, 0]


def test_eval_of_a_line_of_jokers_pays_their_own_row_not_doubled(
    game_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    grid = "JOKER,JOKER,JOKER/MOON,MOON,MOON/DOT,JOKER,SUN"
    argv = ["eval", str(game_file), "--grid", grid, "--lines", "3", "--bet", "0.10", "--json"]
    result = json.loads(_out(capsys, argv))
    # top: 3 JOKER = 20; middle: 3 MOON = 3; bottom: DOT JOKER SUN: 2 DOT pays nothing
    wins = {w["line"]: (w["symbol"], w["count"], w["multiplier"]) for w in result["line_wins"]}
    assert wins == {2: ("JOKER", 3, 20), 1: ("MOON", 3, 3)}
    assert result["total_win"] == "2.30"


@pytest.mark.parametrize("fmt", ["json", "toml"])
def test_game_def_round_trip_keeps_the_par_sheet(
    game_file: Path, fmt: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    exported = tmp_path / f"exported.{fmt}"
    exported.write_text(_out(capsys, ["game-def", str(game_file), f"--{fmt}"]), encoding="utf-8")
    again = tmp_path / f"again.{fmt}"
    again.write_text(_out(capsys, ["game-def", str(exported), f"--{fmt}"]), encoding="utf-8")
    assert again.read_text(encoding="utf-8") == exported.read_text(encoding="utf-8")
    for lines in ("5", "1"):
        original = _out(capsys, ["par", str(game_file), "--lines", lines, "--json"])
        assert _out(capsys, ["par", str(exported), "--lines", lines, "--json"]) == original
    tree_out = json.loads(_out(capsys, ["game-def", str(exported), "--json"]))
    assert tree_out["free_spins"]["win_multiplier"] == 2
    assert set(tree_out["wild"]["substitutes"]) == {"SUN", "DOT"}
    assert tree_out["help"] == TREE["help"]
