"""Statistics (T): only this session (since the program opened the game), the 95 % band
beside the observed return, and the credits chart's honest axis."""

from __future__ import annotations

import itertools
import math
from datetime import timedelta
from typing import Any

import pytest

from slotterm.engine.actions import Collect, Spin
from slotterm.engine.records import Phase
from slotterm.money import format_cents
from slotterm.session.game_session import GameSession
from slotterm.session.stats import since_mark, summarise
from slotterm.tui.credits_chart import axis_range, axis_ticks, chart_lines
from slotterm.tui.lobby import mark_of
from slotterm.tui.rtp_band import Z_95, exact_sd, rtp_band
from slotterm.tui.screens.stats_screen import StatsScreen, band_text, stats_rows
from slotterm.tui.shell import Shell
from tests.tui.modal_support import played_session, stats_band_known
from tests.tui.shell_support import SIZE, at_rest, demo, shell_app, wait_for

pytestmark = pytest.mark.usefixtures("utc_zone")


def play(session: GameSession, rounds: int) -> None:
    """``rounds`` plain rounds, each win collected."""
    for _ in range(rounds):
        session.act(Spin(session.bet, limits=session.limits))
        while session.phase is not Phase.IDLE:
            session.act(Collect())


class StatsHost(Shell):
    """A shell that shows the statistics of ``session``, marked after its first rounds."""

    def __init__(self, session: GameSession) -> None:
        super().__init__(shelf=None, player_folder=None)
        self.stats_session = session

    def on_mount(self) -> None:
        """Show the screen under test."""
        self.push_screen(StatsScreen(self.stats_session))


def marked_session(before: int = 20, after: int = 12) -> tuple[GameSession, Any]:
    session = played_session(rounds=before)
    mark = mark_of(session)
    play(session, after)
    return session, mark


def test_only_the_rounds_since_the_mark_count() -> None:
    session, mark = marked_session()
    part = since_mark(session.ledger, mark, session.history)
    new = [r for r in session.history if r.number > 20]
    assert len(new) == 12 and part.rounds == 12
    assert part.total_bet == sum(r.bet.total for r in new)
    assert part.total_won == sum(r.paid for r in new)
    top = sorted((r.paid for r in new if r.paid), reverse=True)[:3]
    assert [w.amount for w in part.biggest] == top
    assert all(w.round_number > 20 for w in part.biggest)
    # the series: the credits at the mark, then one point per round since
    assert part.credits_series[0] == mark.ledger.credits_series[-1]
    assert len(part.credits_series) == 13
    assert part.credits_series[-1] == session.state.credits
    assert part.active_seconds == session.ledger.active_seconds - mark.ledger.active_seconds


def test_a_mark_with_nothing_since_is_empty() -> None:
    session = played_session(rounds=5)
    stats = summarise(since_mark(session.ledger, mark_of(session), session.history), 0.9613)
    assert stats.rounds_played == 0 and stats.biggest_wins == () and stats.observed_rtp is None
    assert stats.time_played == timedelta(0)
    assert dict(stats_rows(stats))["Highest wins"] == "none yet"


def test_the_band_by_hand() -> None:
    band = rtp_band(0.96, 2.0, 400)  # half-width 1.96 × 2 / 20 = 0.196
    assert band is not None
    assert math.isclose(band.low, 0.96 - Z_95 * 0.1) and math.isclose(band.high, 0.96 + Z_95 * 0.1)
    assert rtp_band(0.96, 2.0, 0) is None
    wide = rtp_band(0.96, 9.0, 1)
    assert wide is not None and wide.low == 0.0  # a return is never below nothing


@pytest.mark.parametrize(("observed", "word"), [(0.96, "inside"), (1.20, "above"), (0.70, "below")])
def test_the_band_says_where_the_session_falls(observed: float, word: str) -> None:
    band = rtp_band(0.96, 2.0, 400)
    assert word in band_text(observed, band)


def test_the_axis_never_exaggerates_a_small_move() -> None:
    low, high = axis_range([100_000, 99_900, 99_800])  # 1,000.00 down by 2.00
    assert high - low >= 1_000  # at least 1 % of the starting credits
    assert low <= 99_800 and high >= 100_000
    lines = chart_lines([100_000, 99_900, 99_800], 60, 10)
    rows_with_dots = [
        r for r, line in enumerate(lines) if any("\u2800" < c <= "\u28ff" for c in line)
    ]
    assert len(rows_with_dots) <= 3  # a gentle slope over 8 rows, not a cliff


def test_the_axis_fits_the_data_with_round_ticks() -> None:
    # QA2 #12: a session from 1,000.00 up to 1,013.45 was drawn on 956.72 .. 1,056.72.
    # By hand: the smallest of 1, 2, 5 × 10^k cents covering 1,000.00 .. 1,013.45 in at
    # most 5 labels is 5.00 (2.00 needs 1,000 .. 1,014 = 8 labels): 1,000 to 1,015.
    series = [100_000, 100_500, 101_345, 101_094]
    assert axis_ticks(series) == (100_000, 100_500, 101_000, 101_500)
    labels = [line.split("┤")[0].strip() for line in chart_lines(series, 60, 10)[:8]]
    assert labels[0] == "1,015.00" and labels[-1] == "1,000.00"
    assert {"1,005.00", "1,010.00"} <= set(labels)


