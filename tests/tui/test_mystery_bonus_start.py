"""The start of Lucky Witch's Mystery bonus (DESIGN.md §2, issue 10 presentation): while
the cauldron is stirred and cycles the games' names, nothing gives the game drawn away
(the banner, the message); the reveal comes when the stir ends, or when the player skips
it.  The message says what Space does there (no reels turn).  The cauldron is a pixel
picture that bubbles, told apart by shape without colour too.

The scenes run on a :class:`~tests.tui.main_support.SceneClock`: a test looks at the
stir for as long as it likes and moves the clock on; it waits for states, never sleeps.
"""

from __future__ import annotations

import pytest
from textual.content import Content
from textual.pilot import Pilot

from slotterm.engine.records import Phase
from slotterm.tui.app import SlotApp
from slotterm.tui.art.cauldron import (
    BREWED,
    BUBBLE_ROWS_MEDIUM,
    BUBBLE_ROWS_SMALL,
    BUBBLING,
    FRAMES,
    bubbling,
)
from slotterm.tui.art.shapes import lit
from slotterm.tui.art.sizes import PALETTE, ArtSize
from slotterm.tui.art.tiles import brightness
from slotterm.tui.features.cauldron_overlay import Cauldron
from slotterm.tui.features.pick_screen import PickScreen
from slotterm.tui.widgets.feature_banner import FeatureBanner
from tests.tui.main_support import (
    end_scene,
    freeze_scenes,
    main,
    make_app,
    message,
    run_scenes,
    scene_name,
    settle,
)
from tests.tui.modal_support import wait_for
from tests.tui.pick_support import force, witch_session

TITLES = ("Magic Potion", "Pumpkin", "Spell Book", "Secret Vault")
"""The four pick games' names, as the rules name them (DESIGN.md §2)."""


def banner_text(app: SlotApp) -> str:
    """The words the banner shows now."""
    return " / ".join(main(app).query_one("#banner", FeatureBanner).labels)


def cauldron_text(app: SlotApp) -> str:
    """What the cauldron shows now (picture and words) as plain text."""
    return str(main(app).query_one(Cauldron).render())


async def stirring(pilot: Pilot[None], app: SlotApp) -> None:
    """Spin the forced bonus in, then press Space at "stir the cauldron": the stir runs,
    held on its first frame by the scene clock."""
    freeze_scenes(app)
    await settle(pilot, app)
    await pilot.press("space")  # the spin lands the three cauldrons
    await settle(pilot, app)
    assert app.session.phase is Phase.FEATURE
    assert "stir the cauldron" in message(app)
    await pilot.press("space")  # stir
    await wait_for(pilot, lambda: brewing(app))


def brewing(app: SlotApp) -> bool:
    """Whether the cauldron's stir is the scene running."""
    return scene_name(app) == "BrewScene"


def witch_app() -> SlotApp:
    """Lucky Witch, animated, its next spin forced to a Secret Vault Mystery bonus."""
    return make_app(session=witch_session(), force=force("secret_vault"), animations=True)


@pytest.mark.parametrize("size", [(100, 32), (80, 24)])
async def test_the_stir_keeps_the_game_drawn_secret_until_it_ends(size: tuple[int, int]) -> None:
    app = witch_app()
    async with app.run_test(size=size) as pilot:
        await stirring(pilot, app)
        assert "MYSTERY BONUS" in banner_text(app)
        for _ in range(40):  # every name the cauldron cycles through, none told by the banner
            assert "Secret Vault" not in banner_text(app), banner_text(app)
            assert "★" not in cauldron_text(app)  # not landed yet
            text = message(app)
            assert "reels" not in text, text  # no reels turn
            assert "Space" in text and "skip" in text.lower(), text  # what Space does here
            assert "Secret Vault" not in text, text
            await run_scenes(pilot, app, 0.1)
            if not brewing(app):
                break
        assert not brewing(app), "the stir never ended"
        # the stir ended: the cauldron names the game and the banner with it
        assert "SECRET VAULT" in cauldron_text(app)
        assert "Secret Vault" in banner_text(app), banner_text(app)


async def test_skipping_the_stir_reveals_the_game_at_once() -> None:
    app = witch_app()
    async with app.run_test(size=(100, 32)) as pilot:
        await stirring(pilot, app)
        assert "Secret Vault" not in banner_text(app)
        await pilot.press("space")  # skip the stir
        await wait_for(pilot, lambda: not brewing(app))
        assert "Secret Vault" in banner_text(app), banner_text(app)
        assert "SECRET VAULT" in cauldron_text(app)
        await settle(pilot, app)
        await wait_for(pilot, lambda: isinstance(app.screen, PickScreen))


