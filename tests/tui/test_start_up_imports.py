"""The game starts without importing the scenes it only needs later (issue 24: launch).

``slotterm GAME`` imports the interface before it draws anything; the modules below are
imported when their scene first plays (a vault game's shuffle, the free spins' won /
retrigger / outro scenes, the Magic Book's open book), so a launch does not pay for them.
``benchmarks/bench_launch_imports.py`` lists the start-up modules against an older commit.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

START_UP = "slotterm.cli, slotterm.commands.play, slotterm.tui.app, slotterm.tui.lobby"

LATER = (
    "slotterm.tui.features.vault_scenes",
    "slotterm.tui.features.free_spins_scenes",
    "slotterm.tui.art.open_book",
)


@pytest.fixture(scope="module")
def start_up_modules() -> set[str]:
    """The modules a fresh interpreter holds after the start-up imports."""
    code = f"import json, sys; import {START_UP}; print(json.dumps(sorted(sys.modules)))"
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        env=dict(os.environ),
        timeout=120,
    )
    return set(json.loads(done.stdout))


@pytest.mark.parametrize("module", LATER)
def test_a_scene_only_needed_later_is_not_imported_at_launch(
    start_up_modules: set[str], module: str
) -> None:
    assert "slotterm.tui.app" in start_up_modules
    assert module not in start_up_modules


def test_the_scenes_left_out_import_and_play_their_part() -> None:
    from slotterm.tui.art.open_book import book_picture
    from slotterm.tui.features.free_spins_scenes import OutroScene, RetriggerScene, won_scenes
    from slotterm.tui.features.vault_scenes import LeaveScene, ShuffleScene

    assert all(callable(x) for x in (book_picture, OutroScene, RetriggerScene, won_scenes))
    assert callable(LeaveScene) and callable(ShuffleScene)
