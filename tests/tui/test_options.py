"""Options (O): the remembered file (a bad one reported by name and key), every key of the
dialog, what applies at once, and that the options open only between rounds."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from slotterm.games import get_game
from slotterm.session.preferences import (
    Preferences,
    load_preferences,
    options_path,
    save_preferences,
)
from slotterm.tui.screens.options_screen import OptionsScreen, option_rows
from tests.tui.modal_support import ModalHost
from tests.tui.shell_support import SIZE, at_rest, demo, open_options, shell_app, wait_for

BOOK, WITCH = get_game("book-of-spells"), get_game("lucky-witch")


def test_no_file_gives_the_defaults(tmp_path: Path) -> None:
    loaded = load_preferences(options_path(tmp_path))
    assert loaded.value == Preferences() and loaded.problem is None
    assert loaded.value.gamble and loaded.value.odds_hints and loaded.value.animated
    assert loaded.value.bell is False  # the bell is off for a new player


def test_the_options_are_remembered(tmp_path: Path) -> None:
    chosen = Preferences(
        quick_spin=True,
        quick_free_spins=True,
        values_in="coins",
        stop_order="all-together",
        graphics="basic",
        gamble=False,
        odds_hints=False,
        bell=True,
    )
    save_preferences(chosen, options_path(tmp_path))
    assert load_preferences(options_path(tmp_path)).value == chosen
    assert not chosen.animated and chosen.quick_now(True) and chosen.quick_now(False)


def test_a_bad_key_is_named_and_the_good_ones_kept(tmp_path: Path) -> None:
    path = options_path(tmp_path)
    path.write_text('quick_spin = "yes"\ngraphics = "basic"\nstop_order = "random"\nsound = 1\n')
    loaded = load_preferences(path)
    assert loaded.value.graphics == "basic"
    assert loaded.value.quick_spin is False and loaded.value.stop_order == "left-to-right"
    problem = loaded.problem or ""
    assert str(path) in problem and "\n" not in problem
    for key in ("quick_spin", "stop_order", "'sound'"):
        assert key in problem


@pytest.mark.parametrize("content", [b"quick_spin = [", b"\xff\xfe", b"a = 1" * 20_000])
def test_a_file_that_is_not_toml_is_one_line(tmp_path: Path, content: bytes) -> None:
    path = options_path(tmp_path)
    path.write_bytes(content)
    loaded = load_preferences(path)
    assert loaded.value == Preferences()
    assert loaded.problem is not None and str(path) in loaded.problem
    assert "\n" not in loaded.problem


def test_each_game_lists_its_own_options() -> None:
    book = [row.name for row in option_rows(BOOK)]
    witch = [row.name for row in option_rows(WITCH)]
    assert "gamble" in book and "values_in" not in book
    assert "values_in" in witch and "gamble" not in witch
    common = {"quick_spin", "quick_free_spins", "stop_order", "graphics", "odds_hints", "bell"}
    assert common <= set(book) and common <= set(witch)


@pytest.mark.parametrize(
    ("keys", "field", "value"),
    [
        (["space"], "quick_spin", True),
        (["right"], "quick_spin", True),
        (["left"], "quick_spin", True),  # two values: back is forward too
        (["down", "space"], "quick_free_spins", True),
        (["j", "space"], "quick_free_spins", True),
        (["down", "down", "space"], "stop_order", "all-together"),
        (["up", "space"], "bell", True),  # wraps to the last row
        (["k", "space"], "bell", True),
        (["up", "up", "space"], "odds_hints", False),
        (["4"], "graphics", "basic"),
        (["5"], "gamble", False),
        (["space", "space"], "quick_spin", False),
    ],
)
async def test_every_key_of_the_dialog(
    tmp_path: Path, keys: list[str], field: str, value: object
) -> None:
    app = shell_app(tmp_path, session=demo())
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_options(pilot, app)
        await pilot.press(*keys)
        assert screen.values[field] == value
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.screen is app.main_screen)
        assert getattr(app.preferences, field) == value
    assert getattr(load_preferences(options_path(tmp_path / "config")).value, field) == value


async def test_escape_changes_nothing(tmp_path: Path) -> None:
    app = shell_app(tmp_path, session=demo())
    async with app.run_test(size=SIZE) as pilot:
        await open_options(pilot, app)
        await pilot.press("space", "4", "escape")
        await wait_for(pilot, lambda: app.screen is app.main_screen)
        assert app.preferences == Preferences()
    assert not options_path(tmp_path / "config").exists()


@pytest.mark.parametrize("key", ["o", "O"])
async def test_o_opens_the_options_of_the_game(tmp_path: Path, key: str) -> None:
    app = shell_app(tmp_path, session=demo("lucky-witch"))
    async with app.run_test(size=SIZE) as pilot:
        await at_rest(pilot, app)
        await pilot.press(key)
        await wait_for(pilot, lambda: isinstance(app.screen, OptionsScreen))
        screen = app.screen
        assert isinstance(screen, OptionsScreen)
        assert "values_in" in {row.name for row in screen.rows}


async def test_basic_graphics_and_quick_spin_apply_at_once(tmp_path: Path) -> None:
    app = shell_app(tmp_path, session=demo())
    async with app.run_test(size=SIZE) as pilot:
        app.animation_level = "full"
        await open_options(pilot, app)
        await pilot.press("1", "4", "enter")  # quick spin on, basic graphics
        await wait_for(pilot, lambda: app.screen is app.main_screen)
        assert app.animation_level == "none"
        assert app.main_screen is not None and app.main_screen.quick
        await open_options(pilot, app)
        await pilot.press("1", "4", "enter")  # and back
        await wait_for(pilot, lambda: app.screen is app.main_screen)
        assert app.animation_level == "full" and not app.main_screen.quick


async def test_remembered_options_are_in_force_at_start(tmp_path: Path) -> None:
    save_preferences(Preferences(quick_spin=True), options_path(tmp_path / "config"))
    app = shell_app(tmp_path, session=demo())
    async with app.run_test(size=SIZE) as pilot:
        await at_rest(pilot, app)
        await wait_for(pilot, lambda: app.main_screen is not None and app.main_screen.quick)


async def test_a_bad_file_is_told_at_start_by_name_and_key(tmp_path: Path) -> None:
    path = options_path(tmp_path / "config")
    path.parent.mkdir(parents=True)
    path.write_text("odds_hints = 3\n")
    app = shell_app(tmp_path, session=demo())
    async with app.run_test(size=SIZE) as pilot:
        await at_rest(pilot, app)
        messages = [n.message for n in app._notifications]
        assert any(str(path) in m and "odds_hints" in m for m in messages), messages
        assert app.preferences.odds_hints is True  # the default kept


def test_snapshot(snap_compare: Any) -> None:
    app = ModalHost(lambda: OptionsScreen(BOOK, Preferences(quick_spin=True)))
    assert snap_compare(app, terminal_size=(100, 32), press=["down", "down"])


def test_snapshot_lucky_witch(snap_compare: Any) -> None:
    app = ModalHost(lambda: OptionsScreen(WITCH, Preferences(values_in="coins")))
    assert snap_compare(app, terminal_size=(100, 32))


async def test_values_in_coins_apply_to_lucky_witchs_boxes(tmp_path: Path) -> None:
    save_preferences(Preferences(values_in="coins"), options_path(tmp_path / "config"))
    app = shell_app(tmp_path, session=demo("lucky-witch"))
    async with app.run_test(size=SIZE) as pilot:
        await at_rest(pilot, app)
        screen = app.main_screen
        await wait_for(pilot, lambda: screen.boxes.in_coins)  # remembered: in force at start
        session = screen.session
        credits = screen.boxes.box("credits").value.replace(",", "")
        assert credits == str(session.state.credits // session.bet.coin_size)
        await pilot.press("c")  # the player's own C stands ...
        await wait_for(pilot, lambda: not screen.boxes.in_coins)
        await open_options(pilot, app)
        await pilot.press("escape")  # ... while the option does not change
        await wait_for(pilot, lambda: app.screen is screen)
        assert not screen.boxes.in_coins


async def test_gamble_off_offers_no_gamble_on_a_win(tmp_path: Path) -> None:
    from slotterm.engine.actions import StartGamble
    from slotterm.engine.records import Phase
    from tests.tui.main_support import winning_seed

    seed = winning_seed(gamble=True)  # a first spin whose win may be gambled
    save_preferences(Preferences(gamble=False), options_path(tmp_path / "config"))
    session = demo("book-of-spells", seed)
    app = shell_app(tmp_path, session=session)
    async with app.run_test(size=SIZE) as pilot:
        await at_rest(pilot, app)
        await pilot.press("space")
        await wait_for(pilot, lambda: session.phase is Phase.WIN_OFFERED)
        await wait_for(pilot, lambda: not app.main_screen.presenter.busy)
        assert not session.can(StartGamble())
        assert session.state.round is not None and session.state.round.limits.gamble_limit == 0
        shown = {b.binding.action for b in app.screen.active_bindings.values()}
        assert "gamble" not in shown and "collect" in shown
        await pilot.press("5")  # nothing opens
        await pilot.pause()
        assert app.screen is app.main_screen and session.phase is Phase.WIN_OFFERED


async def test_quick_spin_in_free_spins_speeds_up_only_the_feature(tmp_path: Path) -> None:
    from slotterm.engine.records import Phase

    save_preferences(Preferences(quick_free_spins=True), options_path(tmp_path / "config"))
    session = demo("book-of-spells", 3)
    app = shell_app(tmp_path, session=session)
    async with app.run_test(size=SIZE) as pilot:
        await at_rest(pilot, app)
        screen = app.main_screen
        screen.force = "free_spins"
        await pilot.press("space")  # the spin that starts the feature: normal speed
        await wait_for(pilot, lambda: session.phase is Phase.FEATURE)
        assert screen.presenter.speed == 1.0 and not screen.quick
        speeds = []
        for _ in range(40):
            if session.phase is not Phase.FEATURE:
                break
            await wait_for(pilot, lambda: not screen.presenter.busy)
            before = len(session.state.round.steps) if session.state.round else 0
            await pilot.press("space")
            await wait_for(
                pilot,
                lambda b=before: session.state.round is None or len(session.state.round.steps) > b,
            )
            speeds.append(screen.presenter.speed)
        assert speeds and all(s > 1.0 for s in speeds)  # every step of the feature quick


async def test_reels_stop_all_together_when_the_option_says_so(tmp_path: Path) -> None:
    from slotterm.tui import scenes

    made: list[scenes.SpinScene] = []
    original = scenes.SpinScene.__init__

    def remember(self: scenes.SpinScene, *args: Any, **options: Any) -> None:
        original(self, *args, **options)
        made.append(self)

    save_preferences(Preferences(stop_order="all-together"), options_path(tmp_path / "config"))
    session = demo("lucky-witch", 5)
    app = shell_app(tmp_path, session=session)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(scenes.SpinScene, "__init__", remember)
        async with app.run_test(size=SIZE) as pilot:
            await at_rest(pilot, app)
            await pilot.press("space")
            await wait_for(pilot, lambda: bool(made))
            await open_options(pilot, app)
            await pilot.press("4", "enter")  # row 4: back to left to right
            await wait_for(pilot, lambda: app.screen is app.main_screen)
            await pilot.press("space")
            await wait_for(pilot, lambda: len(made) > 1)
    together, in_turn = made[0].timing, made[1].timing
    assert together.slow_from is None and in_turn.slow_from is None  # no anticipation here
    assert len(set(together.stop_times)) == 1
    assert list(in_turn.stop_times) == sorted(set(in_turn.stop_times))  # one after another
    assert len(in_turn.stop_times) == 5
