"""Reading older save formats: each migration turns version *n* into *n + 1*.

Format history
--------------
**Version 1** (the first store, before statistics and round times).  One JSON document::

    {"format": "slotterm-save", "version": 1, "sequence": N, "saved_at": ISO-time,
     "sha256": HEX, "payload": {...}}

where ``sha256`` is taken over the payload written as canonical JSON (sorted keys, no
spaces).  The payload is the version-2 payload without ``round_times``, ``stats`` and
``currency``.

**Version 2** (current; see :mod:`slotterm.session.fileformat`).  A header line with the
checksum, then the payload bytes as written (no re-serialising to verify, which made
loading a long history slow), plus: each round's start and close time (``round_times``,
needed to collect a win left pending for more than 90 days), the statistics ledger
(``stats``) and the operator's currency label.

:func:`migrate_v1_to_v2` fills the new fields honestly: a version-1 file does not say
when its rounds started, so every round gets the file's ``saved_at`` time (the latest
time it can have started: a pending win is never collected too early); the statistics are
rebuilt from the rounds the history still holds.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from typing import Any

from slotterm.session.errors import SaveFormatError

Payload = dict[str, Any]


def read_v1(data: bytes) -> tuple[int, Payload]:
    """Verify a version-1 document; returns its sequence number and payload."""
    try:
        doc = json.loads(data)
    except (UnicodeDecodeError, ValueError):
        raise SaveFormatError("the file is cut short or is not valid JSON") from None
    if not isinstance(doc, dict) or doc.get("format") != "slotterm-save":
        raise SaveFormatError("not a slotterm save")
    if doc.get("version") != 1:
        raise SaveFormatError("a JSON document save must be format 1")
    sequence, digest, payload = doc.get("sequence"), doc.get("sha256"), doc.get("payload")
    if not isinstance(sequence, int) or isinstance(sequence, bool) or sequence < 0:
        raise SaveFormatError("the sequence number is damaged")
    if not isinstance(payload, dict) or not isinstance(doc.get("saved_at"), str):
        raise SaveFormatError("the payload is missing")
    if digest != v1_checksum(sequence, doc["saved_at"], payload):
        raise SaveFormatError("the checksum does not match: the file was damaged or edited")
    payload = dict(payload)
    payload["_saved_at"] = doc["saved_at"]
    return sequence, payload


def v1_checksum(sequence: int, saved_at: str, payload: Payload) -> str:
    """The version-1 checksum: SHA-256 of sequence, time and canonical payload JSON."""
    canonical = json.dumps(
        [sequence, saved_at, payload], sort_keys=True, separators=(",", ":"), ensure_ascii=False
    )
    return hashlib.sha256(canonical.encode()).hexdigest()


def migrate_v1_to_v2(payload: Payload) -> Payload:
    """Add round times, the statistics ledger and the currency label (see module notes)."""
    out = dict(payload)
    saved_at = out.pop("_saved_at")
    for key in ("round_times", "stats", "currency"):
        if key in out:
            raise SaveFormatError(f"a format-1 save cannot hold {key!r}")
    history = out.get("history")
    state = out.get("state")
    if not isinstance(history, list) or not isinstance(state, dict):
        raise SaveFormatError("the format-1 payload has no history or state")
    times: dict[str, list[str | None]] = {
        str(r["number"]): [saved_at, saved_at]
        for r in history
        if isinstance(r, dict) and isinstance(r.get("number"), int)
    }
    open_round = state.get("round")
    if isinstance(open_round, dict) and isinstance(open_round.get("number"), int):
        times[str(open_round["number"])] = [saved_at, None]
    out["round_times"] = times
    closed = [r for r in history if isinstance(r, dict)]
    total_bet = sum(_bet_total(r) for r in closed)
    total_won = sum(_money(r.get("paid")) for r in closed)
    wins = sorted(
        (r for r in closed if _money(r.get("paid")) > 0),
        key=lambda r: (-_money(r.get("paid")), _money(r.get("number"))),
    )[:3]
    credits_after = [
        _money(r.get("credits_before")) - _bet_total(r) + _money(r.get("paid")) for r in closed
    ]
    start = _money(closed[0].get("credits_before")) if closed else _money(state.get("credits"))
    out["stats"] = {
        "started_at": saved_at,
        "rounds": len(closed),
        "total_bet": total_bet,
        "total_won": total_won,
        "topped_up": 0,
        "active_seconds": 0.0,
        "last_activity": None,
        "biggest": [[r["number"], r["paid"], _bet_total(r), saved_at] for r in wins],
        "credits_series": [start, *credits_after],
    }
    out["currency"] = ""
    return out


def _money(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else 0


def _bet_total(round_doc: dict[str, Any]) -> int:
    bet = round_doc.get("bet")
    if isinstance(bet, list) and len(bet) == 2:
        return _money(bet[0]) * _money(bet[1])
    return 0


MIGRATIONS: dict[int, Callable[[Payload], Payload]] = {1: migrate_v1_to_v2}
"""``MIGRATIONS[n]`` turns a version-*n* payload into version *n + 1*."""


def migrate(version: int, payload: Payload) -> Payload:
    """Bring a payload of ``version`` up to the current format, one step at a time."""
    while version in MIGRATIONS:
        payload = MIGRATIONS[version](payload)
        version += 1
    return payload
