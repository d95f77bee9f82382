"""Autoplay started from its settings dialog (G) in both games: the spin count ends the
run with the badge counting down, "stop on any win" ends it at the first winning round,
and the player's pause is what the schedule waits.

What the runs should do is derived apart from the screen: the same seeded session played
by the engine's policy alone (:func:`plain_rounds`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any, cast

import pytest
from textual.widget import Widget

from slotterm.engine.actions import Spin
from slotterm.engine.policy import next_action
from slotterm.engine.records import Phase, Round
from slotterm.money import format_cents
from slotterm.session.autoplay_settings import (
    AutoplaySettings,
    autoplay_path,
    save_autoplay_settings,
)
from slotterm.tui.autoplay import AUTOPLAY_PAUSE, SHORTEST_WAIT, Autoplay
from slotterm.tui.screens.autoplay_screen import AutoplayScreen
from slotterm.tui.widgets.message_line import MessageLine
from tests.tui.shell_support import SIZE, at_rest, demo, shell_app, wait_for

GAMES = ("book-of-spells", "lucky-witch")


def plain_rounds(game_id: str, seed: int, count: int) -> list[tuple[int, bool]]:
    """The first ``count`` rounds of the seeded demo session played by the policy alone:
    what each round paid and whether a feature started in it."""
    session = demo(game_id, seed)
    rounds: list[tuple[int, bool]] = []
    for _ in range(count):
        session.act(Spin(session.bet, autoplay=True, limits=session.limits))
        feature = session.phase is Phase.FEATURE
        while (action := next_action(session.game, session.state)) is not None:
            session.act(action)
        rounds.append((session.history[-1].paid, feature))
    return rounds


def seed_where(game_id: str, wanted: Any, count: int) -> int:
    """The first seed whose first ``count`` plain rounds satisfy ``wanted``."""
    for seed in range(1, 400):
        if wanted(plain_rounds(game_id, seed, count)):
            return seed
    raise AssertionError("no such seed")


def keep_settings(tmp_path: Path, settings: AutoplaySettings) -> None:
    """Remember ``settings`` in the test's player folder, as a former dialog would have."""
    save_autoplay_settings(settings, autoplay_path(tmp_path / "config"))


def watch_badges(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, ...]]:
    """Every set of badges the message line is given from now on."""
    shown: list[tuple[str, ...]] = []
    original = MessageLine.set_badges

    def set_badges(self: MessageLine, badges: tuple[str, ...]) -> None:
        shown.append(badges)
        original(self, badges)

    monkeypatch.setattr(MessageLine, "set_badges", set_badges)
    return shown


async def start_from_dialog(pilot: Any, app: Any) -> None:
    """At rest, G opens the dialog, Enter starts autoplay with its settings."""
    await at_rest(pilot, app)
    await pilot.press("g")
    await wait_for(pilot, lambda: isinstance(app.screen, AutoplayScreen))
    await pilot.press("enter")


async def run_from_dialog(pilot: Any, app: Any) -> None:
    """Autoplay started from the dialog; back when the run has played and stopped (and
    the machine is at rest)."""
    session = app.main_screen.session
    await start_from_dialog(pilot, app)
    await wait_for(pilot, lambda: session.state.rounds_played > 0 and app.at_rest() is not None)


async def stopped_at_its_feature(pilot: Any, app: Any, index: int) -> Round:
    """Autoplay started from the dialog, stopped by the feature that round ``index``
    started: that round still open, in its feature; the round returned."""
    session = app.main_screen.session
    await start_from_dialog(pilot, app)
    await wait_for(pilot, lambda: session.phase is Phase.FEATURE)
    await wait_for(pilot, lambda: not app.main_screen.autoplay)
    assert session.state.rounds_played == index + 1  # its round is still open
    assert session.phase is Phase.FEATURE
    round_ = session.state.round
    assert round_ is not None
    return round_


def message_text(app: Any) -> str:
    return str(app.main_screen.message.render())


@pytest.mark.parametrize("game_id", GAMES)
async def test_three_spins_stop_after_three_rounds_counting_down(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, game_id: str
) -> None:
    seed = seed_where(game_id, lambda r: not any(f for _, f in r), 4)  # no feature to stop at
    keep_settings(tmp_path, AutoplaySettings(spins=3, pause=0.0))
    session = demo(game_id, seed)
    shown = watch_badges(monkeypatch)
    app = shell_app(tmp_path, session=session)
    async with app.run_test(size=SIZE) as pilot:
        await run_from_dialog(pilot, app)
        assert session.state.rounds_played == 3
        assert session.state.round is None  # the last win was collected before the stop
        assert "Autoplay finished its spins." in message_text(app)
        assert app.autoplay_control.run is None
    counts = [b for badges in shown for b in badges if b.startswith("AUTOPLAY")]
    distinct = [b for i, b in enumerate(counts) if i == 0 or counts[i - 1] != b]
    assert distinct == [f"AUTOPLAY {left} left" for left in (3, 2, 1, 0)]
    assert shown[-1] == ()  # the badge is gone once autoplay stopped


