"""``game-def --json`` has exactly the contract's shape (DESIGN.md §6)."""

from __future__ import annotations

import json

import pytest

from slotterm.cli import main
from slotterm.engine.model import GameDefinition


def test_game_def_json_has_exactly_the_contract_shape(
    capsys: pytest.CaptureFixture[str], game: GameDefinition
) -> None:
    assert main(["game-def", "book-of-spells", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data) == {
        "game",
        "rows",
        "symbols",
        "paytable",
        "scatter_pays",
        "lines",
        "reels",
        "free_spins",
        "wild",
        "max_win_x_total_bet",
    }
    assert data["game"] == "book-of-spells" and data["rows"] == 3
    assert data["symbols"][0] == {"id": "BOOK", "kind": "wild_scatter"}
    assert data["symbols"][5] == {"id": "A", "kind": "regular"}
    assert data["paytable"]["WITCH"] == {"2": 10, "3": 100, "4": 1000, "5": 5000}
    assert data["paytable"]["TEN"] == {"3": 5, "4": 25, "5": 100}
    assert data["scatter_pays"] == {"3": 2, "4": 20, "5": 200}
    assert data["lines"][3] == [0, 1, 2, 1, 0] and len(data["lines"]) == 9
    assert set(data["reels"]) == {"base", "free"}
    assert data["reels"]["base"] == [list(s) for s in game.reel_sets["base"]]
    assert data["reels"]["free"] == [list(s) for s in game.reel_sets["free"]]
    assert data["free_spins"] == {"award": 10, "trigger": 3, "retrigger": 10}
    assert data["wild"] == {
        "id": "BOOK",
        "substitutes": ["WITCH", "CAULDRON", "POTION", "HAT", "A", "K", "Q", "J", "TEN"],
        "multiplier": 1,
        "wild_only_pays_as": "WITCH",
    }
    assert data["max_win_x_total_bet"] == 5000


def test_game_def_readable_form(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["game-def", "book-of-spells"]) == 0
    out = capsys.readouterr().out
    assert "Book of Spells" in out and "WITCH" in out and "stops" in out
