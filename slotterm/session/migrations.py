"""Reading older save formats: each migration turns version *n* into *n + 1*.

Format history
--------------
**Version 1** (the first store, before statistics and round times).  One JSON document::

    {"format": "slotterm-save", "version": 1, "sequence": N, "saved_at": ISO-time,
     "sha256": HEX, "payload": {...}}

where ``sha256`` is taken over the payload written as canonical JSON (sorted keys, no
spaces).  The payload is the version-2 payload without ``round_times``, ``stats`` and
``currency``.

**Version 2**.  A header line with the checksum (see :mod:`slotterm.session.fileformat`),
then the payload bytes as written (no re-serialising to verify, which made loading a long
history slow), plus: each round's start and close time (``round_times``, needed to
collect a win left pending for more than 90 days), the statistics ledger (``stats``) and
the operator's currency label.  A round held the free spins itself::

    {..., "base_win", "special": null | SYMBOL, "free_spins_awarded": N,
     "free_spins": [{"number", "awarded_so_far", "spin", "win", "feature_total"}, ...],
     "feature_win", "win", "ended_by", ...}

the phases were ``idle``, ``feature_awarded``, ``free_spins``, ``win_offered`` and
``gamble``, and a spin action said ``"force_feature": true | false``.

**Version 3** (current).  The same file layout; features are modules with their own
records (:mod:`slotterm.engine.feature`), so a round (the open one and every history
round) stores them as a list of named frames::

    {..., "base_win",
     "frames": [{"feature": "free_spins", "done": false,
                 "record": {"awarded": N, "started": bool, "modifier": null | SYMBOL,
                            "spins": [{"number", "awarded_so_far", "spin", "win",
                                       "feature_total"}, ...],
                            "win": N, "ended_by": null | "cap" | "limit"}}],
     "feature_win", "win", "ended_by", ...}

Each ``record`` is written and read by the game's own feature (for free spins with an
expanding symbol, a ``modifier`` that is the special symbol); the round codec
(:mod:`slotterm.session.round_codec`) checks the round-level sums.  The phase of a round
under way in a feature is ``feature`` (the frame says whether it waits to start or is
being played).  A spin action says ``"force": null | FEATURE``; a feature's actions
(``start_feature``, ``play_free_spin``) are written by the feature and keep their names.
The game bet in coins added optional third items without a new version: a bet in coins is
``[bet_per_line, lines, coin_size]`` and limits with an operator max win are
``[gamble, free_spin, max_win]``; without them a file reads exactly as before.

:func:`migrate_v1_to_v2` fills the new fields honestly: a version-1 file does not say
when its rounds started, so every round gets the file's ``saved_at`` time (the latest
time it can have started: a pending win is never collected too early); the statistics are
rebuilt from the rounds the history still holds (``rounds`` from the state; what the
money in play says the rounds no longer held won or lost is added to the totals, and
when every round is held, money beyond the rounds' is the top-ups), so the ledger check
of :func:`slotterm.session.session_record.check_ledger` holds for an honest file.

:func:`migrate_v2_to_v3` moves a round's free spins into a ``free_spins`` frame: there is
one exactly when ``free_spins_awarded`` is above 0 (a base spin that reached the cap --
``ended_by`` ``"cap"`` with no free spins -- awarded none, so it has no frame); the
frame's record is ``awarded`` = ``free_spins_awarded``, ``started`` = a special symbol was
drawn, ``modifier`` = ``special``, the same spin entries, ``win`` = ``feature_win`` and
``ended_by`` = the round's (only a free spin could end a round that has free spins);
``done`` follows the old rule: started, and every awarded spin played or ``ended_by``
set.  The phases ``feature_awarded`` and ``free_spins`` become ``feature``; a spin's
``force_feature`` becomes ``force`` (``"free_spins"`` or ``null``).  Nothing is
re-checked here: the migrated payload is validated by the format-3 reader like any other.
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
    except RecursionError:
        raise SaveFormatError("the save is nested too deeply") from None
    if not isinstance(doc, dict) or doc.get("format") != "slotterm-save":
        raise SaveFormatError("not a slotterm save")
    if doc.get("version") != 1:
        raise SaveFormatError("a JSON document save must be format 1")
    sequence, digest, payload = doc.get("sequence"), doc.get("sha256"), doc.get("payload")
    if not isinstance(sequence, int) or isinstance(sequence, bool) or sequence < 0:
        raise SaveFormatError("the sequence number is damaged")
    if not isinstance(payload, dict) or not isinstance(doc.get("saved_at"), str):
        raise SaveFormatError("the payload is missing")
    try:
        same = digest == v1_checksum(sequence, doc["saved_at"], payload)
    except (RecursionError, UnicodeEncodeError):
        raise SaveFormatError("the payload cannot be checked: it is damaged") from None
    if not same:
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
    closed = [r for r in history if isinstance(r, dict) and _money(r.get("number")) > 0]
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
    rounds, topped_up = len(closed), 0
    played = state.get("rounds_played")
    if isinstance(played, int) and not isinstance(played, bool) and played >= 0:
        rounds = played - (1 if isinstance(open_round, dict) else 0)
    in_play = _money(state.get("credits")) + (
        _bet_total(open_round) if isinstance(open_round, dict) else 0
    )
    unexplained = in_play - _money(out.get("start_credits")) - total_won + total_bet
    if rounds > len(closed):  # the rounds the history no longer holds won or lost this
        total_won += max(unexplained, 0)
        total_bet += max(-unexplained, 0)
    elif unexplained > 0:  # every round is held: only top-ups explain more money
        topped_up = unexplained
    out["stats"] = {
        "started_at": saved_at,
        "rounds": rounds,
        "total_bet": total_bet,
        "total_won": total_won,
        "topped_up": topped_up,
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


_V2_ROUND_KEYS = ("special", "free_spins_awarded", "free_spins")
_V2_FEATURE_PHASES = ("feature_awarded", "free_spins")
FREE_SPINS = "free_spins"
"""The only feature format 2 knew (free spins with the expanding symbol)."""


def migrate_v2_to_v3(payload: Payload) -> Payload:
    """Rounds' free spins become feature frames; phases and spin actions renamed (see notes)."""
    if not isinstance(payload, dict):
        raise SaveFormatError("save must be an object")
    out = dict(payload)
    state = out.get("state")
    history = out.get("history")
    if not isinstance(history, list) or not isinstance(state, dict):
        raise SaveFormatError("the format-2 payload has no history or state")
    state = dict(state)
    phase = state.get("phase")
    if phase == "feature":
        raise SaveFormatError("save.state.phase 'feature' is not a format-2 phase")
    if phase in _V2_FEATURE_PHASES:
        state["phase"] = "feature"
    if state.get("round") is not None:
        state["round"] = _round_v2_to_v3(state["round"], "save.state.round")
    out["state"] = state
    out["history"] = [_round_v2_to_v3(r, f"save.history[{i}]") for i, r in enumerate(history)]
    return out


