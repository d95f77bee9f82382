"""Key storms during every animation never break a round nor show a wrong amount."""

from __future__ import annotations

import random

import pytest

from slotterm.engine.features.free_spins import record_of
from tests.tui.main_support import (
    AWARDED,
    FREE_SPINS,
    SIZE,
    assert_boxes_match,
    fs,
    main,
    make_app,
    settle,
)

STORM_KEYS = [
    "space",
    "enter",
    "s",
    "0",
    "7",
    "plus",
    "minus",
    "add",
    "subtract",
    "left",
    "right",
    "1",
    "2",
    "b",
    "a",
    "u",
]
START = 100_000


def money_balances(app: object) -> None:
    """Credits = start − every bet + every payout, over the whole session."""
    session = app.session  # type: ignore[attr-defined]
    rounds = list(session.history)
    open_round = session.state.round
    bets = sum(r.bet.total for r in rounds) + (open_round.bet.total if open_round else 0)
    paid = sum(r.paid for r in rounds)
    assert session.state.rounds_played == len(rounds) + (1 if open_round else 0)
    assert session.state.credits == START - bets + paid


@pytest.mark.parametrize(("seed", "force"), [(7, False), (3, True)])
async def test_key_storms_during_animations(seed: int, force: bool) -> None:
    rng = random.Random(seed)
    app = make_app(seed, force=FREE_SPINS if force else None, animations=True)
    async with app.run_test(size=SIZE) as pilot:
        screen = main(app)
        screen.presenter.speed = 6.0  # short scenes keep the test fast; they still animate
        for _storm in range(7):
            for _ in range(rng.randint(2, 10)):
                await pilot.press(rng.choice(STORM_KEYS))
                if rng.random() < 0.6:
                    await pilot.pause(rng.uniform(0.0, 0.06))
            if screen.autoplay:
                await pilot.press("a")
            await settle(pilot, app)
            assert_boxes_match(app)
            money_balances(app)
            if fs(app.session) == AWARDED and rng.random() < 0.5:
                await pilot.press("space")  # make sure the Magic Book gets mashed too
        open_record = record_of(app.session.state.round)
        progress = app.session.state.rounds_played + (len(open_record.spins) if open_record else 0)
        assert progress >= 3, "the storms should have played several spins"


async def _mash_during(pilot: object, app: object, scene: str, rng: random.Random) -> None:
    """Play on (Space) until ``scene`` is on screen, then storm keys while it runs."""
    screen = main(app)  # type: ignore[arg-type]
    for _ in range(4000):
        if type(screen.presenter.current).__name__ == scene:
            screen.presenter.speed = 0.5  # hold the scene on screen through the storm
            for _key in range(12):
                await pilot.press(rng.choice(STORM_KEYS))  # type: ignore[attr-defined]
            return
        if not screen.presenter.busy:
            if screen.autoplay:
                await pilot.press("a")  # type: ignore[attr-defined]
            await pilot.press("space")  # type: ignore[attr-defined]
        await pilot.pause(0.005)  # type: ignore[attr-defined]
    raise AssertionError(f"{scene} never came on screen")


@pytest.mark.parametrize(
    ("scene", "force"),
    [
        ("SpinScene", False),
        ("WinShowScene", False),
        ("MagicBookScene", True),
        ("ExpansionScene", True),
    ],
)
async def test_key_storm_inside_each_animation(scene: str, force: bool) -> None:
    """Each animation is caught while it runs and mashed; amounts stay right afterwards."""
    rng = random.Random(scene)
    app = make_app(5, force=FREE_SPINS if force else None, animations=True)
    async with app.run_test(size=SIZE) as pilot:
        main(app).presenter.speed = 8.0  # hurry to the scene; it is slowed once caught
        await _mash_during(pilot, app, scene, rng)
        main(app).presenter.speed = 20.0
        if main(app).autoplay:
            await pilot.press("a")
        await settle(pilot, app, limit=30.0)
        assert_boxes_match(app)
        money_balances(app)
