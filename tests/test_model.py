"""The game model: Book of Spells as DESIGN.md §1 states it; bad definitions fail at load;
``game-def --json`` has exactly the contract's shape (DESIGN.md §6)."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest

from slotterm.cli import main
from slotterm.engine.model import DefinitionError, FreeSpinsRule, Symbol, SymbolKind
from slotterm.games import UnknownGame, game_ids, get_game

BOS = get_game("book-of-spells")


def test_book_of_spells_is_the_design_table() -> None:
    assert {s: dict(p) for s, p in BOS.paytable.items()} == {
        "WITCH": {2: 10, 3: 100, 4: 1000, 5: 5000},
        "CAULDRON": {2: 5, 3: 40, 4: 400, 5: 2000},
        "POTION": {2: 5, 3: 30, 4: 100, 5: 750},
        "HAT": {2: 5, 3: 30, 4: 100, 5: 750},
        "A": {3: 5, 4: 40, 5: 150},
        "K": {3: 5, 4: 40, 5: 150},
        "Q": {3: 5, 4: 25, 5: 100},
        "J": {3: 5, 4: 25, 5: 100},
        "TEN": {3: 5, 4: 25, 5: 100},
    }
    assert dict(BOS.scatter_pays) == {3: 2, 4: 20, 5: 200}
    assert BOS.wild_ids == frozenset({"BOOK"}) and BOS.scatter_ids == frozenset({"BOOK"})
    assert BOS.wild_only_pays_as == "WITCH"
    assert BOS.free_spins == FreeSpinsRule(3, 10, 10, True)
    assert BOS.max_win_x_total_bet == 5000
    assert BOS.paying_symbols == ("WITCH", "CAULDRON", "POTION", "HAT", "A", "K", "Q", "J", "TEN")
    assert len(BOS.base_reels) == len(BOS.free_reels) == 5


def test_every_advertised_award_can_show_on_the_reels() -> None:
    for strips in (BOS.base_reels, BOS.free_reels):
        for symbol in ("BOOK", *BOS.paying_symbols):
            assert all(symbol in strip for strip in strips), symbol


def test_the_registry() -> None:
    assert "book-of-spells" in game_ids()
    assert get_game("book-of-spells") is BOS
    with pytest.raises(UnknownGame, match="unknown game"):
        get_game("lucky-witch-deluxe")


BAD_DEFINITIONS: dict[str, tuple[dict[str, Any], str]] = {
    "duplicate symbol": ({"symbols": (*BOS.symbols, BOS.symbols[1])}, "defined twice"),
    "unknown paytable symbol": ({"paytable": {**BOS.paytable, "OWL": {3: 5}}}, "unknown symbol"),
    "pays for six": ({"paytable": {**BOS.paytable, "A": {6: 5}}}, "more symbols than reels"),
    "negative pay": ({"paytable": {**BOS.paytable, "A": {3: -5}}}, "non-negative"),
    "no lines": ({"lines": ()}, "at least one line"),
    "short line": ({"lines": ((1, 1, 1, 1),)}, "line 1"),
    "row out of window": ({"lines": ((1, 1, 3, 1, 1),)}, "line 1"),
    "same line twice": ({"lines": ((1,) * 5, (1,) * 5)}, "same"),
    "four strips": ({"base_reels": BOS.base_reels[:4]}, "need 5 strips"),
    "short strip": ({"free_reels": (("A", "K"), *BOS.free_reels[1:])}, "shorter than the window"),
    "unknown strip symbol": (
        {"base_reels": (("A", "K", "OWL"), *BOS.base_reels[1:])},
        "unknown symbols",
    ),
    "no scatter": (
        {"symbols": tuple(Symbol(s.id, SymbolKind.REGULAR, s.name) for s in BOS.symbols)},
        "scatter",
    ),
    "bet steps not increasing": ({"bet_per_line_steps": (5, 2)}, "bet steps"),
    "zero bet step": ({"bet_per_line_steps": (0, 2)}, "positive"),
    "wild-only pays unknown": ({"wild_only_pays_as": "OWL"}, "wild_only_pays_as"),
    "no cap": ({"max_win_x_total_bet": 0}, "max_win"),
}


@pytest.mark.parametrize(("changes", "message"), BAD_DEFINITIONS.values(), ids=BAD_DEFINITIONS)
def test_a_bad_definition_fails_at_load_naming_the_problem(
    changes: dict[str, Any], message: str
) -> None:
    with pytest.raises(DefinitionError, match=message):
        dataclasses.replace(BOS, **changes)


def test_bad_symbols_and_feature_rules() -> None:
    with pytest.raises(DefinitionError, match="upper-case"):
        Symbol("owl", SymbolKind.REGULAR, "Owl")
    with pytest.raises(DefinitionError, match="trigger_count"):
        FreeSpinsRule(0, 10, 10, True)
    with pytest.raises(DefinitionError, match="award"):
        FreeSpinsRule(3, 0, 10, True)


def test_definitions_are_frozen() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        BOS.max_win_x_total_bet = 10  # type: ignore[misc]
    with pytest.raises(TypeError):
        BOS.paytable["A"][3] = 500  # type: ignore[index]


def test_game_def_json_has_exactly_the_contract_shape(capsys: pytest.CaptureFixture[str]) -> None:
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
    assert data["reels"]["base"] == [list(s) for s in BOS.base_reels]
    assert data["reels"]["free"] == [list(s) for s in BOS.free_reels]
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
