"""The saved history as plain data for ``slotterm history --json`` (money as "1.50" text).

A round's features come from its frames: ``"features"`` lists every frame generically
(``feature``, ``done``; with the game given also the feature's own ``phase`` and its
``win``), and a feature this view knows adds its own keys.  For free spins those are
today's: ``"special"`` (the Magic Book's symbol, from the expanding-symbol modifier),
``"free_spins_awarded"`` and ``"free_spins"`` (each spin with its ``expanding_wins``);
a round without free spins shows ``null``, ``0`` and ``[]``.  A pick game's entry adds
``"pick_game"`` (:mod:`slotterm.session.pick_view`: every pick and what every item held,
hidden items kept hidden while the game is under way); with the game given, a round adds
the parts of its bet only its bet model has
(:meth:`~slotterm.engine.bet_model.BetModel.bet_json`: in coins, ``coin_size`` and
``coins_per_line``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from slotterm.engine.features import free_spins
from slotterm.engine.features.expanding_symbol import Expansion
from slotterm.engine.features.pick_game import PickGame
from slotterm.engine.gamble import card_label
from slotterm.engine.model import GameDefinition
from slotterm.engine.outcome import LineWin, Window
from slotterm.engine.records import FeatureFrame, Round, SpinResult
from slotterm.money import format_cents
from slotterm.session.game_session import RoundTimes
from slotterm.session.pick_view import pick_view

View = dict[str, Any]


def money(cents: int) -> str:
    """Cents as plain decimal text, ``"1234.50"``."""
    return format_cents(cents, grouping=False)


def rows_top_first(window: Window) -> list[list[str]]:
    """``window[reel][row]`` turned into rows, top row first (as ``slotterm eval`` reads)."""
    return [list(row) for row in zip(*window, strict=True)]


def round_view(
    round_: Round, times: RoundTimes | None, *, closed: bool, game: GameDefinition | None = None
) -> View:
    """One round with every step: windows, wins, features, gamble cards, credits.

    ``game`` (the round's game) adds each feature's ``phase`` and ``win`` to its entry
    in ``"features"``, and the bet's own parts (in coins: ``coin_size``, ``coins_per_line``).
    """
    credits_after = round_.credits_before - round_.bet.total + round_.paid if closed else None
    return {
        "round": round_.number,
        "started_at": None if times is None else times.started_at.isoformat(),
        "closed_at": None
        if times is None or times.closed_at is None
        else times.closed_at.isoformat(),
        "bet_per_line": money(round_.bet.bet_per_line),
        **({} if game is None else game.bet_model.bet_json(round_.bet)),
        "lines": round_.bet.lines,
        "total_bet": money(round_.bet.total),
        "autoplay": round_.autoplay,
        "credits_before": money(round_.credits_before),
        "credits_after": None if credits_after is None else money(credits_after),
        "base": spin_view(round_.base, round_.base_win),
        "features": [frame_view(frame, game, round_.bet.total) for frame in round_.frames],
        **_feature_keys(round_),
        "feature_win": money(round_.feature_win),
        "round_win": money(round_.round_win),
        "ended_by": None if round_.ended_by is None else round_.ended_by.value,
        "gamble": [
            {
                "card": card_label(g.card),
                "guess": g.guess.value,
                "stake": money(g.stake),
                "won": g.won,
                "result": money(g.result),
            }
            for g in round_.gamble
        ],
        "paid": money(round_.paid) if closed else None,
        "open": not closed,
    }


def _feature_keys(round_: Round) -> View:
    keys: View = {}
    for view in FEATURE_VIEWS.values():
        keys.update(view(round_))
    return keys


def frame_view(frame: FeatureFrame, game: GameDefinition | None = None, total_bet: int = 0) -> View:
    """One feature of the round: its name, whether it is done (and its phase and win).

    With the game, a pick game's entry adds ``"pick_game"``: every pick and what every
    item held (:func:`slotterm.session.pick_view.pick_view`; ``total_bet`` is the round's).
    """
    view: View = {"feature": frame.feature, "done": frame.done}
    if game is not None and game.has_feature(frame.feature):
        feature = game.feature(frame.feature)
        view["phase"] = feature.phase(frame.record)
        view["win"] = money(feature.pay(frame.record))
        if isinstance(feature, PickGame):
            view["pick_game"] = pick_view(feature, frame, total_bet)
    return view


def free_spins_view(round_: Round) -> View:
    """``special``, ``free_spins_awarded`` and ``free_spins`` from the free-spins frame."""
    record = free_spins.record_of(round_)
    if record is None:
        return {"special": None, "free_spins_awarded": 0, "free_spins": []}
    special = record.modifier if isinstance(record.modifier, str) else None
    return {
        "special": special,
        "free_spins_awarded": record.awarded,
        "free_spins": [
            {
                "number": fs.number,
                **spin_view(fs.result, fs.win, fs.extra),
                "feature_total": money(fs.feature_total),
            }
            for fs in record.spins
        ],
    }


def spin_view(result: SpinResult, win: int, extra: object = None) -> View:
    """A spin: stops, rows, line and scatter wins, what an expansion paid, its win."""
    ev = result.evaluation
    expanding = extra.wins if isinstance(extra, Expansion) else ()
    return {
        "stops": list(result.stops),
        "rows": rows_top_first(result.window),
        "line_wins": [_line_win(w) for w in ev.line_wins],
        "scatter_win": None if ev.scatter_win is None else money(ev.scatter_win.win),
        "expanding_wins": [_line_win(w) for w in expanding],
        "win": money(win),
    }


def _line_win(w: LineWin) -> View:
    return {"line": w.line, "symbol": w.symbol, "count": w.count, "win": money(w.win)}


FEATURE_VIEWS: dict[str, Callable[[Round], View]] = {free_spins.NAME: free_spins_view}
"""The features this view adds keys for, by name (the round view merges each one's keys)."""
