"""Snapshots of the bonus drama at 80×24 and 200×60 in both games: the anticipation frame
(two scatters or two Cauldrons in sight, the reels still spinning lit, the caption under
them) and the end frame of the spin that wins a feature (its trigger symbols marked).

Animated, on a stopped scene clock and held pulses: each picture is one chosen moment.
"""

from __future__ import annotations

from typing import Any

import pytest
from textual.pilot import Pilot

from slotterm.tui.app import SlotApp
from slotterm.tui.scenes import SpinScene, WinShowScene
from tests.tui.celebration_support import anticipation_seed
from tests.tui.drama_support import cauldron_app, forced_bonus_app
from tests.tui.main_support import FREE_SPINS, end_scene, freeze_scenes, main, make_app, run_scenes

SIZES = pytest.mark.parametrize("size", [(80, 24), (200, 60)], ids=lambda s: f"{s[0]}x{s[1]}")


async def _to_anticipation(pilot: Pilot[None]) -> None:
    app: Any = pilot.app
    freeze_scenes(app)
    await pilot.press("space")
    scene = main(app).presenter.current
    assert isinstance(scene, SpinScene) and scene.timing.slow_from is not None
    await run_scenes(pilot, app, scene.timing.slow_from + 0.05)
    assert main(app).reels.waiting, "the reels still spinning are lit"


async def _to_trigger_end(pilot: Pilot[None]) -> None:
    """Spin the feature in; run the scenes into the last item of the spin's win show
    (the trigger symbols: the next scene, a fanfare, would cover the reels)."""
    app: Any = pilot.app
    freeze_scenes(app)
    await pilot.press("space")
    while not isinstance(main(app).presenter.current, WinShowScene):
        assert main(app).presenter.busy, "the show ended with no win show"
        await end_scene(pilot, app)
    show = main(app).presenter.current
    assert isinstance(show, WinShowScene)
    await run_scenes(pilot, app, show.duration - 0.05)  # its last item: the trigger
    assert main(app).reels.marked


def _book_app() -> SlotApp:
    return make_app(1, force=FREE_SPINS, animations=True)


@SIZES
def test_anticipation_two_books(snap_compare: Any, size: tuple[int, int]) -> None:
    app = make_app(anticipation_seed(), animations=True)
    assert snap_compare(app, terminal_size=size, run_before=_to_anticipation)


@SIZES
def test_anticipation_two_cauldrons(snap_compare: Any, size: tuple[int, int]) -> None:
    assert snap_compare(cauldron_app(), terminal_size=size, run_before=_to_anticipation)


@SIZES
def test_books_landed_marked(snap_compare: Any, size: tuple[int, int]) -> None:
    assert snap_compare(_book_app(), terminal_size=size, run_before=_to_trigger_end)


@SIZES
def test_cauldrons_landed_marked(snap_compare: Any, size: tuple[int, int]) -> None:
    app = forced_bonus_app(animations=True)
    assert snap_compare(app, terminal_size=size, run_before=_to_trigger_end)
