"""The full-window celebrations of big, mega and epic wins: their particles (fixed by the
round, richer at each level), their frames at any size, Space skipping to the exact
amount, animations off showing the end frame, the Credits tick-up ending on the exact
credits, and each level's end frame at 80×24 and 200×60 (an ordinary win, never
celebrated: test_celebrations).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from textual.pilot import Pilot

from slotterm.money import format_cents
from slotterm.tui.app import SlotApp
from slotterm.tui.celebration import (
    BIG_WIN,
    EPIC_WIN,
    MEGA_WIN,
    Celebration,
    CelebrationScene,
)
from slotterm.tui.celebration_art import Frame, frame_cells
from slotterm.tui.credits_tick import CreditsTickScene
from slotterm.tui.particles import particles_at
from tests.tui.celebration_support import forced_app
from tests.tui.main_support import (
    SIZE,
    box,
    end_scene,
    freeze_scenes,
    main,
    run_scenes,
    settle,
)
from tests.tui.shell_support import wait_for

LEVELS = {"big": BIG_WIN, "mega": MEGA_WIN, "epic": EPIC_WIN}
WON = {"big": 300, "mega": 1500, "epic": 10_000}
"""What each level's forced five of a kind wins at the default bet of 0.18."""


def test_particles_are_fixed_by_the_seed_and_stay_inside() -> None:
    flurry = MEGA_WIN.flurry
    once = particles_at(flurry, 42, 1.3, 78, 13)
    assert once == particles_at(flurry, 42, 1.3, 78, 13)
    assert once != particles_at(flurry, 43, 1.3, 78, 13)
    assert all(0 <= p.x < 78 and 0 <= p.y < 13 for p in once)


def test_each_level_shows_more_than_the_last() -> None:
    counts = [
        sum(len(particles_at(level.flurry, 7, t / 10, 78, 13)) for t in range(30))
        for level in (BIG_WIN, MEGA_WIN, EPIC_WIN)
    ]
    assert counts[0] < counts[1] < counts[2], counts


@pytest.mark.parametrize("size", [(78, 13), (118, 29), (196, 49), (30, 4)])
def test_a_frame_fills_its_window_and_keeps_the_text_clear(size: tuple[int, int]) -> None:
    width, height = size
    frame = Frame("EPIC WIN!", "1,234.56", "555× the total bet", EPIC_WIN.flurry, 5, 2.0)
    cells = frame_cells(frame, width, height)
    assert len(cells) == height
    assert all(len(chars) == len(roles) == width for chars, roles in cells)
    caption = [chars for chars, _ in cells if "555× the total bet" in chars]
    assert caption or height < 6, "the caption is written out plainly"


def _celebrating(app: SlotApp) -> Celebration:
    return main(app).query_one(Celebration)


async def _until_celebration(pilot: Pilot[None], app: SlotApp) -> CelebrationScene:
    await pilot.press("space")
    await wait_for(pilot, lambda: main(app).presenter.busy)  # the key may come late
    for _ in range(100):
        scene = main(app).presenter.current
        if isinstance(scene, CelebrationScene):
            return scene
        assert scene is not None, "the show ended without a celebration"
        await end_scene(pilot, app)
    raise AssertionError("no celebration came")


@pytest.mark.parametrize("level", ["big", "mega", "epic"])
async def test_space_skips_at_once_to_the_exact_amount(level: str) -> None:
    app = forced_app(level)
    async with app.run_test(size=SIZE) as pilot:
        freeze_scenes(app)
        scene = await _until_celebration(pilot, app)
        assert scene.level is LEVELS[level]
        await run_scenes(pilot, app, scene.duration / 10)
        assert box(app, "win") != format_cents(WON[level]), "still counting"
        await pilot.press("space")
        await wait_for(pilot, lambda: not main(app).presenter.busy)  # one Space skips all
        overlay = _celebrating(app)
        assert overlay.display and not overlay.has_focus
        assert format_cents(WON[level]) in overlay.words
        assert f"{WON[level] // 18}× the total bet" in overlay.words
        assert box(app, "win") == format_cents(WON[level])
        assert app.session.state.round is not None, "the skip took no decision"


async def test_with_animations_off_the_end_frame_is_shown() -> None:
    app = forced_app("epic", animations=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("space")
        await pilot.pause()
        overlay = _celebrating(app)
        assert overlay.display and "EPIC WIN" in overlay.words
        assert format_cents(10_000) in overlay.words
        assert not main(app).presenter.ticking


async def test_collect_ticks_the_credits_up_to_the_exact_figure() -> None:
    app = forced_app("big")
    async with app.run_test(size=SIZE) as pilot:
        freeze_scenes(app)
        await _until_celebration(pilot, app)
        await pilot.press("space")  # skip to the end frame
        await wait_for(pilot, lambda: not main(app).presenter.busy)
        before = box(app, "credits")
        await pilot.press("space")  # collect
        await wait_for(pilot, lambda: main(app).presenter.busy)
        assert not _celebrating(app).display, "the next action takes the end frame down"
        assert isinstance(main(app).presenter.current, CreditsTickScene)
        assert box(app, "credits") == before
        await run_scenes(pilot, app, 0.3)
        final = format_cents(app.session.state.credits)
        assert box(app, "credits") not in (before, final), "the credits count up"
        await settle(pilot, app)
        assert box(app, "credits") == final


@pytest.mark.parametrize("size", [(80, 24), (200, 60)], ids=["80x24", "200x60"])
@pytest.mark.parametrize("level", ["big", "mega", "epic"])
def test_end_frame_snapshot(snap_compare: Any, level: str, size: tuple[int, int]) -> None:
    async def spin(pilot: Pilot[None]) -> None:
        await pilot.press("space")
        await pilot.pause()

    app = forced_app(level, animations=False)
    assert snap_compare(app, terminal_size=size, run_before=spin)


@pytest.mark.parametrize("level", ["big", "mega", "epic"])
async def test_the_bell_rings_once_for_each_level_when_on(level: str) -> None:
    app = forced_app(level, animations=False)
    app.preferences = replace(app.preferences, bell=True)
    rings: list[str] = []
    app.bell = lambda: rings.append("ring")  # type: ignore[method-assign]
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("space")
        await pilot.pause()
        assert rings == ["ring"]
