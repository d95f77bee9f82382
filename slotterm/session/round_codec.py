"""Whole rounds as JSON, and back (format 3): the base spin, the feature frames, the gamble.

A round is stored as::

    {"number", "bet": [per line, lines], "limits": [gamble, free spin], "autoplay",
     "credits_before", "base": {"stops", "window"}, "base_win",
     "frames": [{"feature": name, "done": bool, "record": {...}}, ...],
     "feature_win", "win", "ended_by": null | "cap" | "limit",
     "gamble": [[card, guess, stake, won, result], ...], "gamble_closed",
     "steps": [[action, draws], ...], "paid"}

The base spin goes through :mod:`slotterm.engine.spin_codec` (its window is evaluated
again on load; the stored stops are only a record).  Each frame's ``record`` is encoded
and decoded by the game's own feature (:meth:`~slotterm.engine.feature.Feature.decode`
validates everything inside it: a free spin's window, its win, the running totals).
This module checks what only the round can: the base win against the capped evaluation,
the frames the base spin started, each frame's ``done`` flag, the feature win against the
frames' pays, the cap, the gamble chain and the first step.  Readers raise
:class:`~slotterm.engine.fields.RecordError` naming the field.
"""

from __future__ import annotations

from typing import Any

from slotterm.engine.actions import Bet, Limits, Spin
from slotterm.engine.feature import Feature, FeatureContext, Json
from slotterm.engine.features import free_spins_records
from slotterm.engine.fields import (
    RecordError,
    as_bool,
    as_dict,
    as_int,
    as_list,
    as_str,
    check,
    need,
)
from slotterm.engine.gamble import CARD_COUNT, card_color
from slotterm.engine.model import GameDefinition
from slotterm.engine.records import EndReason, FeatureFrame, GambleStep, Round, SpinResult
from slotterm.engine.round import feature_context
from slotterm.engine.spin_codec import decode_spin, encode_spin
from slotterm.session.action_codec import (
    MAX_DRAWS,
    color_of,
    decode_bet,
    decode_limits,
    decode_step,
    encode_bet,
    encode_limits,
    encode_step,
)
from slotterm.session.save_fields import as_bounded, shown

MAX_STEPS = 5_000
"""The most steps a round holds (each free spin is one; far beyond any capped feature)."""
MAX_FEATURE_ITEMS = 4_000
"""The most items any list in a feature's record holds (free spins, picks)."""
MAX_FRAMES = 2 * MAX_STEPS
"""The most feature frames a round holds: every frame after the base spin's is started by a
step (a Mystery bonus by the free spin that drew it, its pick game by opening it), so a
round of at most :data:`MAX_STEPS` steps never holds more than about twice as many."""
MAX_GAMBLE = 64
"""The most gamble steps a round holds (a doubled stake passes any limit long before)."""


def round_bounds(round_: Round) -> str | None:
    """What in ``round_`` is beyond the reader's bounds (the writer checks it), or None."""
    if len(round_.steps) > MAX_STEPS:
        return f"round {round_.number} has {len(round_.steps)} steps (at most {MAX_STEPS})"
    if len(round_.gamble) > MAX_GAMBLE:
        return f"round {round_.number} has {len(round_.gamble)} gamble steps"
    if len(round_.frames) > MAX_FRAMES:
        return f"round {round_.number} has {len(round_.frames)} features"
    if any(len(step.draws) > MAX_DRAWS for step in round_.steps):
        return f"round {round_.number} has a step of more than {MAX_DRAWS} draws"
    record = free_spins_records.record_of(round_)
    if record is not None and len(record.spins) > MAX_FEATURE_ITEMS:
        return f"round {round_.number} has {len(record.spins)} free spins"
    return None


# --- encoding --------------------------------------------------------------------------------


def encode_frame(frame: FeatureFrame, game: GameDefinition) -> Json:
    """``{"feature", "done", "record"}``, the record encoded by its feature."""
    feature = game.feature(frame.feature)
    return {"feature": frame.feature, "done": frame.done, "record": feature.encode(frame.record)}


def encode_round(round_: Round, game: GameDefinition) -> Json:
    """A round with every step, as a JSON-ready dict."""
    return {
        "number": round_.number,
        "bet": encode_bet(round_.bet),
        "limits": encode_limits(round_.limits),
        "autoplay": round_.autoplay,
        "credits_before": round_.credits_before,
        "base": encode_spin(round_.base),
        "base_win": round_.base_win,
        "frames": [encode_frame(frame, game) for frame in round_.frames],
        "feature_win": round_.feature_win,
        "win": round_.win,
        "ended_by": None if round_.ended_by is None else round_.ended_by.value,
        "gamble": [[g.card, g.guess.value, g.stake, g.won, g.result] for g in round_.gamble],
        "gamble_closed": round_.gamble_closed,
        "steps": [encode_step(step, game) for step in round_.steps],
        "paid": round_.paid,
    }


