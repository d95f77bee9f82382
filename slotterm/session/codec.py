"""The session as JSON, and back, validating everything (a save file is untrusted input).

This module holds the session-level codec: the payload as a whole, the machine state
(its phase checked against the open round) and round times.  What it decodes is a
:class:`~slotterm.session.session_record.SessionRecord`, checked by
:func:`~slotterm.session.session_record.check_ledger`; the statistics ledger is encoded by
:mod:`slotterm.session.stats_codec`, the random source by :mod:`slotterm.session.rng_codec`,
rounds by :mod:`slotterm.session.round_codec`, their actions and steps by
:mod:`slotterm.session.action_codec` (import them from there); every field
is read through :mod:`slotterm.engine.fields` (times through
:mod:`slotterm.session.save_fields`).  Anything that does not add up -- here, in the
round codec or in a feature's own codec -- raises a
:class:`~slotterm.engine.fields.RecordError` naming the field, which
:func:`decode_payload` reports as :class:`~slotterm.session.errors.SaveFormatError`.

The payload layout (format version 3) is documented in ``slotterm/session/README.md``.
"""

from __future__ import annotations

import json
from typing import Any

from slotterm.engine.feature import Json
from slotterm.engine.fields import (
    MAX_CENTS,
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
from slotterm.rng import SeededSource
from slotterm.session.action_codec import decode_bet, decode_limits, encode_bet, encode_limits
from slotterm.session.errors import SaveError, SaveFormatError
from slotterm.session.game_session import HISTORY_LENGTH, GameSession, RoundTimes
from slotterm.session.left_round import decode_seen
from slotterm.session.rng_codec import SEED_MAX, decode_rng, encode_rng
from slotterm.session.round_codec import decode_round, encode_round, round_bounds
from slotterm.session.save_fields import (
    MAX_TEXT,
    as_bounded,
    as_number_key,
    as_text,
    as_time,
    iso_or_none,
    opt_time,
    shown,
)
from slotterm.session.saved_rules import SavedRules, decode_rules, encode_rules
from slotterm.session.session_record import SessionRecord, check_ledger
from slotterm.session.stats import SERIES_LENGTH, TOP_WINS
from slotterm.session.stats_codec import decode_stats, encode_stats

MAX_BET_STEPS = 20
"""The most bet steps a save holds (as many as the settings file allows)."""


# --- encoding --------------------------------------------------------------------------------


class PayloadEncoder:
    """Turns a session into payload bytes; closed rounds are encoded once and cached."""

    def __init__(self) -> None:
        self._cache: dict[int, tuple[Round, str]] = {}
        self._game: GameDefinition | None = None

    def encode(self, session: GameSession) -> bytes:
        """The session's payload as compact UTF-8 JSON (with the rules of its rounds)."""
        if session.game is not self._game:
            self._cache.clear()
            self._game = session.game
        head_doc = encode_head(session)
        problem = writable(session, head_doc)
        if problem is not None:
            raise SaveError(
                f"the game could not be saved: {problem} (beyond what a save may hold); "
                f"the last saved state is kept and this outcome was not shown"
            )
        head = _dumps(head_doc)
        rounds = ",".join(self._round_text(r, session.rules_of(r.number)) for r in session.history)
        keep = {r.number for r in session.history}
        for number in [n for n in self._cache if n not in keep]:
            del self._cache[number]
        rules = encode_rules(session.game, session.round_rules)
        return f'{head[:-1]},"rules":{rules},"history":[{rounds}]}}'.encode()

    def _round_text(self, round_: Round, game: GameDefinition) -> str:
        cached = self._cache.get(round_.number)
        if cached is not None and cached[0] is round_:
            return cached[1]
        problem = round_bounds(round_) or _out_of_range(encode_round(round_, game), "round")
        if problem is not None:
            raise SaveError(f"the game could not be saved: {problem}; the last state is kept")
        text = _dumps(encode_round(round_, game))
        self._cache[round_.number] = (round_, text)
        return text


def writable(session: GameSession, head: Json) -> str | None:
    """What in the session the reader would refuse (checked before anything is written).

    Cheap: the head's numbers and text, the list lengths, the round times and the ledger
    (the history rounds are checked once each, when first encoded).
    """
    state, ledger, rng = session.state, session.ledger, session.rng
    if isinstance(rng, SeededSource) and not 0 <= rng.seed <= SEED_MAX:
        return f"the seed is beyond {SEED_MAX}"
    currency = session.currency
    if len(currency) > MAX_TEXT or not currency.isprintable():
        return "the currency is not printable text of at most 16 characters"
    lengths = (
        (len(session.history), HISTORY_LENGTH, "history rounds"),
        (len(session.bet_steps), MAX_BET_STEPS, "bet steps"),
        (len(ledger.credits_series), SERIES_LENGTH, "credits points"),
        (len(ledger.biggest), TOP_WINS, "biggest wins"),
        (len(state.recent_cards), RECENT_CARDS, "recent cards"),
    )
    for length, most, what in lengths:
        if length > most:
            return f"{length} {what} (at most {most})"
    if state.round is not None:
        problem = round_bounds(state.round)
        if problem is not None:
            return problem
    if not 0 <= ledger.active_seconds < 1e12:
        return "the time played is out of range"
    problem = _out_of_range({k: v for k, v in head.items() if k != "rng"}, "save")
    if problem is not None:
        return problem
    record = SessionRecord(
        game_id=session.game.id,
        state=state,
        bet=session.bet,
        limits=session.limits,
        bet_steps=session.bet_steps,
        start_credits=session.start_credits,
        currency=currency,
        history=tuple(session.history),
        round_times=session.round_times,
        stats=ledger,
        rng=rng,
    )
    try:
        decode_bet(head["bet"], session.game, "save.bet")
        check(
            set(session.round_rules) <= {r.number for r in record.history},
            "the rules of a round no longer in the history are kept",
        )
        decode_limits(head["limits"], "save.limits")
        _decode_bet_steps(head["bet_steps"])
        decode_round_times(head["round_times"], record.history, state)
        check_ledger(record)
        if "seen" in head:
            decode_seen(head["seen"], state, record.history, "save.seen")
    except RecordError as exc:
        return str(exc)
    return None


def _out_of_range(value: object, where: str) -> str | None:
    """The first whole number in ``value`` outside ``0..MAX_CENTS``, as a message."""
    stack: list[tuple[object, str]] = [(value, where)]
    while stack:
        item, at = stack.pop()
        if isinstance(item, dict):
            stack.extend((v, f"{at}.{k}") for k, v in item.items())
        elif isinstance(item, list):
            stack.extend((v, at) for v in item)
        elif isinstance(item, int) and not isinstance(item, bool) and not 0 <= item <= MAX_CENTS:
            return f"{at} is {item}, outside 0..{MAX_CENTS}"
    return None


def _dumps(value: object) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def encode_head(session: GameSession) -> Json:
    """Everything but the history, as a JSON-ready dict."""
    state = session.state
    seen = {} if session.seen is None else {"seen": list(session.seen)}
    forced = (
        {"forced_stops": {str(n): list(s) for n, s in sorted(session.forced_steps.items())}}
        if session.forced_steps
        else {}
    )
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
            str(n): [t.started_at.isoformat(), iso_or_none(t.closed_at)]
            for n, t in sorted(session.round_times.items())
        },
        "stats": encode_stats(session.ledger),
        "rng": encode_rng(session.rng),
        **seen,
        **forced,
    }


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
    except RecordError as exc:  # the engine's readers quote save text in full: cut it
        message = str(exc)
        raise SaveFormatError(message if len(message) <= 200 else message[:200] + "…") from None
    except RecursionError:
        raise SaveFormatError("the save is nested too deeply") from None


