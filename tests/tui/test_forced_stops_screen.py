"""The machine screen shows the window of forced reel stops (``--stops``): the spin the
player starts with Space takes them, and the reels come to rest on their window."""

from __future__ import annotations

import random

from slotterm.engine.evaluate import window_at
from slotterm.forced_stops import ForcedSpin
from tests.tui.main_support import GAME, SIZE, main, make_app, session_for, settle


async def test_space_spins_to_the_forced_window() -> None:
    rng = random.Random(5)
    stops = tuple(rng.randrange(len(strip)) for strip in GAME.base_reels)
    session = session_for(3)
    session.forced_stops = [ForcedSpin("base", stops)]
    app = make_app(session=session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("space")
        await settle(pilot, app)
        assert main(app).reels.window == window_at(GAME.base_reels, stops, GAME.rows)
    latest = session.open_round or session.history[-1]
    assert latest.base.stops == stops and session.forced_stops == []
    assert session.forced_steps == {latest.number: (0,)}
