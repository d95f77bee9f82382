"""The session as JSON, and back, validating everything (a save file is untrusted input).

Every spin is stored as its reel stops *and* the window they showed; on load the
:class:`~slotterm.engine.evaluate.Evaluation` is rebuilt by evaluating the stored window
again, so re-tuning the reel strips later never changes a recorded outcome.  Recorded
wins are checked against that evaluation, gamble cards against their colours, the phase
against the open round; anything that does not add up raises
:class:`~slotterm.session.errors.SaveFormatError` naming the field.

The payload layout (format version 2) is documented in ``slotterm/session/README.md``.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from functools import lru_cache
from typing import Any

from slotterm.engine.evaluate import Evaluation, GridError, Window, check_window, evaluate
from slotterm.engine.gamble import CARD_COUNT, Color, card_color
from slotterm.engine.model import GameDefinition
from slotterm.engine.round import (
    RECENT_CARDS,
    Action,
    Bet,
    Collect,
    EndReason,
    FreeSpin,
    GambleStep,
    GameState,
    Guess,
    Limits,
    Phase,
    PlayFreeSpin,
    Round,
    Spin,
    SpinResult,
    StartFeature,
    StartGamble,
    Step,
    TopUp,
    gamble_allowed,
)
from slotterm.rng import RandomSource, SecureSource, SeededSource
from slotterm.session.errors import SaveFormatError
from slotterm.session.game_session import GameSession, RoundTimes
from slotterm.session.stats import TOP_WINS, BigWin, StatsLedger

MAX_CENTS = 10**15
"""No amount in a save may exceed this (ten trillion units): a sanity bound."""

MT_WORDS = 625
"""Length of the Mersenne Twister state: 624 words and the position."""

Json = dict[str, Any]


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


def encode_bet(bet: Bet) -> list[int]:
    """``[bet_per_line, lines]``."""
    return [bet.bet_per_line, bet.lines]


def encode_limits(limits: Limits) -> list[int | None]:
    """``[gamble_limit, free_spin_limit]`` (``null`` = none)."""
    return [limits.gamble_limit, limits.free_spin_limit]


def encode_spin(result: SpinResult) -> Json:
    """Stops and window; the evaluation is rebuilt on load."""
    return {"stops": list(result.stops), "window": [list(col) for col in result.window]}


def encode_action(action: Action) -> Json:
    """An action as ``{"type": ..., fields...}``."""
    match action:
        case Spin(bet=bet, autoplay=autoplay, force_feature=force, limits=limits):
            return {
                "type": "spin",
                "bet": encode_bet(bet),
                "autoplay": autoplay,
                "force_feature": force,
                "limits": encode_limits(limits),
            }
        case Guess(color=color):
            return {"type": "guess", "color": color.value}
        case TopUp(amount=amount):
            return {"type": "top_up", "amount": amount}
    return {"type": _SIMPLE_NAMES[type(action)]}


_SIMPLE_ACTIONS: dict[str, Action] = {
    "start_feature": StartFeature(),
    "play_free_spin": PlayFreeSpin(),
    "collect": Collect(),
    "start_gamble": StartGamble(),
}
_SIMPLE_NAMES = {type(a): name for name, a in _SIMPLE_ACTIONS.items()}


def encode_round(round_: Round) -> Json:
    """A round with every step, as a JSON-ready dict."""
    return {
        "number": round_.number,
        "bet": encode_bet(round_.bet),
        "limits": encode_limits(round_.limits),
        "autoplay": round_.autoplay,
        "credits_before": round_.credits_before,
        "base": encode_spin(round_.base),
        "base_win": round_.base_win,
        "special": round_.special,
        "free_spins_awarded": round_.free_spins_awarded,
        "free_spins": [
            {
                "number": fs.number,
                "awarded_so_far": fs.awarded_so_far,
                "spin": encode_spin(fs.result),
                "win": fs.win,
                "feature_total": fs.feature_total,
            }
            for fs in round_.free_spins
        ],
        "feature_win": round_.feature_win,
        "win": round_.win,
        "ended_by": None if round_.ended_by is None else round_.ended_by.value,
        "gamble": [[g.card, g.guess.value, g.stake, g.won, g.result] for g in round_.gamble],
        "gamble_closed": round_.gamble_closed,
        "steps": [[encode_action(s.action), list(s.draws)] for s in round_.steps],
        "paid": round_.paid,
    }


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


def _need(d: Mapping[str, Any], key: str, where: str) -> Any:
    if key not in d:
        raise SaveFormatError(f"{where}.{key} is missing")
    return d[key]


def _dict(value: Any, where: str) -> Mapping[str, Any]:
    if not isinstance(value, dict):
        raise SaveFormatError(f"{where} must be an object")
    return value


def _list(value: Any, where: str, length: int | None = None) -> list[Any]:
    if not isinstance(value, list):
        raise SaveFormatError(f"{where} must be a list")
    if length is not None and len(value) != length:
        raise SaveFormatError(f"{where} must hold {length} items")
    return value


def _int(value: Any, where: str, low: int = 0, high: int = MAX_CENTS) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise SaveFormatError(f"{where} must be a whole number")
    if not low <= value <= high:
        raise SaveFormatError(f"{where} must be {low}..{high}, got {value}")
    return value


def _ints(
    value: Any, where: str, low: int = 0, high: int = MAX_CENTS, length: int | None = None
) -> tuple[int, ...]:
    items = _list(value, where, length)
    if not set(map(type, items)) <= {int}:
        raise SaveFormatError(f"{where} must hold whole numbers")
    if items and (min(items) < low or max(items) > high):
        raise SaveFormatError(f"{where} must hold numbers {low}..{high}")
    return tuple(items)


def _opt_int(value: Any, where: str) -> int | None:
    return None if value is None else _int(value, where)


def _bool(value: Any, where: str) -> bool:
    if not isinstance(value, bool):
        raise SaveFormatError(f"{where} must be true or false")
    return value


def _str(value: Any, where: str) -> str:
    if not isinstance(value, str):
        raise SaveFormatError(f"{where} must be text")
    return value


def _time(value: Any, where: str) -> datetime:
    try:
        moment = datetime.fromisoformat(_str(value, where))
    except ValueError:
        raise SaveFormatError(f"{where} is not a date and time") from None
    if moment.tzinfo is None:
        raise SaveFormatError(f"{where} has no time zone")
    return moment


def _opt_time(value: Any, where: str) -> datetime | None:
    return None if value is None else _time(value, where)


def _check(condition: bool, message: str) -> None:
    if not condition:
        raise SaveFormatError(message)


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


def decode_bet(value: Any, game: GameDefinition, where: str) -> Bet:
    """``[bet_per_line, lines]`` with lines in the game's range."""
    pair = _list(value, where, 2)
    return Bet(_int(pair[0], f"{where}[0]", 1), _int(pair[1], f"{where}[1]", 1, len(game.lines)))


