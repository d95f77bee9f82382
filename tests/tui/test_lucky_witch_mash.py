"""Key storms on Lucky Witch's machine — during its spins, its win shows and its free
spins — never break a round nor show a wrong amount.

As in :mod:`tests.tui.test_mash`, the scenes run on a
:class:`~tests.tui.main_support.SceneClock` that only the test moves, so where each key
lands in a scene is fixed by the seed, not by how busy the machine is.  (The Cauldron and
the pick screens have their storms in :mod:`tests.tui.test_pick_mash`.)
"""

from __future__ import annotations

import random

import pytest

from slotterm.engine.features.free_spins_records import NAME as FREE_SPINS
from slotterm.engine.features.free_spins_records import record_of
from slotterm.money import format_cents
from slotterm.session.game_session import GameSession
from tests.tui.lucky_witch_support import START, free_spins_seed, lw_app
from tests.tui.main_support import SIZE, box, freeze_scenes, main, run_scenes, settle

STORM_KEYS = [
    *("space", "enter", "s", "S", "0", "7"),
    *("plus", "minus", "add", "subtract", "up", "down", "left", "right", "1", "2"),
    *("b", "B", "c", "C", "f", "F"),
]
"""Keys mashed on the machine (A, which opens the autoplay settings, and the side screens'
keys are left out: their screens have tests of their own)."""


def amounts_balance(session: GameSession) -> None:
    """Credits = start − every bet + every payout, by the statistics ledger."""
    ledger = session.ledger
    open_round = session.state.round
    open_bet = open_round.bet.total if open_round else 0
    assert session.state.credits == (
        START + ledger.topped_up - ledger.total_bet - open_bet + ledger.total_won
    )


def boxes_agree(app: object) -> None:
    """At rest the Credits and Bet boxes show the session's amounts (in credits or, after
    C, in coins)."""
    session = app.session  # type: ignore[attr-defined]
    coin = session.bet.coin_size
    credits, bet = box(app, "credits"), box(app, "bet")  # type: ignore[arg-type]
    in_coins = main(app).boxes.in_coins  # type: ignore[arg-type]
    if in_coins:
        assert credits.replace(",", "") == str(session.state.credits // coin)
        assert bet.replace(",", "") == str(session.bet.total // coin)
    else:
        assert credits == format_cents(session.state.credits)
        assert bet == format_cents(session.bet.total)


@pytest.mark.parametrize("free_spins", [False, True])
async def test_key_storms_on_lucky_witchs_machine(free_spins: bool) -> None:
    seed = free_spins_seed(retrigger=False) if free_spins else 5
    rng = random.Random(seed * 31 + free_spins)
    app = lw_app(seed, force=FREE_SPINS if free_spins else None, animations=True)
    async with app.run_test(size=SIZE) as pilot:
        screen = main(app)
        screen.presenter.speed = 6.0  # short scenes keep the test fast; they still animate
        freeze_scenes(app)
        for _storm in range(6):
            for _ in range(rng.randint(3, 12)):
                await pilot.press(rng.choice(STORM_KEYS))
                if rng.random() < 0.6:  # some time passes before the next key
                    await run_scenes(pilot, app, rng.uniform(0.0, 0.08))
            await settle(pilot, app)
            amounts_balance(app.session)
            boxes_agree(app)
        session = app.session
        open_record = record_of(session.state.round)
        spins = len(open_record.spins) if open_record is not None else 0
        assert session.state.rounds_played + spins >= 3, "the storms should have played on"
        if free_spins:
            first = session.history[0] if session.history else session.state.round
            assert first is not None and first.frames[0].feature == FREE_SPINS
