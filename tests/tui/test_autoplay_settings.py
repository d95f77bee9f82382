"""The autoplay settings dialog (G over a game; the hook Lucky Witch's A calls): every
key, Enter starts autoplay with the settings and remembers them, Escape does nothing,
"start without this dialog", and the hooks the main screen calls (spins left, the pause,
the stop at a pick game)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from slotterm.engine.actions import Spin
from slotterm.engine.records import Phase
from slotterm.session.autoplay_settings import (
    PAUSE_CHOICES,
    SPIN_CHOICES,
    AutoplaySettings,
    autoplay_path,
    load_autoplay_settings,
    save_autoplay_settings,
)
from slotterm.tui.autoplay_control import (
    autoplay_badge,
    autoplay_pause,
    autoplay_started,
    autoplay_stop_reason,
    autoplay_stopped,
    pick_waiting,
)
from slotterm.tui.screens.autoplay_screen import AutoplayScreen, amount_choices
from tests.tui.modal_support import ModalHost
from tests.tui.shell_support import SIZE, at_rest, demo, shell_app, wait_for


def test_amounts_step_through_multiples_of_the_bet() -> None:
    assert amount_choices(90, None) == (None, 450, 900, 2250, 4500, 9000, 22500, 45000)
    assert amount_choices(90, 1000) == (None, 450, 900, 1000, 2250, 4500, 9000, 22500, 45000)


async def open_dialog(pilot: object, app: object) -> AutoplayScreen:
    from textual.pilot import Pilot

    assert isinstance(pilot, Pilot)
    await at_rest(pilot, app)  # type: ignore[arg-type]
    await pilot.press("g")
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, AutoplayScreen))
    screen = pilot.app.screen
    assert isinstance(screen, AutoplayScreen)
    return screen


@pytest.mark.parametrize(
    ("keys", "field", "value"),
    [
        (["space"], "spins", SPIN_CHOICES[SPIN_CHOICES.index(50) + 1]),
        (["left"], "spins", SPIN_CHOICES[SPIN_CHOICES.index(50) - 1]),
        (["down", "right"], "pause", PAUSE_CHOICES[PAUSE_CHOICES.index(0.5) + 1]),
        (["3"], "stop_on_any_win", True),
        (["4"], "stop_on_win_at_least", ("bets", 5)),
        (["5", "5"], "stop_on_credits_up", ("bets", 10)),
        (["6"], "stop_on_credits_down", ("bets", 5)),
        (["7"], "stop_on_feature", False),
        (["up", "space"], "skip_dialog", True),
        (["k", "j", "j", "space"], "pause", PAUSE_CHOICES[PAUSE_CHOICES.index(0.5) + 1]),
    ],
)
async def test_every_key_of_the_dialog(
    tmp_path: Path, keys: list[str], field: str, value: object
) -> None:
    session = demo("lucky-witch")
    if isinstance(value, tuple):  # a number of total bets
        value = value[1] * session.bet.total
    app = shell_app(tmp_path, session=session)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_dialog(pilot, app)
        await pilot.press(*keys)
        assert screen.values[field] == value
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is app.main_screen)
        assert app.autoplay_control.settings == AutoplaySettings()  # nothing kept


async def test_enter_starts_autoplay_with_the_settings_and_remembers_them(tmp_path: Path) -> None:
    session = demo()
    app = shell_app(tmp_path, session=session)
    async with app.run_test(size=SIZE) as pilot:
        await open_dialog(pilot, app)
        await pilot.press("space", "3", "enter")  # 100 spins, stop on any win
        await wait_for(pilot, lambda: session.state.rounds_played > 0)  # autoplay ran
        await at_rest(pilot, app)  # and stopped on the first win (seed 1's first round)
        assert session.state.rounds_played == 1 and session.history[-1].paid > 0
    saved = load_autoplay_settings(autoplay_path(tmp_path / "config")).value
    assert saved.spins == 100 and saved.stop_on_any_win


async def test_the_dialog_opens_only_between_rounds(tmp_path: Path) -> None:
    from tests.tui.main_support import winning_seed

    session = demo(seed=winning_seed())
    app = shell_app(tmp_path, session=session)
    async with app.run_test(size=SIZE) as pilot:
        await at_rest(pilot, app)
        session.act(Spin(session.bet, limits=session.limits))
        assert session.phase is Phase.WIN_OFFERED
        await pilot.press("g")
        await pilot.pause()
        assert app.screen is app.main_screen


async def test_start_without_the_dialog(tmp_path: Path) -> None:
    save_autoplay_settings(
        AutoplaySettings(spins=10, skip_dialog=True), autoplay_path(tmp_path / "config")
    )
    app = shell_app(tmp_path, session=demo("lucky-witch"))
    async with app.run_test(size=SIZE) as pilot:
        await at_rest(pilot, app)
        app.ask_autoplay()  # Lucky Witch's A
        await wait_for(pilot, lambda: app.main_screen is not None and app.main_screen.autoplay)
        assert not isinstance(app.screen, AutoplayScreen)
        app.main_screen.action_autoplay()


async def test_ask_autoplay_shows_the_dialog_by_default(tmp_path: Path) -> None:
    app = shell_app(tmp_path, session=demo("lucky-witch"))
    async with app.run_test(size=SIZE) as pilot:
        await at_rest(pilot, app)
        app.ask_autoplay()
        await wait_for(pilot, lambda: isinstance(app.screen, AutoplayScreen))


async def test_the_hooks_count_spins_and_give_the_pause(tmp_path: Path) -> None:
    session = demo()
    app = shell_app(tmp_path, session=session)
    async with app.run_test(size=SIZE):
        app.autoplay_control.remember(AutoplaySettings(spins=3, pause=2.0))
        assert autoplay_pause(app) == 2.0
        autoplay_started(app, session)
        assert autoplay_badge(app, session) == "AUTOPLAY 3 left"
        for left in (2, 1, 0):
            session.act(Spin(session.bet, autoplay=True, limits=session.limits))
            if session.phase is not Phase.IDLE:
                from slotterm.engine.actions import Collect

                session.act(Collect())
            assert autoplay_badge(app, session) == f"AUTOPLAY {left} left"
        assert autoplay_stop_reason(app, session) == "Autoplay finished its spins."
        autoplay_stopped(app)
        assert app.autoplay_control.run is None and autoplay_badge(app, session) == "AUTOPLAY"


async def test_the_hooks_are_harmless_without_a_shell() -> None:
    session = demo()
    app = ModalHost(lambda: AutoplayScreen(session.game, AutoplaySettings(), session.bet.total))
    async with app.run_test(size=SIZE):
        autoplay_started(app, session)
        assert autoplay_stop_reason(app, session) is None
        assert autoplay_pause(app) is None  # the schedule's default pace
        assert autoplay_badge(app, session) == "AUTOPLAY"


async def test_autoplay_always_stops_at_the_mystery_bonus(tmp_path: Path) -> None:
    session = demo("lucky-witch")
    app = shell_app(tmp_path, session=session)
    async with app.run_test(size=SIZE):
        app.autoplay_control.remember(AutoplaySettings(spins=None, stop_on_feature=False))
        autoplay_started(app, session)
        assert autoplay_stop_reason(app, session) is None
        session.act(
            Spin(session.bet, autoplay=True, force="mystery_bonus:pumpkin", limits=session.limits)
        )
        assert pick_waiting(session)
        assert autoplay_stop_reason(app, session) == "Autoplay stopped: your pick."


def test_free_spins_do_not_wait_for_the_player() -> None:
    session = demo()
    session.act(Spin(session.bet, autoplay=True, force="free_spins", limits=session.limits))
    assert session.phase is Phase.FEATURE and not pick_waiting(session)


async def test_book_of_spells_dialog_has_no_feature_rows_and_says_free_spins_stop_it(
    tmp_path: Path,
) -> None:
    """Its autoplay always stops at free spins and its A starts at once (DESIGN §1): the
    two rows that would do nothing there are not shown."""
    app = shell_app(tmp_path, session=demo("book-of-spells"))
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_dialog(pilot, app)
        names = [row.name for row in screen.rows]
        assert "stop_on_feature" not in names and "skip_dialog" not in names
        assert "spins" in names and "stop_on_credits_down" in names
        assert "when free spins are won" in screen.note
    witch = shell_app(tmp_path / "w", session=demo("lucky-witch"))
    async with witch.run_test(size=SIZE) as pilot:
        names = [row.name for row in (await open_dialog(pilot, witch)).rows]
        assert "stop_on_feature" in names and "skip_dialog" in names


def test_snapshot(snap_compare: Any) -> None:
    witch = demo("lucky-witch")
    settings = AutoplaySettings(spins=None, stop_on_win_at_least=50_00, stop_on_feature=False)
    app = ModalHost(lambda: AutoplayScreen(witch.game, settings, witch.bet.total))
    assert snap_compare(app, terminal_size=(100, 32), press=["down", "down", "down"])


async def test_an_app_without_a_player_folder_keeps_the_default_pace_until_he_chooses() -> None:
    from slotterm.tui.app import SlotApp

    session = demo()
    app = SlotApp(session)  # no folder: no settings of the player's yet
    async with app.run_test(size=SIZE):
        assert autoplay_pause(app) is None  # the schedule's default pace
        app.autoplay_control.remember(AutoplaySettings(pause=3.0))
        assert autoplay_pause(app) == 3.0  # chosen in the dialog: waited exactly
