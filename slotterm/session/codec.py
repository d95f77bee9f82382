"""The session as JSON, and back, validating everything (a save file is untrusted input).

This module holds the session-level codec: the payload as a whole, the machine state
(its phase checked against the open round), round times, the statistics ledger and the
random source.  Rounds are encoded by :mod:`slotterm.session.round_codec`, their actions
and steps by :mod:`slotterm.session.action_codec` (import them from there); every field
is read through :mod:`slotterm.engine.fields` (times through
:mod:`slotterm.session.save_fields`).  Anything that does not add up -- here, in the
round codec or in a feature's own codec -- raises a
:class:`~slotterm.engine.fields.RecordError` naming the field, which
:func:`decode_payload` reports as :class:`~slotterm.session.errors.SaveFormatError`.

The payload layout (format version 3) is documented in ``slotterm/session/README.md``.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from slotterm.engine.actions import Bet, Limits
from slotterm.engine.feature import Json
from slotterm.engine.fields import (
    RecordError,
    as_dict,
    as_int,
    as_ints,
    as_list,
    as_str,
    check,
    need,
)
from slotterm.engine.gamble import CARD_COUNT
from slotterm.engine.model import GameDefinition
from slotterm.engine.records import GameState, Phase, Round, gamble_allowed
from slotterm.engine.round import RECENT_CARDS
from slotterm.rng import RandomSource, SecureSource, SeededSource
from slotterm.session.action_codec import decode_bet, decode_limits, encode_bet, encode_limits
from slotterm.session.errors import SaveFormatError
from slotterm.session.game_session import GameSession, RoundTimes
from slotterm.session.round_codec import decode_round, encode_round
from slotterm.session.save_fields import as_time, opt_time
from slotterm.session.stats import TOP_WINS, BigWin, StatsLedger

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
        self._game: GameDefinition | None = None

    def encode(self, session: GameSession) -> bytes:
        """The session's payload as compact UTF-8 JSON."""
        if session.game is not self._game:
            self._cache.clear()
            self._game = session.game
        head = _dumps(encode_head(session))
        rounds = ",".join(self._round_text(r, session.game) for r in session.history)
        keep = {r.number for r in session.history}
        for number in [n for n in self._cache if n not in keep]:
            del self._cache[number]
        return f'{head[:-1]},"history":[{rounds}]}}'.encode()

    def _round_text(self, round_: Round, game: GameDefinition) -> str:
        cached = self._cache.get(round_.number)
        if cached is not None and cached[0] is round_:
            return cached[1]
        text = _dumps(encode_round(round_, game))
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
            "round": None if state.round is None else encode_round(state.round, session.game),
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
    """Validate a parsed payload and build the session record; raises SaveFormatError.

    Every record error -- the session's, the round codec's, a feature's -- comes out as
    :class:`SaveFormatError` with its one-line message naming the field.
    """
    try:
        return _decode_payload(payload, game)
    except SaveFormatError:
        raise
    except RecordError as exc:
        raise SaveFormatError(str(exc)) from None


def _decode_payload(payload: Any, game: GameDefinition) -> SessionRecord:
    doc = as_dict(payload, "save")
    game_id = as_str(need(doc, "game", "save"), "save.game")
    check(game_id == game.id, f"save.game is {game_id!r}, expected {game.id!r}")
    bet = decode_bet(need(doc, "bet", "save"), game, "save.bet")
    bet_steps = as_ints(need(doc, "bet_steps", "save"), "save.bet_steps", 1)
    check(
        bool(bet_steps) and list(bet_steps) == sorted(set(bet_steps)),
        "save.bet_steps must be increasing",
    )
    history = tuple(
        decode_round(r, game, f"save.history[{i}]", closed=True)
        for i, r in enumerate(as_list(need(doc, "history", "save"), "save.history"))
    )
    numbers = [r.number for r in history]
    check(numbers == sorted(set(numbers)), "save.history rounds are out of order")
    state = decode_state(need(doc, "state", "save"), game)
    check(
        not numbers or numbers[-1] <= state.rounds_played,
        "save.history has a round newer than the state",
    )
    if state.round is not None:
        check(state.round.number not in numbers, "the open round is also in the history")
    times_doc = as_dict(need(doc, "round_times", "save"), "save.round_times")
    round_times: dict[int, RoundTimes] = {}
    for key, value in times_doc.items():
        where = f"save.round_times[{key}]"
        check(key.isdigit(), f"{where}: key must be a round number")
        pair = as_list(value, where, 2)
        round_times[int(key)] = RoundTimes(
            started_at=as_time(pair[0], where), closed_at=opt_time(pair[1], where)
        )
    return SessionRecord(
        game_id=game_id,
        state=state,
        bet=bet,
        limits=decode_limits(need(doc, "limits", "save"), "save.limits"),
        bet_steps=bet_steps,
        start_credits=as_int(need(doc, "start_credits", "save"), "save.start_credits"),
        currency=as_str(need(doc, "currency", "save"), "save.currency")[:16],
        history=history,
        round_times=round_times,
        stats=decode_stats(need(doc, "stats", "save")),
        rng=decode_rng(need(doc, "rng", "save")),
    )


