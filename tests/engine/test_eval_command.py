"""The ``eval`` command's contract (DESIGN.md §6): the design example, options, JSONL."""

from __future__ import annotations

import io
import json
from typing import Any

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


# --- Lucky Witch: worked by hand from DESIGN.md §2 --------------------------------------
# Pays are coins per coin bet per line; the middle row is line 1 (11111).  The top and
# bottom rows below hold no POTION, CAULDRON, LUCKY, WITCH or CAT, so with --lines 1 only
# the middle row can pay.

TOP = "SCROLL,GOLEM,CRYSTAL,PUMPKIN,OWL"
BOTTOM = "GOLEM,CRYSTAL,SCROLL,OWL,PUMPKIN"


def lw_json(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, Any]:
    assert main(["eval", "lucky-witch", *args, "--json"]) == 0
    result: dict[str, Any] = json.loads(capsys.readouterr().out)
    return result


def middle(row: str) -> str:
    return f"{TOP}/{row}/{BOTTOM}"


def test_three_lucky_and_two_cats_pay_cat_five_doubled(capsys: pytest.CaptureFixture[str]) -> None:
    # CAT x5 = 500, doubled by the LUCKY that complete it: 1000 coins (not LUCKY x3 = 100)
    result = lw_json(capsys, "--grid", middle("LUCKY,LUCKY,LUCKY,CAT,CAT"), "--lines", "1")
    assert result["line_wins"] == [
        {
            "line": 1,
            "symbol": "CAT",
            "count": 5,
            "multiplier": 1000,
            "win": "10.00",
            "doubled": True,
        }
    ]
    assert result["total_win"] == "10.00" and result["bonus_triggered"] is False
    # 2 coins of 0.05: 1000 x 2 x 0.05
    bigger = lw_json(
        capsys,
        "--grid",
        middle("LUCKY,LUCKY,LUCKY,CAT,CAT"),
        "--lines",
        "1",
        "--coins",
        "2",
        "--coin-size",
        "0.05",
    )
    assert bigger["total_win"] == "100.00"


def test_lucky_does_not_stand_in_for_pumpkin(capsys: pytest.CaptureFixture[str]) -> None:
    # LUCKY x2 = 5 coins, never doubled; PUMPKIN x3 does not start on reel 1
    result = lw_json(
        capsys, "--grid", middle("LUCKY,LUCKY,PUMPKIN,PUMPKIN,PUMPKIN"), "--lines", "1"
    )
    assert result["line_wins"] == [
        {"line": 1, "symbol": "LUCKY", "count": 2, "multiplier": 5, "win": "0.05", "doubled": False}
    ]
    assert result["total_win"] == "0.05"


def test_a_line_of_lucky_pays_its_own_pays_never_doubled(
    capsys: pytest.CaptureFixture[str],
) -> None:
    result = lw_json(capsys, "--grid", middle("LUCKY,LUCKY,LUCKY,LUCKY,LUCKY"), "--lines", "1")
    assert result["line_wins"] == [
        {
            "line": 1,
            "symbol": "LUCKY",
            "count": 5,
            "multiplier": 10000,
            "win": "100.00",
            "doubled": False,
        }
    ]


# No line can pay here at any line count: reel 1 {POTION/CAULDRON, OWL, GOLEM} and reel 2
# {SCROLL, CRYSTAL, PUMPKIN} share no symbol, and there is no LUCKY.
NO_LINE = (
    "{a},SCROLL,{c},{d},{e}/OWL,CRYSTAL,PUMPKIN,SCROLL,CRYSTAL/GOLEM,PUMPKIN,SCROLL,OWL,LIZARD"
)


def no_line(a: str = "OWL", c: str = "OWL", d: str = "GOLEM", e: str = "GOLEM") -> str:
    return NO_LINE.format(a=a, c=c, d=d, e=e)


def test_two_potions_pay_one_times_the_total_coins(capsys: pytest.CaptureFixture[str]) -> None:
    grid = no_line(a="POTION", d="POTION")
    result = lw_json(capsys, "--grid", grid)  # 15 lines x 1 coin x 0.01: 15 coins
    assert result["line_wins"] == []
    assert result["scatter_win"] == {"count": 2, "multiplier": 1, "win": "0.15"}
    assert result["free_spins_awarded"] == 0
    result = lw_json(capsys, "--grid", grid, "--coins", "3", "--coin-size", "0.10", "--lines", "5")
    assert result["scatter_win"] == {"count": 2, "multiplier": 1, "win": "1.50"}  # 15 coins x 0.10