def decode_limits(value: Any, where: str) -> Limits:
    """``[gamble_limit, free_spin_limit]``."""
    pair = _list(value, where, 2)
    return Limits(_opt_int(pair[0], f"{where}[0]"), _opt_int(pair[1], f"{where}[1]"))


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


def decode_spin(
    value: Any, game: GameDefinition, bet: Bet, special: str | None, where: str
) -> SpinResult:
    """Stops and window; the evaluation is recomputed from the window."""
    doc = _dict(value, where)
    stops = _ints(_need(doc, "stops", where), f"{where}.stops", 0, 10**6, game.reels)
    columns = _list(_need(doc, "window", where), f"{where}.window", game.reels)
    for column in columns:
        _list(column, f"{where}.window[]", game.rows)
        _check(all(type(s) is str for s in column), f"{where}.window must hold symbol ids")
    window: Window = tuple(tuple(column) for column in columns)
    try:
        evaluation = _evaluate(game, window, bet.lines, bet.bet_per_line, special)
    except GridError as exc:
        raise SaveFormatError(f"{where}.window: {exc}") from None
    return SpinResult(stops, window, evaluation)


def clear_caches() -> None:
    """Forget memoised evaluations (benchmarks use it to time a cold load)."""
    _evaluate.cache_clear()