@pytest.mark.parametrize("game_id", GAMES)
async def test_a_spin_counts_as_played_once_its_show_begins(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, game_id: str
) -> None:
    """qa2 finding 31: while the first of 3 spins turns, the badge says 2 left (a casino
    counter counts a spin as it starts); the run still stops after its third round."""
    seed = seed_where(game_id, lambda r: not any(f for _, f in r), 4)  # no feature to stop at
    keep_settings(tmp_path, AutoplaySettings(spins=3, pause=0.0))
    session = demo(game_id, seed)
    app = shell_app(tmp_path, session=session)
    shows: list[tuple[int, tuple[str, ...]]] = []  # (rounds begun, badges) as a show begins
    async with app.run_test(size=SIZE) as pilot:
        await at_rest(pilot, app)
        screen = app.main_screen
        play = screen.presenter.play

        def watched(scenes: Any) -> None:
            shows.append((session.state.rounds_played, screen.message.badges))
            play(scenes)

        monkeypatch.setattr(screen.presenter, "play", watched)
        assert session.state.rounds_played == 0
        await run_from_dialog(pilot, app)
        assert session.state.rounds_played == 3
        assert "Autoplay finished its spins." in message_text(app)
    assert {begun for begun, _ in shows} == {1, 2, 3}  # each round's show was watched
    for begun, badges in shows:
        assert badges == (f"AUTOPLAY {3 - begun} left",), (begun, badges)


@pytest.mark.parametrize("game_id", GAMES)
async def test_stop_on_any_win_stops_at_the_first_winning_round(
    tmp_path: Path, game_id: str
) -> None:
    def first_win_late(rounds: list[tuple[int, bool]]) -> bool:
        wins = [i for i, (paid, _) in enumerate(rounds) if paid > 0]
        return bool(wins) and wins[0] >= 1 and not any(f for _, f in rounds[: wins[0] + 1])

    seed = seed_where(game_id, first_win_late, 8)
    rounds = plain_rounds(game_id, seed, 8)
    first = next(i for i, (paid, _) in enumerate(rounds) if paid > 0)
    keep_settings(tmp_path, AutoplaySettings(spins=None, pause=0.0, stop_on_any_win=True))
    session = demo(game_id, seed)
    app = shell_app(tmp_path, session=session)
    async with app.run_test(size=SIZE) as pilot:
        await run_from_dialog(pilot, app)
        assert session.state.rounds_played == first + 1
        assert session.history[-1].paid == rounds[first][0]
        assert f"Autoplay stopped: a win of {format_cents(rounds[first][0])}." in message_text(app)


class QuickTimers:
    """Stands in for the screen as the autoplay's timer host: records each delay asked
    for and sets the screen's real timer at once (the test waits for states, not time)."""

    def __init__(self, host: Widget, delays: list[float]) -> None:
        self.host = host
        self.delays = delays

    def set_timer(self, delay: float, callback: Any) -> Any:
        self.delays.append(delay)
        return self.host.set_timer(SHORTEST_WAIT, callback)


