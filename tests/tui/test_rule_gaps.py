"""Book of Spells' rule and flow gaps (issue 10, points 3, 5 and 7-10), played through the
screen: a win waiting on quit credited and said, a feature that stopped autoplay gambled,
Q in a demo asking first, running short of credits, the feature summary's sum, and the
player's words after a restart and in the history."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from slotterm.engine import policy
from slotterm.engine.actions import Bet, Spin
from slotterm.engine.features.free_spins_records import StartFeature
from slotterm.engine.records import Phase, Round
from slotterm.games import get_game
from slotterm.money import format_cents
from slotterm.rng import SeededSource
from slotterm.session.game_session import GameSession, demo_session
from slotterm.session.opening import open_session
from slotterm.session.settings import default_settings
from slotterm.tui.screens.gamble_screen import GambleScreen
from slotterm.tui.screens.history_screen import HistoryScreen
from slotterm.tui.screens.quit_confirm import QuitConfirm
from tests.tui.main_support import (
    FREE_SPINS,
    GAME,
    SIZE,
    box,
    main,
    make_app,
    message,
    phase,
    session_for,
    settle,
    winning_seed,
)
from tests.tui.modal_support import screen_text, wait_for

WITCH = get_game("lucky-witch")


def _footer(app: object) -> set[str]:
    """The actions the footer offers now (enabled bindings of the screen on top)."""
    bindings = app.screen.active_bindings.values()  # type: ignore[attr-defined]
    return {b.binding.action for b in bindings if b.enabled and b.binding.show}


def _saved(tmp_path: Path, seed: int) -> GameSession:
    opened = open_session(
        GAME, default_settings(GAME), root=tmp_path / "saves", seed=seed,
        state_root=tmp_path / "state",
    )  # fmt: skip
    return opened.session


# --- 3. a win waiting for Collect when the game closed ----------------------------------


async def test_a_win_waiting_when_the_game_closed_is_credited_and_said(tmp_path: Path) -> None:
    seed = winning_seed()
    opened = open_session(
        GAME, default_settings(GAME), root=tmp_path / "saves", seed=seed,
        state_root=tmp_path / "state",
    )  # fmt: skip
    session = opened.session
    session.act(Spin(session.bet, limits=session.limits))
    round_ = session.state.round
    assert session.phase is Phase.WIN_OFFERED and round_ is not None
    credits = session.state.credits + round_.win
    opened.close()  # the game closed with Collect offered

    again = open_session(
        GAME, default_settings(GAME), root=tmp_path / "saves", seed=seed,
        state_root=tmp_path / "state",
    )  # fmt: skip
    app = make_app(session=again.session)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        assert phase(app) is Phase.IDLE
        assert box(app, "credits") == format_cents(credits)
        assert box(app, "win") == format_cents(round_.win)
        said = message(app)  # on the message line, where no note covers the boxes
        assert "credited" in said and format_cents(round_.win) in said
        assert f"Round {round_.number}" in said and not app._notifications
        assert "collect" not in _footer(app) and "gamble" not in _footer(app)
    again.close()


# --- 5. a feature that stopped autoplay is played by hand: its win may be gambled --------


def _autoplay_feature_seed() -> int:
    """A seed whose forced feature, spun by autoplay, ends with a win the gamble takes."""
    for seed in range(80):
        session = session_for(seed)
        session.act(Spin(session.bet, autoplay=True, force=FREE_SPINS, limits=session.limits))
        while session.phase is Phase.FEATURE:
            action = policy.next_action(GAME, session.state)
            assert action is not None
            session.act(action)
        round_ = session.state.round
        limit = session.limits.gamble_limit
        if (
            session.phase is Phase.WIN_OFFERED
            and round_ is not None
            and round_.ended_by is None
            and (limit is None or round_.win <= limit)
        ):
            return seed
    raise AssertionError("no seed found")


async def test_a_feature_that_stopped_autoplay_is_played_by_hand_and_may_be_gambled() -> None:
    app = make_app(_autoplay_feature_seed(), force=FREE_SPINS)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("a")  # autoplay spins; the free spins it wins stop it
        await settle(pilot, app)
        screen = main(app)
        assert not screen.autoplay and phase(app) is Phase.FEATURE
        for _ in range(60):  # the Magic Book, each free spin, the summary: all by hand
            if phase(app) is not Phase.FEATURE and not screen.summary_visible:
                break
            await pilot.press("space")
            await settle(pilot, app)
        assert app.session is not None
        round_ = app.session.state.round
        assert phase(app) is Phase.WIN_OFFERED and round_ is not None and round_.autoplay
        assert "gamble" in _footer(app)
        await pilot.press("5")
        await wait_for(pilot, lambda: isinstance(app.screen, GambleScreen))


# --- 7. Q in a demo asks before a round is lost ------------------------------------------


def _feature_demo() -> GameSession:
    session = session_for(3)
    session.act(Spin(session.bet, force=FREE_SPINS, limits=session.limits))
    session.act(StartFeature())
    return session


def _won_demo() -> GameSession:
    session = session_for(winning_seed())
    session.act(Spin(session.bet, limits=session.limits))
    return session


@pytest.mark.parametrize("make", [_won_demo, _feature_demo], ids=["win waiting", "mid-feature"])
@pytest.mark.parametrize("key", ["q", "Q"])
async def test_q_in_a_demo_with_a_round_open_asks_first(make: object, key: str) -> None:
    session = make()  # type: ignore[operator]
    state = session.state
    app = make_app(session=session)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        for stay in ("n", "escape", "N"):
            await pilot.press(key)
            await wait_for(
                pilot,
                lambda: isinstance(app.screen, QuitConfirm) and "lost" in screen_text(app.screen),
            )
            await pilot.press(stay)
            await wait_for(pilot, lambda: app.screen is main(app))
            assert app.is_running and app.return_code is None
        assert session.state == state
        await pilot.press(key)
        await wait_for(pilot, lambda: isinstance(app.screen, QuitConfirm))
        await pilot.press("y")
        await wait_for(pilot, lambda: app.return_code is not None or not app.is_running)


async def test_q_in_a_demo_gamble_asks_first() -> None:
    app = make_app(session=_won_demo())
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await pilot.press("5")
        await wait_for(pilot, lambda: isinstance(app.screen, GambleScreen))
        await pilot.press("q")
        await wait_for(pilot, lambda: isinstance(app.screen, QuitConfirm))
        await pilot.press("Y")
        await wait_for(pilot, lambda: app.return_code is not None or not app.is_running)


async def test_q_quits_at_once_between_rounds_or_when_the_round_is_saved(
    tmp_path: Path,
) -> None:
    app = make_app(1)  # a demo between rounds: nothing to lose
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("q")
        await wait_for(pilot, lambda: app.return_code is not None or not app.is_running)
    session = _saved(tmp_path, winning_seed())
    session.act(Spin(session.bet, limits=session.limits))
    assert session.phase is Phase.WIN_OFFERED
    app = make_app(session=session)  # saved: the round resumes next time
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await pilot.press("q")
        await wait_for(pilot, lambda: app.return_code is not None or not app.is_running)


# --- 8. out of credits -------------------------------------------------------------------


async def test_short_of_credits_one_message_and_only_the_keys_that_help() -> None:
    session = session_for(3, credits=50)
    session.start_credits = 1_000  # down from 10.00 to 0.50
    session.set_bet(Bet(10, 9))  # 0.90 on 0.50 of credits
    app = make_app(session=session)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        shown = _footer(app)
        assert "spin" not in shown and "autoplay" not in shown
        assert {"bet(1)", "lines(1)", "top_up"} <= shown  # − / ← share their keys' slot
        before = message(app)
        assert before.lower().count("credits") == 1 and "−" in before and "←" in before
        assert "U" in before
        await pilot.press("space")  # does nothing: no second sentence
        await settle(pilot, app)
        assert message(app) == before and session.state.rounds_played == 0
        await pilot.press("u")
        await settle(pilot, app)
        assert session.state.credits == session.start_credits
        assert "spin" in _footer(app)


async def test_lucky_witch_short_of_credits_names_its_own_keys() -> None:
    session = demo_session(WITCH, SeededSource(3), credits=20)
    session.set_bet(session.coin_bet(coins=2))  # 2 coins of 0.01 on 15 lines: 0.30
    app = make_app(session=session)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        text = message(app)
        assert "↓" in text and "−" in text and "←" in text
        assert "spin" not in _footer(app)


# --- 9. the feature summary adds up to the Win box -----------------------------------------


async def test_the_summary_shows_the_triggering_spin_in_the_sum() -> None:
    app = make_app(3, force=FREE_SPINS)
    async with app.run_test(size=SIZE) as pilot:
        screen = main(app)
        await pilot.press("space")
        await settle(pilot, app)
        for _ in range(60):
            if screen.summary_visible or phase(app) is not Phase.FEATURE:
                break
            await pilot.press("space")
            await settle(pilot, app)
        assert app.session is not None
        round_: Round | None = app.session.state.round
        assert round_ is not None and round_.base_win > 0  # three books pay on their own
        assert screen.summary_visible
        text = str(screen.query_one("#summary").render())
        feature, spin, total = (
            format_cents(v) for v in (round_.feature_win, round_.base_win, round_.win)
        )
        assert f"{feature} + triggering spin {spin} = {total}" in text
        assert box(app, "win") == total


# --- 10. player words --------------------------------------------------------------------


async def test_after_a_restart_the_reels_say_where_you_left_off() -> None:
    session = _won_demo()
    app = make_app(session=session)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        label = str(main(app).reels.border_subtitle or "")
        assert "recorded" not in label and "left off" in label


async def test_the_history_shows_the_date_and_time_of_each_round() -> None:
    session = session_for(5)
    session.clock = lambda: datetime(2026, 3, 7, 18, 45, 12, tzinfo=UTC)
    for _ in range(3):
        session.act(Spin(session.bet, limits=session.limits))
        while session.phase is not Phase.IDLE:
            action = policy.next_action(GAME, session.state)
            assert action is not None
            session.act(action)
    app = make_app(session=session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("y")
        await wait_for(pilot, lambda: isinstance(app.screen, HistoryScreen))
        local = datetime(2026, 3, 7, 18, 45, 12, tzinfo=UTC).astimezone()
        text = screen_text(app.screen)
        assert f"{local.day} {local:%b %Y}" in text and f"{local:%H:%M}" in text


async def test_q_on_a_demo_pick_screen_asks_first() -> None:
    from tests.tui.pick_support import at_rest, bonus_session, make_witch_app

    session = bonus_session("secret_vault")  # a Lucky Witch demo inside its pick game
    state = session.state
    app = make_witch_app(session)
    async with app.run_test(size=SIZE) as pilot:
        pick = await at_rest(pilot, app)
        await pilot.press("Q")
        await wait_for(pilot, lambda: isinstance(app.screen, QuitConfirm))
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is pick)
        assert app.is_running and session.state == state