@lru_cache(maxsize=4096)
def _evaluate(
    game: GameDefinition, window: Window, lines: int, bet_per_line: int, special: str | None
) -> Evaluation:
    """Check and evaluate a stored window (memoised: the two copies share most windows)."""
    check_window(game, window)
    return evaluate(
        game, window, lines, bet_per_line, special=special, free_spin=special is not None
    )


def decode_round(value: Any, game: GameDefinition, where: str, *, closed: bool = False) -> Round:
    """A round with every step; its wins are checked against the re-evaluated windows."""
    doc = _dict(value, where)

    def need(key: str) -> Any:
        return _need(doc, key, where)

    bet = decode_bet(need("bet"), game, f"{where}.bet")
    cap = game.max_win(bet.total)
    special_raw = need("special")
    special = None if special_raw is None else _str(special_raw, f"{where}.special")
    _check(
        special is None or special in game.paying_symbols,
        f"{where}.special {special!r} is not a paying symbol",
    )
    base = decode_spin(need("base"), game, bet, None, f"{where}.base")
    base_win = _int(need("base_win"), f"{where}.base_win")
    _check(base_win == min(base.evaluation.total_win, cap), f"{where}.base_win does not match")
    ended_raw = need("ended_by")
    try:
        ended_by = None if ended_raw is None else EndReason(_str(ended_raw, f"{where}.ended_by"))
    except ValueError:
        raise SaveFormatError(f"{where}.ended_by is not a reason") from None
    base_capped = base.evaluation.total_win >= cap
    awarded = 0 if base_capped else base.evaluation.free_spins_awarded
    free_spins, awarded, feature_total = _decode_free_spins(
        need("free_spins"), game, bet, special, awarded, where
    )
    _check(not free_spins or special is not None, f"{where}: free spins need a special symbol")
    _check(
        _int(need("free_spins_awarded"), f"{where}.free_spins_awarded") == awarded,
        f"{where}.free_spins_awarded does not match the spins",
    )
    _check(len(free_spins) <= awarded, f"{where}: more free spins played than awarded")
    feature_win = _int(need("feature_win"), f"{where}.feature_win")
    _check(feature_win == feature_total, f"{where}.feature_win does not match the free spins")
    _check(base_win + feature_win <= cap, f"{where}: the round pays more than the cap")
    gamble = _decode_gamble(need("gamble"), base_win + feature_win, where)
    expected = gamble[-1].result if gamble else base_win + feature_win
    win = _int(need("win"), f"{where}.win")
    paid = _int(need("paid"), f"{where}.paid")
    _check(win == expected, f"{where}.win does not match the round")
    if closed:
        _check(paid == win, f"{where}.paid does not match the win")
    else:
        _check(paid == 0, f"{where}.paid must be 0 while the round is open")
    steps = tuple(
        _decode_step(s, game, f"{where}.steps[{i}]")
        for i, s in enumerate(_list(need("steps"), f"{where}.steps"))
    )
    limits = decode_limits(need("limits"), f"{where}.limits")
    autoplay = _bool(need("autoplay"), f"{where}.autoplay")
    _check(bool(steps), f"{where}.steps is empty")
    first = steps[0].action
    _check(
        isinstance(first, Spin)
        and first.bet == bet
        and first.limits == limits
        and first.autoplay == autoplay,
        f"{where}.steps[0] must be the spin that opened the round",
    )
    return Round(
        number=_int(need("number"), f"{where}.number", 1),
        bet=bet,
        limits=limits,
        autoplay=autoplay,
        credits_before=_int(need("credits_before"), f"{where}.credits_before"),
        base=base,
        base_win=base_win,
        special=special,
        free_spins_awarded=awarded,
        free_spins=free_spins,
        feature_win=feature_win,
        win=win,
        ended_by=ended_by,
        gamble=gamble,
        gamble_closed=_bool(need("gamble_closed"), f"{where}.gamble_closed"),
        steps=steps,
        paid=paid,
    )