async def test_the_players_pause_is_waited_with_animations_off(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # QA2 #11: with TEXTUAL_ANIMATIONS=none 50 rounds played in 2 s: the timer was 0.02 s
    delays: list[float] = []
    original = Autoplay.schedule

    def schedule(self: Autoplay, **options: Any) -> None:
        if not isinstance(self._host, QuickTimers):
            self._host = cast(Widget, QuickTimers(self._host, delays))
        original(self, **options)

    monkeypatch.setattr(Autoplay, "schedule", schedule)
    keep_settings(tmp_path, AutoplaySettings(spins=2, pause=3.0))
    session = demo()
    app = shell_app(tmp_path, session=session)  # animations off
    async with app.run_test(size=SIZE) as pilot:
        assert not app.main_screen.presenter.animate
        await run_from_dialog(pilot, app)
        await wait_for(pilot, lambda: not app.main_screen.autoplay)
    assert session.state.rounds_played == 2
    assert delays and all(d == 3.0 for d in delays)


class TimerHost:
    """Stands in for the screen: records the delay of each timer asked for."""

    def __init__(self) -> None:
        self.delays: list[float] = []

    def set_timer(self, delay: float, callback: Any) -> Any:
        self.delays.append(delay)
        return object()


@pytest.mark.parametrize(
    ("animate", "speed", "pause", "wait"),
    [
        (True, 1.0, 2.0, 2.0),
        (True, 4.0, 2.0, 2.0),  # quick spin does not shorten the player's pause
        (True, 1.0, 0.0, SHORTEST_WAIT),  # Textual's timers cannot take 0
        (False, 1.0, 5.0, 5.0),  # QA2 #11: nor does "no animations" drop it
        (False, 4.0, 0.5, 0.5),
        (True, 1.0, None, AUTOPLAY_PAUSE),  # no settings: the default pace
        (True, 4.0, None, AUTOPLAY_PAUSE / 4),
        (False, 1.0, None, 0.02),
    ],
)
def test_the_schedule_waits_the_pause(
    animate: bool, speed: float, pause: float | None, wait: float
) -> None:
    host = TimerHost()
    autoplay = Autoplay(cast(Widget, host), lambda: None)
    autoplay.schedule(animate=animate, speed=speed, pause=pause)  # off: nothing
    assert host.delays == []
    autoplay.on = True
    autoplay.schedule(animate=animate, speed=speed, pause=pause)
    autoplay.schedule(animate=animate, speed=speed, pause=pause)  # already pending
    assert host.delays == [wait]


def first_feature(game_id: str, seed: int, limit: int) -> tuple[int, str] | None:
    """In the seeded demo session played by the policy alone, the index of the first
    round that starts a feature and that feature's name (``None`` within ``limit``)."""
    session = demo(game_id, seed)
    for index in range(limit):
        session.act(Spin(session.bet, autoplay=True, limits=session.limits))
        round_ = session.state.round
        if session.phase is Phase.FEATURE and round_ is not None:
            return index, round_.frames[0].feature
        while (action := next_action(session.game, session.state)) is not None:
            session.act(action)
    return None


def seed_with_first(feature: str, limit: int = 12, game_id: str = "lucky-witch") -> tuple[int, int]:
    """A seed of ``game_id`` whose first feature (within ``limit`` rounds) is
    ``feature``, with the index of the round that starts it."""
    for seed in range(1, 400):
        found = first_feature(game_id, seed, limit)
        if found is not None and found[1] == feature:
            return seed, found[0]
    raise AssertionError("no such seed")


async def test_lucky_witchs_a_opens_the_autoplay_settings(tmp_path: Path) -> None:
    app = shell_app(tmp_path, session=demo("lucky-witch"))
    async with app.run_test(size=SIZE) as pilot:
        await at_rest(pilot, app)
        await pilot.press("a")
        await wait_for(pilot, lambda: isinstance(app.screen, AutoplayScreen))
        assert not app.main_screen.autoplay  # nothing starts before the player says so
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is app.main_screen)
        assert not app.main_screen.autoplay and app.main_screen.session.state.rounds_played == 0


async def test_start_without_the_dialog_starts_lucky_witchs_autoplay_at_once(
    tmp_path: Path,
) -> None:
    seed = seed_where("lucky-witch", lambda r: not any(f for _, f in r), 3)
    keep_settings(tmp_path, AutoplaySettings(spins=2, pause=0.0, skip_dialog=True))
    session = demo("lucky-witch", seed)
    app = shell_app(tmp_path, session=session)
    async with app.run_test(size=SIZE) as pilot:
        await at_rest(pilot, app)
        await pilot.press("A")  # Caps Lock on works as well
        await wait_for(pilot, lambda: session.state.rounds_played > 0)
        assert not isinstance(app.screen, AutoplayScreen)
        await wait_for(pilot, lambda: app.at_rest() is not None and session.state.rounds_played > 1)
        assert session.state.rounds_played == 2
        assert "Autoplay finished its spins." in message_text(app)


async def test_book_of_spells_a_keeps_its_own_rule_not_the_dialogs(tmp_path: Path) -> None:
    keep_settings(tmp_path, AutoplaySettings(spins=1, pause=0.0))
    # no feature for long: nothing but the stop key may end this autoplay
    seed = seed_where("book-of-spells", lambda r: not any(f for _, f in r), 60)
    session = demo("book-of-spells", seed)
    app = shell_app(tmp_path, session=session)
    async with app.run_test(size=SIZE) as pilot:
        await at_rest(pilot, app)
        await pilot.press("a")
        assert app.main_screen.autoplay and app.autoplay_control.run is None
        await wait_for(pilot, lambda: session.state.rounds_played >= 2)  # past the 1 spin
        assert app.main_screen.autoplay
        await pilot.press("a")  # the stop key
        await wait_for(pilot, lambda: not app.main_screen.autoplay)


async def test_with_stop_on_a_feature_off_autoplay_plays_free_spins_itself(
    tmp_path: Path,
) -> None:
    seed, index = seed_with_first("free_spins")
    spins = index + 2  # the round with free spins, and one more after it
    keep_settings(tmp_path, AutoplaySettings(spins=spins, pause=0.0, stop_on_feature=False))
    session = demo("lucky-witch", seed)
    app = shell_app(tmp_path, session=session)
    async with app.run_test(size=SIZE) as pilot:
        await run_from_dialog(pilot, app)
        await wait_for(pilot, lambda: session.state.rounds_played == spins and app.at_rest())
        assert "Autoplay finished its spins." in message_text(app)
    featured = session.history[index]
    assert featured.frames and featured.frames[0].feature == "free_spins"
    assert all(frame.done for frame in featured.frames)  # played to the end by autoplay


