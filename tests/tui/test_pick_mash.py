r"""Key storms through the Cauldron and every pick screen: no crash, no wrong amount.

The machine's and the pick screens' scenes run on :class:`~tests.tui.main_support.SceneClock`\s
that only the test moves, so where each key lands in a scene is fixed by the seed.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from slotterm.engine.records import Phase
from slotterm.tui.features.pick_cell import prize_text
from slotterm.tui.features.pick_screen import PickScreen
from slotterm.tui.screens.main_screen import MainScreen
from tests.tui.main_support import SceneClock
from tests.tui.pick_support import (
    LABELS,
    PAYS,
    SIZE,
    START,
    content_text,
    contents,
    faces,
    force,
    machine_at_rest,
    make_witch_app,
    opened_items,
    text_of,
    witch_session,
)

GAMES = list(LABELS)


STORM = [
    *"0123456789abcyns",
    "space",
    "enter",
    "left",
    "right",
    "up",
    "down",
    "plus",
    "minus",
    "escape",
    "l",
    "o",
]
"""Keys mashed into the pick screens (``q`` is taken out: it quits)."""


@pytest.mark.parametrize(("game", "seed"), [*((g, 1) for g in GAMES), ("pumpkin", 2)])
async def test_key_storms_in_the_cauldron_and_the_pick_screens_give_no_wrong_amount(
    game: str, seed: int
) -> None:
    session = witch_session(seed)
    app = make_witch_app(session, force_next=force(game))
    app.animation_level = "full"
    keys = random.Random(seed * 7919 + len(game))
    storm = list(STORM)
    machine_storm = [k for k in STORM if k not in ("8", "9")]
    async with app.run_test(size=SIZE) as pilot:
        machine = await machine_at_rest(pilot, app)
        clocks = [SceneClock()]
        machine.presenter.clock = clocks[0]
        await pilot.press("space")
        pressed = 0
        while pressed < 400 and not (session.phase is Phase.IDLE and session.history):
            screen = app.screen
            if not isinstance(screen, (PickScreen, MainScreen)):  # history, help...: close it
                await pilot.press("escape")
                await pilot.pause()
                continue
            if isinstance(screen, PickScreen) and not isinstance(
                screen.presenter.clock, SceneClock
            ):
                clocks.append(SceneClock())
                screen.presenter.clock = clocks[-1]
            # On the machine, 8 and 9 would open the paytable and help (slow screens of
            # their own, with tests of their own); on a pick screen they pick.
            on_machine = isinstance(screen, MainScreen)
            await pilot.press(keys.choice(machine_storm if on_machine else storm))
            pressed += 1
            if keys.random() < 0.5:  # time passes now and then, mid-scene or past it
                for clock in clocks:
                    clock.advance(keys.random())
            await pilot.pause()
            _check_shown(app)
        assert session.history, "the storm never finished the bonus"
        played = session.history[0]
        frame = next(f for f in played.frames if f.feature == game)
        prize = PAYS[game](frame.record) * played.bet.total
        assert frame.record.prize == prize
        assert played.paid == played.base_win + prize
        rounds = list(session.history)
        open_bet = session.state.round.bet.total if session.state.round else 0
        assert session.state.credits == START - sum(r.bet.total for r in rounds) - open_bet + sum(
            r.paid for r in rounds
        )


def _check_shown(app: Any) -> None:
    """At rest, a pick screen shows exactly the record: each item taken shows its content,
    none still hidden shows an amount (until the reveal at the end)."""
    screen = app.screen
    if not isinstance(screen, PickScreen) or screen.presenter.busy:
        return
    record = screen.record
    game = screen.game.name
    held = contents(game, record)
    if screen.finished:
        for face, content in zip(faces(screen), held, strict=True):
            assert content_text(content) in face
        prize = prize_text(record.prize, screen.round().bet.coin_size)
        assert f"You win {prize}!" in text_of(screen, "#pick-status")
        return
    opened = opened_items(record)
    for i, face in enumerate(faces(screen)):
        if i in opened:
            assert content_text(held[i]) in face
        elif game != "secret_vault" or len(record.chosen) < 3:
            assert "× bet" not in face