def _decode_free_spins(
    value: Any, game: GameDefinition, bet: Bet, special: str | None, awarded: int, where: str
) -> tuple[tuple[FreeSpin, ...], int, int]:
    spins: list[FreeSpin] = []
    total = 0
    for i, raw in enumerate(_list(value, f"{where}.free_spins")):
        at = f"{where}.free_spins[{i}]"
        doc = _dict(raw, at)
        _check(_int(_need(doc, "number", at), f"{at}.number") == i + 1, f"{at}.number is wrong")
        result = decode_spin(_need(doc, "spin", at), game, bet, special, f"{at}.spin")
        so_far = _int(_need(doc, "awarded_so_far", at), f"{at}.awarded_so_far", 1)
        _check(
            so_far - awarded in (0, result.evaluation.free_spins_awarded),
            f"{at}.awarded_so_far does not match the spin",
        )
        win = _int(_need(doc, "win", at), f"{at}.win")
        _check(win <= result.evaluation.total_win, f"{at}.win is more than the spin pays")
        feature_total = _int(_need(doc, "feature_total", at), f"{at}.feature_total")
        _check(feature_total == total + win, f"{at}.feature_total does not add up")
        spins.append(FreeSpin(i + 1, so_far, result, win, feature_total))
        awarded, total = so_far, feature_total
    return tuple(spins), awarded, total


def _decode_gamble(value: Any, stake: int, where: str) -> tuple[GambleStep, ...]:
    steps: list[GambleStep] = []
    for i, raw in enumerate(_list(value, f"{where}.gamble")):
        at = f"{where}.gamble[{i}]"
        card_raw, guess_raw, stake_raw, won_raw, result_raw = _list(raw, at, 5)
        card = _int(card_raw, f"{at}[0]", 0, CARD_COUNT - 1)
        guess = _color(guess_raw, f"{at}[1]")
        won = _bool(won_raw, f"{at}[3]")
        _check(_int(stake_raw, f"{at}[2]") == stake, f"{at}: the stake does not follow on")
        _check(won == (card_color(card) is guess), f"{at}: the outcome does not match the card")
        result = _int(result_raw, f"{at}[4]")
        _check(result == (stake * 2 if won else 0), f"{at}: the result does not match")
        _check(stake > 0, f"{at}: nothing was at stake")
        steps.append(GambleStep(card, guess, stake, won, result))
        stake = result
    return tuple(steps)


def _color(value: Any, where: str) -> Color:
    try:
        return Color(_str(value, where))
    except ValueError:
        raise SaveFormatError(f"{where} must be red or black") from None


def _decode_step(value: Any, game: GameDefinition, where: str) -> Step:
    action_raw, draws_raw = _list(value, where, 2)
    draws = _ints(draws_raw, f"{where}.draws", 0, 10**9)
    return Step(decode_action(action_raw, game, f"{where}.action"), draws)


def decode_action(value: Any, game: GameDefinition, where: str) -> Action:
    """An action from ``{"type": ..., fields...}``."""
    doc = _dict(value, where)
    kind = _str(_need(doc, "type", where), f"{where}.type")
    if kind in _SIMPLE_ACTIONS:
        return _SIMPLE_ACTIONS[kind]
    if kind == "spin":
        return Spin(
            bet=decode_bet(_need(doc, "bet", where), game, f"{where}.bet"),
            autoplay=_bool(_need(doc, "autoplay", where), f"{where}.autoplay"),
            force_feature=_bool(_need(doc, "force_feature", where), f"{where}.force_feature"),
            limits=decode_limits(_need(doc, "limits", where), f"{where}.limits"),
        )
    if kind == "guess":
        return Guess(_color(_need(doc, "color", where), f"{where}.color"))
    if kind == "top_up":
        return TopUp(_int(_need(doc, "amount", where), f"{where}.amount", 1))
    raise SaveFormatError(f"{where}.type {kind!r} is not an action")


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
