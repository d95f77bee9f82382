"""Session statistics: a small ledger kept with the save, and a pure summary of it.

The ledger is updated by :class:`~slotterm.session.game_session.GameSession` after every
transition; :func:`summarise` turns it into the figures the statistics screen shows.
Nothing here does I/O or reads a clock: every time comes in as an argument.

*Time played* counts only active time: the gap between two transitions is added in full
up to :data:`IDLE_GAP`; a longer pause (the player walked away, the game was closed)
counts as :data:`IDLE_GAP`.
"""

from __future__ import annotations

from collections.abc import Container, Iterable
from dataclasses import dataclass, replace
from datetime import datetime, timedelta

from slotterm.engine.records import Round

IDLE_GAP = timedelta(minutes=2)
"""The longest pause between two transitions still counted as playing time."""

SERIES_LENGTH = 500
"""How many points of the credits series are kept (the most recent)."""

TOP_WINS = 3
"""How many of the biggest wins are kept."""


@dataclass(frozen=True, slots=True)
class BigWin:
    """One of the session's biggest wins: the round, what it paid, its total bet, when."""

    round_number: int
    amount: int
    total_bet: int
    at: datetime


@dataclass(frozen=True, slots=True)
class StatsLedger:
    """Running totals since the session began (money in cents, time in seconds).

    The ``forced_*`` totals are the part of ``rounds``, ``total_bet`` and ``total_won``
    that a tester forced (``--force``, ``--stops``): kept apart from the fair figures, and
    never among the ``biggest`` wins.
    """

    started_at: datetime
    rounds: int = 0
    total_bet: int = 0
    total_won: int = 0
    topped_up: int = 0
    active_seconds: float = 0.0
    last_activity: datetime | None = None
    biggest: tuple[BigWin, ...] = ()
    credits_series: tuple[int, ...] = ()
    forced_rounds: int = 0
    forced_bet: int = 0
    forced_won: int = 0


@dataclass(frozen=True, slots=True)
class SessionStatistics:
    """What the statistics screen shows.

    ``observed_rtp`` is total won / total bet of the closed fair rounds (``None`` before
    the first); ``forced_rounds`` of the ``rounds_played`` were forced by a tester, and
    bet ``forced_bet`` and won ``forced_won`` of the totals (the net and the credits
    count them; the return and the highest wins do not); ``rounds_per_hour`` is ``None``
    until some time has been played.
    ``credits_series`` holds the credits at the start and after every closed round or
    top-up (the latest :data:`SERIES_LENGTH` points), ready for a sparkline.
    """

    started_at: datetime
    rounds_played: int
    time_played: timedelta
    rounds_per_hour: float | None
    total_bet: int
    total_won: int
    net: int
    observed_rtp: float | None
    published_rtp: float
    biggest_wins: tuple[BigWin, ...]
    credits_series: tuple[int, ...]
    forced_rounds: int = 0
    forced_bet: int = 0
    forced_won: int = 0

    @property
    def fair_rounds(self) -> int:
        """The rounds played that no tester forced: the ones the return is of."""
        return self.rounds_played - self.forced_rounds


def new_ledger(now: datetime, credits: int) -> StatsLedger:
    """An empty ledger for a session starting now with ``credits``."""
    return StatsLedger(started_at=now, credits_series=(credits,))


def record_activity(ledger: StatsLedger, now: datetime) -> StatsLedger:
    """Count the time since the last transition as played (at most :data:`IDLE_GAP`)."""
    seconds = ledger.active_seconds
    if ledger.last_activity is not None:
        gap = (now - ledger.last_activity).total_seconds()
        seconds += min(max(gap, 0.0), IDLE_GAP.total_seconds())
    return replace(ledger, active_seconds=seconds, last_activity=now)


