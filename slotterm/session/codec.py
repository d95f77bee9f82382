"""The session as JSON, and back, validating everything (a save file is untrusted input).

This module holds the session-level codec: the payload as a whole, the machine state
(its phase checked against the open round), round times, the statistics ledger and the
random source.  Rounds and their steps are encoded by :mod:`slotterm.session.round_codec`
(re-exported here) and every field is read through :mod:`slotterm.session.save_fields`;
anything that does not add up raises :class:`~slotterm.session.errors.SaveFormatError`
naming the field.

The payload layout (format version 2) is documented in ``slotterm/session/README.md``.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from slotterm.engine.gamble import CARD_COUNT
from slotterm.engine.model import GameDefinition
from slotterm.engine.round import (
    RECENT_CARDS,
    Bet,
    GameState,
    Limits,
    Phase,
    Round,
    gamble_allowed,
)
from slotterm.rng import RandomSource, SecureSource, SeededSource
from slotterm.session.errors import SaveFormatError
from slotterm.session.game_session import GameSession, RoundTimes
from slotterm.session.round_codec import (
    clear_caches,
    decode_action,
    decode_bet,
    decode_limits,
    decode_round,
    decode_spin,
    encode_action,
    encode_bet,
    encode_limits,
    encode_round,
    encode_spin,
)
from slotterm.session.save_fields import (
    MAX_CENTS,
    Json,
    _check,
    _dict,
    _int,
    _ints,
    _list,
    _need,
    _opt_time,
    _str,
    _time,
)
from slotterm.session.stats import TOP_WINS, BigWin, StatsLedger

__all__ = [
    "MAX_CENTS",
    "MT_WORDS",
    "Json",
    "PayloadEncoder",
    "SessionRecord",
    "clear_caches",
    "decode_action",
    "decode_bet",
    "decode_limits",
    "decode_payload",
    "decode_rng",
    "decode_round",
    "decode_spin",
    "decode_state",
    "decode_stats",
    "encode_action",
    "encode_bet",
    "encode_head",
    "encode_limits",
    "encode_rng",
    "encode_round",
    "encode_spin",
    "encode_stats",
]

MT_WORDS = 625
"""Length of the Mersenne Twister state: 624 words and the position."""


@dataclass(frozen=True, slots=True)
class SessionRecord:
    """Everything a save holds, decoded and validated."""

    game_id: str
    state: GameState
    bet: Bet
    limits: Limits
    bet_steps: tuple[int, ...]
    start_credits: int
    currency: str
    history: tuple[Round, ...]
    round_times: dict[int, RoundTimes]
    stats: StatsLedger
    rng: RandomSource


# --- encoding --------------------------------------------------------------------------------


class PayloadEncoder:
    """Turns a session into payload bytes; closed rounds are encoded once and cached."""

    def __init__(self) -> None:
        self._cache: dict[int, tuple[Round, str]] = {}

    def encode(self, session: GameSession) -> bytes:
        """The session's payload as compact UTF-8 JSON."""
        head = _dumps(encode_head(session))
        rounds = ",".join(self._round_text(r) for r in session.history)
        keep = {r.number for r in session.history}
        for number in [n for n in self._cache if n not in keep]:
            del self._cache[number]
        return f'{head[:-1]},"history":[{rounds}]}}'.encode()

    def _round_text(self, round_: Round) -> str:
        cached = self._cache.get(round_.number)
        if cached is not None and cached[0] is round_:
            return cached[1]
        text = _dumps(encode_round(round_))
        self._cache[round_.number] = (round_, text)
        return text


def _dumps(value: object) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def encode_head(session: GameSession) -> Json:
    """Everything but the history, as a JSON-ready dict."""
    state = session.state
    return {
        "game": session.game.id,
        "state": {
            "phase": state.phase.value,
            "credits": state.credits,
            "rounds_played": state.rounds_played,
            "recent_cards": list(state.recent_cards),
            "round": None if state.round is None else encode_round(state.round),
        },
        "bet": encode_bet(session.bet),
        "limits": encode_limits(session.limits),
        "bet_steps": list(session.bet_steps),
        "start_credits": session.start_credits,
        "currency": session.currency,
        "round_times": {
            str(n): [t.started_at.isoformat(), _iso(t.closed_at)]
            for n, t in sorted(session.round_times.items())
        },
        "stats": encode_stats(session.ledger),
        "rng": encode_rng(session.rng),
    }


