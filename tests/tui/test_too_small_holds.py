"""The window shrinking below 80×24 in the middle of a show: the notice fills the terminal,
the show stands still on its frame (however long the notice is up), keys play nothing
and the notice says so, and the show goes on from that frame when the window grows back.

Scenes run on a :class:`~tests.tui.main_support.SceneClock` the test moves, so "time
passing under the notice" is the clock moved on while the notice is up."""

from __future__ import annotations

import pytest
from textual.pilot import Pilot

from slotterm.tui.app import SlotApp
from slotterm.tui.features.pick_screen import PickScreen
from slotterm.tui.presenter import Presenter
from slotterm.tui.scenes import SpinScene
from slotterm.tui.screens.too_small import TooSmallScreen
from tests.tui.main_support import (
    SIZE,
    SceneClock,
    freeze_scenes,
    main,
    make_app,
    on_main,
    run_scenes,
    settle,
)
from tests.tui.modal_support import wait_for
from tests.tui.pick_support import at_rest, bonus_session, make_witch_app, pick_screen

SMALL = (70, 20)


def notice_text(app: SlotApp) -> str:
    """What the too-small notice says (the test fails if it is not on top)."""
    assert isinstance(app.screen, TooSmallScreen), f"no notice on top: {app.screen!r}"
    return str(app.screen.query_one("#too-small-notice").render())


async def shrink(pilot: Pilot[None], app: SlotApp) -> None:
    """Make the terminal 70×20 and wait for the notice."""
    await pilot.resize_terminal(*SMALL)
    await wait_for(pilot, lambda: isinstance(app.screen, TooSmallScreen))


async def time_passes_under_the_notice(
    pilot: Pilot[None], clock: SceneClock, presenter: Presenter
) -> None:
    """Ten seconds of scene time go by (far past any scene's end) while the notice is up."""
    frames = presenter.frames
    clock.advance(10.0)
    for _ in range(10):
        await pilot.pause(0.02)
    assert presenter.frames == frames, "a frame was drawn under the notice"


async def test_a_spin_stands_still_under_the_notice_and_goes_on_when_the_window_grows() -> None:
    app = make_app(1, animations=True)
    async with app.run_test(size=SIZE) as pilot:
        clock = freeze_scenes(app)
        presenter = main(app).presenter
        await pilot.press("space")
        await wait_for(pilot, lambda: isinstance(presenter.current, SpinScene))
        spin = presenter.current
        await run_scenes(pilot, app, 0.3)  # the reels are turning
        at = presenter.elapsed
        assert 0 < at < spin.duration  # type: ignore[union-attr]
        await shrink(pilot, app)
        text = notice_text(app)
        assert "80×24" in text and "70×20" in text and "keys play nothing" in text
        assert not presenter.ticking
        await time_passes_under_the_notice(pilot, clock, presenter)
        await pilot.press("space")  # would stop the reels on the machine
        await pilot.pause()
        assert "Space was not played" in notice_text(app)
        assert presenter.current is spin and presenter.elapsed == at
        await pilot.resize_terminal(*SIZE)
        await wait_for(pilot, lambda: on_main(app))
        # back exactly where it stood: the same scene, the same moment, turning again
        assert presenter.current is spin and presenter.elapsed == pytest.approx(at, abs=1e-9)
        assert presenter.ticking
        await run_scenes(pilot, app, 0.1)
        assert presenter.current is spin and presenter.elapsed > at
        await settle(pilot, app)
        assert app.session.state.rounds_played == 1
        reels, window = main(app).reels, spin.window  # type: ignore[union-attr]
        shown = [
            [reels.shown_symbol(r, row) for row in range(len(col))] for r, col in enumerate(window)
        ]
        assert shown == [list(column) for column in window]  # the recorded stops


async def test_a_pick_game_stands_still_and_keeps_its_decision_for_the_player() -> None:
    session = bonus_session("pumpkin")
    app = make_witch_app(session)
    app.animation_level = "full"
    async with app.run_test(size=SIZE) as pilot:
        screen = await at_rest(pilot, app)
        clock = SceneClock()
        screen.presenter.clock = clock
        opened_before = screen.record.opened
        await pilot.press("3")  # a pumpkin opens: its scene runs
        await pilot.pause()
        presenter = screen.presenter
        assert presenter.busy
        scene, at = presenter.current, presenter.elapsed
        picked = screen.record.opened
        assert len(picked) == len(opened_before) + 1
        await shrink(pilot, app)
        assert not presenter.ticking
        await time_passes_under_the_notice(pilot, clock, presenter)
        for key in ("4", "enter", "y", "n"):  # picks and answers: none is played
            await pilot.press(key)
        await pilot.pause()
        assert "was not played" in notice_text(app)
        assert screen.record.opened == picked
        assert presenter.current is scene and presenter.elapsed == at
        await pilot.resize_terminal(*SIZE)
        await wait_for(pilot, lambda: app.screen is screen)
        assert presenter.current is scene and presenter.elapsed == pytest.approx(at, abs=1e-9)
        screen = await at_rest(pilot, app)  # the reveal plays out, then the choice waits
        assert isinstance(pick_screen(app), PickScreen)
        assert screen.record.opened == picked and not screen.finished


async def test_a_pick_game_resumed_in_a_small_terminal_opens_under_the_notice() -> None:
    """Started at 70×20 on a round waiting in a pick game: the pick screen opens under a
    notice of its own (not clipped), takes no key, and is played once the window grows."""
    session = bonus_session("pumpkin")
    app = make_witch_app(session)
    async with app.run_test(size=SMALL) as pilot:
        await wait_for(pilot, lambda: any(isinstance(s, PickScreen) for s in app.screen_stack))
        await wait_for(pilot, lambda: isinstance(app.screen, TooSmallScreen))
        picks = [s for s in app.screen_stack if isinstance(s, PickScreen)]
        assert len(picks) == 1 and app.screen_stack.index(picks[0]) < len(app.screen_stack) - 1
        before = picks[0].record.opened
        await pilot.press("3")
        await pilot.pause()
        assert "3 was not played" in notice_text(app)
        assert picks[0].record.opened == before
        await pilot.resize_terminal(*SIZE)
        screen = await at_rest(pilot, app)
        assert screen is picks[0] and screen.record.opened == before
        await pilot.press("3")
        await at_rest(pilot, app)
        assert len(screen.record.opened) == len(before) + 1
