"""The game model: Book of Spells as DESIGN.md §1 states it; bad definitions fail at load."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from slotterm.engine.definition_error import DefinitionError
from slotterm.engine.features import free_spins, free_spins_records
from slotterm.engine.features.expanding_symbol import ExpandingSymbol
from slotterm.engine.features.free_spins import FreeSpins
from slotterm.engine.symbols import Symbol, SymbolKind
from slotterm.games import UnknownGame, game_ids, get_game

BOS = get_game("book-of-spells")
FREE = BOS.reel_sets[free_spins.REEL_SET]
PAYING = ("WITCH", "CAULDRON", "POTION", "HAT", "A", "K", "Q", "J", "TEN")


def free_spins_on(strips: tuple[tuple[str, ...], ...], **rule: Any) -> FreeSpins:
    """Book of Spells' free spins (and Magic Book) on ``strips``, ``rule`` changed."""
    args: dict[str, Any] = {
        "trigger": 3,
        "award": 10,
        "retrigger": 10,
        "strips": strips,
        "modifier": ExpandingSymbol(PAYING),
    }
    return FreeSpins(**{**args, **rule})


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
    feature = BOS.feature(free_spins_records.NAME)
    assert isinstance(feature, FreeSpins)
    assert (feature.trigger_count, feature.award, feature.retrigger) == (3, 10, 10)
    assert isinstance(feature.modifier, ExpandingSymbol)
    assert [f.name for f in BOS.features] == [free_spins_records.NAME]
    assert BOS.has_feature(free_spins_records.NAME) and not BOS.has_feature("mystery_bonus")
    assert BOS.gamble
    assert BOS.max_win_x_total_bet == 5000
    assert BOS.max_win(90) == 450_000
    assert feature.modifier.candidates == PAYING
    assert set(BOS.reel_sets) == {"base", "free"}
    assert BOS.reel_sets["base"] is BOS.base_reels and FREE is feature.strips
    assert len(BOS.base_reels) == len(FREE) == 5


def test_awards_and_lines_range() -> None:
    feature = BOS.feature(free_spins_records.NAME)
    assert isinstance(feature, FreeSpins)
    assert [feature.awarded_by(n, retrigger=False) for n in range(6)] == [0, 0, 0, 10, 10, 10]
    assert [feature.awarded_by(n, retrigger=True) for n in range(6)] == [0, 0, 0, 10, 10, 10]
    assert [BOS.lines_refusal(n) for n in range(1, 10)] == [None] * 9
    assert BOS.lines_refusal(0) == BOS.lines_refusal(10) == "lines must be 1..9"
    with pytest.raises(KeyError):
        BOS.feature("mystery_bonus")


def test_every_advertised_award_can_show_on_the_reels() -> None:
    for strips in BOS.reel_sets.values():
        for symbol in ("BOOK", *PAYING):
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
    "four free strips": ({"features": (free_spins_on(FREE[:4]),)}, "free reels: need 5 strips"),
    "short strip": (
        {"features": (free_spins_on((("A", "K"), *FREE[1:])),)},
        "shorter than the window",
    ),
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
    "two features of one name": (
        {"features": (free_spins_on(FREE), free_spins_on(FREE))},
        "same name",
    ),
    "special that cannot pay": (
        {"features": (free_spins_on(FREE, modifier=ExpandingSymbol(("BOOK",))),)},
        "BOOK is not a paying symbol",
    ),
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
    with pytest.raises(DefinitionError, match="trigger"):
        free_spins_on(FREE, trigger=0)
    with pytest.raises(DefinitionError, match="award"):
        free_spins_on(FREE, award=0)
    with pytest.raises(DefinitionError, match="retrigger"):
        free_spins_on(FREE, retrigger=-1)
    with pytest.raises(DefinitionError, match="candidates"):
        ExpandingSymbol(())
    with pytest.raises(DefinitionError, match="candidates"):
        ExpandingSymbol(("A", "A"))


def test_definitions_are_frozen() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        BOS.max_win_x_total_bet = 10  # type: ignore[misc]
    with pytest.raises(TypeError):
        BOS.paytable["A"][3] = 500  # type: ignore[index]
