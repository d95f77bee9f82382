"""The message line's words: each prompt names one key, the way a player reads it (the help
lists the other keys that do the same); a refused L says why; a celebration says a key
skips it."""

from __future__ import annotations

from pathlib import Path
from unittest.mock import MagicMock

from slotterm.engine.actions import Spin
from slotterm.engine.records import Phase
from slotterm.tui.celebration import BIG_WIN, CelebrationScene
from slotterm.tui.narration import rest_prompt
from tests.tui.main_support import FREE_SPINS, message, winning_seed
from tests.tui.shell_support import SIZE, at_rest, demo, saved_shelf, shell_app, wait_for


def test_the_feature_summary_names_one_key() -> None:
    session = demo()
    prompt = rest_prompt(session, MagicMock(), summary=True, autoplay=False)
    assert prompt == "Press Space to continue."


async def test_a_waiting_win_names_space_and_the_gamble_and_l_says_why_it_waits(
    tmp_path: Path,
) -> None:
    app = shell_app(tmp_path, shelf=saved_shelf(tmp_path, seed=winning_seed()))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        await at_rest(pilot, app)
        await pilot.press("space")
        session = app.session
        assert session is not None
        screen = app.main_screen
        await wait_for(pilot, lambda: not screen.presenter.busy)
        assert session.phase is Phase.WIN_OFFERED
        await wait_for(pilot, lambda: "Win " in message(app) and "!" in message(app))
        text = message(app)
        assert "Space collects · 5 gambles" in text, text
        assert "/" not in text and "7" not in text, text
        await pilot.press("l")
        await wait_for(pilot, lambda: "Collect the win first" in message(app))
        assert app.screen is screen and session.phase is Phase.WIN_OFFERED
        assert "L goes back to the lobby" in message(app)
        assert "Space collects" in message(app), "the prompt stays on the line"
        await pilot.press("space")  # the named key works: the win is collected
        await wait_for(pilot, lambda: session.phase is Phase.IDLE)
        await at_rest(pilot, app)
        await pilot.press("l")  # and now L goes back
        await wait_for(pilot, lambda: app.screen is app.lobby)


def test_a_celebration_says_any_key_skips_it() -> None:
    said: list[str] = []
    scene = CelebrationScene(MagicMock(), lambda amount: None, 0, 5000, BIG_WIN, say=said.append)
    scene.begin()
    assert said == [f"{BIG_WIN.title}! Any key skips."]


async def test_l_during_a_feature_says_to_finish_the_round(tmp_path: Path) -> None:
    app = shell_app(tmp_path, shelf=saved_shelf(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        await at_rest(pilot, app)
        session = app.session
        assert session is not None
        session.act(Spin(session.bet, force=FREE_SPINS, limits=session.limits))
        assert session.phase is Phase.FEATURE
        await pilot.press("l")
        await wait_for(pilot, lambda: "Finish the round first" in message(app))
        assert app.screen is app.main_screen and session.phase is Phase.FEATURE
