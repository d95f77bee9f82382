"""Bet key arithmetic: steps held at the ends, lines wrapping, Bet Max."""

from __future__ import annotations

from slotterm.engine.actions import Bet
from slotterm.tui.bet_choice import max_affordable_bet, stepped_bet, stepped_lines
from tests.tui.main_support import session_for


def test_bet_steps_hold_at_both_ends() -> None:
    session = session_for(1)
    assert stepped_bet(session, -1) == Bet(2, 9)
    session.bet = Bet(200, 9)
    assert stepped_bet(session, 1) == Bet(200, 9)
    assert stepped_bet(session, -1) == Bet(100, 9)


def test_lines_wrap_both_ways() -> None:
    session = session_for(1)
    assert stepped_lines(session, 1) == Bet(2, 1)
    session.bet = Bet(2, 1)
    assert stepped_lines(session, -1) == Bet(2, 9)
    assert stepped_lines(session, 1) == Bet(2, 2)


def test_bet_max_is_the_highest_step_affordable_on_every_line() -> None:
    assert max_affordable_bet(session_for(1, credits=100_000)) == Bet(200, 9)
    assert max_affordable_bet(session_for(1, credits=899)) == Bet(50, 9)
    assert max_affordable_bet(session_for(1, credits=900)) == Bet(100, 9)
    assert max_affordable_bet(session_for(1, credits=17)) is None
