"""P/8, H/9, Y and T open their screens from the main screen and give it back."""

from __future__ import annotations

import pytest

from slotterm.engine.records import Phase
from tests.tui.main_support import (
    SIZE,
    assert_boxes_match,
    main,
    make_app,
    on_main,
    phase,
    settle,
    winning_seed,
)

OPENERS = [
    ("p", "PaytableScreen"),
    ("8", "PaytableScreen"),
    ("h", "HelpScreen"),
    ("9", "HelpScreen"),
    ("y", "HistoryScreen"),
    ("t", "StatsScreen"),
]


@pytest.mark.parametrize(("key", "screen_name"), OPENERS)
async def test_key_opens_screen_and_escape_returns(key: str, screen_name: str) -> None:
    app = make_app(1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(key)
        await pilot.pause()
        assert type(app.screen).__name__ == screen_name
        await pilot.press("escape")
        await pilot.pause()
        assert on_main(app)
        assert_boxes_match(app)


async def test_paytable_shows_the_current_bet() -> None:
    app = make_app(1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("plus", "p")
        await pilot.pause()
        assert app.screen.bet == app.session.bet  # type: ignore[attr-defined]


async def test_after_the_gamble_the_main_screen_reads_the_session() -> None:
    app = make_app(winning_seed(gamble=True))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("space")
        await settle(pilot, app)
        win = app.session.state.round.win  # type: ignore[union-attr]
        credits = app.session.state.credits
        await pilot.press("5")
        await pilot.pause()
        assert type(app.screen).__name__ == "GambleScreen"
        assert phase(app) is Phase.GAMBLE
        await pilot.press("7")  # collect at once from the card table
        await pilot.pause()
        assert on_main(app)
        await settle(pilot, app)
        assert app.session.state.credits == credits + win
        assert "Collected" in main(app).message.text
        assert_boxes_match(app)