def _iso(moment: datetime | None) -> str | None:
    return None if moment is None else moment.isoformat()


def encode_stats(ledger: StatsLedger) -> Json:
    """The statistics ledger as a JSON-ready dict."""
    return {
        "started_at": ledger.started_at.isoformat(),
        "rounds": ledger.rounds,
        "total_bet": ledger.total_bet,
        "total_won": ledger.total_won,
        "topped_up": ledger.topped_up,
        "active_seconds": ledger.active_seconds,
        "last_activity": _iso(ledger.last_activity),
        "biggest": [
            [w.round_number, w.amount, w.total_bet, w.at.isoformat()] for w in ledger.biggest
        ],
        "credits_series": list(ledger.credits_series),
    }


def encode_rng(rng: RandomSource) -> Json:
    """The secure source needs nothing; a seeded source stores its seed and full state."""
    if isinstance(rng, SeededSource):
        version, words, gauss = rng.get_state()
        return {"kind": "seeded", "seed": rng.seed, "state": [version, list(words), gauss]}  # type: ignore[call-overload]
    if isinstance(rng, SecureSource):
        return {"kind": "secure"}
    raise TypeError(f"cannot save a {type(rng).__name__}")


# --- decoding --------------------------------------------------------------------------------


def decode_payload(payload: Any, game: GameDefinition) -> SessionRecord:
    """Validate a parsed payload and build the session record; raises SaveFormatError."""
    doc = _dict(payload, "save")
    game_id = _str(_need(doc, "game", "save"), "save.game")
    _check(game_id == game.id, f"save.game is {game_id!r}, expected {game.id!r}")
    bet = decode_bet(_need(doc, "bet", "save"), game, "save.bet")
    bet_steps = _ints(_need(doc, "bet_steps", "save"), "save.bet_steps", 1)
    _check(
        bool(bet_steps) and list(bet_steps) == sorted(set(bet_steps)),
        "save.bet_steps must be increasing",
    )
    history = tuple(
        decode_round(r, game, f"save.history[{i}]", closed=True)
        for i, r in enumerate(_list(_need(doc, "history", "save"), "save.history"))
    )
    numbers = [r.number for r in history]
    _check(numbers == sorted(set(numbers)), "save.history rounds are out of order")
    state = decode_state(_need(doc, "state", "save"), game)
    _check(
        not numbers or numbers[-1] <= state.rounds_played,
        "save.history has a round newer than the state",
    )
    if state.round is not None:
        _check(state.round.number not in numbers, "the open round is also in the history")
    times_doc = _dict(_need(doc, "round_times", "save"), "save.round_times")
    round_times: dict[int, RoundTimes] = {}
    for key, value in times_doc.items():
        where = f"save.round_times[{key}]"
        _check(key.isdigit(), f"{where}: key must be a round number")
        pair = _list(value, where, 2)
        round_times[int(key)] = RoundTimes(_time(pair[0], where), _opt_time(pair[1], where))
    return SessionRecord(
        game_id=game_id,
        state=state,
        bet=bet,
        limits=decode_limits(_need(doc, "limits", "save"), "save.limits"),
        bet_steps=bet_steps,
        start_credits=_int(_need(doc, "start_credits", "save"), "save.start_credits"),
        currency=_str(_need(doc, "currency", "save"), "save.currency")[:16],
        history=history,
        round_times=round_times,
        stats=decode_stats(_need(doc, "stats", "save")),
        rng=decode_rng(_need(doc, "rng", "save")),
    )


def decode_state(value: Any, game: GameDefinition) -> GameState:
    """The machine state, with the phase checked against the open round."""
    where = "save.state"
    doc = _dict(value, where)
    phase_text = _str(_need(doc, "phase", where), f"{where}.phase")
    try:
        phase = Phase(phase_text)
    except ValueError:
        raise SaveFormatError(f"{where}.phase {phase_text!r} is not a phase") from None
    credits = _int(_need(doc, "credits", where), f"{where}.credits")
    played = _int(_need(doc, "rounds_played", where), f"{where}.rounds_played")
    cards = _ints(_need(doc, "recent_cards", where), f"{where}.recent_cards", 0, CARD_COUNT - 1)
    _check(len(cards) <= RECENT_CARDS, f"{where}.recent_cards holds too many cards")
    round_raw = _need(doc, "round", where)
    round_ = None if round_raw is None else decode_round(round_raw, game, f"{where}.round")
    _check_phase(phase, round_, played, game)
    return GameState(phase, credits, round_, played, cards)


