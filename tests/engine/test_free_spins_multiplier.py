"""``FreeSpins(win_multiplier=N)``: every win of a free spin ×N, its save codec.

Book of Spells' rules on the test strips of :mod:`tests.engine.support` with the free
spins multiplying by 3: the line, scatter and expansion wins of a free spin are tripled,
the spins it awards are not, an operator limit cuts the tripled win, and the record's JSON
carries the multiplier only when it is not 1 (a save without it reads as 1).
"""

from __future__ import annotations

from typing import Any

import pytest

from slotterm.engine.actions import Bet, Limits
from slotterm.engine.definition_error import DefinitionError
from slotterm.engine.feature import FeatureContext
from slotterm.engine.features import free_spins_records
from slotterm.engine.features.free_spins import FreeSpins
from slotterm.engine.features.free_spins_records import FreeSpinsAwarded
from slotterm.engine.fields import RecordError
from slotterm.engine.model import GameDefinition
from slotterm.engine.records import EndReason
from tests.engine.multiplier_support import TEN3, multiplied, spin_win, started
from tests.engine.support import FILLER, TRIGGER, WITCH3, fs, game_showing


@pytest.mark.parametrize("times", [1, 3])
def test_every_win_of_a_free_spin_is_multiplied(times: int) -> None:
    game = multiplied(game_showing(TRIGGER, WITCH3, FILLER, TEN3), times)
    state = started(game)
    # WITCH x3 on line 1: 100 x 10 cents
    win, t = spin_win(game, state, 1)
    assert win == 1_000 * times
    # three BOOKs: the scatter 2 x 10, and 10 more spins (not multiplied)
    win, t = spin_win(game, t.state, 0)
    assert win == 20 * times
    assert FreeSpinsAwarded(10, retrigger=True) in t.events
    assert fs(t.state.round).awarded == 20
    # TEN on three reels: the expansion's 5 x 10 on the one line
    win, t = spin_win(game, t.state, 3)
    assert win == 50 * times
    assert fs(t.state.round).win == 1_070 * times


def test_the_limit_cuts_the_multiplied_win() -> None:
    game = multiplied(game_showing(TRIGGER, WITCH3), 3)
    limit = 2_500  # above the plain win (1,000), below the tripled one
    state = started(game, limits=Limits(free_spin_limit=limit))
    win, t = spin_win(game, state, 1)  # 3,000 before the limit
    assert win == limit
    assert fs(t.state.round).ended_by is EndReason.LIMIT


def _context(game: GameDefinition) -> FeatureContext:
    return FeatureContext(game=game, bet=Bet(10, 1), limits=Limits(), room=10**9)


def test_the_codec_writes_the_multiplier_only_when_it_is_not_one() -> None:
    plain = game_showing(TRIGGER, WITCH3, FILLER)
    tripled = multiplied(plain, 3)
    records = {}
    for game in (plain, tripled):
        state = started(game)
        _, t = spin_win(game, state, 1)
        feature = game.feature(free_spins_records.NAME)
        doc = feature.encode(fs(t.state.round))
        records[game] = doc
        assert feature.decode(_context(game), doc, "fs") == fs(t.state.round)
    assert "win_multiplier" not in records[plain]
    assert records[tripled]["win_multiplier"] == 3
    assert records[tripled]["spins"][0]["win"] == 3_000


def test_a_save_without_the_multiplier_reads_as_one() -> None:
    plain = game_showing(TRIGGER, WITCH3, FILLER)
    tripled = multiplied(plain, 3)
    _, t = spin_win(plain, started(plain), 1)
    doc = plain.feature(free_spins_records.NAME).encode(fs(t.state.round))
    with pytest.raises(RecordError, match=r"win_multiplier: the save multiplies .* by 1"):
        tripled.feature(free_spins_records.NAME).decode(_context(tripled), doc, "fs")
    _, t = spin_win(tripled, started(tripled), 1)
    doc = tripled.feature(free_spins_records.NAME).encode(fs(t.state.round))
    doc["spins"][0]["win"] = 1_000  # the win as if not multiplied
    with pytest.raises(RecordError, match="win is less than the spin pays"):
        tripled.feature(free_spins_records.NAME).decode(_context(tripled), doc, "fs")
    doc["win_multiplier"] = 0
    with pytest.raises(RecordError, match="win_multiplier must be"):
        tripled.feature(free_spins_records.NAME).decode(_context(tripled), doc, "fs")


@pytest.mark.parametrize("bad", [0, -2, True, 1.5, "3"])
def test_a_multiplier_must_be_a_whole_number_from_one(bad: Any) -> None:
    with pytest.raises(DefinitionError, match="win_multiplier"):
        FreeSpins(trigger=3, award=10, retrigger=10, strips=(), win_multiplier=bad)
