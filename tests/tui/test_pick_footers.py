"""The pick screens' footers offer only the keys that work now.

* Pumpkin: "Y Keep" and "N Pick again" only while an opened pumpkin awaits the decision
  (not before any is open, not while one is opening, not once one is kept).
* Every pick game, once over: no "Move" or "Open" (they do nothing then), only the key
  back to the reels (and Q, which always quits); and that key does go back, once the
  result has held (no Enter on the footer while it holds).

The footer is read from the key bar's own key widgets (what the player sees).
"""

from __future__ import annotations

from typing import Any

import pytest
from textual.widgets._footer import FooterKey

from slotterm.tui.features.pick_screen import PickScreen
from tests.tui.main_support import SceneClock
from tests.tui.pick_support import (
    LABELS,
    SIZE,
    PickApp,
    at_rest,
    bonus_session,
    pick_screen,
    play_to_end,
    press_all,
)

KEEP, AGAIN = ("Y", "Keep"), ("N", "Pick again")
MOVE, OPEN = ("←→↑↓", "Move"), ("Enter", "Open")


def footer(app: Any) -> set[tuple[str, str]]:
    """The (key, label) pairs the footer of the screen on top shows."""
    return {
        (key.key_display, key.description)
        for key in app.screen.query(FooterKey)
        if key.display and key.description
    }


async def test_pumpkin_offers_keep_and_pick_again_only_while_a_pumpkin_awaits() -> None:
    app = PickApp(bonus_session("pumpkin"))
    async with app.run_test(size=SIZE) as pilot:
        await at_rest(pilot, app)
        shown = footer(app)
        assert KEEP not in shown and AGAIN not in shown, shown  # no pumpkin open yet
        assert {MOVE, OPEN} <= shown
        screen = await press_all(pilot, app, "1")
        assert screen.pumpkin.deciding(screen.record)  # type: ignore[attr-defined]
        assert {KEEP, AGAIN} <= footer(app), footer(app)
        await press_all(pilot, app, "n")  # given up: open another
        shown = footer(app)
        assert KEEP not in shown and AGAIN not in shown, shown
        assert OPEN in shown


async def test_pumpkin_keys_wait_for_the_opened_pumpkin_to_show() -> None:
    app = PickApp(bonus_session("pumpkin"))
    app.animation_level = "full"
    async with app.run_test(size=SIZE) as pilot:
        screen = await at_rest(pilot, app)
        screen.presenter.clock = SceneClock()  # the opening holds still
        await pilot.press("1")
        await pilot.pause()
        assert screen.presenter.busy
        shown = footer(app)
        assert KEEP not in shown and AGAIN not in shown, shown
        await pilot.press("y")  # a key mashed into the opening keeps nothing unseen
        await pilot.pause()
        assert not screen.record.kept
        await at_rest(pilot, app)
        assert {KEEP, AGAIN} <= footer(app)


@pytest.mark.parametrize("game", list(LABELS))
async def test_a_pick_game_over_offers_only_the_way_back(game: str) -> None:
    app = PickApp(bonus_session(game))
    async with app.run_test(size=SIZE) as pilot:
        await at_rest(pilot, app)
        await play_to_end(pilot, app, game)
        screen = pick_screen(app)
        assert screen.finished
        shown = footer(app)
        assert MOVE not in shown and OPEN not in shown, shown
        assert KEEP not in shown and AGAIN not in shown, shown
        back = {label for key, label in shown if key == "Enter"}
        assert back and all("reels" in label.lower() for label in back), shown
        await pilot.press("enter")
        await pilot.pause()
        assert not isinstance(app.screen, PickScreen), "Enter did not go back"


async def test_enter_during_the_last_reveal_skips_it_and_only_then_goes_back() -> None:
    app = PickApp(bonus_session("spell_book"))
    app.animation_level = "full"
    async with app.run_test(size=SIZE) as pilot:
        screen = await at_rest(pilot, app)
        screen.presenter.clock = SceneClock()  # the reveal holds still
        await pilot.press("enter")  # the one book: the game is over, its reveal runs
        await pilot.pause()
        assert screen.finished and screen.presenter.busy
        shown = footer(app)
        assert ("Enter", "Skip") in shown, shown
        assert not {label for key, label in shown if "reels" in label.lower()}, shown
        assert MOVE not in shown and OPEN not in shown, shown
        await pilot.press("enter")  # skips the reveal, and only that
        await pilot.pause()
        assert app.screen is screen and screen.holding  # the result holds
        assert not {key for key, _ in footer(app) if key == "Enter"}, footer(app)
        await pilot.press("enter")  # a second Enter mashed into the hold: nothing
        await pilot.pause()
        assert app.screen is screen
        await at_rest(pilot, app)  # the hold over: now Enter goes back
        assert ("Enter", "Back to the reels") in footer(app), footer(app)
        await pilot.press("enter")
        await pilot.pause()
        assert not isinstance(app.screen, PickScreen)