def decode_state(value: Any, game: GameDefinition) -> GameState:
    """The machine state, with the phase checked against the open round."""
    where = "save.state"
    doc = as_dict(value, where)
    phase_text = as_str(need(doc, "phase", where), f"{where}.phase")
    try:
        phase = Phase(phase_text)
    except ValueError:
        raise SaveFormatError(f"{where}.phase {phase_text!r} is not a phase") from None
    credits = as_int(need(doc, "credits", where), f"{where}.credits")
    played = as_int(need(doc, "rounds_played", where), f"{where}.rounds_played")
    cards = as_ints(need(doc, "recent_cards", where), f"{where}.recent_cards", 0, CARD_COUNT - 1)
    check(len(cards) <= RECENT_CARDS, f"{where}.recent_cards holds too many cards")
    round_raw = need(doc, "round", where)
    round_ = None if round_raw is None else decode_round(round_raw, game, f"{where}.round")
    _check_phase(phase, round_, played, game)
    return GameState(
        phase=phase, credits=credits, round=round_, rounds_played=played, recent_cards=cards
    )


def _check_phase(phase: Phase, round_: Round | None, played: int, game: GameDefinition) -> None:
    """FEATURE iff a frame is under way; a win on offer (or at stake) needs one, and no frame."""
    where = "save.state"
    if phase is Phase.IDLE:
        check(round_ is None, f"{where}: an idle machine has no open round")
        return
    check(round_ is not None, f"{where}: phase {phase.value} needs an open round")
    assert round_ is not None
    check(round_.number == played, f"{where}.round.number must equal rounds_played")
    active = round_.active is not None
    if phase is Phase.FEATURE:
        check(active, f"{where}: phase feature needs a feature under way")
        return
    check(not active, f"{where}: a feature is still under way")
    check(game.gamble, f"{where}: this game pays its rounds at once (no win waits)")
    check(round_.win > 0, f"{where}: phase {phase.value} needs a win")
    if phase is Phase.GAMBLE:
        check(gamble_allowed(round_), f"{where}: this win cannot be gambled")


def decode_stats(value: Any) -> StatsLedger:
    """The statistics ledger."""
    where = "save.stats"
    doc = as_dict(value, where)

    def money(key: str) -> int:
        return as_int(need(doc, key, where), f"{where}.{key}")

    seconds = need(doc, "active_seconds", where)
    check(
        isinstance(seconds, int | float)
        and not isinstance(seconds, bool)
        and math.isfinite(seconds)
        and 0 <= seconds < 1e12,
        f"{where}.active_seconds must be a non-negative number",
    )
    biggest_raw = as_list(need(doc, "biggest", where), f"{where}.biggest")
    check(len(biggest_raw) <= TOP_WINS, f"{where}.biggest holds too many wins")
    biggest = []
    for raw in biggest_raw:
        number, amount, bet, at = as_list(raw, f"{where}.biggest[]", 4)
        biggest.append(
            BigWin(
                round_number=as_int(number, f"{where}.biggest[]", 1),
                amount=as_int(amount, f"{where}.biggest[]"),
                total_bet=as_int(bet, f"{where}.biggest[]"),
                at=as_time(at, f"{where}.biggest[]"),
            )
        )
    series = as_ints(need(doc, "credits_series", where), f"{where}.credits_series")
    return StatsLedger(
        started_at=as_time(need(doc, "started_at", where), f"{where}.started_at"),
        rounds=money("rounds"),
        total_bet=money("total_bet"),
        total_won=money("total_won"),
        topped_up=money("topped_up"),
        active_seconds=float(seconds),
        last_activity=opt_time(need(doc, "last_activity", where), f"{where}.last_activity"),
        biggest=tuple(biggest),
        credits_series=series,
    )


def decode_rng(value: Any) -> RandomSource:
    """A secure source, or a seeded source resumed at its saved state."""
    where = "save.rng"
    doc = as_dict(value, where)
    kind = as_str(need(doc, "kind", where), f"{where}.kind")
    if kind == "secure":
        return SecureSource()
    check(kind == "seeded", f"{where}.kind {kind!r} is unknown")
    seed = as_int(need(doc, "seed", where), f"{where}.seed", 0, 2**63)
    version, words, gauss = as_list(need(doc, "state", where), f"{where}.state", 3)
    check(version == 3, f"{where}.state has an unknown version")
    check(gauss is None, f"{where}.state is not a saved generator")
    state = as_ints(words, f"{where}.state[1]", 0, 2**32 - 1, MT_WORDS)
    check(state[-1] <= MT_WORDS - 1, f"{where}.state position is out of range")
    source = SeededSource(seed)
    try:
        source.set_state((3, state, None))
    except (ValueError, TypeError, OverflowError):
        raise SaveFormatError(f"{where}.state is not a valid generator state") from None
    return source
