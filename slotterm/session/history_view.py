"""The saved history as plain data for ``slotterm history --json`` (money as "1.50" text).

A round's features come from its frames: ``"features"`` lists every frame generically
(``feature``, ``done``; with the game given also the feature's own ``phase`` and its
``win``), and each feature's report (:mod:`slotterm.session.feature_reports`, found by the
feature's name) adds its own keys: to the round (free spins: today's ``"special"``,
``"free_spins_awarded"`` and ``"free_spins"``, each spin with its ``expanding_wins``; a
round without free spins shows ``null``, ``0`` and ``[]``) and to the feature's entry (a
pick game: ``"pick_game"``, :mod:`slotterm.session.pick_view`: every pick and what every
item held, hidden items kept hidden while the game is under way); with the game given, a
round adds the parts of its bet only its bet model has
(:meth:`~slotterm.engine.bet_model.BetModel.bet_json`: in coins, ``coin_size`` and
``coins_per_line``).
"""

from __future__ import annotations

from typing import Any

from slotterm.engine.actions import Spin
from slotterm.engine.gamble import card_label
from slotterm.engine.model import GameDefinition
from slotterm.engine.records import FeatureFrame, Round
from slotterm.money import format_cents
from slotterm.session.feature_reports import REPORTS, report_for
from slotterm.session.game_session import RoundTimes
from slotterm.session.history_spin import spin_view

View = dict[str, Any]


def money(cents: int) -> str:
    """Cents as plain decimal text, ``"1234.50"``."""
    return format_cents(cents, grouping=False)


def round_view(
    round_: Round,
    times: RoundTimes | None,
    *,
    closed: bool,
    game: GameDefinition | None = None,
    forced_steps: tuple[int, ...] = (),
) -> View:
    """One round with every step: windows, wins, features, gamble cards, credits.

    ``game`` (the round's game) adds each feature's ``phase`` and ``win`` to its entry
    in ``"features"``, and the bet's own parts (in coins: ``coin_size``, ``coins_per_line``).
    ``forced_steps`` are the round's steps that took a tester's forced stops: with a
    feature forced by ``--force``, they make ``"forced"`` true (a tester's round, not a
    fair one); ``"forced_stops"`` lists them.
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
        **_feature_keys(round_, game),
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
        "forced": bool(forced_steps) or is_forced_feature(round_),
        "forced_stops": list(forced_steps),
    }


def is_forced_feature(round_: Round) -> bool:
    """True when the round's spin was forced to start a feature (``--force``)."""
    first = round_.steps[0].action if round_.steps else None
    return isinstance(first, Spin) and first.force is not None


def _feature_keys(round_: Round, game: GameDefinition | None) -> View:
    """The keys every feature's report adds to every round."""
    keys: View = {}
    for report in REPORTS.values():
        keys.update(report.round_keys(round_, game))
    return keys


def frame_view(frame: FeatureFrame, game: GameDefinition | None = None, total_bet: int = 0) -> View:
    """One feature of the round: its name, whether it is done (and its phase and win).

    With the game, the feature's report adds its keys (a pick game's ``"pick_game"``:
    every pick and what every item held; ``total_bet`` is the round's).
    """
    view: View = {"feature": frame.feature, "done": frame.done}
    if game is not None and game.has_feature(frame.feature):
        feature = game.feature(frame.feature)
        view["phase"] = feature.phase(frame.record)
        view["win"] = money(feature.pay(frame.record))
        view.update(report_for(frame.feature).entry_keys(feature, frame, total_bet))
    return view
