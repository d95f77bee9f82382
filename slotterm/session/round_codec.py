"""Engine records as JSON, and back: bets, limits, spins, actions, steps and whole rounds.

Every spin is stored as its reel stops *and* the window they showed; on load the
:class:`~slotterm.engine.evaluate.Evaluation` is rebuilt by evaluating the stored window
again, so re-tuning the reel strips later never changes a recorded outcome.  Recorded
wins are checked against that evaluation and gamble cards against their colours;
anything that does not add up raises :class:`~slotterm.session.errors.SaveFormatError`
naming the field.  The session-level parts live in :mod:`slotterm.session.codec`.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from slotterm.engine.evaluate import Evaluation, GridError, Window, check_window, evaluate
from slotterm.engine.gamble import CARD_COUNT, Color, card_color
from slotterm.engine.model import GameDefinition
from slotterm.engine.round import (
    Action,
    Bet,
    Collect,
    EndReason,
    FreeSpin,
    GambleStep,
    Guess,
    Limits,
    PlayFreeSpin,
    Round,
    Spin,
    SpinResult,
    StartFeature,
    StartGamble,
    Step,
    TopUp,
)
from slotterm.session.errors import SaveFormatError
from slotterm.session.save_fields import (
    Json,
    _bool,
    _check,
    _dict,
    _int,
    _ints,
    _list,
    _need,
    _opt_int,
    _str,
)

# --- encoding --------------------------------------------------------------------------------


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


# --- decoding --------------------------------------------------------------------------------


def decode_bet(value: Any, game: GameDefinition, where: str) -> Bet:
    """``[bet_per_line, lines]`` with lines in the game's range."""
    pair = _list(value, where, 2)
    return Bet(_int(pair[0], f"{where}[0]", 1), _int(pair[1], f"{where}[1]", 1, len(game.lines)))


def decode_limits(value: Any, where: str) -> Limits:
    """``[gamble_limit, free_spin_limit]``."""
    pair = _list(value, where, 2)
    return Limits(_opt_int(pair[0], f"{where}[0]"), _opt_int(pair[1], f"{where}[1]"))


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
