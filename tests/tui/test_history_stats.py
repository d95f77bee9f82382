"""History (list and step-by-step replay) and session statistics screens."""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from itertools import pairwise

import pytest
from rich.console import Console
from rich.segment import Segment
from rich.text import Text
from textual.widgets import DataTable, Footer, Static

from slotterm.engine.actions import Spin
from slotterm.engine.features.expanding_symbol import Expansion
from slotterm.engine.features.free_spins_records import FreeSpinsRecord, record_of
from slotterm.engine.records import Round
from slotterm.money import format_cents
from slotterm.rng import SeededSource
from slotterm.session.game_session import GameSession, demo_session
from slotterm.tui.art.sizes import ArtSize
from slotterm.tui.art.tiles import TileState, tile_text
from slotterm.tui.credits_chart import CreditsChart
from slotterm.tui.replay_step import credits_after
from slotterm.tui.screens.history_screen import HistoryScreen, played_at, round_features
from slotterm.tui.screens.round_replay_screen import (
    RoundReplayScreen,
    replay_steps,
    window_text,
)
from slotterm.tui.screens.stats_screen import (
    StatsScreen,
    format_duration,
    series_caption,
    stats_rows,
)
from slotterm.tui.symbols import art_set
from tests.tui.art_support import shipped
from tests.tui.main_support import GAME, make_app, settle, winning_seed
from tests.tui.modal_support import ModalHost, StepClock, played_session, screen_text, widget_text

SIZE = (100, 32)
PLAYER_TIME = re.compile(r"\d{1,2} [A-Z][a-z]{2} \d{4} \d\d:\d\d")
"""A date and time as the player reads them everywhere: ``1 Dec 2026 16:54``."""


def free_spins(round_: Round) -> FreeSpinsRecord | None:
    """The round's free spins if it played any (``None`` otherwise)."""
    found = record_of(round_)
    return found if found is not None and found.spins else None


def spins_of(round_: Round) -> FreeSpinsRecord:
    """The round's free spins (the test fails if it played none)."""
    found = free_spins(round_)
    assert found is not None
    return found


@pytest.fixture(scope="module")
def played() -> GameSession:
    """One played session shared by the read-only tests of this module."""
    return played_session()


def test_history_chains_credits(played: GameSession) -> None:
    rounds = list(played.history)
    assert len(rounds) == 30
    for before, after in pairwise(rounds):
        assert credits_after(before) == after.credits_before
    assert credits_after(rounds[-1]) == played.state.credits


def test_replay_of_a_feature_round_with_a_gamble(played: GameSession) -> None:
    round_ = next(r for r in played.history if free_spins(r) and r.gamble)
    feature = spins_of(round_)
    steps = replay_steps(GAME, round_)
    titles = [s.title for s in steps]
    spins = len(feature.spins)
    assert titles[:2] == ["Spin", "Magic Book"]
    assert titles[2 : 2 + spins] == [
        f"Free spin {fs.number} of {fs.awarded_so_far}" for fs in feature.spins
    ]
    assert titles[2 + spins] == "Feature summary"
    assert titles[3 + spins : -1] == [f"Gamble card {n}" for n in range(1, len(round_.gamble) + 1)]
    assert titles[-1] == "Round closed"
    staked = round_.credits_before - round_.bet.total
    assert all(s.credits == staked for s in steps[:-1])
    assert steps[-1].credits == credits_after(round_)
    assert steps[-1].win == round_.paid
    assert steps[2 + spins].win == round_.round_win
    for step, g in zip(steps[3 + spins : -1], round_.gamble, strict=True):
        assert step.win == g.result
    # an expanding free spin shows its reels filled with the special symbol, all marked
    expanding = [
        (step, fs.extra)
        for step, fs in zip(steps[2 : 2 + spins], feature.spins, strict=True)
        if isinstance(fs.extra, Expansion)
    ]
    assert expanding, "the chosen session has an expansion"
    step, expansion = expanding[0]
    assert step.window is not None
    for reel in expansion.reels:
        assert step.window[reel] == (feature.modifier,) * GAME.rows
        assert all((reel, row) in step.marks for row in range(GAME.rows))
    assert any("expands on reels" in d for d in step.details)
    assert "Magic Book chose" in steps[1].details[0]


def test_replay_of_a_lost_gamble_and_of_a_plain_spin(played: GameSession) -> None:
    lost = next(r for r in played.history if r.gamble and not r.gamble[-1].won)
    steps = replay_steps(GAME, lost)
    assert steps[-2].title.startswith("Gamble card")
    assert "lost" in steps[-2].details[-1]
    assert steps[-1].credits == lost.credits_before - lost.bet.total
    plain = next(r for r in played.history if r.paid == 0 and not r.gamble)
    steps = replay_steps(GAME, plain)
    assert [s.title for s in steps] == ["Spin", "Round closed"]
    assert "No win." in steps[0].details
    assert steps[0].window == plain.base.window
    assert steps[1].window == plain.base.window and not steps[1].marks


