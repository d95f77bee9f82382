"""The machine never shows more than the show has reached, nor what was lost: free spins
won again count in the banner and the message only once announced; after a lost gamble
the reels show no win frames and the Win box reads 0.00; the feature banner keeps the
reels where they were and its background spans the whole width."""

from __future__ import annotations

from textual.geometry import Region
from textual.widget import Widget

from slotterm.engine.actions import Spin
from slotterm.engine.features.free_spins_records import FreeSpinsAwarded, PlayFreeSpin, StartFeature
from slotterm.engine.records import Phase
from slotterm.rng import ReplaySource
from slotterm.tui.app import SlotApp
from slotterm.tui.features.free_spins_view import RetriggerScene
from slotterm.tui.screens.gamble_screen import GambleScreen
from slotterm.tui.widgets.feature_banner import FeatureBanner
from tests.tui.main_support import (
    FREE_SPINS,
    PLAYING,
    SIZE,
    box,
    end_scene,
    feature_until,
    freeze_scenes,
    fs,
    main,
    make_app,
    message,
    record,
    scene_name,
    session_for,
    settle,
    winning_seed,
)
from tests.tui.modal_support import BLACK_CARD, wait_for


def _banner(app: SlotApp) -> FeatureBanner:
    return main(app).query_one("#banner", FeatureBanner)


def _retrigger() -> tuple[int, int, int, int]:
    """(seed, free spins before the one that wins more, spins awarded before, after)."""
    for seed in range(200):
        spins = feature_until(seed, lambda s: record(s).awarded > 10 and fs(s) == PLAYING)
        if spins > 0:
            session = session_for(seed)
            session.act(Spin(session.bet, force=FREE_SPINS, limits=session.limits))
            session.act(StartFeature())
            for _ in range(spins - 1):
                session.act(PlayFreeSpin())
            before = record(session).awarded
            events = session.act(PlayFreeSpin()).events
            assert any(isinstance(e, FreeSpinsAwarded) and e.retrigger for e in events)
            return seed, spins - 1, before, record(session).awarded
    raise AssertionError("no retrigger found")


async def test_free_spins_won_again_count_only_once_announced() -> None:
    seed, played, before, after = _retrigger()
    app = make_app(seed, force=FREE_SPINS, animations=True)
    async with app.run_test(size=SIZE) as pilot:
        freeze_scenes(app)
        await pilot.press("space")  # the spin that wins the free spins
        await settle(pilot, app)
        await pilot.press("space")  # start them
        await settle(pilot, app)
        for _ in range(played):
            await pilot.press("space")
            await settle(pilot, app)
        assert f"free spin {played + 1} of {before}" in message(app)
        await pilot.press("space")  # the free spin that wins more
        await pilot.pause()
        assert record(app.session).awarded == after, "drawn and saved before it is shown"
        assert scene_name(app) == "SpinScene"
        number = played + 1
        assert _banner(app).labels[-1].startswith(f"Free spin {number} of {before}")
        assert message(app) == f"Free spin {number} of {before}…"
        while not isinstance(main(app).presenter.current, RetriggerScene):
            assert main(app).presenter.busy, "the show ended without announcing them"
            assert f"of {after}" not in _banner(app).labels[-1]
            await end_scene(pilot, app)
        assert f"+{after - before} FREE SPINS!" in message(app)
        assert _banner(app).labels[-1].startswith(f"Free spin {number} of {after}")
        await settle(pilot, app)
        assert f"free spin {number + 1} of {after}" in message(app)


async def test_a_skipped_show_counts_them_at_once() -> None:
    seed, played, before, after = _retrigger()
    app = make_app(seed, force=FREE_SPINS, animations=True)
    async with app.run_test(size=SIZE) as pilot:
        freeze_scenes(app)
        for _ in range(played + 2):
            await pilot.press("space")
            await settle(pilot, app)
        await pilot.press("space")  # the free spin that wins more
        await pilot.pause()
        assert _banner(app).labels[-1].startswith(f"Free spin {played + 1} of {before}")
        await pilot.press("space")  # stop the reels
        await pilot.press("space")  # skip the rest of the show
        await settle(pilot, app)
        assert _banner(app).labels[-1].startswith(f"Free spin {played + 1} of {after}")


def _winning_cells(app: SlotApp) -> int:
    return len(main(app).reels.marked)


async def test_a_lost_gamble_leaves_no_win_on_the_reels() -> None:
    app = make_app(winning_seed())
    session = app.session
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("space")
        await settle(pilot, app)
        assert session.phase is Phase.WIN_OFFERED
        assert _winning_cells(app) > 0, "the win is marked before the gamble"
        session.rng = ReplaySource([BLACK_CARD])
        await pilot.press("5")  # open the gamble
        await wait_for(pilot, lambda: isinstance(app.screen, GambleScreen))
        await pilot.press("5")  # red: the black card loses
        await wait_for(pilot, lambda: session.phase is Phase.IDLE)
        await pilot.pause()
        reels = main(app).reels
        assert _winning_cells(app) == 0 and reels.path is None
        assert reels.border_subtitle == "", "no 'N wins: X' under the reels"
        assert box(app, "win") == "0.00"
        await wait_for(pilot, lambda: not isinstance(app.screen, GambleScreen), limit=5.0)
        await settle(pilot, app)
        assert _winning_cells(app) == 0 and main(app).reels.border_subtitle == ""
        assert box(app, "win") == "0.00"
        assert "The gamble was lost." in message(app)


def _row_backgrounds(widget: Widget) -> set[object]:
    """The background colours of the blank cells the widget draws."""
    width, height = widget.size
    colours = set()
    for strip in widget.render_lines(Region(0, 0, width, height)):
        for segment in strip:
            if segment.text and not segment.text.strip():  # blank cells: the background
                colours.add(segment.style.bgcolor if segment.style else None)
    assert width and height
    return colours


async def test_the_feature_banner_keeps_the_reels_in_place_and_spans_the_width() -> None:
    app = make_app(7, force=FREE_SPINS)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        idle = main(app).reels.region
        await pilot.press("space")
        await settle(pilot, app)
        await pilot.press("space")  # the free spins start: the banner shows the feature
        await settle(pilot, app)
        await pilot.press("space")
        await settle(pilot, app)
        banner = _banner(app)
        assert banner.labels, "the feature banner is up"
        assert main(app).reels.region == idle, "the reels did not move"
        assert banner.region.width == SIZE[0] and banner.region.height == 3
        assert len(_row_backgrounds(banner)) == 1, "one background across the banner"
