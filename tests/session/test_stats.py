"""Session statistics: the ledger follows the money, the summary computes the figures."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta

from slotterm.engine import policy
from slotterm.engine.actions import Spin, TopUp
from slotterm.engine.records import Phase
from slotterm.session.game_session import GameSession
from slotterm.session.stats import IDLE_GAP, new_ledger, record_activity, summarise
from tests.session.helpers import Clock

NEW_YEAR = datetime(2026, 1, 1, tzinfo=UTC)


def _play(session: GameSession, rounds: int) -> GameSession:
    """Play ``rounds`` rounds by the engine's policy (collect every win, never gamble)."""
    while session.state.rounds_played < rounds or session.phase is not Phase.IDLE:
        action = policy.next_action(session.game, session.state)
        session.act(Spin(bet=session.bet) if action is None else action)
    return session


def test_summary_matches_the_history(demo: Callable[..., GameSession]) -> None:
    session = _play(demo(7, clock=Clock(NEW_YEAR, timedelta(seconds=3))), 60)
    stats = session.statistics()
    history = list(session.history)
    assert stats.rounds_played == 60 == len(history)
    assert stats.total_bet == sum(r.bet.total for r in history)
    assert stats.total_won == sum(r.paid for r in history)
    assert stats.net == stats.total_won - stats.total_bet
    assert session.state.credits == 100_000 + stats.net
    assert stats.observed_rtp == stats.total_won / stats.total_bet
    paid = sorted((r.paid for r in history if r.paid), reverse=True)[:3]
    assert [w.amount for w in stats.biggest_wins] == paid
    assert stats.credits_series[0] == 100_000
    assert stats.credits_series[-1] == session.state.credits
    assert len(stats.credits_series) == 61
    assert stats.rounds_per_hour is not None
    hours = stats.time_played.total_seconds() / 3600
    assert abs(stats.rounds_per_hour - 60 / hours) < 1e-9


def test_time_played_caps_long_pauses() -> None:
    start = NEW_YEAR
    ledger = new_ledger(start, 100)
    ledger = record_activity(ledger, start)
    ledger = record_activity(ledger, start + timedelta(seconds=30))
    ledger = record_activity(ledger, start + timedelta(days=3))
    played = summarise(ledger, 0.9613).time_played
    assert played == timedelta(seconds=30) + IDLE_GAP


def test_top_up_counts_in_series_not_in_rtp(demo: Callable[..., GameSession]) -> None:
    session = demo(1, credits=500)
    session.act(TopUp(amount=1_000))
    stats = session.statistics()
    assert stats.credits_series == (500, 1_500)
    assert stats.observed_rtp is None
    assert stats.rounds_per_hour is None
    assert session.ledger.topped_up == 1_000
