"""A session opened mid-round shows the recorded step and carries on; nothing is redrawn."""

from __future__ import annotations

from slotterm.engine.actions import Spin, StartGamble
from slotterm.engine.features.free_spins_records import PlayFreeSpin, StartFeature
from slotterm.engine.records import Phase
from slotterm.money import format_cents
from slotterm.session.game_session import GameSession
from slotterm.tui.widgets.feature_banner import FeatureBanner
from tests.tui.main_support import (
    FREE_SPINS,
    PLAYING,
    SIZE,
    assert_boxes_match,
    fs,
    main,
    make_app,
    message,
    record,
    session_for,
    settle,
    winning_seed,
)
from tests.tui.modal_support import wait_for


class CountingSource:
    """Wraps a source and counts draws, to prove mounting draws nothing."""

    def __init__(self, inner: object) -> None:
        self.inner = inner
        self.draws = 0

    def randbelow(self, n: int) -> int:
        self.draws += 1
        result: int = self.inner.randbelow(n)  # type: ignore[attr-defined]
        return result


def counted(session: GameSession) -> CountingSource:
    source = CountingSource(session.rng)
    session.rng = source
    return source


def feature_session(free_spins: int) -> GameSession:
    session = session_for(3)
    session.act(Spin(session.bet, force=FREE_SPINS, limits=session.limits))
    if free_spins >= 0:
        session.act(StartFeature())
    for _ in range(free_spins):
        session.act(PlayFreeSpin())
    return session


async def test_resume_feature_awarded_shows_the_books_and_waits_for_the_book() -> None:
    session = feature_session(-1)
    source = counted(session)
    app = make_app(session=session)
    async with app.run_test(size=SIZE) as pilot:
        round_ = session.state.round
        assert round_ is not None
        assert main(app).reels.window == round_.base.window
        assert "Magic Book" in message(app)
        assert source.draws == 0
        assert_boxes_match(app)
        await pilot.press("space")
        await settle(pilot, app)
        assert fs(session) == PLAYING


async def test_resume_mid_free_spins_shows_special_progress_and_win() -> None:
    session = feature_session(2)
    assert fs(session) == PLAYING
    round_ = session.state.round
    played = record(session)
    assert round_ is not None and played.modifier is not None
    source = counted(session)
    app = make_app(session=session)
    async with app.run_test(size=SIZE) as pilot:
        screen = main(app)
        assert screen.reels.window == played.spins[-1].result.window
        banner = app.screen.query_one("#banner", FeatureBanner)
        assert banner.symbol == played.modifier
        assert f"Free spin 2 of {played.awarded}" in banner.labels[-1]
        assert format_cents(round_.feature_win) in banner.labels[-1]
        assert f"free spin 3 of {played.awarded}" in message(app)
        assert source.draws == 0
        assert_boxes_match(app)
        await pilot.press("space")
        await settle(pilot, app)
        assert len(record(session).spins) == 3
        assert_boxes_match(app)


async def test_resume_win_offered_shows_the_win_and_collects_it() -> None:
    session = session_for(winning_seed())
    session.act(Spin(session.bet, limits=session.limits))
    win = session.state.round.win  # type: ignore[union-attr]
    credits = session.state.credits
    source = counted(session)
    app = make_app(session=session)
    async with app.run_test(size=SIZE) as pilot:
        assert main(app).boxes.box("win").value == format_cents(win)
        assert "collect" in message(app)
        assert main(app).reels.marked, "the recorded wins are marked"
        assert source.draws == 0
        await pilot.press("7")
        await settle(pilot, app)
        assert session.state.credits == credits + win


async def test_resume_mid_gamble_opens_the_gamble_screen() -> None:
    from slotterm.tui.screens.gamble_screen import GambleScreen

    session = session_for(winning_seed(gamble=True))
    session.act(Spin(session.bet, limits=session.limits))
    session.act(StartGamble())
    assert session.phase is Phase.GAMBLE
    source = counted(session)
    app = make_app(session=session)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, GambleScreen))
        await pilot.pause()  # whatever else the opening queued has run
        assert isinstance(app.screen, GambleScreen)
        stack = [type(screen).__name__ for screen in app.screen_stack]
        assert stack == ["MainScreen", "GambleScreen"]  # once: a second one showed stale amounts
        assert source.draws == 0


async def test_load_notice_is_shown() -> None:
    session = session_for(1)
    session.load_notice = "Recovered from the backup copy."
    app = make_app(session=session)
    async with app.run_test(size=SIZE):
        assert "Recovered from the backup copy." in message(app)


async def test_an_open_round_says_it_resumes() -> None:
    session = session_for(1)
    session.act(Spin(session.bet))
    app = make_app(session=session)
    async with app.run_test(size=SIZE):
        assert "Welcome back" in message(app)


async def test_a_save_that_reached_one_copy_only_is_reported_once() -> None:
    session = session_for(1)
    warning = "the second copy session-b.save could not be written (No space left on device)"
    session.persist = lambda s: setattr(s, "save_warning", warning)
    app = make_app(session=session)
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(3):  # several saves with the same trouble: one note, not three
            await pilot.press("s")
            await settle(pilot, app)
            if app.session.phase is not Phase.IDLE:
                await pilot.press("space")
                await settle(pilot, app)
        assert [n.message for n in app._notifications] == [warning]