def record_round(
    ledger: StatsLedger, closed: Round, credits_after: int, now: datetime, forced: bool = False
) -> StatsLedger:
    """Add a closed round: its bet, what it paid, maybe a big win, a credits point
    (a ``forced`` round is counted apart, never as a big win)."""
    biggest = ledger.biggest
    if forced:
        ledger = replace(
            ledger,
            forced_rounds=ledger.forced_rounds + 1,
            forced_bet=ledger.forced_bet + closed.bet.total,
            forced_won=ledger.forced_won + closed.paid,
        )
    elif closed.paid > 0:
        entry = BigWin(
            round_number=closed.number, amount=closed.paid, total_bet=closed.bet.total, at=now
        )
        ranked = sorted((*biggest, entry), key=lambda w: (-w.amount, w.round_number))
        biggest = tuple(ranked[:TOP_WINS])
    return replace(
        ledger,
        rounds=ledger.rounds + 1,
        total_bet=ledger.total_bet + closed.bet.total,
        total_won=ledger.total_won + closed.paid,
        biggest=biggest,
        credits_series=_append(ledger.credits_series, credits_after),
    )


def record_top_up(ledger: StatsLedger, amount: int, credits_after: int) -> StatsLedger:
    """Add demo credits that were topped up."""
    return replace(
        ledger,
        topped_up=ledger.topped_up + amount,
        credits_series=_append(ledger.credits_series, credits_after),
    )


def summarise(ledger: StatsLedger, published_rtp: float) -> SessionStatistics:
    """The statistics screen's figures from the ledger."""
    played = timedelta(seconds=ledger.active_seconds)
    hours = ledger.active_seconds / 3600
    fair_bet = ledger.total_bet - ledger.forced_bet
    return SessionStatistics(
        started_at=ledger.started_at,
        rounds_played=ledger.rounds,
        time_played=played,
        rounds_per_hour=ledger.rounds / hours if hours > 0 else None,
        total_bet=ledger.total_bet,
        total_won=ledger.total_won,
        net=ledger.total_won - ledger.total_bet,
        observed_rtp=(ledger.total_won - ledger.forced_won) / fair_bet if fair_bet else None,
        published_rtp=published_rtp,
        biggest_wins=ledger.biggest,
        credits_series=ledger.credits_series,
        forced_rounds=ledger.forced_rounds,
        forced_bet=ledger.forced_bet,
        forced_won=ledger.forced_won,
    )


def _append(series: tuple[int, ...], value: int) -> tuple[int, ...]:
    return (*series, value)[-SERIES_LENGTH:]


@dataclass(frozen=True, slots=True)
class SessionMark:
    """The ledger as it stood when the program opened the game, and when that was.

    The saved ledger runs for the life of the save; the statistics screen shows only what
    happened since the mark ("statistics reset when the game closes", the rules say).
    """

    ledger: StatsLedger
    at: datetime


def since_mark(
    ledger: StatsLedger,
    mark: SessionMark,
    closed: Iterable[Round],
    forced: Container[int] = frozenset(),
) -> StatsLedger:
    """The part of ``ledger`` played since ``mark``, as a ledger of its own.

    ``closed`` are the closed rounds still known (the session's history): with the saved
    biggest wins they give this session's biggest (never one of the ``forced`` round
    numbers).  The credits series is the points
    added since the mark (once the series is full, the latest points, one per round played
    since, and the one before them).
    """
    base = mark.ledger
    first_new = base.rounds + 1
    found = {w.round_number: w for w in ledger.biggest if w.round_number >= first_new}
    for round_ in closed:
        number = round_.number
        if number >= first_new and round_.paid > 0 and number not in found and number not in forced:
            found[round_.number] = BigWin(
                round_number=round_.number,
                amount=round_.paid,
                total_bet=round_.bet.total,
                at=mark.at,
            )
    ranked = sorted(found.values(), key=lambda w: (-w.amount, w.round_number))
    series = ledger.credits_series
    if len(series) < SERIES_LENGTH:  # nothing dropped: exactly the points since the mark
        series = series[max(len(base.credits_series) - 1, 0) :]
    else:
        series = series[-(ledger.rounds - base.rounds + 1) :]
    return StatsLedger(
        started_at=mark.at,
        rounds=ledger.rounds - base.rounds,
        total_bet=ledger.total_bet - base.total_bet,
        total_won=ledger.total_won - base.total_won,
        topped_up=ledger.topped_up - base.topped_up,
        active_seconds=max(ledger.active_seconds - base.active_seconds, 0.0),
        last_activity=ledger.last_activity,
        biggest=tuple(ranked[:TOP_WINS]),
        credits_series=series,
        forced_rounds=ledger.forced_rounds - base.forced_rounds,
        forced_bet=ledger.forced_bet - base.forced_bet,
        forced_won=ledger.forced_won - base.forced_won,
    )
