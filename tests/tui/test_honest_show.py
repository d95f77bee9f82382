"""The machine never shows more than the show has reached, nor what was lost: free spins
won again count in the banner and the message only once announced; after a lost gamble
the reels show no win frames and the Win box reads 0.00; the feature banner keeps the
reels where they were and its background spans the whole width."""

from __future__ import annotations

import pytest
from textual.geometry import Region
from textual.pilot import Pilot
from textual.widget import Widget

from slotterm.engine.features.free_spins import REEL_SET, FreeSpins
from slotterm.engine.model import GameDefinition
from slotterm.engine.records import Phase
from slotterm.forced_stops import ForcedSpin
from slotterm.rng import ReplaySource
from slotterm.tui.app import SlotApp
from slotterm.tui.celebration import FanfareScene
from slotterm.tui.features.free_spins_scenes import RetriggerScene
from slotterm.tui.screens.gamble_screen import GambleScreen
from slotterm.tui.widgets.feature_banner import FeatureBanner
from tests.tui.lucky_witch_support import LW, lw_session
from tests.tui.main_support import (
    FREE_SPINS,
    GAME,
    SIZE,
    box,
    end_scene,
    freeze_scenes,
    main,
    make_app,
    message,
    record,
    scene_name,
    settle,
    winning_seed,
)
from tests.tui.modal_support import BLACK_CARD, wait_for

GAMES = pytest.mark.parametrize("game", [GAME, LW], ids=lambda g: g.id)
SIZES = pytest.mark.parametrize("size", [(80, 24), SIZE, (200, 60)], ids=lambda s: f"{s[0]}x{s[1]}")


def _app(game: GameDefinition, seed: int = 1, *, animations: bool = True) -> SlotApp:
    """``game`` on a seeded demo session whose first spin wins the free spins."""
    if game is GAME:
        return make_app(seed, force=FREE_SPINS, animations=animations)
    return make_app(session=lw_session(seed), force=FREE_SPINS, animations=animations)


def _banner(app: SlotApp) -> FeatureBanner:
    return main(app).query_one("#banner", FeatureBanner)


def _retrigger_stops(game: GameDefinition) -> ForcedSpin:
    """Stops on the free-spin strips with the trigger's count of scatters in the window
    (the first reels), none elsewhere: a free spin that wins more (as ``--stops`` forces,
    found as ``slotterm stops GAME --grid ... --free`` finds them)."""
    rule = game.feature(FREE_SPINS)
    assert isinstance(rule, FreeSpins) and rule.retrigger
    strips = game.reel_sets[REEL_SET]
    stops = []
    for reel, strip in enumerate(strips):
        wanted = reel < rule.trigger_count

        def shows(stop: int, strip: tuple[str, ...] = tuple(strip)) -> bool:
            window = (strip[(stop + row) % len(strip)] for row in range(game.rows))
            return any(symbol in game.scatter_ids for symbol in window)

        stops.append(next(i for i in range(len(strip)) if shows(i) == wanted))
    return ForcedSpin(REEL_SET, tuple(stops))


async def _to_the_retrigger(
    pilot: Pilot[None], app: SlotApp, game: GameDefinition
) -> tuple[int, int]:
    """Win the free spins, start them, and force the first one to win more; (the spins
    awarded before it, after it)."""
    await pilot.press("space")  # the spin that wins the free spins
    await settle(pilot, app)
    await pilot.press("space")  # start them
    await settle(pilot, app)
    before = record(app.session).awarded
    assert f"free spin 1 of {before}" in message(app)
    app.session.forced_stops = [_retrigger_stops(game)]
    await pilot.press("space")  # the free spin that wins more
    await pilot.pause()
    after = record(app.session).awarded
    assert after > before, "drawn and saved before it is shown"
    return before, after


@GAMES
@SIZES
async def test_free_spins_won_again_count_only_once_announced(
    game: GameDefinition, size: tuple[int, int]
) -> None:
    app = _app(game)
    async with app.run_test(size=size) as pilot:
        freeze_scenes(app)
        before, after = await _to_the_retrigger(pilot, app, game)
        assert scene_name(app) == "SpinScene"
        assert _banner(app).labels[-1].startswith(f"Free spin 1 of {before}")
        assert message(app) == f"Free spin 1 of {before}…"
        announcing = (RetriggerScene, FanfareScene)  # its fanfare, if any, comes first
        while not isinstance(main(app).presenter.current, announcing):
            assert main(app).presenter.busy, "the show ended without announcing them"
            assert f"of {after}" not in _banner(app).labels[-1]
            assert f"of {after}" not in message(app) and "FREE SPINS" not in message(app)
            await end_scene(pilot, app)
        assert f"+{after - before} FREE SPINS!" in message(app)
        assert _banner(app).labels[-1].startswith(f"Free spin 1 of {after}")
        await settle(pilot, app)
        assert f"free spin 2 of {after}" in message(app)


@GAMES
async def test_a_skipped_show_counts_them_at_once(game: GameDefinition) -> None:
    app = _app(game)
    async with app.run_test(size=SIZE) as pilot:
        freeze_scenes(app)
        before, after = await _to_the_retrigger(pilot, app, game)
        assert _banner(app).labels[-1].startswith(f"Free spin 1 of {before}")
        await pilot.press("space")  # stop the reels
        await pilot.press("space")  # skip the rest of the show
        await settle(pilot, app)
        assert _banner(app).labels[-1].startswith(f"Free spin 1 of {after}")
        assert f"free spin 2 of {after}" in message(app)


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


@GAMES
@SIZES
async def test_the_feature_banner_keeps_the_reels_in_place_and_spans_the_width(
    game: GameDefinition, size: tuple[int, int]
) -> None:
    app = _app(game, 7, animations=False)
    async with app.run_test(size=size) as pilot:
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
        assert banner.region.width == size[0] and banner.region.height == 3
        assert len(_row_backgrounds(banner)) == 1, "one background across the banner"