def _decode_payload(payload: Any, file_game: GameDefinition) -> SessionRecord:
    doc = as_dict(payload, "save")
    game_id = as_str(need(doc, "game", "save"), "save.game")
    check(game_id == file_game.id, f"save.game is {shown(game_id)}, expected {file_game.id!r}")
    rules = None if "rules" not in doc else decode_rules(doc["rules"], file_game)
    game = file_game if rules is None else rules.current
    bet = decode_bet(need(doc, "bet", "save"), game, "save.bet")
    bet_steps = _decode_bet_steps(need(doc, "bet_steps", "save"))
    raw_history = as_bounded(need(doc, "history", "save"), "save.history", HISTORY_LENGTH)
    history = tuple(
        decode_round(r, _round_rules(rules, r, game), f"save.history[{i}]", closed=True)
        for i, r in enumerate(raw_history)
    )
    numbers = [r.number for r in history]
    check(numbers == sorted(set(numbers)), "save.history rounds are out of order")
    if rules is not None:
        check(set(rules.rounds) <= set(numbers), "save.rules.rounds names a round not in history")
        if rules.current is file_game and not rules.rounds:
            rules = None  # every round plays by the file as it is now
    state = decode_state(need(doc, "state", "save"), game)
    check(
        not numbers or numbers[-1] <= state.rounds_played,
        "save.history has a round newer than the state",
    )
    if state.round is not None:
        check(state.round.number not in numbers, "the open round is also in the history")
    round_times = decode_round_times(need(doc, "round_times", "save"), history, state)
    record = SessionRecord(
        game_id=game_id,
        state=state,
        bet=bet,
        limits=decode_limits(need(doc, "limits", "save"), "save.limits"),
        bet_steps=bet_steps,
        start_credits=as_int(need(doc, "start_credits", "save"), "save.start_credits"),
        currency=as_text(need(doc, "currency", "save"), "save.currency"),
        history=history,
        round_times=round_times,
        stats=decode_stats(need(doc, "stats", "save")),
        rng=decode_rng(need(doc, "rng", "save")),
        seen=None if "seen" not in doc else decode_seen(doc["seen"], state, history, "save.seen"),
        rules=rules,
        forced_steps={}
        if "forced_stops" not in doc
        else decode_forced_steps(doc["forced_stops"], history, state),
    )
    check_ledger(record)
    return record


