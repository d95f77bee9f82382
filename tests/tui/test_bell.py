"""The optional bell: off for a new player; with the option on it rings once as the show
reaches a big win's celebration or a feature's fanfare (never as the spin is drawn, never
for an ordinary spin), with animations on or off."""

from __future__ import annotations

from dataclasses import replace

import pytest

from slotterm.session.preferences import Preferences
from slotterm.tui.app import SlotApp
from slotterm.tui.celebration import CelebrationScene
from slotterm.tui.features.feature_intro import IntroScene
from slotterm.tui.scenes import SpinScene
from tests.tui.celebration_support import big_win_seed
from tests.tui.lucky_witch_support import lw_app
from tests.tui.main_support import (
    FREE_SPINS,
    SIZE,
    end_scene,
    freeze_scenes,
    losing_seed,
    main,
    make_app,
    settle,
)
from tests.tui.modal_support import wait_for


class Rings:
    """Counts the app's bells (put in place of :meth:`App.bell`)."""

    def __init__(self) -> None:
        self.count = 0

    def __call__(self) -> None:
        """One ring."""
        self.count += 1


def with_bell(app: SlotApp, *, on: bool) -> Rings:
    """Set the bell option on ``app`` and count its rings."""
    app.preferences = replace(app.preferences, bell=on)
    rings = Rings()
    app.bell = rings  # type: ignore[method-assign]
    return rings


def test_the_bell_is_off_for_a_new_player() -> None:
    assert Preferences().bell is False


@pytest.mark.parametrize("on", [False, True], ids=["off", "on"])
@pytest.mark.parametrize("animations", [False, True], ids=["still", "animated"])
async def test_a_feature_won_rings_only_with_the_bell_on(on: bool, animations: bool) -> None:
    app = make_app(3, force=FREE_SPINS, animations=animations)
    rings = with_bell(app, on=on)
    async with app.run_test(size=SIZE) as pilot:
        freeze_scenes(app)
        await pilot.press("space")
        await settle(pilot, app)
        assert rings.count == (1 if on else 0)


async def test_the_bell_rings_as_the_intro_comes_not_as_the_spin_is_drawn() -> None:
    app = make_app(3, force=FREE_SPINS, animations=True)
    rings = with_bell(app, on=True)
    async with app.run_test(size=SIZE) as pilot:
        freeze_scenes(app)
        presenter = main(app).presenter
        await pilot.press("space")
        await wait_for(pilot, lambda: isinstance(presenter.current, SpinScene))
        assert rings.count == 0  # the feature is drawn, but the reels still turn
        while not isinstance(presenter.current, IntroScene):
            assert presenter.busy, "no intro came"
            await end_scene(pilot, app)
        assert rings.count == 1
        await settle(pilot, app)
        assert rings.count == 1


@pytest.mark.parametrize("on", [False, True], ids=["off", "on"])
async def test_a_big_win_rings_with_the_bell_on_and_a_loss_never(on: bool) -> None:
    app = make_app(big_win_seed(), animations=True)
    rings = with_bell(app, on=on)
    async with app.run_test(size=SIZE) as pilot:
        freeze_scenes(app)
        presenter = main(app).presenter
        await pilot.press("space")
        # a loaded machine may hand the key on after press() returns: wait for the show
        await wait_for(pilot, lambda: presenter.busy)
        while not isinstance(presenter.current, CelebrationScene):
            assert presenter.busy, "no celebration came"
            assert rings.count == 0
            await end_scene(pilot, app)
        assert rings.count == (1 if on else 0)
        await settle(pilot, app)
    app = make_app(losing_seed(), animations=True)
    rings = with_bell(app, on=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("space")
        await wait_for(pilot, lambda: app.session.state.rounds_played == 1)
        await settle(pilot, app)
        assert app.session.state.rounds_played == 1 and rings.count == 0


@pytest.mark.parametrize("force", ["mystery_bonus:potion", "free_spins"])
async def test_lucky_witchs_features_ring_too(force: str) -> None:
    app = lw_app(3, force=force)
    rings = with_bell(app, on=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("space")
        await settle(pilot, app)
        assert rings.count == 1
