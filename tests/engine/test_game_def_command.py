"""``game-def --json`` has exactly the contract's shape (DESIGN.md §6)."""

from __future__ import annotations

import json

import pytest

from slotterm.cli import main
from slotterm.engine.model import GameDefinition

FILE_KEYS = {"title", "bet", "gamble", "published_rtp", "art"}
"""What a loadable game file adds to the §6 contract's keys (DESIGN.md §7)."""


def test_game_def_json_has_exactly_the_contract_shape(
    capsys: pytest.CaptureFixture[str], game: GameDefinition
) -> None:
    assert main(["game-def", "book-of-spells", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data) - FILE_KEYS - {"expanding_symbol"} == {
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
    assert data["symbols"][0] == {"id": "BOOK", "kind": "wild_scatter", "name": "Book of Spells"}
    assert data["symbols"][5] == {"id": "A", "kind": "regular", "name": "Ace"}
    assert data["title"] == "Book of Spells" and data["gamble"] is True
    assert "bet" not in data  # the default bets per line, 0.02 ... 2.00
    assert data["expanding_symbol"] == {"candidates": data["wild"]["substitutes"]}
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


# --- Lucky Witch ------------------------------------------------------------------------
# Every expected value below is copied from DESIGN.md §2's table, not from the code.


def _lucky_witch_json(capsys: pytest.CaptureFixture[str]) -> dict[str, object]:
    assert main(["game-def", "lucky-witch", "--json"]) == 0
    data: dict[str, object] = json.loads(capsys.readouterr().out)
    return data


def test_lucky_witch_game_def_has_the_contract_shape_and_its_additions(
    capsys: pytest.CaptureFixture[str],
) -> None:
    data = _lucky_witch_json(capsys)
    assert data["title"] == "Lucky Witch" and data["gamble"] is False
    assert set(data) - FILE_KEYS | {"bet"} == {
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
        "bonus",
        "bet",
        "max_win",
    }
    kinds = {s["id"]: s["kind"] for s in data["symbols"]}  # type: ignore[attr-defined]
    assert kinds == {
        "LUCKY": "wild",
        "WITCH": "regular",
        "CAT": "regular",
        "OWL": "regular",
        "LIZARD": "regular",
        "PUMPKIN": "regular",
        "GOLEM": "regular",
        "CRYSTAL": "regular",
        "SCROLL": "regular",
        "POTION": "scatter",
        "CAULDRON": "bonus",
    }
    assert data["wild"] == {
        "id": "LUCKY",
        "substitutes": ["WITCH", "CAT", "OWL", "LIZARD"],
        "multiplier": 2,
    }
    assert data["paytable"]["LUCKY"] == {"2": 5, "3": 100, "4": 1000, "5": 10000}  # type: ignore[index]
    assert data["paytable"]["OWL"] == {"3": 15, "4": 75, "5": 300}  # type: ignore[index]
    assert data["paytable"]["SCROLL"] == {"3": 5, "4": 25, "5": 100}  # type: ignore[index]
    assert "POTION" not in data["paytable"] and "CAULDRON" not in data["paytable"]  # type: ignore[operator]
    assert data["scatter_pays"] == {"2": 1, "3": 5, "4": 20, "5": 100}
    assert data["free_spins"] == {"award": 13, "trigger": 3, "retrigger": 13}
    assert data["bet"] == {
        "coins_per_line": [1, 20],
        "coin_sizes": ["0.01", "0.02", "0.05", "0.10", "0.20", "0.25", "0.50", "1.00"],
    }
    assert data["max_win"] == "250000.00"
    assert data["max_win_x_total_bet"] is None
    lines = data["lines"]
    assert len(lines) == 15  # type: ignore[arg-type]
    assert lines[7] == [1, 2, 2, 2, 1] and lines[14] == [2, 1, 2, 1, 2]  # type: ignore[index]


def test_lucky_witch_bonus_carries_every_pick_table(capsys: pytest.CaptureFixture[str]) -> None:
    bonus = _lucky_witch_json(capsys)["bonus"]
    assert isinstance(bonus, dict)
    assert (bonus["symbol"], bonus["reels"], bonus["cap_coins"]) == ("CAULDRON", [1, 3, 5], 30000)
    games = bonus["games"]
    assert list(games) == ["potion", "pumpkin", "spell-book", "vault"]
    assert {g["weight"] for g in games.values()} == {1}  # equal weights
    potion = games["potion"]
    assert potion["amounts"] == {"1": 30, "2": 25, "3": 20, "5": 15, "8": 10}
    assert (potion["amount_bottles"], potion["win_all_bottles"], potion["stop_bottles"]) == (
        10,
        1,
        1,
    )
    assert potion["stop_bonus_per_unopened"] == 1
    pumpkin = games["pumpkin"]
    assert pumpkin["amounts"] == {"2": 30, "4": 30, "6": 20, "10": 12, "20": 6, "50": 2}
    assert (pumpkin["pumpkins"], pumpkin["give_ups"]) == (5, 3)
    book = games["spell-book"]
    assert book["books"] == {"5": 30, "10": 30, "15": 20, "20": 12, "25": 8}
    assert book["imp"] == {"5": 50, "10": 30, "25": 15, "50": 5}
    assert (book["imp_chance"], book["book_count"]) == ([1, 4], 3)
    vault = games["vault"]
    assert vault["amounts"] == [3, 4, 5, 6, 8, 10, 12, 15, 20, 25, 40, 100]
    assert vault["chosen"] == 3
    # no game pays more than 100 total bets (DESIGN.md §2); the vault's top is exactly 100
    assert max(g["max_prize_x_total_bet"] for g in games.values()) == 100


def test_lucky_witch_strips_in_game_def_are_the_engines_and_cauldron_keeps_to_1_3_5(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from slotterm.games import get_game

    game = get_game("lucky-witch")
    reels = _lucky_witch_json(capsys)["reels"]
    assert reels == {
        "base": [list(s) for s in game.reel_sets["base"]],
        "free": [list(s) for s in game.reel_sets["free"]],
    }
    for strips in reels.values():  # type: ignore[attr-defined]
        assert [("CAULDRON" in s) for s in strips][1::2] == [False, False]


def test_lucky_witch_readable_form(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["game-def", "lucky-witch"]) == 0
    out = capsys.readouterr().out
    for text in ("Lucky Witch", "Mystery bonus", "Spell Book", "250,000.00", "coin sizes"):
        assert text in out
    assert "None" not in out
    assert "only pays as" not in out  # LUCKY alone pays its own pays
