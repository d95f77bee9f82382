"""The statistics ledger as JSON, and back, validating everything (a save is untrusted
input): what :mod:`slotterm.session.codec` writes under ``stats`` and reads back."""

from __future__ import annotations

import math
from typing import Any

from slotterm.engine.feature import Json
from slotterm.engine.fields import as_dict, as_int, as_ints, as_list, check, need
from slotterm.session.save_fields import as_bounded, as_time, iso_or_none, opt_time
from slotterm.session.stats import SERIES_LENGTH, TOP_WINS, BigWin, StatsLedger

FORCED_KEYS = ("forced_rounds", "forced_bet", "forced_won")
"""The forced rounds' part of the totals: written only when a round was forced."""


def encode_stats(ledger: StatsLedger) -> Json:
    """The statistics ledger as a JSON-ready dict."""
    return {
        "started_at": ledger.started_at.isoformat(),
        "rounds": ledger.rounds,
        "total_bet": ledger.total_bet,
        "total_won": ledger.total_won,
        "topped_up": ledger.topped_up,
        "active_seconds": ledger.active_seconds,
        "last_activity": iso_or_none(ledger.last_activity),
        "biggest": [
            [w.round_number, w.amount, w.total_bet, w.at.isoformat()] for w in ledger.biggest
        ],
        "credits_series": list(ledger.credits_series),
        **(
            {
                "forced_rounds": ledger.forced_rounds,
                "forced_bet": ledger.forced_bet,
                "forced_won": ledger.forced_won,
            }
            if ledger.forced_rounds
            else {}
        ),
    }


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
    series = as_ints(
        as_bounded(need(doc, "credits_series", where), f"{where}.credits_series", SERIES_LENGTH),
        f"{where}.credits_series",
    )
    rounds, total_bet, total_won = money("rounds"), money("total_bet"), money("total_won")
    forced = {key: money(key) if key in doc else 0 for key in FORCED_KEYS}
    for key, whole in zip(FORCED_KEYS, (rounds, total_bet, total_won), strict=True):
        check(forced[key] <= whole, f"{where}.{key} is more than the whole session's")
    return StatsLedger(
        started_at=as_time(need(doc, "started_at", where), f"{where}.started_at"),
        rounds=rounds,
        total_bet=total_bet,
        total_won=total_won,
        topped_up=money("topped_up"),
        active_seconds=float(seconds),
        last_activity=opt_time(need(doc, "last_activity", where), f"{where}.last_activity"),
        biggest=tuple(biggest),
        credits_series=series,
        **forced,
    )
