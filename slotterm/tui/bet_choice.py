"""The bet keys' arithmetic: next bet step, next line count, Bet Max (pure functions)."""

from __future__ import annotations

from slotterm.engine.actions import Bet
from slotterm.session.game_session import GameSession


def stepped_bet(session: GameSession, step: int) -> Bet:
    """The next higher (``step`` > 0) or lower bet per line, held at the ends."""
    steps = sorted(session.bet_steps)
    bet = session.bet
    index = steps.index(bet.bet_per_line) if bet.bet_per_line in steps else 0
    index = min(max(index + step, 0), len(steps) - 1)
    return Bet(steps[index], bet.lines)


def stepped_lines(session: GameSession, step: int) -> Bet:
    """One line more or fewer, wrapping from the last line to 1 (and 1 to the last)."""
    bet = session.bet
    count = len(session.game.lines)
    return Bet(bet.bet_per_line, (bet.lines - 1 + step) % count + 1)


def max_affordable_bet(session: GameSession) -> Bet | None:
    """Bet Max: the highest bet per line affordable on every line, or ``None``."""
    lines = len(session.game.lines)
    affordable = [s for s in session.bet_steps if s * lines <= session.state.credits]
    return Bet(max(affordable), lines) if affordable else None
