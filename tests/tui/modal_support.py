"""Helpers for the modal-screen tests: a bare host app, sessions in known states, a clock,
and timers caught so that the test fires them."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from textual.app import App
from textual.geometry import Region
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widget import Widget

from slotterm.engine.actions import Collect, Guess, Limits, Spin, StartGamble
from slotterm.engine.features.free_spins_records import PlayFreeSpin, StartFeature
from slotterm.engine.gamble import Color
from slotterm.engine.records import Phase, Round
from slotterm.rng import ReplaySource, SeededSource
from slotterm.session.game_session import GameSession, demo_session
from tests.tui.main_support import AWARDED, FREE_SPINS, GAME, PLAYING, fs, winning_seed

RED_CARD = 13  # 2 of diamonds
BLACK_CARD = 0  # 2 of clubs
START = datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC)


class StepClock:
    """A clock for sessions that moves ``step`` forward on every reading."""

    def __init__(self, start: datetime = START, step: timedelta = timedelta(seconds=7)) -> None:
        self.now = start
        self.step = step

    def __call__(self) -> datetime:
        """The next instant."""
        self.now += self.step
        return self.now


class ModalHost(App[None]):
    """An empty app that pushes one screen on mount and remembers its dismissal."""

    def __init__(self, make_screen: Callable[[], Screen[Any]], *, animations: bool = False):
        super().__init__()
        self.make_screen = make_screen
        self.dismissed = 0
        self.animation_level = "full" if animations else "none"

    def on_mount(self) -> None:
        """Show the screen under test."""
        self.push_screen(self.make_screen(), self._note_dismissal)

    def _note_dismissal(self, _result: object) -> None:
        self.dismissed += 1


def won_session(*, cards: tuple[int, ...] = (), limits: Limits | None = None) -> GameSession:
    """A session whose first spin's win waits for collect; later draws are ``cards``."""
    session = demo_session(GAME, SeededSource(winning_seed()), limits=limits)
    session.act(Spin(session.bet, limits=session.limits))
    assert session.phase is Phase.WIN_OFFERED and session.can(StartGamble())
    if cards:
        session.rng = ReplaySource(cards)
    return session


def open_round(session: GameSession) -> Round:
    """The session's open round (the test fails if there is none)."""
    round_ = session.state.round
    assert round_ is not None, "no round is open"
    return round_


def played_session(rounds: int = 30, seed: int = 5) -> GameSession:
    """A session with a closed history: plain spins, a forced feature, gambles won and lost.

    Round 3 is a forced feature; every win of an odd round is gambled once (the card's
    colour decides), every other win is collected.
    """
    session = demo_session(GAME, SeededSource(seed), clock=StepClock())
    for n in range(1, rounds + 1):
        force = FREE_SPINS if n == 3 else None
        session.act(Spin(session.bet, force=force, limits=session.limits))
        while session.phase is not Phase.IDLE:
            if fs(session) == AWARDED:
                session.act(StartFeature())
            elif fs(session) == PLAYING:
                session.act(PlayFreeSpin())
            elif session.phase is Phase.WIN_OFFERED and n % 2 and session.can(StartGamble()):
                session.act(StartGamble())
                session.act(Guess(Color.RED))
            else:
                session.act(Collect())
    return session


def widget_text(widget: Widget) -> str:
    """What a widget draws itself (not its children), line by line, as plain text."""
    width, height = widget.size
    if not width or not height:
        return ""
    strips = widget.render_lines(Region(0, 0, width, height))
    return "\n".join("".join(seg.text for seg in strip).rstrip() for strip in strips)


def screen_text(screen: Screen[Any]) -> str:
    """The text every widget of the screen draws, joined (for content checks)."""
    return "\n".join(widget_text(w) for w in screen.query(Widget))


class CaughtTimer:
    """A one-shot timer a widget asked for, held by the test: it fires when the test says."""

    def __init__(self, delay: float, callback: Callable[[], object]) -> None:
        self.delay = delay
        self.callback = callback
        self.stopped = False
        self.fired = False

    def stop(self) -> None:
        """What the widget calls to cancel it."""
        self.stopped = True

    def fire(self) -> None:
        """The delay is over: run the callback (once; never after a stop)."""
        assert not self.stopped and not self.fired, "the timer was stopped or fired already"
        self.fired = True
        self.callback()


def catch_timers(monkeypatch: pytest.MonkeyPatch, widget: type[Widget]) -> list[CaughtTimer]:
    """Every ``set_timer`` of ``widget`` (a class) from now on, caught instead of started:
    the test fires them itself, so a slow machine cannot run them before it looks."""
    caught: list[CaughtTimer] = []

    def set_timer(
        self: Widget, delay: float, callback: Callable[[], object], **_options: object
    ) -> CaughtTimer:
        timer = CaughtTimer(delay, callback)
        caught.append(timer)
        return timer

    monkeypatch.setattr(widget, "set_timer", set_timer)
    return caught


def pending(timers: list[CaughtTimer]) -> list[CaughtTimer]:
    """The caught timers neither fired nor stopped."""
    return [t for t in timers if not t.fired and not t.stopped]


async def wait_for(pilot: Pilot[Any], condition: Callable[[], bool], limit: float = 5.0) -> None:
    """Pause until ``condition()`` holds (fails after ``limit`` seconds)."""
    waited = 0.0
    while not condition():
        assert waited < limit, "condition never held"
        await pilot.pause(0.02)
        waited += 0.02


async def stats_band_known(pilot: Pilot[Any]) -> None:
    """Wait for the statistics window's RTP band, worked out in a thread (60 s at most)."""
    from slotterm.tui.screens.stats_screen import StatsScreen

    screen = pilot.app.screen
    assert isinstance(screen, StatsScreen)
    await wait_for(pilot, lambda: screen.band is not None, limit=60.0)