def test_three_potions_award_thirteen_free_spins_also_in_a_free_spin(
    capsys: pytest.CaptureFixture[str],
) -> None:
    grid = no_line(a="POTION", c="POTION", e="POTION")
    result = lw_json(capsys, "--grid", grid)
    assert result["scatter_win"] == {"count": 3, "multiplier": 5, "win": "0.75"}
    assert result["free_spins_awarded"] == 13
    assert lw_json(capsys, "--grid", grid, "--free-spin")["free_spins_awarded"] == 13


def test_cauldron_on_reels_1_3_5_triggers_the_bonus_and_on_1_2_3_not(
    capsys: pytest.CaptureFixture[str],
) -> None:
    on_135 = no_line(a="CAULDRON", c="CAULDRON", e="CAULDRON")
    result = lw_json(capsys, "--grid", on_135)
    assert result["bonus_triggered"] is True
    assert result["total_win"] == "0.00"  # CAULDRON pays nothing itself
    # reel 2 never holds CAULDRON on the strips; eval still reads the window by the rules
    on_123 = (
        "CAULDRON,CAULDRON,CAULDRON,GOLEM,GOLEM/OWL,CRYSTAL,PUMPKIN,SCROLL,CRYSTAL/"
        "GOLEM,PUMPKIN,SCROLL,OWL,LIZARD"
    )
    result = lw_json(capsys, "--grid", on_123)
    assert result["bonus_triggered"] is False and result["total_win"] == "0.00"
    on_1235 = on_123.replace("GOLEM,GOLEM/", "GOLEM,CAULDRON/", 1)
    assert lw_json(capsys, "--grid", on_1235)["bonus_triggered"] is True


def test_lucky_witch_jsonl_requests(capsys: pytest.CaptureFixture[str]) -> None:
    from slotterm.games import get_game

    game = get_game("lucky-witch")
    rows = [r.split(",") for r in middle("LUCKY,LUCKY,LUCKY,CAT,CAT").split("/")]
    requests = [
        {"grid": rows, "lines": 1, "coins": 1, "coin_size": "0.01", "free_spin": False},
        {"grid": rows, "lines": 1, "coins": 20, "coin_size": "1.00", "free_spin": True},
        {"grid": rows, "lines": 1},
        {"grid": rows, "free_spin": "no"},
        {"grid": rows, "coins": "2"},
        {"grid": rows, "coins": 21},
        {"grid": rows, "coin_size": "0.03"},
        {"grid": rows, "coin_size": "0.001"},
        {"grid": rows, "bet": "0.10"},
        {"grid": rows, "special": "CAT"},
        {"grid": rows, "lines": 16},
    ]
    out = io.StringIO()
    bad = run_batch(game, [json.dumps(r) + "\n" for r in requests], out)
    results = [json.loads(line) for line in out.getvalue().splitlines()]
    assert bad == 8
    assert results[0]["total_win"] == "10.00" and results[2]["total_win"] == "10.00"
    assert results[1]["total_win"] == "20000.00"  # 1000 coins x 20 x 1.00
    assert "free_spin must be true or false" in results[3]["error"]
    assert "coins must be a whole number" in results[4]["error"]
    assert "coins per line must be 1..20" in results[5]["error"]
    assert "coin size must be one of" in results[6]["error"]
    assert "not an amount in cents" in results[7]["error"]
    assert "not bet" in results[8]["error"] and "not special" in results[9]["error"]
    assert results[10] == {"error": "lines must be 1..15, got 16"}


@pytest.mark.parametrize(
    ("game_id", "flags"),
    [
        ("lucky-witch", ["--bet", "0.10"]),
        ("lucky-witch", ["--special", "CAT"]),
        ("lucky-witch", ["--coins", "2", "--bet", "0.10"]),
        ("book-of-spells", ["--coins", "2"]),
        ("book-of-spells", ["--coin-size", "0.01"]),
        ("book-of-spells", ["--free-spin"]),
    ],
)
def test_the_bet_flags_of_one_game_are_refused_for_the_other(
    game_id: str, flags: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    grid = middle("LUCKY,LUCKY,LUCKY,CAT,CAT") if game_id == "lucky-witch" else DESIGN_GRID
    assert main(["eval", game_id, "--grid", grid, *flags]) == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and "not --" in err


def test_the_lucky_witch_readable_form(capsys: pytest.CaptureFixture[str]) -> None:
    grid = no_line(a="CAULDRON", c="CAULDRON", e="CAULDRON").replace(
        "OWL,CRYSTAL", "LUCKY,LUCKY", 1
    )
    assert main(["eval", "lucky-witch", "--grid", grid, "--coins", "2"]) == 0
    out = capsys.readouterr().out
    assert "2 coins of 0.01" in out and "Mystery bonus triggered" in out
