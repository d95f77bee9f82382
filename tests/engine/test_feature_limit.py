"""The operator's feature limit (``Limits.free_spin_limit``) counts everything a round's
features win, a bonus won inside the free spins included (issue 21), in both games.

Lucky Witch on test strips: the base window awards free spins (5.00 at 1.00 a spin), free
spin 1 pays 2.00, free spin 2 shows three Cauldrons and starts a Mystery bonus whose prize
is at least 3 total bets; with a limit of 3.00 that bonus takes the features past the
limit, so it pays what is left (1.00), the round ends with ``LIMIT`` (its other free spins
are not played) and its save reads back.
"""

from __future__ import annotations

import json

from slotterm.engine.actions import Limits, Spin
from slotterm.engine.events import RoundClosed
from slotterm.engine.features.free_spins_records import PlayFreeSpin, StartFeature
from slotterm.engine.policy import next_action
from slotterm.engine.records import EndReason, Phase
from slotterm.rng import SeededSource
from slotterm.session.round_codec import decode_round, encode_round
from tests.engine.lucky_support import (
    BONUS,
    FILLER,
    START,
    Scripted,
    Wager,
    at,
    idle,
    lucky_showing,
    step,
    with_cells,
)

TRIG = with_cells(FILLER, r0c2="POTION", r1c3="POTION", r2c4="POTION")
F_CAT = with_cells(FILLER, r1c0="CAT", r1c1="CAT", r1c2="CAT")  # CAT×3 on line 1: 2.00
WAGER = Wager(coins=2, coin_size=5, lines=10)  # 1.00 a spin
GAME = lucky_showing([TRIG], (FILLER, F_CAT, BONUS))  # free stops 0, 3, 6


def _into_the_inner_bonus(limit: int | None) -> tuple[object, list[object]]:
    """The round up to the Mystery bonus free spin 2 started, and its events."""
    spin = Spin(WAGER.bet, limits=Limits(free_spin_limit=limit))
    state, events = step(GAME, idle(), spin, Scripted(at(0)))
    state, more = step(GAME, state, StartFeature(), Scripted([]))
    events += more
    for stops in (at(1), at(2)):
        state, more = step(GAME, state, PlayFreeSpin(), Scripted(stops))
        events += more
    assert state.round is not None and state.round.active is not None
    assert state.round.active.feature == "mystery_bonus"  # started inside the free spins
    return state, list(events)


def _play_out(state: object, events: list[object]) -> tuple[object, list[object]]:
    source = SeededSource(7)
    for _ in range(200):
        action = next_action(GAME, state, "best")  # type: ignore[arg-type]
        if action is None:
            return state, events
        state, more = step(GAME, state, action, source)  # type: ignore[arg-type]
        events += more
    raise AssertionError("the round did not end")


def test_a_bonus_inside_the_free_spins_counts_toward_the_limit() -> None:
    state, events = _play_out(*_into_the_inner_bonus(limit=300))
    (closed,) = [e for e in events if isinstance(e, RoundClosed)]
    round_ = closed.round
    assert round_.ended_by is EndReason.LIMIT
    assert round_.feature_win == 300  # 2.00 of free spins and 1.00 of the bonus
    assert all(frame.done for frame in round_.frames)
    bonus = [
        GAME.feature(f.feature).pay(f.record) for f in round_.frames if f.feature != "free_spins"
    ]
    assert sum(bonus) == 100  # the pick game the bonus drew pays what the limit leaves
    free = round_.frame("free_spins")
    assert free is not None and len(free.record.spins) == 2  # the other spins are not played
    assert state.phase is Phase.IDLE  # type: ignore[attr-defined]
    assert state.credits == START - 100 + 500 + 300  # type: ignore[attr-defined]
    saved = json.loads(json.dumps(encode_round(round_, GAME)))
    assert decode_round(saved, GAME, "round", closed=True) == round_


def test_without_a_limit_the_same_bonus_pays_in_full_and_the_spins_go_on() -> None:
    state, events = _into_the_inner_bonus(limit=None)
    state, events = _play_out(state, events)
    (closed,) = [e for e in events if isinstance(e, RoundClosed)]
    round_ = closed.round
    assert round_.ended_by is None and round_.feature_win >= 200 + 300
    free = round_.frame("free_spins")
    assert free is not None and len(free.record.spins) == 13


def test_an_edited_save_claiming_the_limit_without_one_is_refused() -> None:
    _, events = _play_out(*_into_the_inner_bonus(limit=300))
    (closed,) = [e for e in events if isinstance(e, RoundClosed)]
    saved = json.loads(json.dumps(encode_round(closed.round, GAME)))
    saved["limits"][1] = None  # no free-spin limit, yet the round ended by it
    try:
        decode_round(saved, GAME, "round", closed=True)
    except Exception as exc:  # a RecordError naming what does not hold
        assert "limit" in str(exc)
    else:
        raise AssertionError("the edited save was accepted")
