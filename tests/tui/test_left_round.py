"""A round left while it was being shown (quit or killed mid-show) is told on the next
start, in the player's words (qa2 finding 7; DESIGN.md §5).

Each test plays a saved game with its scenes on a clock only the test moves, so the show
is surely still running when the game is left: Q, or the app simply torn down (nothing
more is written after a step: as good as a kill).  The game is then opened again from
its folder and the machine's message line is read.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from slotterm.engine.actions import Spin
from slotterm.engine.features.free_spins_records import record_of
from slotterm.engine.features.mystery_bonus import OpenBonus
from slotterm.engine.features.pick_game import Pick
from slotterm.engine.model import GameDefinition
from slotterm.engine.records import Phase, Round
from slotterm.games import get_game
from slotterm.money import format_cents
from slotterm.session.game_session import GameSession
from slotterm.session.opening import OpenedSession, open_session
from slotterm.session.settings import default_settings
from slotterm.tui.app import SlotApp
from slotterm.tui.features.pick_cell import ITEM_KEYS
from slotterm.tui.features.pick_screen import PickScreen
from tests.tui.lucky_witch_support import losing_lw_seed, lw_seed
from tests.tui.main_support import (
    FREE_SPINS,
    SceneClock,
    freeze_scenes,
    losing_seed,
    main,
    settle,
    winning_seed,
)
from tests.tui.modal_support import wait_for
from tests.tui.pick_support import at_rest as pick_at_rest
from tests.tui.pick_support import force, machine_at_rest, vault_pays

BOOK = get_game("book-of-spells")
WITCH = get_game("lucky-witch")
SIZE = (100, 32)


def reopen(folder: Path, game: GameDefinition, seed: int) -> OpenedSession:
    """The seeded save of ``game`` in ``folder``, opened as ``slotterm GAME`` does."""
    return open_session(
        game, default_settings(game), root=folder, seed=seed, state_root=folder / "state"
    )


def app_for(session: GameSession, *, force_next: str | None = None) -> SlotApp:
    """The program on ``session``, with its animations (the show must take time)."""
    app = SlotApp(session, force=force_next)
    app.animation_level = "full"
    return app


async def spin_and_leave(
    folder: Path,
    game: GameDefinition,
    seed: int,
    *,
    force_next: str | None = None,
    quit_key: bool = False,
    watch_to_end: bool = False,
) -> Round:
    """Spin once in the saved game and leave while the spin's show runs (Q if
    ``quit_key``, else a kill); ``watch_to_end`` lets the show end first.  Returns the
    round as saved."""
    opened = reopen(folder, game, seed)
    try:
        app = app_for(opened.session, force_next=force_next)
        async with app.run_test(size=SIZE) as pilot:
            await machine_at_rest(pilot, app)
            freeze_scenes(app)
            await pilot.press("space")
            presenter = main(app).presenter
            assert presenter.busy, "the spin's show should still run"
            if watch_to_end:
                assert isinstance(presenter.clock, SceneClock)
                await settle(pilot, app)  # the reels stop, the win is shown, all of it
            if quit_key:
                await pilot.press("q")
                await wait_for(pilot, lambda: app._exit)
        session = opened.session
        return session.state.round or session.history[-1]
    finally:
        opened.close()


async def message_on_restart(folder: Path, game: GameDefinition, seed: int) -> str:
    """The machine's message line once the game is opened again and at rest."""
    opened = reopen(folder, game, seed)
    try:
        app = app_for(opened.session)
        async with app.run_test(size=SIZE) as pilot:
            screen = await machine_at_rest(pilot, app)
            return screen.message.text
    finally:
        opened.close()


def lw_paying_seed() -> int:
    """A Lucky Witch first spin that pays and starts no feature."""
    return lw_seed(lambda s, _: bool(s.history) and s.history[-1].paid > 0)


@pytest.mark.parametrize("quit_key", [False, True], ids=["killed", "quit"])
async def test_a_paying_spin_left_mid_show_is_told_with_its_pay(
    tmp_path: Path, quit_key: bool
) -> None:
    seed = lw_paying_seed()
    played = await spin_and_leave(tmp_path, WITCH, seed, quit_key=quit_key)
    assert played.paid > 0  # Lucky Witch pays a round as it ends: nothing waits
    text = await message_on_restart(tmp_path, WITCH, seed)
    paid = format_cents(played.paid)
    assert text.startswith(f"The spin you left paid {paid}, added to your credits.")
    assert text.endswith("Press Space to spin.")


@pytest.mark.parametrize("game", [BOOK, WITCH], ids=lambda g: g.id)
async def test_a_spin_that_won_nothing_left_mid_show_says_so(
    tmp_path: Path, game: GameDefinition
) -> None:
    seed = losing_seed() if game is BOOK else losing_lw_seed()
    played = await spin_and_leave(tmp_path, game, seed)
    assert played.paid == 0
    text = await message_on_restart(tmp_path, game, seed)
    assert text == "The spin you left landed no win.  Press Space to spin."


async def test_a_spin_shown_to_its_end_is_not_told_again(tmp_path: Path) -> None:
    seed = lw_paying_seed()
    await spin_and_leave(tmp_path, WITCH, seed, watch_to_end=True)
    assert await message_on_restart(tmp_path, WITCH, seed) == "Press Space to spin."