async def test_with_stop_on_a_feature_on_autoplay_stops_when_free_spins_start(
    tmp_path: Path,
) -> None:
    seed, index = seed_with_first("free_spins")
    keep_settings(tmp_path, AutoplaySettings(spins=index + 2, pause=0.0, stop_on_feature=True))
    session = demo("lucky-witch", seed)
    app = shell_app(tmp_path, session=session)
    async with app.run_test(size=SIZE) as pilot:
        round_ = await stopped_at_its_feature(pilot, app, index)
        assert round_.frames[0].feature == "free_spins"
        assert app.autoplay_control.run is None


async def test_book_of_spells_autoplay_stops_at_free_spins_whatever_the_settings_say(
    tmp_path: Path,
) -> None:
    """DESIGN §1: its autoplay stops when free spins are won; "stop on a feature" off,
    remembered from Lucky Witch (the settings are shared), does not change that."""
    seed, index = seed_with_first("free_spins", 40, "book-of-spells")
    keep_settings(tmp_path, AutoplaySettings(spins=index + 2, pause=0.0, stop_on_feature=False))
    session = demo("book-of-spells", seed)
    app = shell_app(tmp_path, session=session)
    async with app.run_test(size=SIZE) as pilot:
        round_ = await stopped_at_its_feature(pilot, app, index)
        assert not any(frame.done for frame in round_.frames)


async def test_the_mystery_bonus_always_stops_autoplay_for_the_players_pick(
    tmp_path: Path,
) -> None:
    seed, index = seed_with_first("mystery_bonus")
    keep_settings(tmp_path, AutoplaySettings(spins=None, pause=0.0, stop_on_feature=False))
    session = demo("lucky-witch", seed)
    app = shell_app(tmp_path, session=session)
    async with app.run_test(size=SIZE) as pilot:
        round_ = await stopped_at_its_feature(pilot, app, index)
        assert round_.frames[0].feature == "mystery_bonus"
        assert not any(frame.done for frame in round_.frames[1:])  # no pick made for him


def net_after(rounds: list[tuple[int, bool]], bet: int) -> list[int]:
    """The change of credits after each of ``rounds`` (what it paid less its bet)."""
    changes, total = [], 0
    for paid, _ in rounds:
        total += paid - bet
        changes.append(total)
    return changes


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("condition", ["win_at_least", "credits_up", "credits_down"])
async def test_each_money_condition_stops_at_the_round_it_names(
    tmp_path: Path, game_id: str, condition: str
) -> None:
    bet = demo(game_id).bet.total
    count = 12

    def stop_round(rounds: list[tuple[int, bool]]) -> tuple[int, int] | None:
        """(the amount set, the index of the round the run stops after), derived from
        the plain rounds; ``None`` when this seed does not show the condition well."""
        if any(f for _, f in rounds):
            return None
        net = net_after(rounds, bet)
        if condition == "win_at_least":
            paid = sorted({p for p, _ in rounds if p > 0})
            if len(paid) < 2:
                return None
            amount = paid[-1]  # the largest win: smaller wins before it do not stop
            return amount, next(i for i, (p, _) in enumerate(rounds) if p >= amount)
        if condition == "credits_up":
            amount = max(net)
            hits = [i for i, change in enumerate(net) if change >= amount]
            return (amount, hits[0]) if amount > 0 and hits[0] >= 1 else None
        amount = 3 * bet
        hits = [i for i, change in enumerate(net) if -change >= amount]
        return (amount, hits[0]) if hits and hits[0] >= 3 else None

    seed = seed_where(game_id, lambda r: stop_round(r) is not None, count)
    amount, index = stop_round(plain_rounds(game_id, seed, count)) or (0, 0)
    settings = {
        "win_at_least": AutoplaySettings(spins=None, pause=0.0, stop_on_win_at_least=amount),
        "credits_up": AutoplaySettings(spins=None, pause=0.0, stop_on_credits_up=amount),
        "credits_down": AutoplaySettings(spins=None, pause=0.0, stop_on_credits_down=amount),
    }[condition]
    keep_settings(tmp_path, settings)
    session = demo(game_id, seed)
    app = shell_app(tmp_path, session=session)
    async with app.run_test(size=SIZE) as pilot:
        await run_from_dialog(pilot, app)
        assert session.state.rounds_played == index + 1
        assert not app.main_screen.autoplay
        assert "Autoplay stopped:" in message_text(app)
