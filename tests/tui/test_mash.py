"""Key storms during every animation never break a round nor show a wrong amount."""

from __future__ import annotations

import random

import pytest

from slotterm.engine.round import Phase
from tests.tui.main_support import SIZE, assert_boxes_match, main, make_app, settle

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
    app = make_app(seed, force_feature=force, animations=True)
    async with app.run_test(size=SIZE) as pilot:
        screen = main(app)
        screen.presenter.speed = 6.0  # short scenes keep the test fast; they still animate
        seen: set[str] = set()
        for _storm in range(7):
            for _ in range(rng.randint(2, 10)):
                await pilot.press(rng.choice(STORM_KEYS))
                seen.add(type(screen.presenter.current).__name__)
                if rng.random() < 0.6:
                    await pilot.pause(rng.uniform(0.0, 0.06))
            if screen.autoplay:
                await pilot.press("a")
            await settle(pilot, app)
            assert_boxes_match(app)
            money_balances(app)
            if app.session.phase is Phase.FEATURE_AWARDED and rng.random() < 0.5:
                await pilot.press("space")  # make sure the Magic Book gets mashed too
        hit = {"SpinScene", "WinShowScene"} | ({"MagicBookScene"} if force else set())
        assert hit <= seen, f"the storms missed some animations: saw {seen}"
        open_round = app.session.state.round
        progress = app.session.state.rounds_played + (
            len(open_round.free_spins) if open_round else 0
        )
        assert progress >= 3, "the storms should have played several spins"
