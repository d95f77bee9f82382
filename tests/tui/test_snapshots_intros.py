"""Snapshots of the feature intros' end frames (animations off: each scene shows its end)
at 80×24 and 200×60: the free spins won in both games, and the Magic Book's choice."""

from __future__ import annotations

from typing import Any

import pytest
from textual.pilot import Pilot

from slotterm.games import get_game
from slotterm.rng import SeededSource
from slotterm.session.game_session import demo_session
from tests.tui.main_support import FREE_SPINS, make_app, settle

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