# --- decoding --------------------------------------------------------------------------------


def decode_round(value: Any, game: GameDefinition, where: str, *, closed: bool = False) -> Round:
    """A round with every step; its wins are checked against the re-evaluated windows."""
    doc = as_dict(value, where)

    def field(key: str) -> Any:
        return need(doc, key, where)

    bet = decode_bet(field("bet"), game, f"{where}.bet")
    limits = decode_limits(field("limits"), f"{where}.limits")
    autoplay = as_bool(field("autoplay"), f"{where}.autoplay")
    cap = game.max_win(bet.total, limits)
    base = decode_spin(field("base"), game, bet.lines, bet.bet_per_line, f"{where}.base")
    base_win = as_int(field("base_win"), f"{where}.base_win")
    check(base_win == min(base.evaluation.total_win, cap), f"{where}.base_win does not match")
    ended_by = _end_reason(field("ended_by"), f"{where}.ended_by")
    opening = Round(
        number=as_int(field("number"), f"{where}.number", 1),
        bet=bet,
        limits=limits,
        autoplay=autoplay,
        credits_before=as_int(field("credits_before"), f"{where}.credits_before"),
        base=base,
        base_win=base_win,
        frames=(),
        feature_win=0,
        win=base_win,
        ended_by=None,
        gamble=(),
        gamble_closed=False,
        steps=(),
    )
    ctx = feature_context(game, opening)
    frames = _decode_frames(field("frames"), game, ctx, base, ended_by, f"{where}.frames")
    feature_win = as_int(field("feature_win"), f"{where}.feature_win")
    pays = sum(game.feature(f.feature).pay(f.record) for f in frames)
    check(feature_win == pays, f"{where}.feature_win does not match the features' pays")
    round_win = base_win + feature_win
    check(round_win <= cap, f"{where}: the round pays more than the cap")
    check(
        ended_by is not EndReason.CAP or round_win == cap,
        f"{where}.ended_by: the round did not reach the cap",
    )
    check(
        ended_by is not EndReason.LIMIT or (bool(frames) and feature_win == limits.free_spin_limit),
        f"{where}.ended_by: no feature reached a limit",
    )
    active = any(not f.done for f in frames)
    gamble = _decode_gamble(field("gamble"), round_win, f"{where}.gamble")
    check(not (gamble and active), f"{where}.gamble: a feature is still under way")
    expected = gamble[-1].result if gamble else round_win
    win = as_int(field("win"), f"{where}.win")
    paid = as_int(field("paid"), f"{where}.paid")
    check(win == expected, f"{where}.win does not match the round")
    if closed:
        check(not active, f"{where}: a closed round has a feature under way")
        check(paid == win, f"{where}.paid does not match the win")
    else:
        check(paid == 0, f"{where}.paid must be 0 while the round is open")
    steps = tuple(
        decode_step(s, game, f"{where}.steps[{i}]")
        for i, s in enumerate(as_bounded(field("steps"), f"{where}.steps", MAX_STEPS))
    )
    check(bool(steps), f"{where}.steps is empty")
    _check_opening_spin(steps[0].action, bet, limits, autoplay, f"{where}.steps[0]")
    return Round(
        number=opening.number,
        bet=bet,
        limits=limits,
        autoplay=autoplay,
        credits_before=opening.credits_before,
        base=base,
        base_win=base_win,
        frames=frames,
        feature_win=feature_win,
        win=win,
        ended_by=ended_by,
        gamble=gamble,
        gamble_closed=as_bool(field("gamble_closed"), f"{where}.gamble_closed"),
        steps=steps,
        paid=paid,
    )


def _end_reason(value: Any, where: str) -> EndReason | None:
    if value is None:
        return None
    try:
        return EndReason(as_str(value, where))
    except ValueError:
        raise RecordError(f"{where} is not a reason") from None


def _check_opening_spin(action: object, bet: Bet, limits: Limits, autoplay: bool, at: str) -> None:
    check(
        isinstance(action, Spin)
        and action.bet == bet
        and action.limits == limits
        and action.autoplay == autoplay,
        f"{at} must be the spin that opened the round",
    )


