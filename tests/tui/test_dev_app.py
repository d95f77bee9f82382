"""The app ``textual run --dev slotterm.tui.dev:DevApp`` starts: built with no arguments,
the lobby of every shipped game in a demo session, and nothing written to the player's folders."""

from __future__ import annotations

from pathlib import Path

from slotterm.games import game_ids
from slotterm.tui.dev import DevApp
from slotterm.tui.screens.lobby_screen import LobbyScreen
from slotterm.tui.screens.main_screen import MainScreen
from tests.tui.main_support import settle
from tests.tui.shell_support import SIZE, lobby_text, wait_for


async def test_the_dev_app_plays_demo_games_and_writes_nothing(
    user_dirs: dict[str, str], tmp_path: Path
) -> None:
    app = DevApp()
    app.animation_level = "none"
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
        assert app.shelf is not None and app.shelf.ids() == list(game_ids())
        assert lobby_text(app).count("demo, not saved") == len(game_ids())
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, MainScreen))
        session = app.main_screen.session
        assert session.persist is None  # a demo: nothing to save into
        before = session.state
        await pilot.press("space")
        await settle(pilot, app)  # type: ignore[arg-type]
        assert session.state != before  # a spin was played
    written = [p for p in tmp_path.rglob("*") if p.is_file()]
    assert written == [], written
