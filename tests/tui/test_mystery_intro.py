"""The Mystery bonus's own scenes (:mod:`slotterm.tui.features.mystery_scenes`): its intro
when won (MYSTERY / BONUS, the cauldron either side) stays up at rest until the player
stirs, and any ordinary key stirs as Space does; Space skips the intro, the stir and the
game's name written in, landing on the hold before its board, never on a pick; with
animations off each shows its end frame; once the board closes its outro counts the
prize up over the reels and ends on the exact amount, the credits exact too; the bell
rings once, for the bonus won.

Scenes run on a :class:`~tests.tui.main_support.SceneClock` where a test looks into
them; it waits for states, never sleeps.
"""

from __future__ import annotations

from dataclasses import replace

from textual.pilot import Pilot

from slotterm.engine.records import Phase
from slotterm.money import format_cents
from slotterm.tui.app import SlotApp
from slotterm.tui.celebration import Celebration
from slotterm.tui.features.feature_intro import FeatureIntro
from slotterm.tui.features.pick_screen import PickScreen
from tests.tui.main_support import (
    box,
    freeze_scenes,
    main,
    make_app,
    message,
    run_scenes,
    run_until_scene,
    scene_name,
    settle,
)
from tests.tui.modal_support import wait_for
from tests.tui.pick_support import force, machine_at_rest, pick_screen, play_to_end, witch_session

SIZE = (100, 32)


def intro(app: SlotApp) -> FeatureIntro:
    """The Mystery bonus's intro over the reels."""
    return main(app).query_one("#mystery-intro", FeatureIntro)


def drawn(app: SlotApp) -> str | None:
    """The pick game the bonus has drawn (``None``: not stirred yet)."""
    round_ = app.session.state.round
    assert round_ is not None
    frame = round_.frame("mystery_bonus")
    assert frame is not None
    return frame.record.game  # type: ignore[no-any-return]


def witch_app(game: str = "magic_potion", *, animations: bool = False) -> SlotApp:
    """Lucky Witch, its next spin forced to a Mystery bonus playing ``game``."""
    return make_app(session=witch_session(), force=force(game), animations=animations)


async def test_with_animations_off_the_intro_shows_its_end_frame_until_the_stir() -> None:
    app = witch_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("space")
        await settle(pilot, app)
        shown = intro(app)
        assert shown.display and shown.lit == 1.0 and shown.words == ("MYSTERY", "BONUS")
        assert any("Pumpkin" in line for line in shown.lines)  # the games it may brew
        assert "stir the cauldron" in message(app) and drawn(app) is None
        await pilot.press("space")  # the stir: the game's board opens
        await wait_for(pilot, lambda: isinstance(app.screen, PickScreen))
        assert drawn(app) == "magic_potion"
        assert not pick_screen(app).record.opened  # the stir picked nothing


async def test_space_skips_the_intro_to_its_end_frame_never_to_the_stir() -> None:
    app = witch_app(animations=True)
    async with app.run_test(size=SIZE) as pilot:
        freeze_scenes(app)
        await pilot.press("space")
        await run_until_scene(pilot, app, "IntroScene")
        await run_scenes(pilot, app, 0.2)
        assert intro(app).display and intro(app).lit < 1.0  # being written in
        await pilot.press("space")
        await pilot.pause()
        assert intro(app).lit == 1.0 and scene_name(app) == "IntroHold"
        assert drawn(app) is None, "the skip stirred the cauldron"


async def test_an_ordinary_key_on_the_end_frame_stirs_and_any_key_skips_the_writing() -> None:
    app = witch_app(animations=True)
    async with app.run_test(size=SIZE) as pilot:
        freeze_scenes(app)
        await pilot.press("space")
        await run_until_scene(pilot, app, "IntroScene")
        await pilot.press("x")  # no key of its own: it does what Space does (skip)
        await pilot.pause()
        assert intro(app).lit == 1.0 and scene_name(app) == "IntroHold"
        await pilot.press("x")  # during the hold: nothing
        await pilot.pause()
        assert drawn(app) is None
        await settle(pilot, app)
        assert intro(app).display and app.session.phase is Phase.FEATURE
        await pilot.press("x")  # at rest on the end frame: the stir
        await pilot.pause()
        assert drawn(app) == "magic_potion"


