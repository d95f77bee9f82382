"""While a feature spin's wins are shown (a show Space skips), the message line says so,
not the words of the reels that have already stopped."""

from __future__ import annotations

import pytest

from slotterm.tui.screens import windows_ahead
from tests.tui.main_support import (
    FREE_SPINS,
    end_scene,
    freeze_scenes,
    main,
    make_app,
    message,
    scene_name,
)


async def test_the_trigger_spins_win_show_says_space_skips_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(windows_ahead, "AHEAD_AFTER", 3600.0)  # nothing else moves
    app = make_app(1, force=FREE_SPINS, animations=True)  # seed 1: the trigger spin wins
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        freeze_scenes(app)
        await pilot.press("space")
        await pilot.pause()
        said = {}
        while main(app).presenter.busy and len(said) < 12:
            name = scene_name(app)
            assert name is not None
            said.setdefault(name, message(app))
            await end_scene(pilot, app)
        assert "WinShowScene" in said, said  # the trigger spin's own win was shown
        assert said["WinShowScene"] == "Space skips the show."
        assert "stops the reels" in said["SpinScene"]