async def test_the_names_cycle_and_the_stir_then_lands_on_the_game_drawn() -> None:
    app = witch_app()
    async with app.run_test(size=(100, 32)) as pilot:
        await stirring(pilot, app)
        seen = set()
        while type(main(app).presenter.current).__name__ == "BrewScene":
            seen |= {t for t in TITLES if t in cauldron_text(app)}
            main(app).presenter.clock.advance(0.1)  # type: ignore[attr-defined]
            frames = main(app).presenter.frames
            await wait_for(
                pilot,
                lambda f=frames: main(app).presenter.frames > f or not main(app).presenter.busy,
            )  # type: ignore[misc]
        assert seen == set(TITLES)  # the cauldron bubbles through every game's name
        assert "SECRET VAULT" in cauldron_text(app)
        await end_scene(pilot, app)  # the announcement


# --- the cauldron's picture ------------------------------------------------------------

PICTURES = (*BUBBLING, BREWED)


@pytest.mark.parametrize("size", list(ArtSize))
def test_the_cauldron_bubbles_by_shape_and_lands_on_a_picture_of_its_own(size: ArtSize) -> None:
    shapes = [art.lines(size) for art in PICTURES]
    assert len(set(shapes)) == len(shapes)  # every frame and the brewed picture by shape
    for shape in shapes:  # a picture, not a blank
        assert sum(ch in "▀▄█" for line in shape for ch in line) >= 10
    assert bubbling(0) is bubbling(FRAMES) and bubbling(1) is not bubbling(0)  # round and round


def test_the_bubbles_rise_from_frame_to_frame() -> None:
    """What stands on a pixel row of one frame stands a row higher in the next (above the
    brew's surface), so the bubbles rise rather than blink."""
    for frame in range(FRAMES):
        now, after = bubbling(frame), bubbling(frame + 1)
        rows = BUBBLE_ROWS_MEDIUM
        assert after.medium[: rows - 1] == now.medium[1:rows], frame
        rows = BUBBLE_ROWS_SMALL
        assert after.small[: rows - 1] == now.small[1:rows], frame
        assert now.medium[:rows] != after.medium[:rows]  # they do move


def test_nothing_on_the_cauldron_is_dark_on_dark() -> None:
    for art in PICTURES:
        assert brightness(art.look.frame) >= 0.35, art.id  # a frame that shows on black
        for rows in (art.small, art.medium):
            for ch in {ch for row in rows for ch in row if lit(ch)}:
                grounds = (art.look.top, art.look.bottom)
                gap = min(abs(brightness(PALETTE[ch]) - brightness(b)) for b in grounds)
                assert gap >= 0.2, (art.id, ch)


def picture(app: SlotApp, *, styled: bool) -> tuple[object, ...]:
    """The cauldron's picture: its lines above the blank one and the two lines of words
    (with their styles when ``styled``)."""
    shown = main(app).query_one(Cauldron).render()
    assert isinstance(shown, Content)
    lines = shown.split("\n")
    assert lines[-3].plain == "", "no blank line between the picture and the words"
    return tuple((line.plain, tuple(line.spans) if styled else ()) for line in lines[:-3])


@pytest.mark.parametrize("no_color", [False, True], ids=["colour", "NO_COLOR"])
@pytest.mark.parametrize("size", [(80, 24), (100, 32), (200, 60)])
async def test_the_stir_shows_the_bubbling_picture_with_its_words_on_screen(
    size: tuple[int, int], no_color: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    if no_color:
        monkeypatch.setenv("NO_COLOR", "1")
    app = witch_app()
    async with app.run_test(size=size) as pilot:
        await stirring(pilot, app)
        cauldron = main(app).query_one(Cauldron)
        assert "°" not in cauldron_text(app)  # no ASCII bubbles
        # without colour the frames must differ by their characters alone
        pictures = {picture(app, styled=not no_color)}
        for _ in range(40):
            await run_scenes(pilot, app, 0.05)
            if not brewing(app):
                break
            pictures.add(picture(app, styled=not no_color))
        assert len(pictures) >= FRAMES, "the cauldron does not bubble"
        for drawn in pictures:
            assert len(drawn) >= 4  # at least the small tile
            assert sum(ch in "▀▄█" for line, _ in drawn for ch in line) >= 10  # a picture
        lines = cauldron_text(app).splitlines()
        assert "SECRET VAULT" in lines[-2]  # the words under the picture, on screen
        assert len(lines) <= cauldron.content_size.height
        assert max(len(line) for line in lines) <= cauldron.content_size.width
