"""O (options) and G (autoplay settings) during a round say why they wait, as L does (qa2
finding 17): the lobby's help promises them "between rounds", so pressed in a round each
names what to finish first and what it does afterwards, and opens nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from slotterm.engine.actions import Spin
from slotterm.engine.records import Phase
from slotterm.tui.screens.autoplay_screen import AutoplayScreen
from slotterm.tui.screens.options_screen import OptionsScreen
from tests.tui.main_support import FREE_SPINS, message, winning_seed
from tests.tui.shell_support import SIZE, at_rest, saved_shelf, shell_app, wait_for

KEYS = {
    "o": ("O opens the options", OptionsScreen),
    "g": ("G opens the autoplay settings", AutoplayScreen),
}


@pytest.mark.parametrize("key", list(KEYS))
async def test_o_and_g_during_a_feature_say_to_finish_the_round(tmp_path: Path, key: str) -> None:
    then, window = KEYS[key]
    app = shell_app(tmp_path, shelf=saved_shelf(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        await at_rest(pilot, app)
        session = app.session
        assert session is not None
        session.act(Spin(session.bet, force=FREE_SPINS, limits=session.limits))
        assert session.phase is Phase.FEATURE
        await pilot.press(key)
        await wait_for(pilot, lambda: "Finish the round first" in message(app))
        assert f"then {then}." in message(app)
        assert app.screen is app.main_screen and session.phase is Phase.FEATURE
        assert not any(isinstance(s, window) for s in app.screen_stack)


@pytest.mark.parametrize("key", list(KEYS))
async def test_o_and_g_over_a_waiting_win_say_to_collect_it(tmp_path: Path, key: str) -> None:
    then, window = KEYS[key]
    app = shell_app(tmp_path, shelf=saved_shelf(tmp_path, seed=winning_seed()))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        await at_rest(pilot, app)
        await pilot.press("space")
        screen = app.main_screen
        await wait_for(pilot, lambda: not screen.presenter.busy)
        session = app.session
        assert session is not None and session.phase is Phase.WIN_OFFERED
        await pilot.press(key)
        await wait_for(pilot, lambda: "Collect the win first" in message(app))
        assert f"then {then}." in message(app) and "Space collects" in message(app)
        await pilot.press("space")  # collected: now the key opens its window
        await wait_for(pilot, lambda: session.phase is Phase.IDLE)
        await at_rest(pilot, app)
        await pilot.press(key)
        await wait_for(pilot, lambda: isinstance(app.screen, window))
