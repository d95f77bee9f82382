"""Bonus drama on the reels: a feature's trigger symbols on their reels (Lucky Witch's
Cauldrons on reels 1, 3 and 5) keep the player waiting as two scatters do, the reels
still spinning lit; when all land they are marked (and pulse) though they pay nothing.

The trigger is read from the features' :class:`~slotterm.engine.feature.TriggerHint`,
never from a game's name.  Scenes run on a stopped scene clock; no test depends on time.
"""

from __future__ import annotations

import pytest

from slotterm.engine.outcome import Window
from slotterm.tui.anticipation import reel_timing, symbol_triggers
from slotterm.tui.scenes import trigger_items
from tests.tui.drama_support import (
    TRIGGERS,
    USUAL,
    cauldron_app,
    forced_bonus_app,
    spin_until_waiting,
)
from tests.tui.lucky_witch_support import LW
from tests.tui.main_support import GAME, freeze_scenes, main, settle


def _window(symbol_on: set[int], symbol: str = "CAULDRON") -> Window:
    return tuple(
        tuple(symbol if row == 1 and reel in symbol_on else "A" for row in range(3))
        for reel in range(5)
    )


def test_the_trigger_is_read_from_the_feature_hints() -> None:
    assert ("CAULDRON", (0, 2, 4)) in TRIGGERS
    assert symbol_triggers([f.trigger_hint() for f in GAME.features]) == ()


def test_two_trigger_symbols_before_the_last_reel_keep_the_player_waiting() -> None:
    timing = reel_timing(_window({0, 2}), LW.scatter_ids, USUAL, TRIGGERS)
    assert timing.slow_from == USUAL[2]
    assert timing.slowed == frozenset({3, 4})
    assert timing.waiting_for == frozenset({"CAULDRON"}) and timing.in_sight == 2


@pytest.mark.parametrize("on", [{0}, {2, 4}, {0, 4}, set()])
def test_without_the_symbol_on_each_reel_but_the_last_nothing_waits(on: set[int]) -> None:
    timing = reel_timing(_window(on), LW.scatter_ids, USUAL, TRIGGERS)
    assert timing.slow_from is None and timing.stop_times == USUAL


def test_three_trigger_symbols_are_an_item_to_mark() -> None:
    (item,) = trigger_items(LW, _window({0, 2, 4}))
    assert item.cells == frozenset({(0, 1), (2, 1), (4, 1)}) and item.amount == 0
    assert "CAULDRON" in item.label
    assert trigger_items(LW, _window({0, 2})) == []


async def test_two_cauldrons_slow_the_other_reels_with_lit_frames_and_a_caption() -> None:
    app = cauldron_app()
    async with app.run_test(size=(100, 32)) as pilot:
        freeze_scenes(app)
        reels = main(app).reels
        scene = await spin_until_waiting(pilot, app)
        assert "CAULDRON" in reels.border_subtitle
        assert reels.waiting == frozenset({3, 4})
        await pilot.press("space")  # the stop key ends the spin at once
        assert main(app).presenter.current is not scene
        assert all(p is None for p in reels.positions)
        assert reels.waiting == frozenset()
        assert "CAULDRON" not in reels.border_subtitle


async def test_three_cauldrons_landing_are_marked_and_pulse() -> None:
    app = forced_bonus_app(animations=True)
    async with app.run_test(size=(100, 32)) as pilot:
        freeze_scenes(app)
        await pilot.press("space")
        await pilot.press("space")  # the spin's show to its end
        await settle(pilot, app)
        reels = main(app).reels
        window = reels.window
        cauldrons = {
            (r, row) for r in (0, 2, 4) for row, s in enumerate(window[r]) if s == "CAULDRON"
        }
        assert len(cauldrons) >= 3
        assert cauldrons <= reels.marked
        assert reels.pulsing