def test_replay_marks_line_win_cells(played: GameSession) -> None:
    won = next(r for r in played.history if r.base.evaluation.line_wins and not free_spins(r))
    step = replay_steps(GAME, won)[0]
    win = won.base.evaluation.line_wins[0]
    line = GAME.lines[win.line - 1]
    assert {(reel, line[reel]) for reel in range(win.count)} <= step.marks
    name = next(s.name for s in GAME.symbols if s.id == win.symbol)  # the player's name
    assert f"Line {win.line}: {win.count} × {name} pays {format_cents(win.win)}" in step.details


def test_round_features_summary(played: GameSession) -> None:
    feature = next(r for r in played.history if free_spins(r))
    spins = spins_of(feature)
    names = {"WITCH": "Witch", "CAULDRON": "Cauldron", "POTION": "Potion", "HAT": "Hat"}
    names |= {"A": "Ace", "K": "King", "Q": "Queen", "J": "Jack", "TEN": "Ten"}
    special = names[str(spins.modifier)]
    lines = round_features(GAME, feature).splitlines()
    assert lines[:2] == [f"{len(spins.spins)} free spins", f"special: {special}"]
    assert all(len(line) <= 23 for line in lines)  # the column's room at 100 columns
    if feature.gamble:
        cards = len(feature.gamble)
        assert lines[2].startswith("gamble ") and f"({cards} card" in lines[2]
    plain = next(r for r in played.history if not free_spins(r) and not r.gamble)
    assert round_features(GAME, plain) == ""


async def test_history_lists_rounds_and_replays_one(played: GameSession) -> None:
    app = ModalHost(lambda: HistoryScreen(played))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        table = app.screen.query_one(DataTable)
        assert table.row_count == len(played.history)
        newest = played.history[-1]
        first = [str(cell) for cell in table.get_row_at(0)]
        assert first[0] == str(newest.number)
        assert first[5] == format_cents(credits_after(newest))
        target = next(r for r in played.history if free_spins(r))
        index = [r.number for r in reversed(played.history)].index(target.number)
        for _ in range(index):
            await pilot.press("down")
        await pilot.press("enter")
        await pilot.pause()
        replay = app.screen
        assert isinstance(replay, RoundReplayScreen)
        assert replay.round is target
        title = replay.query_one("#replay-title")
        assert "Step 1 of" in widget_text(title) and "Spin" in widget_text(title)
        dialog, footer = replay.query_one("#replay-dialog"), replay.query_one(Footer)
        assert dialog.region.bottom == footer.region.y  # no gap showing the list below
        await pilot.press("right")
        await pilot.pause()
        assert "Magic Book" in widget_text(title)
        await pilot.press("end")
        await pilot.pause()
        assert "Round closed" in widget_text(title)
        assert format_cents(credits_after(target)) in widget_text(replay.query_one("#replay-boxes"))
        await pilot.press("right")  # past the end: stays on the last step
        await pilot.press("left")
        await pilot.pause()
        assert replay.index == len(replay.steps) - 2
        await pilot.press("home")
        await pilot.pause()
        assert replay.index == 0
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HistoryScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert app.dismissed == 1


async def test_history_when_nothing_was_played(demo: Callable[..., GameSession]) -> None:
    session = demo(1)
    app = ModalHost(lambda: HistoryScreen(session))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "No round has been played" in screen_text(app.screen)
        assert app.screen.query_one(DataTable).row_count == 0
        await pilot.press("enter")  # nothing to open
        await pilot.pause()
        assert isinstance(app.screen, HistoryScreen)


def test_format_duration() -> None:
    assert format_duration(timedelta(hours=1, minutes=2, seconds=3)) == "1:02:03"
    assert format_duration(timedelta(seconds=59)) == "0:00:59"


def test_stats_rows_before_any_round(demo: Callable[..., GameSession]) -> None:
    rows = dict(stats_rows(demo(1).statistics()))
    assert rows["Spins played"] == "0"
    assert rows["Spins per hour"] == "-"
    assert rows["Highest wins"] == "none yet"
    assert rows["Return (observed)"].startswith("-")
    assert "96.13 %" in rows["Return (observed)"]


