"""Snapshots of Lucky Witch's main screen: at rest at 80×24 and 100×32, a win with stacked
wilds, the amounts in coins, a free spin (animations off, seeded outcomes), and the
Mystery bonus's cauldron mid-stir and landed (animated, on a stopped scene clock)."""

from __future__ import annotations

from typing import Any

import pytest
from textual.pilot import Pilot

from tests.tui.lucky_witch_support import free_spins_seed, lw_app, stacked_win_seed
from tests.tui.main_support import (
    end_scene,
    freeze_scenes,
    make_app,
    run_scenes,
    scene_name,
    settle,
)
from tests.tui.modal_support import wait_for
from tests.tui.pick_support import force, witch_session


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


def _stirred_app() -> Any:
    """Animated Lucky Witch, its next spin forced to a Secret Vault Mystery bonus."""
    return make_app(session=witch_session(), force=force("secret_vault"), animations=True)


async def _stir(pilot: Pilot[None], *, landed: bool) -> None:
    """Spin the bonus in and stir: held 0.5 s into the stir, or just after it landed."""
    app: Any = pilot.app
    freeze_scenes(app)
    await _press_settled(pilot, "space")
    await pilot.press("space")
    await wait_for(pilot, lambda: scene_name(app) == "BrewScene")
    if landed:
        await end_scene(pilot, app)
    else:
        await run_scenes(pilot, app, 0.5)


@pytest.mark.parametrize("size", [(80, 24), (100, 32)])
def test_lucky_witch_cauldron_mid_stir(snap_compare: Any, size: tuple[int, int]) -> None:
    async def stir(pilot: Pilot[None]) -> None:
        await _stir(pilot, landed=False)

    assert snap_compare(_stirred_app(), terminal_size=size, run_before=stir)


def test_lucky_witch_cauldron_landed(snap_compare: Any) -> None:
    async def stir(pilot: Pilot[None]) -> None:
        await _stir(pilot, landed=True)

    assert snap_compare(_stirred_app(), terminal_size=(100, 32), run_before=stir)


def test_lucky_witch_cauldron_mid_stir_without_colour(
    snap_compare: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NO_COLOR", "1")

    async def stir(pilot: Pilot[None]) -> None:
        await _stir(pilot, landed=False)

    assert snap_compare(_stirred_app(), terminal_size=(80, 24), run_before=stir)
