"""Session statistics: rounds, time, money in and out, observed RTP, biggest wins, and a
sparkline of the credits (figures from ``GameSession.statistics()``)."""

from __future__ import annotations

from datetime import timedelta
from typing import ClassVar

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, Sparkline, Static

from slotterm.money import format_cents
from slotterm.session.game_session import GameSession
from slotterm.session.stats import SessionStatistics
from slotterm.tui.screens.dialog_css import dialog_css

MIN_TIME_FOR_RATE = timedelta(minutes=1)
"""Below this much play a rate per hour says nothing, so none is shown."""


def format_duration(span: timedelta) -> str:
    """``1:02:03`` for an hour, two minutes and three seconds."""
    seconds = int(span.total_seconds())
    hours, rest = divmod(seconds, 3600)
    minutes, seconds = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{seconds:02d}"


def format_percent(fraction: float | None) -> str:
    """``0.9613`` -> ``"96.13 %"``; ``None`` -> ``"-"``."""
    return "-" if fraction is None else f"{fraction * 100:.2f} %"


def signed_cents(cents: int) -> str:
    """Money with an explicit sign: ``+1.50`` / ``-0.18`` / ``0.00``."""
    return ("+" if cents > 0 else "") + format_cents(cents)


def stats_rows(stats: SessionStatistics) -> list[tuple[str, str]]:
    """The figures as (label, value) rows, in reading order."""
    per_hour = "-"
    if stats.rounds_per_hour is not None and stats.time_played >= MIN_TIME_FOR_RATE:
        per_hour = f"{stats.rounds_per_hour:,.0f}"
    rows = [
        ("Started", stats.started_at.astimezone().strftime("%Y-%m-%d %H:%M")),
        ("Rounds played", f"{stats.rounds_played:,}"),
        ("Time played", format_duration(stats.time_played)),
        ("Rounds per hour", per_hour),
        ("Total bet", format_cents(stats.total_bet)),
        ("Total won", format_cents(stats.total_won)),
        ("Net", signed_cents(stats.net)),
        (
            "Return (observed)",
            f"{format_percent(stats.observed_rtp)}  (game: {format_percent(stats.published_rtp)})",
        ),
    ]
    if not stats.biggest_wins:
        rows.append(("Biggest wins", "none yet"))
    for n, big in enumerate(stats.biggest_wins, 1):
        times = big.amount / big.total_bet if big.total_bet else 0.0
        label = "Biggest wins" if n == 1 else ""
        amount = format_cents(big.amount)
        rows.append((label, f"{n}. {amount:>10}  round {big.round_number}, {times:,.1f}× bet"))
    return rows


def stats_table(stats: SessionStatistics) -> Table:
    """The figures as a two-column Rich grid."""
    table = Table.grid(padding=(0, 2))
    table.add_column(style="bold", no_wrap=True)
    table.add_column()
    for label, value in stats_rows(stats):
        table.add_row(label, value)
    return table


def series_caption(series: tuple[int, ...]) -> Text:
    """Low, high and latest credits under the sparkline."""
    if not series:
        return Text("No credits recorded yet.")
    return Text(
        f"low {format_cents(min(series))}   high {format_cents(max(series))}   "
        f"now {format_cents(series[-1])}   ({len(series)} points)"
    )


class StatsScreen(ModalScreen[None]):
    """The session's figures and a sparkline of the credits."""

    DEFAULT_CSS = (
        dialog_css(
            "StatsScreen",
            "stats-dialog",
            max_width=90,
            height="auto",
            extra=("max-height: 100%;", "padding: 0 1;"),
        )
        + """
    #stats-table {
        height: auto;
    }
    #stats-spark-title {
        margin-top: 1;
        text-style: bold;
    }
    #stats-spark {
        height: 3;
        margin: 0 0;
    }
    #stats-spark-caption {
        color: $text-muted;
    }
    """
    )

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,t,q", "close", "Close", key_display="Esc/T"),
    ]

    def __init__(self, session: GameSession) -> None:
        super().__init__()
        self.session = session
        self.stats = session.statistics()

    def compose(self) -> ComposeResult:
        """The figures, then the credits sparkline with its range."""
        series = self.stats.credits_series
        with Vertical(id="stats-dialog") as dialog:
            dialog.border_title = "Session statistics"
            yield Static(stats_table(self.stats), id="stats-table")
            yield Static("Credits over the session", id="stats-spark-title")
            yield Sparkline([float(c) for c in series], id="stats-spark")
            yield Static(series_caption(series), id="stats-spark-caption")
        yield Footer()

    def action_close(self) -> None:
        """Back to the game."""
        self.dismiss(None)
