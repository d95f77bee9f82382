"""Format 1 -> 2: an old save loads, its new fields filled in honestly; damage still caught."""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path

import pytest

from slotterm.session.codec import PayloadEncoder
from slotterm.session.errors import SaveFormatError
from slotterm.session.fileformat import decode_file
from slotterm.session.game_session import GameSession
from slotterm.session.migrations import v1_checksum
from slotterm.session.store import SaveStore
from tests.session.helpers import GAME, folder, open_seeded
from tests.session.policy import next_action

SAVED_AT = "2026-02-01T10:00:00+00:00"


def _v1_bytes(root: Path) -> tuple[bytes, GameSession]:
    opened = open_seeded(root)
    session = opened.session
    for _ in range(40):
        session.act(next_action(session))
    doc = json.loads(PayloadEncoder().encode(session))
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
