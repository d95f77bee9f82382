"""Anticipation: once two scatters have landed, the reels still spinning slow down and stop
one by one; the stop key still stops them at once; the outcome was drawn before.

The scenes run on a :class:`~tests.tui.main_support.SceneClock`, so the test looks at the
reels at chosen moments of the spin, however busy the machine is.
"""

from __future__ import annotations

import pytest
from textual.pilot import Pilot

from slotterm.engine.model import GameDefinition
from slotterm.engine.outcome import Window
from slotterm.tui.anticipation import SLOW_SPEED, WAIT_SECONDS, reel_timing
from slotterm.tui.app import SlotApp
from slotterm.tui.scenes import SPIN_SECONDS, SpinScene
from tests.tui.celebration_support import anticipation_seed, scatters_before_last
from tests.tui.lucky_witch_support import LW, lw_app, lw_seed
from tests.tui.main_support import (
    GAME,
    SIZE,
    freeze_scenes,
    main,
    make_app,
    run_scenes,
)

USUAL = (0.675, 0.88125, 1.0875, 1.29375, 1.5)
"""The stop times of a spin without anticipation (1.5 s, the first reel at 45 %)."""


def _window(scatters_on: dict[int, int]) -> Window:
    """A 5×3 window of ``A`` with ``scatters_on[reel]`` BOOKs at the top of those reels."""
    return tuple(
        tuple("BOOK" if row < scatters_on.get(reel, 0) else "A" for row in range(3))
        for reel in range(5)
    )


def test_no_anticipation_without_two_scatters() -> None:
    timing = reel_timing(_window({0: 1, 4: 1}), {"BOOK"}, USUAL)
    assert timing.stop_times == USUAL and timing.slow_from is None
    assert not timing.anticipating(1.0)


def test_two_scatters_on_the_last_reel_leave_nothing_to_wait_for() -> None:
    timing = reel_timing(_window({4: 2}), {"BOOK"}, USUAL)
    assert timing.stop_times == USUAL and not timing.slowed


@pytest.mark.parametrize(
    ("scatters", "landed_on"), [({0: 1, 1: 1}, 1), ({0: 2}, 0), ({1: 1, 3: 1}, 3)]
)
def test_after_two_scatters_the_other_reels_stop_one_by_one(
    scatters: dict[int, int], landed_on: int
) -> None:
    timing = reel_timing(_window(scatters), {"BOOK"}, USUAL)
    assert timing.slow_from == USUAL[landed_on]
    assert timing.slowed == frozenset(range(landed_on + 1, 5))
    assert timing.stop_times[: landed_on + 1] == USUAL[: landed_on + 1]
    for reel in range(landed_on + 1, 5):
        # each slowed reel waits a moment more than the one before it
        assert timing.stop_times[reel] == pytest.approx(timing.stop_times[reel - 1] + WAIT_SECONDS)
    assert timing.duration == pytest.approx(USUAL[landed_on] + WAIT_SECONDS * (4 - landed_on))


def test_a_slowed_reel_never_jumps_and_moves_slower() -> None:
    timing = reel_timing(_window({0: 1, 1: 1}), {"BOOK"}, USUAL)
    slow_from = timing.slow_from
    assert slow_from is not None
    speed, step = 14.0, 1e-6
    for reel in timing.slowed:
        before = timing.position(reel, 10, slow_from - step, speed)
        after = timing.position(reel, 10, slow_from + step, speed)
        assert before is not None and after is not None
        assert before == pytest.approx(after, abs=1e-3)
        later = timing.position(reel, 10, slow_from + 0.1 + step, speed)
        assert later is not None
        assert after - later == pytest.approx(SLOW_SPEED * 0.1, rel=1e-3)
        assert timing.position(reel, 10, timing.stop_times[reel], speed) is None


def _app_for(game: GameDefinition) -> SlotApp:
    if game is LW:
        return lw_app(lw_seed(scatters_before_last(LW)), animations=True)
    return make_app(anticipation_seed(), animations=True)


async def _spin_until_anticipating(pilot: Pilot[None], app: SlotApp) -> SpinScene:
    """Spin; move the scene clock to just after the second scatter landed."""
    await pilot.press("space")
    scene = main(app).presenter.current
    assert isinstance(scene, SpinScene)
    slow_from = scene.timing.slow_from
    assert slow_from is not None, "the spin should keep the player waiting"
    await run_scenes(pilot, app, slow_from + 0.05)
    return scene


@pytest.mark.parametrize("game", [GAME, LW], ids=lambda g: g.id)
async def test_the_reels_keep_the_player_waiting_after_two_scatters(game: GameDefinition) -> None:
    app = _app_for(game)
    async with app.run_test(size=SIZE) as pilot:
        freeze_scenes(app)
        screen = main(app)
        scene = await _spin_until_anticipating(pilot, app)
        # The outcome was drawn before the reels moved: the scene lands on the round's window.
        round_ = app.session.state.round or app.session.history[-1]
        assert scene.window == round_.base.window
        scatter = next(iter(game.scatter_ids))
        assert scatter in screen.reels.border_subtitle
        assert screen.reels.positions[-1] is not None
        # Where a spin without anticipation is over, the last reel still spins.
        slow_from = scene.timing.slow_from
        assert slow_from is not None
        await run_scenes(pilot, app, SPIN_SECONDS - slow_from)  # 50 ms after the usual end
        assert screen.presenter.current is scene
        assert screen.reels.positions[-1] is not None
        stopped = [p is None for p in screen.reels.positions]
        assert stopped[0] and not all(stopped), "the slowed reels stop one by one"


@pytest.mark.parametrize("game", [GAME, LW], ids=lambda g: g.id)
async def test_the_stop_key_still_stops_at_once(game: GameDefinition) -> None:
    app = _app_for(game)
    async with app.run_test(size=SIZE) as pilot:
        freeze_scenes(app)
        screen = main(app)
        scene = await _spin_until_anticipating(pilot, app)
        await pilot.press("space")  # stop
        assert screen.presenter.current is not scene
        assert all(p is None for p in screen.reels.positions)
        assert screen.reels.window == scene.window
        assert "✦" not in screen.reels.border_subtitle
