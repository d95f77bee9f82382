"""Session statistics (T): this session only -- spins played, session length, spins per
hour, the three highest wins, money in and out -- the observed return beside the band
95 % of players see after as many spins (:mod:`slotterm.tui.rtp_band`), and a chart of
the credits with a money axis (:mod:`slotterm.tui.credits_chart`).  Rounds a tester
forced (``--force``, ``--stops``) are counted and shown apart: the return, the band and
the highest wins are of the fair rounds only.

"This session" starts when the program opened the game
(:func:`slotterm.tui.shell_hooks.session_mark`); a screen over a session the program did
not mark shows the save's whole ledger.
"""

from __future__ import annotations

from datetime import timedelta
from typing import ClassVar

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from slotterm.dates import player_time
from slotterm.money import format_cents
from slotterm.session.game_session import GameSession
from slotterm.session.stats import SessionStatistics, since_mark, summarise
from slotterm.tui.credits_chart import CreditsChart
from slotterm.tui.rtp_band import RtpBand, exact_sd, rtp_band
from slotterm.tui.screens.dialog_css import DIALOG, HEIGHTS, WIDTHS, dialog_stylesheets
from slotterm.tui.shell_hooks import session_mark
from slotterm.tui.widgets.key_bar import KeyBar

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
    played = f"{stats.rounds_played:,}"
    if stats.forced_rounds:
        played += f"  ({stats.forced_rounds:,} forced by a tester)"
    rows = [
        ("Started", player_time(stats.started_at)),
        ("Spins played", played),
        ("Session length", format_duration(stats.time_played)),
        ("Spins per hour", per_hour),
        ("Total bet", format_cents(stats.total_bet)),
        ("Total won", format_cents(stats.total_won)),
        ("Net", signed_cents(stats.net)),
        (
            "Return (fair rounds)" if stats.forced_rounds else "Return (observed)",
            f"{format_percent(stats.observed_rtp)}  (game: {format_percent(stats.published_rtp)})",
        ),
    ]
    if stats.forced_rounds:
        rows.append(("Forced rounds", forced_text(stats)))
    if not stats.biggest_wins:
        rows.append(("Highest wins", "none yet"))
    for n, big in enumerate(stats.biggest_wins, 1):
        times = big.amount / big.total_bet if big.total_bet else 0.0
        label = "Highest wins" if n == 1 else ""
        amount = format_cents(big.amount)
        rows.append((label, f"{n}. {amount:>10}  round {big.round_number}, {times:,.1f}× bet"))
    return rows


def forced_text(stats: SessionStatistics) -> str:
    """What the forced rounds were, and that the fair figures leave them out."""
    rounds = f"{stats.forced_rounds:,} round" + ("" if stats.forced_rounds == 1 else "s")
    return (
        f"{rounds} bet {format_cents(stats.forced_bet)} and won {format_cents(stats.forced_won)}: "
        "left out of the return, the band and the highest wins (the net and the credits "
        "count them)"
    )


def stats_table(stats: SessionStatistics) -> Table:
    """The figures as a two-column Rich grid."""
    table = Table.grid(padding=(0, 2))
    table.add_column(style="bold", no_wrap=True)
    table.add_column()
    for label, value in stats_rows(stats):
        table.add_row(label, value)
    return table


def series_caption(series: tuple[int, ...]) -> Text:
    """Low, high and latest credits under the chart."""
    if not series:
        return Text("No credits recorded yet.")
    return Text(
        f"low {format_cents(min(series))}   high {format_cents(max(series))}   "
        f"now {format_cents(series[-1])}   ({len(series)} point{'' if len(series) == 1 else 's'})"
    )


def band_text(observed: float | None, band: RtpBand | None, forced: int = 0) -> str:
    """The observed return beside the 95 % band, and where it falls (``forced``: how many
    forced rounds there were, when there is no band yet)."""
    if observed is None or band is None:
        if forced:
            return "No fair spins yet: the return shows after the first spin nobody forced."
        return "No spins yet: the return shows after the first one."
    spins = f"{band.spins:,} spin" + ("" if band.spins == 1 else "s")
    where = "inside it: ordinary luck"
    if observed > band.high:
        where = "above it: luckier than 97.5 % of players"
    elif observed < band.low:
        where = "below it: unluckier than 97.5 % of players"
    return (
        f"After {spins}, 95 % of players see a return between {format_percent(band.low)} "
        f"and {format_percent(band.high)} (RTP {format_percent(band.rtp)}, "
        f"σ {band.sd:.2f} × bet a spin). This session's {format_percent(observed)} is {where}."
    )


class StatsScreen(ModalScreen[None]):
    """This session's figures, the 95 % band, and a chart of the credits (as tall as the
    window leaves room for)."""

    DEFAULT_CLASSES = DIALOG
    CSS_PATH = dialog_stylesheets(__file__)
    HORIZONTAL_BREAKPOINTS = WIDTHS
    VERTICAL_BREAKPOINTS = HEIGHTS

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,t,q,T,Q", "close", "Close", key_display="Esc/T"),
    ]

    def __init__(self, session: GameSession) -> None:
        super().__init__()
        self.session = session
        self.stats = session.statistics()
        """The figures shown (this session's once the screen is composed)."""
        self.band: RtpBand | None = None
        """The 95 % band once worked out."""

    def this_session(self) -> SessionStatistics:
        """The figures since the program opened the game (else the whole ledger's)."""
        session = self.session
        mark = session_mark(self.app, session)
        ledger = session.ledger
        if mark is not None:
            forced = {r.number for r in session.history if session.round_forced(r)}
            ledger = since_mark(ledger, mark, session.history, forced)
        return summarise(ledger, session.game.published_rtp)

    def compose(self) -> ComposeResult:
        """The figures, the band, then the credits chart with its range."""
        self.stats = self.this_session()
        series = self.stats.credits_series
        with Vertical(id="stats-dialog") as dialog:
            dialog.border_title = "Session statistics"
            yield Static(stats_table(self.stats), id="stats-table")
            waiting = "Working out the band 95 % of players see…"
            yield Static(
                waiting
                if self.stats.fair_rounds
                else band_text(None, None, self.stats.forced_rounds),
                id="stats-band",
            )
            yield Static("Credits over the session", id="stats-chart-title")
            yield CreditsChart(series, id="stats-chart")
            yield Static(series_caption(series), id="stats-chart-caption")
        yield KeyBar()

    def on_mount(self) -> None:
        """Work out σ away from the screen's thread (the first time it takes a moment)."""
        if self.stats.fair_rounds:
            self.run_worker(self._work_out_band, thread=True, exit_on_error=False)

    def _work_out_band(self) -> None:
        game, lines = self.session.game, self.session.bet.lines
        try:
            sd = exact_sd(game, lines)
        except Exception as exc:  # the analysis of a game being built may refuse
            self.app.call_from_thread(self._show_band, None, f"The 95 % band is not known ({exc}).")
            return
        band = rtp_band(game.published_rtp, sd, self.stats.fair_rounds)
        self.app.call_from_thread(self._show_band, band, band_text(self.stats.observed_rtp, band))

    def _show_band(self, band: RtpBand | None, text: str) -> None:
        self.band = band
        if self.is_mounted:
            self.query_one("#stats-band", Static).update(text)

    def action_close(self) -> None:
        """Back to the game."""
        self.dismiss(None)
