"""Snapshots of the feature intros' end frames (animations off: each scene shows its end)
at 80×24 and 200×60: the free spins won in both games, the Magic Book's choice, and
Lucky Witch's Mystery bonus: its intro, the pick game brewed (the stir skipped, on its
hold) and its outro once the game has paid."""

from __future__ import annotations

from typing import Any

import pytest
from textual.pilot import Pilot

from slotterm.games import get_game
from slotterm.rng import SeededSource
from slotterm.session.game_session import demo_session
from slotterm.tui.features.pick_screen import PickScreen
from tests.tui.main_support import FREE_SPINS, freeze_scenes, make_app, scene_name, settle
from tests.tui.modal_support import wait_for
from tests.tui.pick_support import force, machine_at_rest, pick_screen, play_to_end, witch_session

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((200, 60), id="200x60")]


def _presses(*keys: str) -> Any:
    async def run(pilot: Pilot[None]) -> None:
        for key in keys:
            await pilot.press(key)
            await settle(pilot, pilot.app)  # type: ignore[arg-type]

    return run


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game_id", ["book-of-spells", "lucky-witch"])
def test_free_spins_intro(snap_compare: Any, game_id: str, size: tuple[int, int]) -> None:
    session = demo_session(get_game(game_id), SeededSource(3))
    app = make_app(session=session, force=FREE_SPINS)
    assert snap_compare(app, terminal_size=size, run_before=_presses("space"))


@pytest.mark.parametrize("size", SIZES)
def test_magic_book_choice(snap_compare: Any, size: tuple[int, int]) -> None:
    app = make_app(3, force=FREE_SPINS)
    assert snap_compare(app, terminal_size=size, run_before=_presses("space", "space"))


def _witch(game: str = "magic_potion", *, animations: bool = False) -> Any:
    """Lucky Witch, its next spin forced to a Mystery bonus playing ``game``."""
    return make_app(session=witch_session(), force=force(game), animations=animations)


@pytest.mark.parametrize("size", SIZES)
def test_mystery_bonus_intro(snap_compare: Any, size: tuple[int, int]) -> None:
    assert snap_compare(_witch(), terminal_size=size, run_before=_presses("space"))


@pytest.mark.parametrize("size", SIZES)
def test_mystery_bonus_game_brewed(snap_compare: Any, size: tuple[int, int]) -> None:
    """The stir skipped: the game brewed written in whole, held before its board."""

    async def brew(pilot: Pilot[None]) -> None:
        app: Any = pilot.app
        freeze_scenes(app)
        await _presses("space")(pilot)
        await pilot.press("space")
        await wait_for(pilot, lambda: scene_name(app) == "BrewScene")
        await pilot.press("space")
        await wait_for(pilot, lambda: scene_name(app) == "AnnounceHold")

    assert snap_compare(_witch(animations=True), terminal_size=size, run_before=brew)


@pytest.mark.parametrize("size", SIZES)
def test_mystery_bonus_outro(snap_compare: Any, size: tuple[int, int]) -> None:
    """Magic Potion played to its end and closed: the prize over the reels, exact."""

    async def play(pilot: Pilot[None]) -> None:
        app: Any = pilot.app
        await _presses("space", "space")(pilot)
        await wait_for(pilot, lambda: isinstance(app.screen, PickScreen))
        await play_to_end(pilot, app, "magic_potion")
        await wait_for(pilot, lambda: not pick_screen(app).presenter.busy)
        await pilot.press("enter")
        await machine_at_rest(pilot, app)

    assert snap_compare(_witch(), terminal_size=size, run_before=play)