def _round_v2_to_v3(value: Any, where: str) -> Payload:
    if not isinstance(value, dict):
        raise SaveFormatError(f"{where} must be an object")
    if "frames" in value:
        raise SaveFormatError(f"{where}: a format-2 round cannot hold 'frames'")
    missing = [key for key in _V2_ROUND_KEYS if key not in value]
    if missing:
        raise SaveFormatError(f"{where}.{missing[0]} is missing")
    out: Payload = {}
    for key, item in value.items():
        if key == "special":
            out["frames"] = _frames_v2_to_v3(value, where)
        elif key == "steps":
            out["steps"] = _steps_v2_to_v3(item, f"{where}.steps")
        elif key not in _V2_ROUND_KEYS:
            out[key] = item
    return out


def _frames_v2_to_v3(round_doc: Payload, where: str) -> list[Payload]:
    """The free spins of a format-2 round as a list of (at most one) frame."""
    awarded = round_doc["free_spins_awarded"]
    spins = round_doc["free_spins"]
    special = round_doc["special"]
    if isinstance(awarded, bool) or not isinstance(awarded, int) or awarded < 0:
        raise SaveFormatError(f"{where}.free_spins_awarded must be a whole number")
    if not isinstance(spins, list):
        raise SaveFormatError(f"{where}.free_spins must be a list")
    if awarded == 0:  # no feature (a capped base spin awards none)
        if spins or special is not None:
            raise SaveFormatError(f"{where}: free spins played but none awarded")
        return []
    ended_by = round_doc.get("ended_by")
    started = special is not None
    done = started and (len(spins) >= awarded or ended_by is not None)
    record = {
        "awarded": awarded,
        "started": started,
        "modifier": special,
        "spins": [dict(spin) if isinstance(spin, dict) else spin for spin in spins],
        "win": round_doc.get("feature_win"),
        "ended_by": ended_by,
    }
    return [{"feature": FREE_SPINS, "done": done, "record": record}]


def _steps_v2_to_v3(value: Any, where: str) -> Any:
    """Each step's spin action: ``force_feature`` becomes ``force``."""
    if not isinstance(value, list):
        return value  # the format-3 reader names it
    steps = []
    for i, step in enumerate(value):
        if isinstance(step, list) and len(step) == 2 and isinstance(step[0], dict):
            step = [_action_v2_to_v3(step[0], f"{where}[{i}].action"), step[1]]
        steps.append(step)
    return steps


def _action_v2_to_v3(action: Payload, where: str) -> Payload:
    if action.get("type") != "spin":
        return action
    if "force" in action:
        raise SaveFormatError(f"{where}: a format-2 spin cannot hold 'force'")
    out: Payload = {}
    for key, item in action.items():
        if key == "force_feature":
            if not isinstance(item, bool):
                raise SaveFormatError(f"{where}.force_feature must be true or false")
            out["force"] = FREE_SPINS if item else None
        else:
            out[key] = item
    if "force" not in out:
        raise SaveFormatError(f"{where}.force_feature is missing")
    return out


MIGRATIONS: dict[int, Callable[[Payload], Payload]] = {
    1: migrate_v1_to_v2,
    2: migrate_v2_to_v3,
}
"""``MIGRATIONS[n]`` turns a version-*n* payload into version *n + 1*."""


def migrate(version: int, payload: Payload) -> Payload:
    """Bring a payload of ``version`` up to the current format, one step at a time."""
    while version in MIGRATIONS:
        payload = MIGRATIONS[version](payload)
        version += 1
    return payload
