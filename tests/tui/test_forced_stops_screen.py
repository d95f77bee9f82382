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


async def test_space_plays_a_forced_five_of_a_kind() -> None:
    """``--force five-of-a-kind:Witch``: the reels rest on five witches on a paid line."""
    from slotterm.force_kinds import parse_force

    session = session_for(3)
    session.forcing = parse_force(GAME, "five-of-a-kind:Witch")
    app = make_app(session=session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("space")
        await settle(pilot, app)
        window = main(app).reels.window
        assert all(column[1] == "WITCH" for column in window)  # line 1, the middle row
        assert session.forcing is None and session.forced_steps


async def test_a_forced_cap_the_bet_cannot_reach_refuses_the_spin_saying_why() -> None:
    """Lucky Witch's cap is money: at 1 coin of 0.01 on one line no plan reaches it."""
    from slotterm.force_kinds import parse_force
    from tests.tui.lucky_witch_support import LW, lw_session
    from tests.tui.main_support import message

    session = lw_session(2)
    session.bet = LW.default_bet(lines=1)
    session.forcing = parse_force(LW, "cap")  # at the default bet it can be played
    app = make_app(session=session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("space")
        await settle(pilot, app)
        assert "--force cap" in message(app)
        assert session.state.rounds_played == 0 and session.forcing is not None