def _check_phase(phase: Phase, round_: Round | None, played: int, game: GameDefinition) -> None:
    where = "save.state"
    if phase is Phase.IDLE:
        _check(round_ is None, f"{where}: an idle machine has no open round")
        return
    _check(round_ is not None, f"{where}: phase {phase.value} needs an open round")
    assert round_ is not None
    _check(round_.number == played, f"{where}.round.number must equal rounds_played")
    feature = round_.free_spins_left > 0 and round_.ended_by is None
    if phase is Phase.FEATURE_AWARDED:
        _check(
            round_.special is None and not round_.free_spins and feature,
            f"{where}: the feature has already started",
        )
    elif phase is Phase.FREE_SPINS:
        _check(round_.special is not None and feature, f"{where}: no free spins to play")
    else:
        _check(round_.win > 0, f"{where}: phase {phase.value} needs a win")
        _check(not feature or not round_.triggered, f"{where}: free spins are still to play")
        if phase is Phase.GAMBLE:
            _check(gamble_allowed(round_), f"{where}: this win cannot be gambled")


def decode_stats(value: Any) -> StatsLedger:
    """The statistics ledger."""
    where = "save.stats"
    doc = _dict(value, where)

    def money(key: str) -> int:
        return _int(_need(doc, key, where), f"{where}.{key}")

    seconds = _need(doc, "active_seconds", where)
    _check(
        isinstance(seconds, int | float)
        and not isinstance(seconds, bool)
        and math.isfinite(seconds)
        and 0 <= seconds < 1e12,
        f"{where}.active_seconds must be a non-negative number",
    )
    biggest_raw = _list(_need(doc, "biggest", where), f"{where}.biggest")
    _check(len(biggest_raw) <= TOP_WINS, f"{where}.biggest holds too many wins")
    biggest = []
    for raw in biggest_raw:
        number, amount, bet, at = _list(raw, f"{where}.biggest[]", 4)
        biggest.append(
            BigWin(
                _int(number, f"{where}.biggest[]", 1),
                _int(amount, f"{where}.biggest[]"),
                _int(bet, f"{where}.biggest[]"),
                _time(at, f"{where}.biggest[]"),
            )
        )
    series = _ints(_need(doc, "credits_series", where), f"{where}.credits_series")
    return StatsLedger(
        started_at=_time(_need(doc, "started_at", where), f"{where}.started_at"),
        rounds=money("rounds"),
        total_bet=money("total_bet"),
        total_won=money("total_won"),
        topped_up=money("topped_up"),
        active_seconds=float(seconds),
        last_activity=_opt_time(_need(doc, "last_activity", where), f"{where}.last_activity"),
        biggest=tuple(biggest),
        credits_series=series,
    )


def decode_rng(value: Any) -> RandomSource:
    """A secure source, or a seeded source resumed at its saved state."""
    where = "save.rng"
    doc = _dict(value, where)
    kind = _str(_need(doc, "kind", where), f"{where}.kind")
    if kind == "secure":
        return SecureSource()
    _check(kind == "seeded", f"{where}.kind {kind!r} is unknown")
    seed = _int(_need(doc, "seed", where), f"{where}.seed", 0, 2**63)
    version, words, gauss = _list(_need(doc, "state", where), f"{where}.state", 3)
    _check(version == 3, f"{where}.state has an unknown version")
    _check(gauss is None, f"{where}.state is not a saved generator")
    state = _ints(words, f"{where}.state[1]", 0, 2**32 - 1, MT_WORDS)
    _check(state[-1] <= MT_WORDS - 1, f"{where}.state position is out of range")
    source = SeededSource(seed)
    try:
        source.set_state((3, state, None))
    except (ValueError, TypeError, OverflowError):
        raise SaveFormatError(f"{where}.state is not a valid generator state") from None
    return source