def test_stats_rows_of_a_played_session(played: GameSession) -> None:
    """Round 3 of the played session was forced: counted in the money, kept out of the
    return and the highest wins, and said so."""
    stats = played.statistics()
    rows = stats_rows(stats)
    values = dict(rows)
    bet = sum(r.bet.total for r in played.history)
    won = sum(r.paid for r in played.history)
    forced = [r for r in played.history if played.round_forced(r)]
    assert [r.number for r in forced] == [3]
    fair = [r for r in played.history if r.number != 3]
    fair_bet, fair_won = sum(r.bet.total for r in fair), sum(r.paid for r in fair)
    assert values["Spins played"] == "30  (1 forced by a tester)"
    assert values["Total bet"] == format_cents(bet)
    assert values["Total won"] == format_cents(won)
    assert values["Net"] == ("+" if won > bet else "") + format_cents(won - bet)
    assert values["Return (fair rounds)"] == f"{fair_won / fair_bet * 100:.2f} %  (game: 96.13 %)"
    assert values["Forced rounds"].startswith(
        f"1 round bet {format_cents(forced[0].bet.total)} and won {format_cents(forced[0].paid)}: "
        "left out of the return"
    )
    assert values["Session length"] == format_duration(stats.time_played)
    assert PLAYER_TIME.fullmatch(values["Started"]), values["Started"]
    assert values["Spins per hour"] == f"{stats.rounds_per_hour:,.0f}"
    top = sorted((r.paid for r in fair), reverse=True)[:3]
    wins = [value for label, value in rows if label in ("Highest wins", "")]
    assert len(wins) == 3
    for n, (amount, line) in enumerate(zip(top, wins, strict=True), 1):
        assert line.startswith(f"{n}.") and format_cents(amount) in line


def test_the_history_dates_and_the_chart_count_read_as_words() -> None:
    moment = datetime(2026, 12, 1, 16, 54, tzinfo=UTC)
    assert PLAYER_TIME.fullmatch(played_at(moment))
    assert series_caption((100,)).plain.endswith("(1 point)")
    assert series_caption((100, 250)).plain.endswith("(2 points)")


async def test_stats_screen_shows_figures_and_the_credits_chart(played: GameSession) -> None:
    app = ModalHost(lambda: StatsScreen(played))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        text = screen_text(app.screen)
        stats = played.statistics()
        assert "Session statistics" in text or "Spins played" in text
        assert format_cents(stats.total_won) in text
        assert "96.13 %" in text
        chart = app.screen.query_one(CreditsChart)
        assert chart.series == stats.credits_series
        series = stats.credits_series
        assert f"low {format_cents(min(series))}" in text
        assert f"high {format_cents(max(series))}" in text


@pytest.mark.parametrize("key", ["escape", "t", "q"])
async def test_stats_closes(key: str, demo: Callable[..., GameSession]) -> None:
    session = demo(1, clock=StepClock())
    app = ModalHost(lambda: StatsScreen(session))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press(key)
        await pilot.pause()
        assert app.dismissed == 1


@pytest.mark.parametrize(("key", "screen"), [("y", HistoryScreen), ("t", StatsScreen)])
async def test_opened_from_the_main_screen(key: str, screen: type) -> None:
    app = make_app(winning_seed())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("space")
        await settle(pilot, app)
        await pilot.press("7")  # collect: the round closes and enters the history
        await settle(pilot, app)
        await pilot.press(key)
        await pilot.pause()
        assert isinstance(app.screen, screen)
        if isinstance(app.screen, HistoryScreen):
            assert app.screen.query_one(DataTable).row_count == 1
        else:
            assert "Spins played" in screen_text(app.screen)
        await pilot.press(key)
        await pilot.pause()
        assert not isinstance(app.screen, screen)


def _segments(text: Text) -> list[tuple[str, str]]:
    """What ``text`` draws: its characters with their styles, merged where alike."""
    console = Console(width=200, color_system="truecolor")
    merged = Segment.simplify(text.render(console))
    return [(s.text, str(s.style)) for s in merged]


async def test_a_lucky_witch_round_is_replayed_in_its_own_pictures() -> None:
    witch = shipped("lucky-witch")
    session = demo_session(witch, SeededSource(3))
    session.act(Spin(session.bet, limits=session.limits))
    round_ = session.history[-1]
    step = replay_steps(witch, round_)[0]
    assert step.window == round_.base.window
    drawn = window_text(step.window, step.marks, witch).split("\n")
    own, book = art_set(witch), art_set(shipped(GAME.id))
    for row in range(witch.rows):
        for reel, column in enumerate(step.window):
            state = TileState.MARKED if (reel, row) in step.marks else TileState.NORMAL
            tile = tile_text(own.art(column[row]), ArtSize.COMPACT, state).split("\n")
            for y, tile_line in enumerate(tile):
                cell = drawn[4 * row + y][11 * reel : 11 * reel + 10]
                assert _segments(cell) == _segments(tile_line), (row, reel, y)
    # the two games share symbol ids in other roles: the Witch is drawn differently
    assert _segments(tile_text(own.art("WITCH"), ArtSize.COMPACT)) != _segments(
        tile_text(book.art("WITCH"), ArtSize.COMPACT)
    )
    app = ModalHost(lambda: RoundReplayScreen(witch, round_))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        shown = app.screen.query_one("#replay-window", Static).content
        assert isinstance(shown, Text)
        assert _segments(shown) == _segments(window_text(step.window, step.marks, witch))
