"""The ``eval`` command's contract (DESIGN.md §6): the design example, options, JSONL."""

from __future__ import annotations

import io
import json

import pytest

from slotterm.cli import main
from slotterm.commands.evaluate import parse_grid, run_batch
from slotterm.engine.model import GameDefinition

DESIGN_GRID = "A,K,Q,J,TEN/BOOK,BOOK,BOOK,A,A/HAT,HAT,HAT,HAT,HAT"

# The design's example window, nine lines at 0.10 (total bet 0.90), worked by hand:
#   line 1  BOOK BOOK BOOK A A      A x5 (150) beats WITCH x3 (100)   15.00
#   line 3  HAT x5                  750                               75.00
#   line 5  HAT BOOK Q ...          HAT x2 (5)                         0.50
#   line 6  BOOK HAT HAT HAT A      HAT x4 (100)                      10.00
#   line 8  HAT HAT BOOK J TEN      HAT x3 (30)                        3.00
#   lines 2, 4, 7, 9 pay nothing; three BOOKs scatter 2 x 0.90 =       1.80
DESIGN_RESULT = {
    "line_wins": [
        {"line": 1, "symbol": "A", "count": 5, "multiplier": 150, "win": "15.00"},
        {"line": 3, "symbol": "HAT", "count": 5, "multiplier": 750, "win": "75.00"},
        {"line": 5, "symbol": "HAT", "count": 2, "multiplier": 5, "win": "0.50"},
        {"line": 6, "symbol": "HAT", "count": 4, "multiplier": 100, "win": "10.00"},
        {"line": 8, "symbol": "HAT", "count": 3, "multiplier": 30, "win": "3.00"},
    ],
    "scatter_win": {"count": 3, "multiplier": 2, "win": "1.80"},
    "expanding_wins": [],
    "free_spins_awarded": 10,
    "total_win": "105.30",
}


def eval_json(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, object]:
    assert main(["eval", "book-of-spells", *args, "--json"]) == 0
    result: dict[str, object] = json.loads(capsys.readouterr().out)
    return result


def test_the_design_example_window(capsys: pytest.CaptureFixture[str]) -> None:
    assert eval_json(capsys, "--grid", DESIGN_GRID) == DESIGN_RESULT


def test_the_design_example_as_a_free_spin_with_special_a(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # A shows on reels 1, 4 and 5: A x3 (5) on each of nine lines = 9 x 0.50, and the
    # retrigger award of 10; the regular wins stand
    result = eval_json(capsys, "--grid", DESIGN_GRID, "--special", "A")
    assert result["line_wins"] == DESIGN_RESULT["line_wins"]
    assert result["expanding_wins"] == [
        {"line": n, "symbol": "A", "count": 3, "multiplier": 5, "win": "0.50"} for n in range(1, 10)
    ]
    assert result["total_win"] == "109.80"
    assert result["free_spins_awarded"] == 10


def test_lines_and_bet_options(capsys: pytest.CaptureFixture[str]) -> None:
    # one line at 0.05: A x5 = 150 x 0.05 = 7.50, scatter 2 x 0.05 = 0.10
    result = eval_json(capsys, "--grid", DESIGN_GRID, "--lines", "1", "--bet", "0.05")
    assert result["total_win"] == "7.60"
    assert result["scatter_win"] == {"count": 3, "multiplier": 2, "win": "0.10"}


def test_a_window_that_pays_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    result = eval_json(capsys, "--grid", "A,J,POTION,K,TEN/K,TEN,CAULDRON,Q,A/Q,HAT,A,J,K")
    assert result == {
        "line_wins": [],
        "scatter_win": None,
        "expanding_wins": [],
        "free_spins_awarded": 0,
        "total_win": "0.00",
    }


def test_the_readable_form_names_the_total(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["eval", "book-of-spells", "--grid", DESIGN_GRID]) == 0
    out = capsys.readouterr().out
    assert "Total win: 105.30" in out
    assert "Free spins awarded: 10" in out


def test_grid_text_is_read_rows_top_first_case_and_spaces_forgiven(game: GameDefinition) -> None:
    window = parse_grid(game, " a, k ,Q,J,ten/BOOK,BOOK,BOOK,A,A/HAT,HAT,HAT,HAT,HAT")
    assert window[0] == ("A", "BOOK", "HAT")
    assert window[4] == ("TEN", "A", "HAT")


def test_jsonl_batch_answers_every_line_in_order(game: GameDefinition) -> None:
    out = io.StringIO()
    rows = [r.split(",") for r in DESIGN_GRID.split("/")]
    requests = [
        json.dumps({"grid": rows, "lines": 9, "bet": "0.10", "special": None}),
        "",
        json.dumps({"grid": DESIGN_GRID, "bet": 0.1}),
        json.dumps({"grid": rows, "lines": 42}),
    ]
    bad = run_batch(game, [r + "\n" for r in requests], out)
    results = [json.loads(line) for line in out.getvalue().splitlines()]
    assert bad == 1
    assert results[0] == DESIGN_RESULT and results[1] == DESIGN_RESULT
    assert results[2] == {"error": "lines must be 1..9, got 42"}
