"""One press of the skip key ends the whole rest of a spin's show (issue 10: celebrations
are skipped by any key; a free spin's show is skippable).

A free spin with lines, the expansion and a BIG WIN used to take a press per scene.  Now
the first press after the reels stop (Space, Enter, or any key over a celebration)
finishes every remaining scene at once: the machine rests on exactly the picture the show
would have ended on (Win box, banner, credits, message), and that press does nothing
else; the next press acts (the next free spin).

Each show runs on a :class:`~tests.tui.main_support.SceneClock`, so a scene stays on
screen while keys are pressed into it.  The picture after a skip is compared with the
same spin's show played out to its end in a second app on the same seed.
"""

from __future__ import annotations

import pytest
from textual.pilot import Pilot

from slotterm.engine.features.free_spins_records import record_of
from slotterm.engine.records import Phase
from slotterm.money import format_cents
from slotterm.tui.app import SlotApp
from slotterm.tui.celebration import Celebration, CelebrationScene
from slotterm.tui.scenes import SpinScene
from slotterm.tui.widgets.feature_banner import FeatureBanner
from tests.tui.main_support import (
    FREE_SPINS,
    SIZE,
    box,
    end_scene,
    freeze_scenes,
    main,
    make_app,
    message,
    settle,
)
from tests.tui.shell_support import wait_for

SEED = 3
"""Book of Spells seed whose forced free spins hold big wins (see test_free_spin_agreement)."""
LONG = 2
"""Scenes at least left after the first scene following the reels: a show of three or more."""


def _played(app: SlotApp) -> int:
    found = record_of(app.session.state.round)
    return 0 if found is None else len(found.spins)


def _picture(app: SlotApp) -> dict[str, object]:
    """What the machine shows at rest that a show could change."""
    screen = main(app)
    return {
        "win": box(app, "win"),
        "credits": box(app, "credits"),
        "banner": tuple(screen.query_one("#banner", FeatureBanner).labels),
        "message": message(app),
        "summary": screen.summary_visible,
        "celebrating": any(o.display for o in screen.query(Celebration)),
        "phase": app.session.phase,
        "played": _played(app),
    }


def _playing(app: SlotApp) -> bool:
    """Free spins started and not over (either game)."""
    found = record_of(app.session.state.round)
    return app.session.phase is Phase.FEATURE and found is not None and found.started


async def _start_free_spins(pilot: Pilot[None], app: SlotApp) -> None:
    """The forced trigger and the start (the Magic Book), animations off: free spins
    ready to play."""
    app.animation_level = "none"
    for _ in range(5):
        if _playing(app):
            break
        await pilot.press("space")
        await settle(pilot, app)
    assert _playing(app)
    app.animation_level = "full"


async def _to_a_long_show(pilot: Pilot[None], app: SlotApp, *, celebrated: bool) -> int:
    """Play free spins (each show run out) until one's show after the reels holds three
    scenes or more (with a BIG WIN if ``celebrated``); stop its reels and return the
    number of free spins played before it."""
    screen = main(app)
    presenter = screen.presenter
    for _ in range(40):
        assert _playing(app), "no long show came"
        before = _played(app)
        await pilot.press("space")  # the next free spin
        # a loaded machine may hand the key on after press() returns: wait for its effect
        await wait_for(pilot, lambda b=before: _played(app) > b)
        assert isinstance(presenter.current, SpinScene)
        after = presenter.queued
        if len(after) > LONG and (
            not celebrated or any(isinstance(s, CelebrationScene) for s in after)
        ):
            spin = presenter.current
            await pilot.press("space")  # stops the reels: the show goes on
            await wait_for(pilot, lambda s=spin: presenter.current is not s)
            assert presenter.current is not None and presenter.current.skippable
            assert len(presenter.queued) >= LONG
            return before
        await settle(pilot, app)
    raise AssertionError("no long show came")


async def _played_out(spins: int) -> dict[str, object]:
    """The picture once the free spin after the first ``spins`` has shown its whole show
    (same seed, the earlier spins played without animations)."""
    app = make_app(SEED, force=FREE_SPINS, animations=True)
    async with app.run_test(size=SIZE) as pilot:
        freeze_scenes(app)
        await _start_free_spins(pilot, app)
        app.animation_level = "none"
        while _played(app) < spins:
            await pilot.press("space")
            await settle(pilot, app)
        app.animation_level = "full"
        await pilot.press("space")
        await wait_for(pilot, lambda: main(app).presenter.busy)
        await settle(pilot, app)
        return _picture(app)


@pytest.mark.parametrize("key", ["space", "enter"])
async def test_one_press_skips_the_whole_rest_of_a_free_spins_show(key: str) -> None:
    app = make_app(SEED, force=FREE_SPINS, animations=True)
    async with app.run_test(size=SIZE) as pilot:
        freeze_scenes(app)
        screen = main(app)
        await _start_free_spins(pilot, app)
        before = await _to_a_long_show(pilot, app, celebrated=False)
        assert _played(app) == before + 1
        await pilot.press(key)  # one skip
        await wait_for(pilot, lambda: not screen.presenter.busy)
        await pilot.pause()
        assert not screen.presenter.ticking
        skipped = _picture(app)
        assert skipped["played"] == before + 1, "the skip played a free spin too"
        round_ = app.session.state.round
        if round_ is not None:  # not the last spin: the machine offers the next one
            assert skipped["win"] == format_cents(round_.win)
            assert "for free spin" in message(app), message(app)
        assert skipped == await _played_out(before)
        if app.session.phase is Phase.FEATURE:
            await pilot.press(key)  # the second press acts: the next free spin
            await wait_for(pilot, lambda: _played(app) == before + 2)
            await settle(pilot, app)


async def test_any_key_over_a_big_win_skips_the_rest_and_only_that() -> None:
    app = make_app(SEED, force=FREE_SPINS, animations=True)
    async with app.run_test(size=SIZE) as pilot:
        freeze_scenes(app)
        screen = main(app)
        await _start_free_spins(pilot, app)
        before = await _to_a_long_show(pilot, app, celebrated=True)
        while not isinstance(screen.presenter.current, CelebrationScene):
            await end_scene(pilot, app)
        bet = box(app, "bet")
        await pilot.press("b")  # any key over the celebration: it skips, nothing else
        # the scenes' clock stands still: only the key can bring the show to its end
        await wait_for(pilot, lambda: not screen.presenter.busy)
        assert box(app, "bet") == bet, "the key also acted (Bet Max)"
        assert _picture(app) == await _played_out(before)
