r"""Space mashed into the Magic Book, or into the free spins' fanfare, takes no step the
player has not seen offered (QA round 2, finding 23).

The keys come in one go (:func:`~tests.tui.pick_support.mash` queues them all before the
machine handles the first), and the scenes run on a
:class:`~tests.tui.main_support.SceneClock` that stands still until the test moves it, so
each key lands in the scene the test says, however slow the machine.

* Space ×4 once the free spins are won: the first opens the Magic Book, the second skips
  its pages to the special symbol chosen, which then holds (the message line names it,
  the footer offers no Space) while the other two do nothing; no free spin is played.
  Once the hold is over, Space plays free spin 1 (and the book still shows its choice).
* The book not skipped: its choice holds too before a key plays the first free spin.
* Space mashed into the fanfare (or the trigger spin's win show before it) skips to the
  announcement, which holds: the Magic Book is not opened by those keys.
"""

from __future__ import annotations

from typing import Any

from textual.widgets._footer import FooterKey

from slotterm.engine.features.free_spins_records import PlayFreeSpin, StartFeature
from slotterm.engine.records import Phase
from slotterm.tui.app import SlotApp
from slotterm.tui.features.magic_book import MagicBook
from slotterm.tui.scenes import HoldScene
from slotterm.tui.symbols import symbol_art
from tests.tui.main_support import (
    FREE_SPINS,
    SIZE,
    end_scene,
    freeze_scenes,
    main,
    make_app,
    message,
    record,
    scene_name,
    settle,
)
from tests.tui.pick_support import mash


def space_offered(app: SlotApp) -> set[str]:
    """What the footer says Space does now (empty: Space does nothing)."""
    return {
        key.description
        for key in app.screen.query(FooterKey)
        if key.display and key.description and key.key_display == "Space"
    }


def book(app: SlotApp) -> MagicBook:
    """The Magic Book over the reels."""
    return main(app).query_one(MagicBook)


def holding(app: SlotApp) -> bool:
    """True while a hold runs on the machine."""
    return isinstance(main(app).presenter.current, HoldScene)


def feature_key(app: SlotApp, name: str) -> bool:
    """Whether the feature key ``name`` works now."""
    return bool(main(app).check_action("feature", (name,)))


async def won(pilot: Any) -> SlotApp:
    """The app with free spins just won and shown, at rest, scenes on a SceneClock."""
    app: SlotApp = pilot.app
    freeze_scenes(app)
    await pilot.press("space")
    await settle(pilot, app)
    assert app.session.phase is Phase.FEATURE and not record(app.session).started
    assert feature_key(app, StartFeature.name), message(app)
    return app


async def test_space_mashed_into_the_magic_book_leaves_its_choice_up() -> None:
    app = make_app(3, force=FREE_SPINS, animations=True)
    async with app.run_test(size=SIZE) as pilot:
        await won(pilot)
        await mash(pilot, app, "space", "space", "space", "space")
        found = record(app.session)
        assert found.started and not found.spins, "a mashed key played a free spin"
        assert holding(app), main(app).presenter.current
        name = symbol_art(found.modifier, app.session.game).name.upper()
        assert book(app).display and book(app).page == found.modifier and book(app).landed
        assert f"has chosen {name}" in message(app), message(app)
        assert space_offered(app) == set(), space_offered(app)
        assert not feature_key(app, PlayFreeSpin.name)
        await end_scene(pilot, app)  # the hold ends by itself
        await settle(pilot, app)
        assert not record(app.session).spins
        assert book(app).display and book(app).landed  # still up at rest
        assert "free spin 1 of" in message(app), message(app)
        assert space_offered(app) == {"Free spin"}, space_offered(app)
        await mash(pilot, app, "space")
        assert len(record(app.session).spins) == 1


async def test_the_magic_books_choice_holds_when_not_skipped() -> None:
    app = make_app(3, force=FREE_SPINS, animations=True)
    async with app.run_test(size=SIZE) as pilot:
        await won(pilot)
        await mash(pilot, app, "space")
        assert scene_name(app) == "MagicBookScene"
        assert space_offered(app) == {"Skip"}, space_offered(app)
        await end_scene(pilot, app)  # the pages turn to their end
        assert holding(app) and book(app).landed
        await mash(pilot, app, "space", "enter")
        assert not record(app.session).spins, "a key during the hold played a free spin"
        await settle(pilot, app)
        assert not record(app.session).spins
        assert feature_key(app, PlayFreeSpin.name)


async def spin_until(pilot: Any, app: SlotApp, name: str) -> None:
    """Spin (Space at rest), then run the scenes out until ``name`` runs."""
    freeze_scenes(app)
    await pilot.press("space")
    for _ in range(50):
        if scene_name(app) == name:
            await pilot.pause()  # the footer redrawn for it
            return
        assert main(app).presenter.busy, f"{name} never came"
        await end_scene(pilot, app)
    raise AssertionError(f"{name} never came")


async def test_space_mashed_into_the_intro_skips_it_and_opens_no_book() -> None:
    app = make_app(3, force=FREE_SPINS, animations=True)
    async with app.run_test(size=SIZE) as pilot:
        await spin_until(pilot, app, "IntroScene")
        await mash(pilot, app, "space", "space", "space")
        assert not record(app.session).started, "a mashed key opened the Magic Book"
        assert holding(app) and "FREE SPINS WON" in message(app), message(app)
        assert space_offered(app) == set(), space_offered(app)
        await settle(pilot, app)
        assert not record(app.session).started
        assert feature_key(app, StartFeature.name)
        assert "open the Magic Book" in message(app), message(app)


async def test_space_in_the_trigger_spins_win_show_skips_it_to_the_announcement() -> None:
    app = make_app(3, force=FREE_SPINS, animations=True)
    async with app.run_test(size=SIZE) as pilot:
        await spin_until(pilot, app, "WinShowScene")
        assert space_offered(app) == {"Skip"}, space_offered(app)
        await mash(pilot, app, "space", "space")
        assert not record(app.session).started, "a key in the win show opened the Magic Book"
        assert holding(app) and "FREE SPINS WON" in message(app), message(app)
        await settle(pilot, app)
        assert feature_key(app, StartFeature.name)