async def test_the_note_is_said_once(tmp_path: Path) -> None:
    seed = losing_lw_seed()
    await spin_and_leave(tmp_path, WITCH, seed)
    assert (await message_on_restart(tmp_path, WITCH, seed)).startswith("The spin you left")
    assert await message_on_restart(tmp_path, WITCH, seed) == "Press Space to spin."


async def test_a_waiting_win_left_mid_show_is_credited_with_one_note(tmp_path: Path) -> None:
    seed = winning_seed()
    played = await spin_and_leave(tmp_path, BOOK, seed)
    assert played.win > 0
    text = await message_on_restart(tmp_path, BOOK, seed)
    credited = f"Round {played.number}'s waiting win of {format_cents(played.win)} was credited."
    assert text == f"{credited}  Press Space to spin."


@pytest.mark.parametrize("quit_key", [False, True], ids=["killed", "quit"])
async def test_a_free_spins_trigger_left_mid_show_names_the_spins(
    tmp_path: Path, quit_key: bool
) -> None:
    played = await spin_and_leave(tmp_path, BOOK, 3, force_next=FREE_SPINS, quit_key=quit_key)
    free = record_of(played)
    assert free is not None and not free.started
    opened = reopen(tmp_path, BOOK, 3)
    try:
        assert opened.session.phase is Phase.FEATURE  # the feature resumes where it was
    finally:
        opened.close()
    text = await message_on_restart(tmp_path, BOOK, 3)
    assert text.startswith(f"The spin you left won {free.awarded} free spins.  ")
    assert "Welcome back" not in text


async def test_a_mystery_bonus_trigger_left_mid_show_names_it(tmp_path: Path) -> None:
    await spin_and_leave(tmp_path, WITCH, 3, force_next=force("secret_vault"))
    text = await message_on_restart(tmp_path, WITCH, 3)
    assert text.startswith("The spin you left won the Mystery bonus.")


async def _vault_ready_for_the_last_pick(folder: Path) -> tuple[int, ...]:
    """A saved Secret Vault with its three vaults chosen, every step shown (marked seen);
    returns the chosen vaults."""
    opened = reopen(folder, WITCH, 3)
    try:
        session = opened.session
        session.act(Spin(session.bet, force=force("secret_vault"), limits=session.limits))
        session.act(OpenBonus())
        for index in (0, 4, 9):
            session.act(Pick(index))
        session.mark_seen()
        round_ = session.state.round
        assert round_ is not None
        chosen: tuple[int, ...] = round_.frames[-1].record.chosen
        return chosen
    finally:
        opened.close()


async def _pick_and_leave(pilot: Pilot[Any], app: SlotApp, key: str) -> PickScreen:
    """Press ``key`` on the pick screen (its scenes held) and leave with the reveal running."""
    await wait_for(pilot, lambda: isinstance(app.screen, PickScreen))
    screen = app.screen
    assert isinstance(screen, PickScreen)
    await wait_for(pilot, lambda: not screen.presenter.busy)
    screen.presenter.clock = SceneClock()
    await pilot.press(key)
    assert screen.presenter.busy, "the reveal should still run"
    return screen


async def test_a_vault_killed_during_its_final_reveal_is_told_on_restart(tmp_path: Path) -> None:
    chosen = await _vault_ready_for_the_last_pick(tmp_path)
    final = chosen[1]
    opened = reopen(tmp_path, WITCH, 3)
    try:
        app = app_for(opened.session)
        async with app.run_test(size=SIZE) as pilot:
            screen = await _pick_and_leave(pilot, app, ITEM_KEYS[final])
            record = screen.record
        closed = opened.session.history[-1]
        assert opened.session.state.round is None  # the vault's pay closed the round
    finally:
        opened.close()
    assert record.opened == final
    prize = vault_pays(record) * closed.bet.total  # DESIGN.md §2: the vault opened
    assert closed.paid == closed.base_win + prize
    text = await message_on_restart(tmp_path, WITCH, 3)
    multiple = vault_pays(record)
    expected = f"Your Secret Vault paid {format_cents(prize)} (vault {final + 1}: {multiple}× bet)."
    assert text == f"{expected}  Press Space to spin."


async def test_a_vault_watched_to_its_end_and_left_is_not_told_again(tmp_path: Path) -> None:
    """The final reveal and the result's hold run to their end on the pick screen (the
    player saw the prize), then the game is left there, before going back to the reels:
    a restart has nothing to tell."""
    chosen = await _vault_ready_for_the_last_pick(tmp_path)
    opened = reopen(tmp_path, WITCH, 3)
    try:
        app = app_for(opened.session)
        async with app.run_test(size=SIZE) as pilot:
            screen = await _pick_and_leave(pilot, app, ITEM_KEYS[chosen[0]])
            assert isinstance(screen.presenter.clock, SceneClock)
            await pick_at_rest(pilot, app)  # the vault opens, the prize shows and holds
            assert app.screen is screen and screen.finished  # still on the pick screen
        assert opened.session.state.round is None  # the vault's pay closed the round
    finally:
        opened.close()
    assert await message_on_restart(tmp_path, WITCH, 3) == "Press Space to spin."