def _round_rules(rules: SavedRules | None, raw: Any, game: GameDefinition) -> GameDefinition:
    """The definition a history round's raw record is read under (``game``: the current)."""
    if rules is None or not isinstance(raw, dict):
        return game
    number = raw.get("number")
    return rules.rounds.get(number, game) if isinstance(number, int) else game


def _decode_bet_steps(value: Any) -> tuple[int, ...]:
    """The operator's steps (bets per line, or coin sizes in a coin game): increasing, >= 1."""
    steps = as_ints(as_bounded(value, "save.bet_steps", MAX_BET_STEPS), "save.bet_steps", 1)
    check(bool(steps) and list(steps) == sorted(set(steps)), "save.bet_steps must be increasing")
    return steps


def decode_round_times(
    value: Any, history: tuple[Round, ...], state: GameState
) -> dict[int, RoundTimes]:
    """Start and close times: exactly one entry per history round and the open round."""
    where = "save.round_times"
    doc = as_dict(value, where)
    expected = {r.number for r in history}
    if state.round is not None:
        expected.add(state.round.number)
    check(
        len(doc) == len(expected),
        f"{where} holds {len(doc)} entries for {len(expected)} rounds",
    )
    round_times: dict[int, RoundTimes] = {}
    for key, raw in doc.items():
        number = as_number_key(key, where)
        at = f"{where}[{number}]"
        check(number in expected, f"{at}: no such round in the save")
        pair = as_list(raw, at, 2)
        closed_at = opt_time(pair[1], at)
        check(
            (closed_at is None) == (state.round is not None and number == state.round.number),
            f"{at}: only the open round has no close time",
        )
        round_times[number] = RoundTimes(started_at=as_time(pair[0], at), closed_at=closed_at)
    return round_times


def decode_forced_steps(
    value: Any, history: tuple[Round, ...], state: GameState
) -> dict[int, tuple[int, ...]]:
    """Which steps of which rounds took a tester's forced stops (``--stops``): each a
    round of the save (history or open), each step one of its own, in order."""
    where = "save.forced_stops"
    doc = as_dict(value, where)
    rounds = {r.number: r for r in history}
    if state.round is not None:
        rounds[state.round.number] = state.round
    forced: dict[int, tuple[int, ...]] = {}
    for key, raw in doc.items():
        number = as_number_key(key, where)
        at = f"{where}[{number}]"
        check(number in rounds, f"{at}: no such round in the save")
        steps = as_ints(as_bounded(raw, at, len(rounds[number].steps)), at, 0)
        check(
            bool(steps) and list(steps) == sorted(set(steps)),
            f"{at} must list step numbers in order",
        )
        check(steps[-1] < len(rounds[number].steps), f"{at}: the round has no step {steps[-1]}")
        forced[number] = steps
    return forced


def decode_state(value: Any, game: GameDefinition) -> GameState:
    """The machine state, with the phase checked against the open round."""
    where = "save.state"
    doc = as_dict(value, where)
    phase_text = as_str(need(doc, "phase", where), f"{where}.phase")
    try:
        phase = Phase(phase_text)
    except ValueError:
        raise SaveFormatError(f"{where}.phase {shown(phase_text)} is not a phase") from None
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
