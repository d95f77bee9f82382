"""Autoplay settings: the remembered file, and the stop rule -- for every condition, a run
on a real seeded session that stops exactly when the condition first holds."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from slotterm.engine.actions import Collect, Spin
from slotterm.engine.records import Phase
from slotterm.games import get_game
from slotterm.rng import SeededSource
from slotterm.session.autoplay_settings import (
    AutoplayRun,
    AutoplaySettings,
    StopKind,
    StopReason,
    autoplay_path,
    load_autoplay_settings,
    save_autoplay_settings,
)
from slotterm.session.game_session import GameSession, demo_session

BOOK = get_game("book-of-spells")
MAX_SPINS = 400


def book(seed: int = 11, credits: int = 100_000) -> GameSession:
    return demo_session(BOOK, SeededSource(seed), credits=credits)


def spin_round(session: GameSession, force: str | None = None) -> None:
    """One paid round to its end: spin, then collect any win (features are not played)."""
    session.act(Spin(session.bet, autoplay=True, force=force, limits=session.limits))
    if session.phase is Phase.WIN_OFFERED:
        session.act(Collect())


def run_until_stop(
    session: GameSession, settings: AutoplaySettings, spins: int = MAX_SPINS
) -> tuple[StopReason | None, int]:
    """Play rounds as autoplay would, asking the rule at rest before each: the reason it
    stopped with and the rounds played (``None`` if it never stopped)."""
    run = AutoplayRun(settings, session.state)
    for played in range(spins + 1):
        last = session.history[-1] if session.history else None
        reason = run.stop_reason(session.state, last_closed=last, bet_total=session.bet.total)
        if reason is not None:
            return reason, played
        spin_round(session)
    return None, spins


def first_round(session: GameSession, holds: Callable[[GameSession, int], bool]) -> int:
    """On a copy of the same seeded play: the number of rounds after which ``holds``."""
    for played in range(1, MAX_SPINS + 1):
        spin_round(session)
        if holds(session, played):
            return played
    raise AssertionError("the condition never held in the rounds tried")


def test_the_settings_are_remembered(tmp_path: Path) -> None:
    path = autoplay_path(tmp_path)
    assert load_autoplay_settings(path).value == AutoplaySettings()  # no file: defaults
    chosen = AutoplaySettings(
        spins=None,
        pause=2.0,
        stop_on_any_win=True,
        stop_on_win_at_least=1234,
        stop_on_credits_up=50_00,
        stop_on_credits_down=None,
        stop_on_feature=False,
        skip_dialog=True,
    )
    save_autoplay_settings(chosen, path)
    loaded = load_autoplay_settings(path)
    assert loaded.value == chosen and loaded.problem is None
    assert 'stop_on_win_at_least = "12.34"' in path.read_text()


def test_a_bad_value_is_named_and_the_rest_kept(tmp_path: Path) -> None:
    path = autoplay_path(tmp_path)
    path.write_text('spins = 0\npause = 2\nstop_on_credits_up = "lots"\ncolour = "red"\n')
    loaded = load_autoplay_settings(path)
    assert loaded.value.pause == 2.0  # the good key is read
    assert loaded.value.spins == AutoplaySettings().spins
    assert loaded.value.stop_on_credits_up is None
    problem = loaded.problem or ""
    assert str(path) in problem and "\n" not in problem
    for key in ("spins", "stop_on_credits_up", "'colour'"):
        assert key in problem


def test_it_stops_when_its_spins_are_played() -> None:
    reason, played = run_until_stop(book(), AutoplaySettings(spins=7))
    assert reason is not None and reason.kind is StopKind.SPINS_DONE and played == 7


def test_until_stopped_counts_no_spins() -> None:
    session = book()
    run = AutoplayRun(AutoplaySettings(spins=None), session.state)
    assert run.spins_left(session.state) is None
    reason, played = run_until_stop(session, AutoplaySettings(spins=None), spins=40)
    assert reason is None and played == 40


def test_spins_left_counts_down() -> None:
    session = book()
    run = AutoplayRun(AutoplaySettings(spins=3), session.state)
    lefts = []
    for _ in range(3):
        spin_round(session)
        lefts.append(run.spins_left(session.state))
    assert lefts == [2, 1, 0]


def test_it_stops_on_any_win() -> None:
    expected = first_round(book(), lambda s, _: s.history[-1].paid > 0)
    reason, played = run_until_stop(book(), AutoplaySettings(spins=None, stop_on_any_win=True))
    assert reason is not None and reason.kind is StopKind.ANY_WIN and played == expected


def test_it_stops_on_a_win_of_at_least_x() -> None:
    at_least = 5 * book().bet.total
    expected = first_round(book(), lambda s, _: s.history[-1].paid >= at_least)
    settings = AutoplaySettings(spins=None, stop_on_win_at_least=at_least)
    reason, played = run_until_stop(book(), settings)
    assert reason is not None and reason.kind is StopKind.BIG_WIN and played == expected
    assert expected > 1  # smaller wins came first and did not stop it


def test_it_stops_when_the_credits_rise_by_x() -> None:
    start = book().state.credits
    rise = 3 * book().bet.total
    expected = first_round(book(), lambda s, _: s.state.credits - start >= rise)
    reason, played = run_until_stop(book(), AutoplaySettings(spins=None, stop_on_credits_up=rise))
    assert reason is not None and reason.kind is StopKind.CREDITS_UP and played == expected


def test_it_stops_when_the_credits_fall_by_x() -> None:
    start = book().state.credits
    fall = 10 * book().bet.total
    expected = first_round(book(), lambda s, _: start - s.state.credits >= fall)
    settings = AutoplaySettings(spins=None, stop_on_credits_down=fall)
    reason, played = run_until_stop(book(), settings)
    assert reason is not None and reason.kind is StopKind.CREDITS_DOWN and played == expected


def test_it_stops_when_the_credits_cannot_cover_the_bet() -> None:
    session = book(credits=book().bet.total * 3)
    expected = first_round(
        book(credits=session.state.credits), lambda s, _: s.state.credits < s.bet.total
    )
    reason, played = run_until_stop(session, AutoplaySettings(spins=None))
    assert reason is not None and reason.kind is StopKind.CREDITS_SHORT and played == expected


def test_it_stops_on_a_feature() -> None:
    session = book()
    run = AutoplayRun(AutoplaySettings(spins=None, stop_on_feature=True), session.state)
    session.act(Spin(session.bet, autoplay=True, force="free_spins", limits=session.limits))
    assert session.phase is Phase.FEATURE
    reason = run.stop_reason(session.state, last_closed=None, bet_total=session.bet.total)
    assert reason is not None and reason.kind is StopKind.FEATURE


def test_with_stop_on_a_feature_off_the_feature_goes_on() -> None:
    session = book()
    run = AutoplayRun(AutoplaySettings(spins=None, stop_on_feature=False), session.state)
    session.act(Spin(session.bet, autoplay=True, force="free_spins", limits=session.limits))
    assert run.stop_reason(session.state, last_closed=None, bet_total=session.bet.total) is None


def test_it_always_stops_when_the_player_is_needed() -> None:
    session = book()
    run = AutoplayRun(AutoplaySettings(spins=None, stop_on_feature=False), session.state)
    reason = run.stop_reason(
        session.state, last_closed=None, bet_total=session.bet.total, player_needed=True
    )
    assert reason is not None and reason.kind is StopKind.PLAYER_NEEDED
