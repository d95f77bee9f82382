r"""Keys mashed into the pick screens pick only what the screen asked for (QA round 2,
findings 1-4, 6 and 8).

A mashing player's keys come in one go (:func:`~tests.tui.pick_support.mash` queues them
all before the screen handles the first); the scenes run on a
:class:`~tests.tui.main_support.SceneClock` that stands still until the test moves it,
so each key lands in the scene the test says, however slow the machine.

* A key pressed while an item opens (or Secret Vault's nine vaults show their amounts)
  only skips that reveal; the picture it skipped to then holds for a moment, and the
  keys mashed into the hold pick nothing (Magic Potion: one bottle opened, not four).
* Secret Vault: the final pick is taken only once "open one of your three" is on screen;
  while the nine vaults open the footer says "Enter Skip", and Enter does skip.
* A game's result holds until a key pressed after it: two quick Enters skip the last
  reveal, never the result too; back on the reels the message line says what the bonus
  paid ("Spell Book paid 15× bet: 11.25.").
* After a pick by its key the highlight moves on to the next closed item, also after a
  key that named an item already taken.
* Magic Potion's Stop with one bottle left closed says "the 1 bottle", not "each of the
  1 bottles".
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from textual.widgets._footer import FooterKey

from slotterm.engine.features.pick_games.magic_potion import STOP, WIN_ALL
from slotterm.money import format_cents
from slotterm.tui.features.pick_cell import ITEM_KEYS
from slotterm.tui.features.pick_screen import PickScreen
from tests.tui.main_support import SceneClock
from tests.tui.pick_support import (
    PAYS,
    SIZE,
    PickApp,
    at_rest,
    bonus_session,
    machine_at_rest,
    make_witch_app,
    mash,
    pick_screen,
    press_all,
    text_of,
)


def footer(app: Any) -> set[tuple[str, str]]:
    """The (key, label) pairs the footer of the screen on top shows."""
    return {
        (key.key_display, key.description)
        for key in app.screen.query(FooterKey)
        if key.display and key.description
    }


def enter_labels(keys: set[tuple[str, str]]) -> set[str]:
    """What footer ``keys`` say Enter does (empty: Enter is not offered)."""
    return {label for key, label in keys if key == "Enter"}


async def footer_until(
    pilot: Any, app: Any, holds: Callable[[set[tuple[str, str]]], bool], what: str
) -> None:
    """Wait (up to a deadline) until the footer's keys satisfy ``holds``: the footer is
    redrawn a few messages after the screen's bindings change, later on a loaded machine."""
    deadline = time.monotonic() + 10.0
    while not holds(footer(app)):
        assert time.monotonic() < deadline, f"{what}: the footer shows {footer(app)}"
        await pilot.pause(0.02)


def animated(game: str) -> PickApp:
    """The pick screen of ``game`` with its scenes on (their clock set by :func:`held`)."""
    app = PickApp(bonus_session(game))
    app.animation_level = "full"
    return app


async def held(pilot: Any, app: PickApp) -> PickScreen:
    """The screen at rest, its scenes from now on a clock that only the test moves."""
    screen = await at_rest(pilot, app)
    screen.presenter.clock = SceneClock()
    return screen


def amounts(screen: PickScreen) -> list[int]:
    """The bottles holding amounts (opening one does not end the game)."""
    return [i for i, c in enumerate(screen.record.layout) if c not in (WIN_ALL, STOP)]


async def test_keys_mashed_into_a_bottle_opening_open_no_other_bottle() -> None:
    app = animated("magic_potion")
    async with app.run_test(size=SIZE) as pilot:
        screen = await held(pilot, app)
        first, second, *_ = amounts(screen)
        keys = [ITEM_KEYS[i] for i in amounts(screen)[:4]]
        await mash(pilot, app, keys[0], keys[1], keys[2], "enter", "space", keys[3])
        assert screen.record.opened == (first,), "a key mashed into the opening picked"
        assert screen.holding  # the second key skipped the opening; the rest fell into the hold
        await footer_until(
            pilot, app, lambda keys: "Enter" not in {key for key, _ in keys}, "Enter offered"
        )
        await at_rest(pilot, app)
        assert screen.record.opened == (first,)
        await footer_until(pilot, app, lambda keys: enter_labels(keys) == {"Open"}, "Enter Open")
        await press_all(pilot, app, ITEM_KEYS[second])  # at rest a key picks again
        assert screen.record.opened == (first, second)


async def test_an_opening_not_skipped_leaves_the_next_key_free() -> None:
    app = animated("magic_potion")
    async with app.run_test(size=SIZE) as pilot:
        screen = await held(pilot, app)
        first, second, *_ = amounts(screen)
        await mash(pilot, app, ITEM_KEYS[first])
        assert screen.presenter.busy and not screen.holding  # the bottle opens
        await footer_until(pilot, app, lambda keys: enter_labels(keys) == {"Skip"}, "Enter Skip")
        await at_rest(pilot, app)
        await mash(pilot, app, ITEM_KEYS[second])
        assert screen.record.opened == (first, second)


