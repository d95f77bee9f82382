"""The steps that took a tester's forced stops (``--stops``) in the save: written only
when there are any, read back, and refused in one line when they cannot be true."""

from __future__ import annotations

import json
from typing import Any

import pytest

from slotterm.engine.actions import Spin
from slotterm.forced_stops import ForcedSpin
from slotterm.rng import SeededSource
from slotterm.session.codec import PayloadEncoder, decode_payload
from slotterm.session.errors import SaveFormatError
from slotterm.session.game_session import GameSession, demo_session
from tests.session.helpers import GAME


def _payload(session: GameSession) -> Any:
    return json.loads(PayloadEncoder().encode(session))


def _played(forced: bool) -> GameSession:
    """A seeded session that played two rounds, the first on forced stops or not."""
    session = demo_session(GAME, SeededSource(3))
    if forced:
        session.forced_stops = [ForcedSpin("base", (0,) * GAME.reels)]
    for _ in range(2):
        session.act(Spin(bet=session.bet, limits=session.limits))
        while session.open_round is not None:
            from slotterm.engine.policy import next_action

            action = next_action(GAME, session.state)
            assert action is not None
            session.act(action)
    return session


def test_a_fair_session_writes_no_forced_steps() -> None:
    assert "forced_stops" not in _payload(_played(False))


def test_the_forced_steps_round_trip() -> None:
    session = _played(True)
    doc = _payload(session)
    assert doc["forced_stops"] == {"1": [0]}
    assert decode_payload(doc, GAME).forced_steps == {1: (0,)}
    assert doc["history"][0]["base"]["stops"] == [0] * GAME.reels


@pytest.mark.parametrize(
    ("value", "reason"),
    [
        ([0], "save.forced_stops must be an object"),
        ({"9": [0]}, "save.forced_stops[9]: no such round"),
        ({"1": []}, "save.forced_stops[1] must list step numbers in order"),
        ({"1": [0, 0]}, "save.forced_stops[1]"),
        ({"1": [5]}, "save.forced_stops[1]"),
        ({"x": [0]}, "must be a round number"),
    ],
)
def test_forced_steps_that_cannot_be_true_are_refused(value: Any, reason: str) -> None:
    doc = _payload(_played(True))
    doc["forced_stops"] = value
    with pytest.raises(SaveFormatError) as caught:
        decode_payload(doc, GAME)
    assert reason in str(caught.value) and "\n" not in str(caught.value)