def _decode_frames(
    value: Any,
    game: GameDefinition,
    ctx: FeatureContext,
    base: SpinResult,
    ended_by: EndReason | None,
    where: str,
) -> tuple[FeatureFrame, ...]:
    """The frames, each record decoded (and validated) by the game's own feature."""
    frames: list[FeatureFrame] = []
    for i, raw in enumerate(as_bounded(value, where, MAX_FRAMES)):
        at = f"{where}[{i}]"
        doc = as_dict(raw, at)
        name = as_str(need(doc, "feature", at), f"{at}.feature")
        check(game.has_feature(name), f"{at}.feature {shown(name)} is not a feature of {game.id}")
        feature = game.feature(name)
        raw_record = need(doc, "record", at)
        if isinstance(raw_record, dict):  # bounded before the feature reads (and replays) it
            for key, item in raw_record.items():
                if isinstance(item, list):
                    as_bounded(item, f"{at}.record.{as_str(key, at)[:20]}", MAX_FEATURE_ITEMS)
        record = feature.decode(ctx, raw_record, f"{at}.record")
        done = as_bool(need(doc, "done", at), f"{at}.done")
        if ended_by in (EndReason.CAP, EndReason.LIMIT):  # either ends every feature
            check(done, f"{at}.done: the round reached the {ended_by.value}")
        else:
            check(done == feature.finished(record), f"{at}.done does not match the feature")
        frames.append(FeatureFrame(feature=name, record=record, done=done))
    names = [f.feature for f in frames]
    check(names.count(free_spins_records.NAME) <= 1, f"{where}: more than one free spins feature")
    _check_parts(game, frames, where)
    started = _started_by(game, ctx, base)
    check(
        names[: len(started)] == [f.name for f in reversed(started)],
        f"{where} do not match the features the spin started",
    )
    for i in range(len(started), len(names)):  # started inside another feature's spin
        check(
            any(name != names[i] for name in names[:i]),
            f"{where}[{i}]: nothing started the {names[i].replace('_', ' ')} feature",
        )
    return tuple(frames)


def _check_parts(game: GameDefinition, frames: list[FeatureFrame], where: str) -> None:
    """Each part (a pick game) sits right after the host (the Mystery bonus) that drew it,
    and only there.

    An opened host's record names the part it drew (``Feature.started_part``): the next
    frame is that part; a host not yet opened is the last frame (it is on top); a part's
    frame is only ever pushed by the host before it.
    """
    hosts = {f.name: f for f in game.all_features if f.parts()}
    parts = {p.name for f in hosts.values() for p in f.parts()}
    for i, frame in enumerate(frames):
        at = f"{where}[{i}]"
        if frame.feature in hosts:
            drawn = hosts[frame.feature].started_part(frame.record)
            after = frames[i + 1].feature if i + 1 < len(frames) else None
            if drawn is None:
                check(after is None, f"{at}: a bonus not yet opened is followed by a feature")
            else:
                check(after == drawn, f"{at}: the pick game drawn ({shown(drawn)}) does not follow")
        elif frame.feature in parts:
            before = frames[i - 1] if i > 0 else None
            check(
                before is not None
                and before.feature in hosts
                and hosts[before.feature].started_part(before.record) == frame.feature,
                f"{at}: no Mystery bonus drew the {frame.feature.replace('_', ' ')} game",
            )


def _started_by(game: GameDefinition, ctx: FeatureContext, base: SpinResult) -> list[Feature]:
    """The features the base spin starts, in the game's order (none on a capped spin)."""
    if base.evaluation.total_win >= game.max_win(ctx.bet.total, ctx.limits):
        return []
    return [feature for feature in game.features if feature.trigger(ctx, base) is not None]


def _decode_gamble(value: Any, stake: int, where: str) -> tuple[GambleStep, ...]:
    steps: list[GambleStep] = []
    for i, raw in enumerate(as_bounded(value, where, MAX_GAMBLE)):
        at = f"{where}[{i}]"
        card_raw, guess_raw, stake_raw, won_raw, result_raw = as_list(raw, at, 5)
        card = as_int(card_raw, f"{at}[0]", 0, CARD_COUNT - 1)
        guess = color_of(guess_raw, f"{at}[1]")
        won = as_bool(won_raw, f"{at}[3]")
        check(as_int(stake_raw, f"{at}[2]") == stake, f"{at}: the stake does not follow on")
        check(won == (card_color(card) is guess), f"{at}: the outcome does not match the card")
        result = as_int(result_raw, f"{at}[4]")
        check(result == (stake * 2 if won else 0), f"{at}: the result does not match")
        check(stake > 0, f"{at}: nothing was at stake")
        steps.append(GambleStep(card=card, guess=guess, stake=stake, won=won, result=result))
        stake = result
    return tuple(steps)
