"""The saved history as plain data for ``slotterm history --json`` (money as "1.50" text)."""

from __future__ import annotations

from typing import Any

from slotterm.engine.evaluate import Window
from slotterm.engine.gamble import card_label
from slotterm.engine.round import Round, SpinResult
from slotterm.money import format_cents
from slotterm.session.game_session import RoundTimes


def money(cents: int) -> str:
    """Cents as plain decimal text, ``"1234.50"``."""
    return format_cents(cents, grouping=False)


def rows_top_first(window: Window) -> list[list[str]]:
    """``window[reel][row]`` turned into rows, top row first (as ``slotterm eval`` reads)."""
    return [list(row) for row in zip(*window, strict=True)]


def round_view(round_: Round, times: RoundTimes | None, *, closed: bool) -> dict[str, Any]:
    """One round with every step: windows, wins, free spins, gamble cards, credits."""
    credits_after = round_.credits_before - round_.bet.total + round_.paid if closed else None
    return {
        "round": round_.number,
        "started_at": None if times is None else times.started_at.isoformat(),
        "closed_at": None
        if times is None or times.closed_at is None
        else times.closed_at.isoformat(),
        "bet_per_line": money(round_.bet.bet_per_line),
        "lines": round_.bet.lines,
        "total_bet": money(round_.bet.total),
        "autoplay": round_.autoplay,
        "credits_before": money(round_.credits_before),
        "credits_after": None if credits_after is None else money(credits_after),
        "base": _spin_view(round_.base, round_.base_win),
        "special": round_.special,
        "free_spins_awarded": round_.free_spins_awarded,
        "free_spins": [
            {
                "number": fs.number,
                **_spin_view(fs.result, fs.win),
                "feature_total": money(fs.feature_total),
            }
            for fs in round_.free_spins
        ],
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


def _spin_view(result: SpinResult, win: int) -> dict[str, Any]:
    ev = result.evaluation
    return {
        "stops": list(result.stops),
        "rows": rows_top_first(result.window),
        "line_wins": [
            {"line": w.line, "symbol": w.symbol, "count": w.count, "win": money(w.win)}
            for w in ev.line_wins
        ],
        "scatter_win": None if ev.scatter_win is None else money(ev.scatter_win.win),
        "expanding_wins": [
            {"line": w.line, "symbol": w.symbol, "count": w.count, "win": money(w.win)}
            for w in ev.expanding_wins
        ],
        "win": money(win),
    }
