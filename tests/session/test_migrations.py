"""Older formats load: 1 -> 2 (new fields filled in honestly) -> 3 (features as frames).

Format-1 and format-2 files are built here from sessions played today, by writing their
payload the way the older format did (:func:`as_v2`, the inverse of the 2 -> 3 migration);
the committed corpus in ``saves/`` (see ``test_examples.py``) holds real older files.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import replace
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from slotterm.engine.actions import Bet, Limits
from slotterm.engine.records import EndReason, GameState, Phase
from slotterm.rng import SeededSource
from slotterm.session.codec import PayloadEncoder, decode_payload
from slotterm.session.errors import SaveFormatError
from slotterm.session.fileformat import decode_file
from slotterm.session.game_session import GameSession, demo_session
from slotterm.session.migrations import migrate, migrate_v2_to_v3, v1_checksum
from slotterm.session.store import SaveStore
from tests.session.helpers import GAME, Clock, folder, open_seeded
from tests.session.policy import next_action

SAVED_AT = "2026-02-01T10:00:00+00:00"
Doc = dict[str, Any]


def as_v2(payload: Doc) -> Doc:
    """A format-3 payload as format 2 wrote it (free spins in the round, old phase names)."""
    out = dict(payload)
    state = dict(out["state"])
    if state["round"] is not None:
        if state["phase"] == "feature":
            started = state["round"]["frames"][0]["record"]["started"]
            state["phase"] = "free_spins" if started else "feature_awarded"
        state["round"] = _round_as_v2(state["round"])
    out["state"] = state
    out["history"] = [_round_as_v2(r) for r in out["history"]]
    return out


def _round_as_v2(doc: Doc) -> Doc:
    out: Doc = {}
    for key, value in doc.items():
        if key == "frames":
            assert len(value) <= 1 and all(f["feature"] == "free_spins" for f in value)
            record = value[0]["record"] if value else None
            out["special"] = None if record is None else record["modifier"]
            out["free_spins_awarded"] = 0 if record is None else record["awarded"]
            out["free_spins"] = [] if record is None else record["spins"]
        elif key == "steps":
            out["steps"] = [[_action_as_v2(a), draws] for a, draws in value]
        else:
            out[key] = value
    return out


def _action_as_v2(action: Doc) -> Doc:
    if action["type"] != "spin":
        return action
    return {
        k if k != "force" else "force_feature": v if k != "force" else v is not None
        for k, v in action.items()
    }


def _v2_file(sequence: int, payload: Doc) -> bytes:
    """A format-2 file: the same header and checksum rule, with version 2."""
    body = json.dumps(payload, separators=(",", ":")).encode()
    head = f"slotterm-save 2 {sequence} {len(body)}".encode()
    digest = hashlib.sha256(head + b"\n" + body).hexdigest().encode()
    return head + b" " + digest + b"\n" + body


def _v1_bytes(root: Path) -> tuple[bytes, GameSession]:
    opened = open_seeded(root)
    session = opened.session
    for _ in range(40):
        session.act(next_action(session))
    doc = as_v2(json.loads(PayloadEncoder().encode(session)))
    opened.close()
    for key in ("round_times", "stats", "currency"):
        del doc[key]
    envelope = {
        "format": "slotterm-save",
        "version": 1,
        "sequence": 7,
        "saved_at": SAVED_AT,
        "sha256": v1_checksum(7, SAVED_AT, doc),
        "payload": doc,
    }
    return json.dumps(envelope).encode(), session


def test_a_format_1_save_loads_with_its_new_fields_filled(tmp_path: Path) -> None:
    data, session = _v1_bytes(tmp_path)
    store = SaveStore(folder(tmp_path), GAME, seed=11)
    sequence, record = store.verify(data)
    assert sequence == 7
    assert record.state == session.state
    assert list(record.history) == list(session.history)
    assert any(r.frames for r in record.history)  # free spins came through both migrations
    saved_at = datetime.fromisoformat(SAVED_AT)
    assert {t.started_at for t in record.round_times.values()} == {saved_at}
    history = record.history
    assert record.stats.rounds == len(history)
    assert record.stats.total_bet == sum(r.bet.total for r in history)
    assert record.stats.total_won == sum(r.paid for r in history)
    assert record.stats.credits_series[0] == history[0].credits_before
    assert record.currency == ""
    if record.state.round is not None:
        assert record.round_times[record.state.round.number].closed_at is None


def test_a_damaged_format_1_save_is_detected(tmp_path: Path) -> None:
    data, _session = _v1_bytes(tmp_path)
    edited = data.replace(b'"credits": ', b'"credits": 9', 1)
    assert edited != data
    for bad in (edited, data[:-1], data.replace(b'"version": 1', b'"version": 2'), b"{}"):
        with pytest.raises(SaveFormatError):
            decode_file(bad)


def _states(session: GameSession, actions: int) -> list[tuple[Doc, GameState]]:
    """The payload and machine state after each of ``actions`` transitions."""
    encoder = PayloadEncoder()
    seen = []
    for _ in range(actions):
        session.act(next_action(session))
        seen.append((json.loads(encoder.encode(session)), session.state))
    return seen


def test_every_format_2_state_migrates_to_what_format_3_writes(tmp_path: Path) -> None:
    opened = open_seeded(tmp_path)
    store = opened.store
    assert store is not None
    phases = set()
    for payload, state in _states(opened.session, 120):
        old = as_v2(payload)
        assert '"frames"' not in json.dumps(old) and '"force"' not in json.dumps(old)
        assert migrate(2, old) == payload
        sequence, record = store.verify(_v2_file(5, old))
        assert sequence == 5 and record.state == state
        phases.add(old["state"]["phase"])
    opened.close()
    assert {"feature_awarded", "free_spins", "win_offered", "gamble", "idle"} <= phases


@pytest.mark.parametrize(
    ("cap", "free_spin_limit", "reason"),
    [(10, None, EndReason.CAP), (5000, 30, EndReason.LIMIT)],
)
def test_rounds_cut_short_migrate_too(
    cap: int, free_spin_limit: int | None, reason: EndReason
) -> None:
    """A capped base spin has no frame; a feature ended by the cap or a limit is done."""
    game = replace(GAME, max_win_x_total_bet=cap)  # the same game, capped low
    session = demo_session(
        game, SeededSource(4), limits=Limits(free_spin_limit=free_spin_limit), clock=Clock()
    )
    session.bet = Bet(bet_per_line=game.bet_per_line_steps[0], lines=1)
    encoder = PayloadEncoder()
    while session.state.rounds_played < 60 or session.phase is not Phase.IDLE:
        session.act(next_action(session))
        payload = json.loads(encoder.encode(session))
        old = as_v2(payload)
        assert migrate_v2_to_v3(old) == payload
        state = session.state
        if state.phase is Phase.FEATURE or (state.round and state.round.ended_by is not None):
            assert decode_payload(migrate_v2_to_v3(old), game).state == state
    cut_short = [r for r in session.history if r.ended_by is reason]
    in_feature = [r for r in cut_short if r.frames]
    on_base = [r for r in cut_short if not r.frames]
    assert in_feature and all(f.done for r in in_feature for f in r.frames)
    assert bool(on_base) == (reason is EndReason.CAP)  # only the cap cuts a base spin
    old = as_v2(json.loads(encoder.encode(session)))
    for v2_round in old["history"]:
        if v2_round["number"] in {r.number for r in on_base}:
            assert v2_round["free_spins_awarded"] == 0 and v2_round["ended_by"] == "cap"
    decoded = decode_payload(migrate_v2_to_v3(old), game)
    assert list(decoded.history) == list(session.history)


def test_a_format_3_payload_is_no_format_2_one() -> None:
    """Read as format 2, a format-3 payload (frames, the phase ``feature``) is refused."""
    session = demo_session(GAME, SeededSource(3), clock=Clock())
    while session.phase is not Phase.FEATURE or not session.history:
        session.act(next_action(session))
    payload = json.loads(PayloadEncoder().encode(session))
    with pytest.raises(SaveFormatError, match="phase 'feature'"):
        migrate_v2_to_v3(payload)
    renamed = {**payload, "state": {**payload["state"], "phase": "free_spins"}}
    with pytest.raises(SaveFormatError, match="frames"):
        migrate_v2_to_v3(renamed)
    history_only = {**payload, "state": as_v2(payload)["state"]}
    with pytest.raises(SaveFormatError, match=r"save.history\[0\]: a format-2 round"):
        migrate_v2_to_v3(history_only)
    migrate_v2_to_v3(as_v2(payload))  # the same session as format 2 wrote it is fine
