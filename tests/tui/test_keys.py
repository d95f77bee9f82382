"""Every main-screen key in the states where it matters (animations off, seeded outcomes)."""

from __future__ import annotations

import pytest

from slotterm.engine.actions import Bet
from slotterm.engine.records import Phase
from slotterm.money import format_cents
from slotterm.tui.widgets.feature_banner import FeatureBanner
from tests.tui.main_support import (
    AWARDED,
    FREE_SPINS,
    PLAYING,
    SIZE,
    assert_boxes_match,
    box,
    freeze_scenes,
    fs,
    losing_seed,
    main,
    make_app,
    message,
    on_main,
    phase,
    record,
    run_scenes,
    scene_name,
    session_for,
    settle,
    winning_seed,
)
from tests.tui.modal_support import wait_for

SPIN_KEYS = ["space", "enter", "s", "0"]


@pytest.mark.parametrize("key", SPIN_KEYS)
async def test_spin_keys_spin_when_idle(key: str) -> None:
    app = make_app(losing_seed())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(key)
        await settle(pilot, app)
        assert app.session.state.rounds_played == 1
        assert app.session.state.credits == 100_000 - app.session.bet.total
        assert_boxes_match(app)


@pytest.mark.parametrize("key", ["7", "5", "u"])
async def test_keys_without_meaning_in_idle_do_nothing(key: str) -> None:
    app = make_app(1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(key)
        await settle(pilot, app)
        assert app.session.state.rounds_played == 0
        assert app.session.state.credits == 100_000


@pytest.mark.parametrize(
    ("keys", "per_line"),
    [
        (["plus"], 5),
        (["add"], 5),
        (["plus", "plus", "minus"], 5),
        (["add", "add", "subtract"], 5),
        (["minus"], 2),
        (["plus"] * 10, 200),
    ],
)
async def test_bet_keys_step_through_the_bet(keys: list[str], per_line: int) -> None:
    app = make_app(1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*keys)
        assert app.session.bet == Bet(per_line, 9)
        assert box(app, "bet") == format_cents(per_line * 9)
        assert main(app).boxes.box("bet").detail == f"{format_cents(per_line)} per line"


@pytest.mark.parametrize(
    ("key", "said"), [("plus", "2.00 is the highest"), ("minus", "0.02 is the lowest")]
)
async def test_a_bet_key_at_the_end_of_the_steps_says_so(key: str, said: str) -> None:
    app = make_app(1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*([key] * 10))
        assert said in message(app) and "Press Space to spin." in message(app)
        await pilot.press("left")  # any other key clears the note
        assert "is the" not in message(app)


@pytest.mark.parametrize(
    ("keys", "lines"),
    [
        (["left"], 8),
        (["1"], 8),
        (["right"], 1),
        (["2"], 1),
        (["right", "right"], 2),
        (["left"] * 9, 9),
        (["1", "1", "2"], 8),
    ],
)
async def test_line_keys_wrap_between_9_and_1(keys: list[str], lines: int) -> None:
    app = make_app(1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*keys)
        assert app.session.bet.lines == lines
        assert box(app, "lines") == str(lines)


async def test_bet_max_sets_highest_affordable_then_spins() -> None:
    app = make_app(losing_seed(), credits=800)  # 8.00 credits: 0.50 × 9 fits, 1.00 × 9 does not
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("right")  # 1 line, to see B restore 9
        await pilot.press("b")
        assert app.session.bet == Bet(50, 9)
        assert app.session.state.rounds_played == 0
        await pilot.press("b")
        await settle(pilot, app)
        assert app.session.state.rounds_played == 1
        assert app.session.state.credits == 800 - 450


async def test_bet_max_is_disarmed_by_another_key() -> None:
    app = make_app(1, credits=800)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("b", "minus", "b")
        assert app.session.bet == Bet(50, 9)
        assert app.session.state.rounds_played == 0


@pytest.mark.parametrize("key", ["space", "enter", "7"])
async def test_collect_keys_collect_the_win(key: str) -> None:
    app = make_app(winning_seed())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("space")
        await settle(pilot, app)
        assert phase(app) is Phase.WIN_OFFERED
        win = app.session.state.round.win  # type: ignore[union-attr]
        credits = app.session.state.credits
        assert box(app, "win") == format_cents(win)
        await pilot.press(key)
        await settle(pilot, app)
        assert phase(app) is Phase.IDLE
        assert app.session.state.credits == credits + win
        assert "Collected" in message(app)
        assert_boxes_match(app)


@pytest.mark.parametrize("key", ["s", "0"])
async def test_spin_keys_collect_and_spin_again(key: str) -> None:
    app = make_app(winning_seed())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("space")
        await settle(pilot, app)
        win = app.session.state.round.win  # type: ignore[union-attr]
        await pilot.press(key)
        await settle(pilot, app)
        assert app.session.state.rounds_played == 2
        assert app.session.history[0].paid == win
        assert_boxes_match(app)


async def test_bet_keys_are_disabled_while_a_win_waits() -> None:
    app = make_app(winning_seed())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("space")
        await settle(pilot, app)
        bet = app.session.bet
        await pilot.press("plus", "right", "b", "u")
        assert app.session.bet == bet
        assert phase(app) is Phase.WIN_OFFERED


async def test_gamble_key_opens_the_gamble_screen() -> None:
    from slotterm.tui.screens.gamble_screen import GambleScreen

    app = make_app(winning_seed(gamble=True))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("space")
        await settle(pilot, app)
        await pilot.press("5")
        await pilot.pause()
        assert isinstance(app.screen, GambleScreen)


async def test_feature_keys_walk_through_the_feature() -> None:
    app = make_app(3, force=FREE_SPINS)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        await settle(pilot, app)
        assert fs(app.session) == AWARDED
        assert "FREE SPINS" in message(app)
        await pilot.press("7", "plus")  # no meaning while the feature waits
        assert fs(app.session) == AWARDED
        await pilot.press("enter")
        await settle(pilot, app)
        assert fs(app.session) == PLAYING
        special = record(app.session).modifier
        banner = app.screen.query_one("#banner", FeatureBanner)
        assert banner.symbol == special
        keys = iter(["0", "space", "s", "enter"] * 20)
        while fs(app.session) == PLAYING:
            played = len(record(app.session).spins)
            await pilot.press(next(keys))
            await settle(pilot, app)
            if fs(app.session) == PLAYING:
                now = record(app.session)
                assert len(now.spins) == played + 1
                assert f"Free spin {played + 1} of {now.awarded}" in banner.labels[-1]
                assert_boxes_match(app)
        assert main(app).summary_visible
        assert app.screen.query_one("#summary").display
        before = phase(app)
        await pilot.press("7", "5", "a")  # collect, gamble, autoplay wait for the hide
        assert main(app).summary_visible and phase(app) is before and not main(app).autoplay
        await pilot.press("space")  # hides the summary, nothing else
        assert not main(app).summary_visible
        assert phase(app) is before
        assert_boxes_match(app)


async def test_force_feature_applies_to_the_next_spin_only() -> None:
    app = make_app(3, force=FREE_SPINS)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("space")
        await settle(pilot, app)
        assert fs(app.session) == AWARDED
        assert main(app).force is None


async def test_spin_passes_the_session_limits() -> None:
    from slotterm.engine.actions import Limits

    session = session_for(winning_seed(), limits=Limits(gamble_limit=1, free_spin_limit=500))
    app = make_app(session=session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("space")
        await settle(pilot, app)
        round_ = app.session.state.round
        assert round_ is not None and round_.limits == Limits(gamble_limit=1, free_spin_limit=500)
        assert "5 gambles" not in message(app)  # over the limit: no gamble offered
        await pilot.press("5")
        assert on_main(app)


async def test_autoplay_runs_rounds_collects_and_never_gambles() -> None:
    app = make_app(winning_seed())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("a")
        await wait_for(
            pilot, lambda: app.session.state.rounds_played >= 5 or not main(app).autoplay
        )
        if main(app).autoplay:
            await pilot.press("a")
        await settle(pilot, app)
        assert not main(app).autoplay
        assert app.session.state.rounds_played >= 5
        for round_ in app.session.history:
            assert round_.autoplay and not round_.gamble
            assert round_.paid == round_.round_win  # every win collected in full
        assert_boxes_match(app)


async def test_autoplay_is_shown_while_on_and_a_stops_it() -> None:
    app = make_app(losing_seed(), animations=True)
    async with app.run_test(size=SIZE) as pilot:
        freeze_scenes(app)  # the first round's spin lasts until A is pressed again
        await pilot.press("a")
        screen = main(app)
        # a loaded machine may hand a key on after press() returns: wait for its effect
        await wait_for(pilot, lambda: screen.autoplay and screen.presenter.busy)
        assert any(b.startswith("AUTOPLAY") for b in screen.message.badges)
        assert "AUTOPLAY" in str(screen.reels.border_title)
        shown = {b.binding.action for b in app.screen.active_bindings.values()}
        assert "autoplay" in shown and "spin" not in shown and "bet(1)" not in shown
        await pilot.press("a")
        await wait_for(pilot, lambda: not screen.autoplay)
        assert "AUTOPLAY" not in screen.message.badges
        await settle(pilot, app)
        assert app.session.state.rounds_played == 1
        assert_boxes_match(app)


async def test_autoplay_stops_when_free_spins_are_won() -> None:
    app = make_app(3, force=FREE_SPINS)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("a")
        await settle(pilot, app)
        await pilot.pause()
        assert fs(app.session) == AWARDED
        assert not main(app).autoplay
        assert not main(app)._autoplay.waiting  # no step left to come later
        assert "free spins" in message(app).lower()


async def test_autoplay_stops_when_credits_run_short() -> None:
    app = make_app(losing_seed(), credits=40)  # two spins of 0.18 at most
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f", "a")  # with quick spin on: both badges on the message line
        await wait_for(pilot, lambda: not main(app).autoplay)
        await settle(pilot, app)
        assert not main(app).autoplay
        assert app.session.state.credits < app.session.bet.total or app.session.history[-1].paid
        assert_boxes_match(app)
        if app.session.state.credits < app.session.bet.total:
            line = main(app).message
            shown = sum(len(b) + 3 for b in line.badges) + len(line.text)
            assert shown <= 80 - 2, f"message cut at 80 columns: {line.text!r}"


async def test_top_up_offered_only_when_credits_cannot_cover_the_smallest_bet() -> None:
    session = session_for(1, credits=1)  # 0.01 left of a 1,000.00 start
    session.start_credits = 100_000
    app = make_app(session=session)
    async with app.run_test(size=SIZE) as pilot:
        assert "top up" in message(app)
        await pilot.press("space")
        assert app.session.state.rounds_played == 0
        await pilot.press("u")
        await settle(pilot, app)
        assert app.session.state.credits == 100_000
        assert box(app, "credits") == "1,000.00"
        await pilot.press("u")
        assert app.session.state.credits == app.session.start_credits


async def test_quick_key_toggles_quick_spin() -> None:
    app = make_app(1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f")
        assert "QUICK" in main(app).message.badges
        assert main(app).presenter.speed > 1
        await pilot.press("f")
        assert "QUICK" not in main(app).message.badges
        assert main(app).presenter.speed == 1


async def test_spin_key_during_the_spin_stops_the_reels_at_once() -> None:
    app = make_app(losing_seed(), animations=True)
    async with app.run_test(size=SIZE) as pilot:
        freeze_scenes(app)  # the reels spin until the test lets time pass
        await pilot.press("space")
        await run_scenes(pilot, app, 0.1)  # a tenth of a second into the spin
        screen = main(app)
        assert screen.presenter.stoppable
        assert any(p is not None for p in screen.reels.positions)
        await pilot.press("space")
        assert all(p is None for p in screen.reels.positions)
        assert app.session.state.rounds_played == 1  # stopping never spins again
        await settle(pilot, app)
        assert not screen.presenter.ticking


async def test_no_timer_runs_at_rest() -> None:
    app = make_app(winning_seed(), animations=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f", "space")
        await settle(pilot, app)
        screen = main(app)
        assert screen.presenter.frames > 0  # it did animate
        assert not screen.presenter.ticking
        assert not screen._autoplay.waiting


async def test_footer_shows_only_the_keys_that_work_now() -> None:
    app = make_app(winning_seed())
    async with app.run_test(size=SIZE) as pilot:
        shown = {b.binding.action for b in app.screen.active_bindings.values()}
        assert {"spin", "bet(1)", "lines(1)", "bet_max", "autoplay"} <= shown
        assert "collect" not in shown
        await pilot.press("space")
        await settle(pilot, app)
        shown = {b.binding.action for b in app.screen.active_bindings.values()}
        assert {"collect", "gamble"} <= shown
        assert not {"spin", "bet(1)", "bet_max"} & shown


async def test_quit_key_exits() -> None:
    app = make_app(1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("q")
        await pilot.pause()
        assert app.return_code == 0 or not app.is_running


async def test_a_failed_save_shows_no_outcome_and_says_so() -> None:
    from slotterm.session.errors import SaveError
    from slotterm.session.game_session import GameSession

    def broken_disk(_session: GameSession) -> None:
        raise SaveError("disk full")

    session = session_for(1)
    session.persist = broken_disk
    app = make_app(session=session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("space")
        await settle(pilot, app)
        assert session.state.rounds_played == 0
        assert session.state.credits == 100_000
        assert "Could not save" in message(app)
        assert_boxes_match(app)


async def test_a_bet_above_the_credits_is_refused_with_a_hint() -> None:
    app = make_app(1, credits=40)  # 0.40: the 0.18 bet fits, 0.45 does not
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("plus")
        hint = message(app)
        assert "Too few credits" in hint and "−" in hint
        await pilot.press("space")  # no spin on offer: nothing happens, the hint stays
        assert app.session.state.rounds_played == 0
        assert message(app) == hint
        await pilot.press("minus", "space")
        await settle(pilot, app)
        assert app.session.state.rounds_played == 1


async def test_the_footer_says_skip_during_the_magic_book_and_stop_while_reels_spin() -> None:
    app = make_app(3, force=FREE_SPINS, animations=True)
    async with app.run_test(size=SIZE) as pilot:
        screen = main(app)
        freeze_scenes(app)  # each scene stays on screen while we look; settle runs them out
        await pilot.press("space")
        await pilot.pause()
        assert scene_name(app) == "SpinScene"
        shown = {b.binding.action for b in screen.active_bindings.values() if b.enabled}
        assert "stop" in shown and "skip" not in shown  # the reels are spinning
        await settle(pilot, app)
        assert fs(app.session) == AWARDED
        await pilot.press("space")
        await pilot.pause()
        assert scene_name(app) == "MagicBookScene"
        shown = {b.binding.action for b in screen.active_bindings.values() if b.enabled}
        assert "skip" in shown and "stop" not in shown
        await pilot.press("space")  # skips to the chosen symbol
        await settle(pilot, app)
        assert fs(app.session) == PLAYING