@pytest.mark.parametrize(
    "series",
    [[100_000, 99_800], [100_000, 140_000, 60_000], [1, 0], [5_000_000, 12_345_678], [7]],
)
def test_the_ticks_are_round_and_cover_the_data(series: list[int]) -> None:
    ticks = axis_ticks(series)
    step = ticks[1] - ticks[0]
    assert 2 <= len(ticks) <= 5
    assert all(b - a == step for a, b in itertools.pairwise(ticks))  # evenly spaced
    digits = str(step).rstrip("0")
    assert digits in {"1", "2", "5"}  # 1, 2 or 5 times a power of ten
    assert all(t % step == 0 for t in ticks)  # on round amounts
    assert ticks[0] <= min(series) and ticks[-1] >= max(series) and ticks[0] >= 0


def test_the_chart_has_a_money_axis_and_its_extremes() -> None:
    series = [100_000, 140_000, 60_000, 100_000]
    lines = chart_lines(series, 60, 10)
    assert lines[0].lstrip().startswith(format_cents(140_000))  # the top label is the high
    assert lines[7].lstrip().startswith(format_cents(60_000))  # the bottom plot row, the low
    assert "spin 0" in lines[-1] and "spin 3" in lines[-1]
    assert any("\u2800" < c <= "\u28ff" for c in lines[0])  # the high point is on the top row
    assert any("\u2800" < c <= "\u28ff" for c in lines[7])  # and the low on the bottom


def test_an_axis_never_goes_below_zero() -> None:
    low, _ = axis_range([50, 10])
    assert low == 0


async def test_t_shows_only_this_session(tmp_path: Any) -> None:
    session = played_session(rounds=10)
    app = shell_app(tmp_path, session=session)
    async with app.run_test(size=SIZE) as pilot:
        await at_rest(pilot, app)
        play(session, 4)
        await pilot.press("t")
        await wait_for(pilot, lambda: isinstance(app.screen, StatsScreen))
        screen = app.screen
        assert isinstance(screen, StatsScreen)
        new = [r for r in session.history if r.number > 10]
        values = dict(stats_rows(screen.stats))
        assert values["Spins played"] == "4"
        assert values["Total bet"] == format_cents(sum(r.bet.total for r in new))
        await pilot.press("T")
        await wait_for(pilot, lambda: app.screen is app.main_screen)


@pytest.mark.parametrize("key", ["escape", "t", "T", "q"])
async def test_the_statistics_close(tmp_path: Any, key: str) -> None:
    app = shell_app(tmp_path, session=demo())
    async with app.run_test(size=SIZE) as pilot:
        await at_rest(pilot, app)
        await pilot.press("t")
        await wait_for(pilot, lambda: isinstance(app.screen, StatsScreen))
        await pilot.press(key)
        await wait_for(pilot, lambda: app.screen is app.main_screen)


async def test_the_band_is_the_games_exact_one() -> None:
    session, mark = marked_session()
    app = StatsHost(session)
    app.mark_session(session, mark)
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, StatsScreen)
        await wait_for(pilot, lambda: screen.band is not None, limit=60)
        band = screen.band
        assert band is not None and band.spins == 12
        sd = exact_sd(session.game, session.bet.lines)
        half = Z_95 * sd / math.sqrt(12)
        assert math.isclose(band.high, session.game.published_rtp + half)


def test_snapshot(snap_compare: Any) -> None:
    session, mark = marked_session()
    app = StatsHost(session)
    app.mark_session(session, mark)
    app.animation_level = "none"
    assert snap_compare(app, terminal_size=(100, 32), run_before=stats_band_known)


async def test_forced_rounds_are_shown_apart_from_the_fair_figures() -> None:
    """Two rounds forced since the mark (a five of a kind, reel stops): the screen says so,
    and the return and the band are of the fair rounds only."""
    from slotterm.force_kinds import parse_force
    from slotterm.forced_stops import ForcedSpin
    from tests.tui.modal_support import screen_text

    session, mark = marked_session(before=5, after=4)
    session.forcing = parse_force(session.game, "five-of-a-kind:WITCH")
    play(session, 1)
    session.forced_stops = [ForcedSpin("base", (0,) * session.game.reels)]
    play(session, 1)
    new = [r for r in session.history if r.number > 5]
    forced = [r for r in new if session.round_forced(r)]
    assert [r.number for r in forced] == [10, 11]
    fair = [r for r in new if r not in forced]
    app = StatsHost(session)
    app.mark_session(session, mark)
    async with app.run_test(size=(100, 32)) as pilot:
        await stats_band_known(pilot)
        screen = app.screen
        assert isinstance(screen, StatsScreen)
        text = " ".join(screen_text(screen).split())
        assert "6 (2 forced by a tester)" in text
        bet = format_cents(sum(r.bet.total for r in forced))
        assert f"2 rounds bet {bet} and won {format_cents(sum(r.paid for r in forced))}" in text
        assert screen.band is not None and screen.band.spins == len(fair) == 4
        fair_rtp = sum(r.paid for r in fair) / sum(r.bet.total for r in fair)
        assert f"Return (fair rounds) {fair_rtp * 100:.2f} %" in text
        assert all(w.round_number not in (10, 11) for w in screen.stats.biggest_wins)
