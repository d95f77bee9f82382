"""Key storms during every animation never break a round nor show a wrong amount.

The scenes run on a :class:`~tests.tui.main_support.SceneClock`: time passes for them only
when the test says so, so where each key lands in a scene is fixed by the seed, not by how
busy the machine is.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from types import SimpleNamespace

import pytest
from textual.pilot import Pilot

from slotterm.engine.actions import Collect, Spin
from slotterm.engine.features.free_spins_records import record_of
from slotterm.engine.records import Phase
from slotterm.session.game_session import HISTORY_LENGTH
from slotterm.tui.app import SlotApp
from slotterm.tui.autoplay import autoplay_action
from slotterm.tui.scenes import SpinScene
from tests.tui.celebration_support import anticipation_seed, big_win_seed
from tests.tui.main_support import (
    AWARDED,
    FREE_SPINS,
    SIZE,
    SceneClock,
    assert_boxes_match,
    end_scene,
    freeze_scenes,
    fs,
    main,
    make_app,
    run_scenes,
    scene_name,
    session_for,
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
    """Credits = start − every bet + every payout, over the whole session.

    The history keeps only the last ``HISTORY_LENGTH`` rounds, so the rounds it keeps are
    checked to follow one another from where it starts (the first kept round's number and
    credits before it), and the whole session against the statistics ledger's totals.
    """
    session = app.session  # type: ignore[attr-defined]
    rounds = list(session.history)
    open_round = session.state.round
    opened = 1 if open_round else 0
    played = session.state.rounds_played
    closed = played - opened
    assert len(rounds) == min(closed, HISTORY_LENGTH)
    first = closed - len(rounds) + 1  # the number of the oldest round kept
    assert [r.number for r in rounds] == list(range(first, closed + 1))
    if open_round:
        assert open_round.number == played
    start = rounds[0].credits_before if rounds else START
    if first == 1:
        assert start == START
    bets = sum(r.bet.total for r in rounds) + (open_round.bet.total if open_round else 0)
    paid = sum(r.paid for r in rounds)
    assert session.state.credits == start - bets + paid
    ledger = session.ledger
    assert ledger.rounds == closed
    open_bet = open_round.bet.total if open_round else 0
    assert session.state.credits == (
        START + ledger.topped_up - ledger.total_bet - open_bet + ledger.total_won
    )


@pytest.mark.parametrize(("seed", "force"), [(7, False), (3, True)])
async def test_key_storms_during_animations(seed: int, force: bool) -> None:
    rng = random.Random(seed)
    app = make_app(seed, force=FREE_SPINS if force else None, animations=True)
    async with app.run_test(size=SIZE) as pilot:
        screen = main(app)
        screen.presenter.speed = 6.0  # short scenes keep the test fast; they still animate
        freeze_scenes(app)
        for _storm in range(7):
            for _ in range(rng.randint(2, 10)):
                await pilot.press(rng.choice(STORM_KEYS))
                if rng.random() < 0.6:  # some time passes before the next key
                    await run_scenes(pilot, app, rng.uniform(0.0, 0.06))
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


def _anticipating(app: SlotApp) -> bool:
    """The reels keep the player waiting (two scatters landed, others still spin)."""
    scene = main(app).presenter.current
    clock = main(app).presenter.clock
    return (
        isinstance(scene, SpinScene)
        and isinstance(clock, SceneClock)
        and scene.timing.anticipating(main(app).presenter.elapsed)
    )


async def _into_anticipation(pilot: Pilot[None], app: SlotApp) -> None:
    """A spin that will keep the player waiting: move its clock to where it does."""
    scene = main(app).presenter.current
    if isinstance(scene, SpinScene) and scene.timing.slow_from is not None:
        await run_scenes(pilot, app, scene.timing.slow_from + 0.05 - main(app).presenter.elapsed)


async def _mash_during(
    pilot: Pilot[None], app: SlotApp, caught: Callable[[SlotApp], bool], rng: random.Random
) -> None:
    """Play on (Space, each other scene run to its end) until ``caught`` holds, then storm
    keys while it does: the scene clock stands still, so the scene waits for them."""
    screen = main(app)
    for _ in range(4000):
        await _into_anticipation(pilot, app)
        if caught(app):
            for _key in range(12):
                await pilot.press(rng.choice(STORM_KEYS))
            return
        if screen.presenter.busy:
            await end_scene(pilot, app)
        else:
            if screen.autoplay:
                await pilot.press("a")
            await pilot.press("space")
    raise AssertionError("the moment never came on screen")


def _scene(name: str) -> Callable[[SlotApp], bool]:
    return lambda app: scene_name(app) == name


@pytest.mark.parametrize(
    ("caught", "seed", "force"),
    [
        pytest.param(_scene("SpinScene"), lambda: 5, False, id="spin"),
        pytest.param(_scene("WinShowScene"), lambda: 5, False, id="win-show"),
        pytest.param(_scene("MagicBookScene"), lambda: 5, True, id="magic-book"),
        pytest.param(_scene("ExpansionScene"), lambda: 5, True, id="expansion"),
        pytest.param(_anticipating, anticipation_seed, False, id="anticipation"),
        pytest.param(_scene("CelebrationScene"), big_win_seed, False, id="celebration"),
        pytest.param(_scene("IntroScene"), lambda: 5, True, id="intro"),
    ],
)
async def test_key_storm_inside_each_animation(
    caught: Callable[[SlotApp], bool], seed: Callable[[], int], force: bool
) -> None:
    """Each animation is caught while it runs and mashed; amounts stay right afterwards."""
    rng = random.Random(repr(seed()) + str(force))
    app = make_app(seed(), force=FREE_SPINS if force else None, animations=True)
    async with app.run_test(size=SIZE) as pilot:
        freeze_scenes(app)  # the scene is held, however long the storm takes
        await _mash_during(pilot, app, caught, rng)
        main(app).presenter.speed = 20.0
        if main(app).autoplay:
            await pilot.press("a")
        await settle(pilot, app, limit=30.0)
        assert_boxes_match(app)
        money_balances(app)


def test_the_money_check_holds_past_the_history_window() -> None:
    """More rounds than the history keeps (a storm under load plays that many): the check
    follows the kept window and the ledger, so it still balances, and still catches a
    cent gone missing."""
    session = session_for(11, credits=START)
    while session.state.rounds_played <= HISTORY_LENGTH + 20:
        if session.phase is Phase.IDLE:
            session.act(Spin(session.bet, limits=session.limits))
        else:
            session.act(autoplay_action(session, play_features=True) or Collect())
    assert len(session.history) == HISTORY_LENGTH < session.state.rounds_played
    holder = SimpleNamespace(session=session)
    money_balances(holder)
    holder.session = SimpleNamespace(
        history=session.history,
        state=session.state._replace(credits=session.state.credits - 1),
        ledger=session.ledger,
    )
    with pytest.raises(AssertionError):
        money_balances(holder)
