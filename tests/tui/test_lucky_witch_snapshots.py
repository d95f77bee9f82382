"""Snapshots of Lucky Witch's main screen: at rest at 80×24 and 100×32, a win with stacked
wilds, the amounts in coins, and a free spin (animations off, seeded outcomes)."""

from __future__ import annotations

from typing import Any

from textual.pilot import Pilot

from tests.tui.lucky_witch_support import free_spins_seed, lw_app, stacked_win_seed
from tests.tui.main_support import settle


async def _press_settled(pilot: Pilot[None], *keys: str) -> None:
    for key in keys:
        await pilot.press(key)
        await settle(pilot, pilot.app)  # type: ignore[arg-type]


def test_lucky_witch_at_start_80x24(snap_compare: Any) -> None:
    assert snap_compare(lw_app(1), terminal_size=(80, 24))


def test_lucky_witch_at_start_100x32(snap_compare: Any) -> None:
    assert snap_compare(lw_app(1), terminal_size=(100, 32))


def test_lucky_witch_win_with_stacked_wilds(snap_compare: Any) -> None:
    async def spin(pilot: Pilot[None]) -> None:
        await _press_settled(pilot, "space")

    app = lw_app(stacked_win_seed())
    assert snap_compare(app, terminal_size=(100, 32), run_before=spin)


def test_lucky_witch_in_coins_80x24(snap_compare: Any) -> None:
    async def in_coins(pilot: Pilot[None]) -> None:
        await _press_settled(pilot, "up", "up", "plus", "c")

    assert snap_compare(lw_app(1), terminal_size=(80, 24), run_before=in_coins)


def test_lucky_witch_free_spin(snap_compare: Any) -> None:
    async def play(pilot: Pilot[None]) -> None:
        await _press_settled(pilot, "space", "space", "space", "space")

    app = lw_app(free_spins_seed(retrigger=False), force="free_spins")
    assert snap_compare(app, terminal_size=(100, 32), run_before=play)
