"""The free spins' intro: Space skips it at once to its end frame (the whole title) and
to the held announcement, never to the feature's first step; with animations off the
end frame shows at once; it stays up at rest until the next key."""

from __future__ import annotations

from slotterm.tui.features.feature_intro import FeatureIntro
from tests.tui.main_support import (
    FREE_SPINS,
    SIZE,
    freeze_scenes,
    main,
    make_app,
    message,
    record,
    run_scenes,
    run_until_scene,
    scene_name,
    settle,
)


def intro(app: object) -> FeatureIntro:
    """The free spins' intro over the reels."""
    return main(app).query_one(FeatureIntro)  # type: ignore[arg-type]


async def test_space_skips_the_intro_to_its_end_frame_and_the_hold() -> None:
    app = make_app(3, force=FREE_SPINS, animations=True)
    async with app.run_test(size=SIZE) as pilot:
        freeze_scenes(app)
        await pilot.press("space")
        await run_until_scene(pilot, app, "IntroScene")
        await run_scenes(pilot, app, 0.2)
        assert intro(app).display and intro(app).lit < 1.0  # being written in
        await pilot.press("space")
        await pilot.pause()
        assert intro(app).display and intro(app).lit == 1.0
        assert scene_name(app) == "IntroHold", scene_name(app)
        assert not record(app.session).started, "the skip opened the Magic Book"
        await settle(pilot, app)
        assert intro(app).display and "open the Magic Book" in message(app)


async def test_with_animations_off_the_intro_shows_its_end_frame_until_the_next_key() -> None:
    app = make_app(3, force=FREE_SPINS)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("space")
        await settle(pilot, app)
        shown = intro(app)
        assert shown.display and shown.lit == 1.0 and shown.words == ("10", "FREE SPINS")
        await pilot.press("space")  # the Magic Book
        await settle(pilot, app)
        assert not intro(app).display and record(app.session).started


async def test_an_ordinary_key_skips_the_intro_then_starts_the_feature_on_its_end_frame() -> None:
    """As a real slot's intro: a key with no meaning of its own does what Space does now
    (skip while it is written in, nothing during the hold, the feature's first step at
    rest), so no key is lost and none skips past the hold."""
    app = make_app(3, force=FREE_SPINS, animations=True)
    async with app.run_test(size=SIZE) as pilot:
        freeze_scenes(app)
        await pilot.press("space")
        await run_until_scene(pilot, app, "IntroScene")
        await run_scenes(pilot, app, 0.2)
        assert intro(app).lit < 1.0
        await pilot.press("x")
        await pilot.pause()
        assert intro(app).lit == 1.0 and scene_name(app) == "IntroHold"
        await pilot.press("x")  # mashed into the hold: nothing
        await pilot.pause()
        assert not record(app.session).started
        await settle(pilot, app)
        assert intro(app).display and intro(app).has_focus
        await pilot.press("x")  # at rest on the end frame: the Magic Book
        await settle(pilot, app)
        assert record(app.session).started and not intro(app).display


async def test_the_machines_own_keys_keep_their_meaning_over_the_intro() -> None:
    app = make_app(3, force=FREE_SPINS)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("space")
        await settle(pilot, app)
        assert intro(app).display
        await pilot.press("h")  # the help, not the feature
        await pilot.pause()
        assert not record(app.session).started
        assert type(app.screen).__name__ != "MainScreen"


async def test_an_intro_watched_to_its_end_takes_the_next_key_at_once() -> None:
    """No hold after an intro the player watched: Space on its end frame starts."""
    app = make_app(3, force=FREE_SPINS, animations=True)
    async with app.run_test(size=SIZE) as pilot:
        freeze_scenes(app)
        await pilot.press("space")
        await run_until_scene(pilot, app, "IntroScene")
        await run_scenes(pilot, app, 1.0)  # watched most of it
        await run_scenes(pilot, app, 0.5)  # to its end frame: at rest at once
        assert not main(app).presenter.busy and intro(app).lit == 1.0
        await pilot.press("space")
        await settle(pilot, app)
        assert record(app.session).started
