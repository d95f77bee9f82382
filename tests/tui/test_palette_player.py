"""The command palette offers a player's commands only (qa2 finding 16): the game's own,
the colour theme and Quit in a player's words, never Textual's developer commands (the
keys panel that squeezes the machine and that Escape does not close, maximize, the SVG
screenshot written into the current folder)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.tui.palette_support import listed, open_palette, search
from tests.tui.shell_support import SIZE, at_rest, demo, saved_shelf, shell_app

DEVELOPER = ("Keys", "Maximize", "Minimize", "Screenshot")
"""Textual's own commands, which a player has no use for."""


@pytest.mark.parametrize("where", ["machine", "lobby"])
async def test_the_palette_lists_no_developer_commands(tmp_path: Path, where: str) -> None:
    session = demo() if where == "machine" else None
    app = shell_app(tmp_path, shelf=saved_shelf(tmp_path), session=session)
    async with app.run_test(size=SIZE) as pilot:
        if session is not None:
            await at_rest(pilot, app)
        palette = await open_palette(pilot, app)
        shown = listed(palette)
        assert {"Theme", "Quit"} <= set(shown), shown
        assert not set(DEVELOPER) & set(shown), shown
        assert "as soon as possible" not in shown["Quit"]
        assert "Q" in shown["Quit"]  # the same quit as the key
        # nor found by a search: the palette searches these same commands
        system = [command.title for command in app.get_system_commands(app.screen)]
        assert system == ["Theme", "Quit"]
        hits = await search(pilot, palette, "Theme")  # a search still finds the theme
        assert "Theme" in hits