async def test_space_in_the_stir_lands_on_the_game_named_held_before_its_board() -> None:
    app = witch_app("secret_vault", animations=True)
    async with app.run_test(size=SIZE) as pilot:
        freeze_scenes(app)
        await pilot.press("space")
        await settle(pilot, app)
        await pilot.press("space")  # stir
        await wait_for(pilot, lambda: scene_name(app) == "BrewScene")
        await pilot.press("space")  # skip
        await pilot.pause()
        shown = intro(app)
        assert shown.display and shown.lit == 1.0
        assert shown.words == ("MYSTERY BONUS", "SECRET VAULT")
        assert scene_name(app) == "AnnounceHold" and not isinstance(app.screen, PickScreen)
        await pilot.press("space", "enter")  # mashed into the hold: no pick
        await settle(pilot, app)
        await wait_for(pilot, lambda: isinstance(app.screen, PickScreen))
        await pilot.pause()
        assert not pick_screen(app).record.chosen


def celebration(app: SlotApp) -> Celebration:
    """The overlay the outro is drawn on."""
    return main(app).query_one(Celebration)


async def _played_back(pilot: Pilot[None], app: SlotApp) -> int:
    """Spin the bonus in, stir, play Magic Potion to its end and go back to the reels;
    returns the prize (cents)."""
    await pilot.press("space")
    await settle(pilot, app)
    await pilot.press("space")
    await settle(pilot, app)
    await wait_for(pilot, lambda: isinstance(app.screen, PickScreen))
    await play_to_end(pilot, app, "magic_potion")
    screen = pick_screen(app)
    prize: int = screen.record.prize
    await wait_for(pilot, lambda: not screen.presenter.busy)
    await pilot.press("enter")
    return prize


async def test_the_outro_ends_on_the_exact_prize_and_credits_with_animations_off() -> None:
    app = witch_app()
    async with app.run_test(size=SIZE) as pilot:
        prize = await _played_back(pilot, app)
        await machine_at_rest(pilot, app)
        shown = celebration(app)
        assert shown.display and prize > 0
        assert "MAGIC POTION" in shown.words and format_cents(prize) in shown.words
        assert "× the total bet" in shown.words and "MYSTERY BONUS" in shown.words
        assert box(app, "credits").startswith(format_cents(app.session.state.credits))
        assert box(app, "win").startswith(format_cents(prize))
        assert "Magic Potion paid" in message(app)
        await pilot.press("space")  # the next spin takes it down
        await settle(pilot, app)
        assert not celebration(app).display


async def test_space_skips_the_outro_count_to_the_exact_prize() -> None:
    app = witch_app(animations=True)
    async with app.run_test(size=SIZE) as pilot:
        freeze_scenes(app)
        prize = await _played_back(pilot, app)
        await wait_for(pilot, lambda: scene_name(app) == "PaidScene")
        await run_scenes(pilot, app, 0.3)
        assert format_cents(prize) not in celebration(app).words  # still counting
        await pilot.press("space")
        await settle(pilot, app)
        assert format_cents(prize) in celebration(app).words
        assert box(app, "credits").startswith(format_cents(app.session.state.credits))


async def test_the_bell_rings_once_for_the_bonus_not_for_its_reveal() -> None:
    app = witch_app()
    app.preferences = replace(app.preferences, bell=True)
    rings: list[int] = []
    app.bell = lambda: rings.append(1)  # type: ignore[method-assign]
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("space")
        await settle(pilot, app)
        await pilot.press("space")
        await wait_for(pilot, lambda: isinstance(app.screen, PickScreen))
        assert len(rings) == 1
