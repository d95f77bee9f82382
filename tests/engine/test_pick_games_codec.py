"""The pick games' save codec and their play measured against the analysis's exact laws.

A save is hostile input: a layout off the table, picks the rules do not allow or a prize
that does not add up are refused with a :class:`RecordError` naming the field.  And over
every layout (weighted by its draws), the engine's play by a policy has exactly the law
:mod:`slotterm.analysis.features.pick_game_laws` computes on its own.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping
from fractions import Fraction
from typing import Any

import pytest

from slotterm.analysis.features.pick_game_laws import pumpkin_law, spell_book_law
from slotterm.engine.features.pick_game import Pick, PickGame
from slotterm.engine.features.pick_games.magic_potion import WIN_ALL
from slotterm.engine.features.pick_games.pumpkin import Keep, PickAgain
from slotterm.engine.features.pick_games.spell_book import SpellBookRecord
from slotterm.engine.fields import RecordError
from slotterm.rng import ReplaySource
from tests.engine.pick_support import (
    BOOK,
    NO_DRAWS,
    PATCH,
    POTION,
    PUMPKIN,
    SHELF,
    TOTAL,
    VAULT,
    VAULTS,
    ctx,
    patch,
    play,
    shelf,
    vaults,
)

# --- the codec refuses what play cannot produce ------------------------------------------------


def refused(game: PickGame, doc: dict[str, Any], match: str) -> None:
    with pytest.raises(RecordError, match=match):
        game.decode(ctx(), doc, "x")


def test_potion_codec_refusals() -> None:
    good, _ = play(POTION, shelf(), Pick(0), Pick(1), Pick(2))
    doc = POTION.encode(good)
    refused(POTION, {**doc, "layout": [4, *SHELF[1:]]}, "not in the table")
    refused(POTION, {**doc, "layout": [WIN_ALL, *SHELF[1:]]}, "exactly one")
    refused(POTION, {**doc, "layout": list(SHELF[:-1])}, "12 items")
    refused(POTION, {**doc, "opened": [0, 2, 1]}, "after the game ended")
    refused(POTION, {**doc, "opened": [0, 0, 2]}, "twice")
    refused(POTION, {**doc, "prize": doc["prize"] + 1}, "pay")
    refused(POTION, {**doc, "opened": [0, 1]}, "nothing is paid")
    refused(POTION, {**doc, "ended_by": "limit"}, "only the cap")


def test_pumpkin_codec_refusals() -> None:
    good, _ = play(PUMPKIN, patch(), Pick(0), PickAgain(), Pick(1), Keep())
    doc = PUMPKIN.encode(good)
    refused(PUMPKIN, {**doc, "layout": [3, *PATCH[1:]]}, "not in the table")
    refused(PUMPKIN, {**doc, "given_up": 0}, "given_up does not match")
    refused(PUMPKIN, {**doc, "opened": [0, 1, 2, 3, 4]}, "more than 4")
    refused(PUMPKIN, {**doc, "prize": 4 * TOTAL}, "pay")
    forced = {**doc, "opened": [0, 1, 2, 3], "given_up": 3, "kept": False, "prize": 0}
    refused(PUMPKIN, forced, "always kept")
    refused(PUMPKIN, {**doc, "opened": [0], "given_up": 1}, "kept: no pumpkin is open")


def test_book_and_vault_codec_refusals() -> None:
    book = SpellBookRecord(books=(5, 25, 10), imp=50, opened=None, prize=0, ended_by=None)
    done, _ = play(BOOK, book, Pick(2))
    doc = BOOK.encode(done)
    refused(BOOK, {**doc, "imp": 7}, "imp's table")
    refused(BOOK, {**doc, "books": [5, 25, 30]}, "not in the table")
    refused(BOOK, {**doc, "opened": 3}, "0..2")
    refused(BOOK, {**doc, "prize": 10 * TOTAL}, "pay")
    chosen, _ = play(VAULT, vaults(), Pick(0), Pick(1), Pick(2), Pick(2))
    doc = VAULT.encode(chosen)
    refused(VAULT, {**doc, "layout": [100, 100, *VAULTS[2:]]}, "not a permutation")
    refused(VAULT, {**doc, "opened": 5}, "not one of the vaults chosen")
    refused(VAULT, {**doc, "chosen": [0, 1], "opened": 1}, "not one of the vaults chosen")
    refused(VAULT, {**doc, "chosen": [0, 1, 2, 3]}, "more than 3")


def test_a_pick_action_round_trips_and_a_bad_index_is_refused() -> None:
    for game in (POTION, PUMPKIN, BOOK, VAULT):
        assert game.encode_action(Pick(2)) == {"type": "pick", "index": 2}
        assert game.decode_action({"type": "pick", "index": 2}, "x") == Pick(2)
        for bad in (
            {"type": "pick"},
            {"type": "pick", "index": game.item_count},
            {"type": "pick", "index": True},
        ):
            with pytest.raises(RecordError):
                game.decode_action(bad, "x")
    assert PUMPKIN.decode_action({"type": "keep"}, "x") == Keep()
    assert PUMPKIN.decode_action({"type": "pick_again"}, "x") == PickAgain()
    with pytest.raises(RecordError):
        POTION.decode_action({"type": "keep"}, "x")


# --- the engine's play against the exact laws of the analysis --------------------------------


def tickets(table: Mapping[int, int]) -> list[tuple[int, int, int]]:
    """``(first ticket, amount, weight)`` for each amount of a weighted table."""
    out, start = [], 0
    for amount, weight in table.items():
        out.append((start, amount, weight))
        start += weight
    return out


def played_law(
    game: PickGame, draws_and_weights: Iterable[tuple[list[int], int]], policy: str
) -> dict[int, Fraction]:
    """The law of the prize (in total bets) when the game starts from each weighted draw list."""
    law: dict[int, Fraction] = {}
    at = ctx()
    total_weight = 0
    outcomes = []
    for draws, weight in draws_and_weights:
        source = ReplaySource(draws)
        record = game.start(at, source).record
        assert source.remaining == 0
        while not game.finished(record):
            action = game.next_action(at, record, policy)
            assert game.refusal(at, record, action) is None
            record = game.step(at, record, action, NO_DRAWS).record
        outcomes.append((record.prize // TOTAL, weight))
        total_weight += weight
    for multiple, weight in outcomes:
        law[multiple] = law.get(multiple, Fraction(0)) + Fraction(weight, total_weight)
    return law


@pytest.mark.parametrize("policy", ["best", "keep-first", "worst"])
def test_pumpkin_play_has_the_exact_law_of_the_analysis(policy: str) -> None:
    # every layout of five pumpkins, each amount drawn from its first ticket, by weight
    table = tickets(PUMPKIN.amounts)
    cases = []
    for combo in itertools.product(table, repeat=PUMPKIN.pumpkins):
        weight = 1
        for _, _, w in combo:
            weight *= w
        cases.append(([t for t, _, _ in combo], weight))
    assert played_law(PUMPKIN, cases, policy) == pumpkin_law(
        dict(PUMPKIN.amounts), PUMPKIN.give_ups, policy
    )


def test_spell_book_play_has_the_exact_law_of_the_analysis() -> None:
    num, den = BOOK.imp_chance
    cases = []
    for combo in itertools.product(tickets(BOOK.books), repeat=BOOK.book_count):
        books = [t for t, _, _ in combo]
        weight = 1
        for _, _, w in combo:
            weight *= w
        imp_total = sum(BOOK.imp.values())
        cases.append(([*books, num], weight * (den - num) * imp_total))  # no imp
        for ticket, _, w in tickets(BOOK.imp):
            cases.append(([*books, 0, ticket], weight * num * w))  # the imp and its multiplier
    law = spell_book_law(dict(BOOK.books), Fraction(num, den), dict(BOOK.imp))
    assert played_law(BOOK, cases, "best") == law
