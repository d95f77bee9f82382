"""Snapshots of the main screen: at rest, a win shown, the Magic Book, an expanding free
spin, the compact 80×24 layout and the too-small notice (animations off, seeded outcomes)."""

from __future__ import annotations

from typing import Any

from textual.pilot import Pilot

from tests.tui.main_support import FREE_SPINS, expansion_seed, make_app, settle, winning_seed


async def _press_settled(pilot: Pilot[None], *keys: str) -> None:
    for key in keys:
        await pilot.press(key)
        await settle(pilot, pilot.app)  # type: ignore[arg-type]


def test_main_screen_at_start(snap_compare: Any) -> None:
    assert snap_compare(make_app(1), terminal_size=(100, 32))


def test_main_screen_compact_80x24(snap_compare: Any) -> None:
    assert snap_compare(make_app(1), terminal_size=(80, 24))


def test_win_shown(snap_compare: Any) -> None:
    async def spin(pilot: Pilot[None]) -> None:
        await _press_settled(pilot, "space")

    assert snap_compare(make_app(winning_seed()), terminal_size=(100, 32), run_before=spin)


def test_magic_book(snap_compare: Any) -> None:
    async def open_book(pilot: Pilot[None]) -> None:
        await _press_settled(pilot, "space", "space")

    app = make_app(3, force=FREE_SPINS)
    assert snap_compare(app, terminal_size=(100, 32), run_before=open_book)


def test_free_spin_with_expansion(snap_compare: Any) -> None:
    seed, spins = expansion_seed()

    async def play(pilot: Pilot[None]) -> None:
        await _press_settled(pilot, "space", "space", *(["space"] * spins))

    app = make_app(seed, force=FREE_SPINS)
    assert snap_compare(app, terminal_size=(100, 32), run_before=play)


def test_too_small_notice(snap_compare: Any) -> None:
    assert snap_compare(make_app(1), terminal_size=(70, 20))