async def test_secret_vault_the_final_pick_waits_for_the_three_to_be_offered() -> None:
    app = animated("secret_vault")
    async with app.run_test(size=SIZE) as pilot:
        screen = await held(pilot, app)
        await mash(pilot, app, "1", "5", "c", "enter")
        record = screen.record
        assert record.chosen == (0, 4, 11)
        assert record.opened is None, "Enter during the vaults' reveal opened a vault"
        await at_rest(pilot, app)
        assert screen.record.opened is None
        assert "Open one of your three" in text_of(screen, "#pick-status")
        await footer_until(pilot, app, lambda keys: enter_labels(keys) == {"Open"}, "Enter Open")
        await press_all(pilot, app, "enter")  # now it opens the highlighted one
        assert screen.record.opened == 11


async def test_secret_vault_enter_does_what_the_footer_says_during_the_reveal() -> None:
    app = animated("secret_vault")
    async with app.run_test(size=SIZE) as pilot:
        screen = await held(pilot, app)
        await mash(pilot, app, "1", "2", "3")
        assert screen.presenter.busy and not screen.holding  # the nine vaults open
        assert "Open one of your three" not in text_of(screen, "#pick-status")
        await footer_until(pilot, app, lambda keys: enter_labels(keys) == {"Skip"}, "Enter Skip")
        await mash(pilot, app, "enter")
        assert screen.record.opened is None
        assert screen.holding and not screen.masked  # skipped to the nine amounts shown
        for i in range(3, 12):
            amount = screen.record.layout[i]
            assert f"{amount}× bet" in str(screen.cells[i].render())


async def test_two_quick_enters_leave_the_result_up_and_the_reels_say_what_it_paid() -> None:
    session = bonus_session("spell_book")
    app = make_witch_app(session)
    app.animation_level = "full"
    async with app.run_test(size=SIZE) as pilot:
        screen = await held(pilot, app)  # the machine put the game up by itself
        number = screen.round_number
        await mash(pilot, app, "2", "enter", "enter")
        assert app.screen is screen, "the second Enter skipped the result"
        assert screen.finished and screen.holding
        # no key goes back yet (the palette's key stands at the right end from 100 columns)
        await footer_until(
            pilot, app, lambda keys: keys == {("Q", "Quit"), ("^p", "palette")}, "Quit only"
        )
        await at_rest(pilot, app)
        assert app.screen is screen
        record = screen.record
        multiple = PAYS["spell_book"](record)
        paid = format_cents(multiple * screen.total_bet)
        assert f"You win {paid}" in text_of(screen, "#pick-status")
        await footer_until(
            pilot,
            app,
            lambda keys: enter_labels(keys) == {"Back to the reels"},
            "Enter Back to the reels",
        )
        await pilot.press("enter")
        machine = await machine_at_rest(pilot, app)
        assert session.history[-1].number == number
        assert f"Spell Book paid {multiple}× bet: {paid}." in machine.message.text


async def test_the_result_holds_even_when_its_reveal_was_not_skipped() -> None:
    app = animated("spell_book")
    async with app.run_test(size=SIZE) as pilot:
        screen = await held(pilot, app)
        await mash(pilot, app, "1")
        clock = screen.presenter.clock
        assert isinstance(clock, SceneClock)
        for _ in range(600):  # the reveal plays out on the held clock (60 s of it at most)
            if not screen.presenter.busy or screen.holding:
                break
            clock.advance(0.1)
            await pilot.pause(0.02)
        assert screen.holding and screen.finished
        await mash(pilot, app, "enter", "space")
        assert app.screen is screen
        assert "reels" not in text_of(screen, "#pick-message")  # no prompt for a key yet
        await at_rest(pilot, app)
        assert "go back to the reels" in text_of(screen, "#pick-message")


async def test_a_pick_by_its_key_moves_the_highlight_on_to_the_next_closed_item() -> None:
    app = PickApp(bonus_session("magic_potion"))
    async with app.run_test(size=SIZE) as pilot:
        screen = await at_rest(pilot, app)
        first = amounts(screen)[0]
        await press_all(pilot, app, ITEM_KEYS[first])
        assert screen.record.opened == (first,)
        after = screen.selectable(screen.record)
        follow = next(i for i in after if i > first) if first < max(after) else after[0]
        assert screen.highlight == follow
        assert f"▶{ITEM_KEYS[follow].upper()}◀" in str(screen.cells[follow].render())
        await press_all(pilot, app, ITEM_KEYS[first])  # taken: refused, the highlight stays
        assert "already taken" in text_of(screen, "#pick-message")
        assert screen.highlight == follow
        marked = [i for i, cell in enumerate(screen.cells) if "▶" in str(cell.render())]
        assert marked == [follow]


async def test_stop_with_one_bottle_left_closed_says_the_1_bottle() -> None:
    app = PickApp(bonus_session("magic_potion"))
    async with app.run_test(size=SIZE) as pilot:
        screen = await at_rest(pilot, app)
        layout = screen.record.layout
        await press_all(pilot, app, *(ITEM_KEYS[i] for i in amounts(screen)))
        await press_all(pilot, app, ITEM_KEYS[layout.index(STOP)])
        assert screen.finished and len(screen.record.opened) == 11
        status = text_of(screen, "#pick-status")
        assert "for the 1 bottle left closed" in status, status
        assert "bottles" not in status
        assert pick_screen(app) is screen
