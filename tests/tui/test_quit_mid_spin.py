"""Q while a demo's reels spin (qa2 finding 15): the show is finished first, then the
question is decided as at rest, so the dialog never comes over reels still spinning (its
coming would tell a winning spin before the reels stop) and the reels under it show their
resting picture, not a frame frozen mid-motion.  A spin that wins nothing then quits at
once, as a demo between rounds does."""

from __future__ import annotations

import pytest

from slotterm.engine.records import Phase
from slotterm.tui.app import SlotApp
from slotterm.tui.narration import latest_window
from slotterm.tui.screens.quit_confirm import QuitConfirm
from tests.tui.main_support import (
    FREE_SPINS,
    SIZE,
    freeze_scenes,
    losing_seed,
    main,
    make_app,
    winning_seed,
)
from tests.tui.modal_support import wait_for


def _at_rest_picture(app: SlotApp) -> bool:
    """The reels stand still on the window the session holds."""
    screen = main(app)
    window, _ = latest_window(screen.session, screen.views)
    reels = screen.reels
    return all(p is None for p in reels.positions) and reels.window == window


@pytest.mark.parametrize(
    ("seed", "force"), [(winning_seed(), None), (3, FREE_SPINS)], ids=["win", "free spins"]
)
async def test_q_mid_spin_with_something_won_asks_over_resting_reels(
    seed: int, force: str | None
) -> None:
    app = make_app(seed, force=force, animations=True)
    async with app.run_test(size=SIZE) as pilot:
        freeze_scenes(app)
        screen = main(app)
        await pilot.press("space")
        await wait_for(pilot, lambda: screen.presenter.stoppable)
        assert not _at_rest_picture(app)  # the reels are moving
        assert screen.session.phase is not Phase.IDLE  # the spin holds something
        await pilot.press("q")
        await wait_for(pilot, lambda: isinstance(app.screen, QuitConfirm))
        assert not screen.presenter.busy, "the dialog came over a show still running"
        assert _at_rest_picture(app)
        await pilot.press("n")
        await wait_for(pilot, lambda: app.screen is screen)
        assert app.is_running and screen.session.state.round is not None


async def test_q_mid_spin_with_nothing_won_quits_at_once() -> None:
    app = make_app(losing_seed(), animations=True)
    async with app.run_test(size=SIZE) as pilot:
        freeze_scenes(app)
        screen = main(app)
        await pilot.press("space")
        await wait_for(pilot, lambda: screen.presenter.stoppable)
        await pilot.press("q")
        await wait_for(pilot, lambda: app.return_code is not None or not app.is_running)
        assert not any(isinstance(s, QuitConfirm) for s in app.screen_stack)
