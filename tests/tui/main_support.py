"""Shared helpers for the main-screen tests: seeded sessions, waiting for rest, box texts,
and a scene clock that only the test moves (so no check races an animation)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.app import App
from textual.pilot import Pilot
from textual.widget import Widget

from slotterm.engine.actions import Bet, Limits, Spin, StartGamble
from slotterm.engine.events import Transition
from slotterm.engine.features.expanding_symbol import Expansion
from slotterm.engine.features.free_spins_records import (
    NAME,
    FreeSpinsRecord,
    PlayFreeSpin,
    StartFeature,
    record_of,
)
from slotterm.engine.records import Phase
from slotterm.games import get_game
from slotterm.money import format_cents
from slotterm.rng import SeededSource
from slotterm.session.game_session import GameSession, demo_session
from slotterm.tui.app import SlotApp
from slotterm.tui.pulse import Beats, beat_by
from slotterm.tui.screens.main_screen import MainScreen

GAME = get_game("book-of-spells")
SIZE = (100, 32)
FREE_SPINS = NAME
"""The free-spins feature's name: what the tests force (``--force free-spins``)."""
AWARDED, PLAYING = "awarded", "playing"
"""Where the free spins stand while the session is in ``Phase.FEATURE`` (see :func:`fs`)."""


def session_for(seed: int, *, credits: int = 100_000, limits: Limits | None = None) -> GameSession:
    """A fresh demo session on a seeded source."""
    return demo_session(GAME, SeededSource(seed), credits=credits, limits=limits)


def make_app(
    seed: int = 1,
    *,
    credits: int = 100_000,
    force: str | None = None,
    animations: bool = False,
    session: GameSession | None = None,
) -> SlotApp:
    """The app on a seeded session (``force``: a feature the first spin starts); animations
    off unless asked for."""
    app = SlotApp(session or session_for(seed, credits=credits), force=force)
    app.animation_level = "full" if animations else "none"
    return app


def main(app: SlotApp) -> MainScreen:
    """The app's main screen."""
    return app.main_screen


class SceneClock:
    """The presenter's clock in a test: it stands still until the test moves it.

    A scene shown on it stays on its frame however slow the machine is, so a test can
    look at a running scene, or press keys into it, for as long as it likes; moving the
    clock (:func:`run_scenes`, :func:`end_scene`, :func:`settle`) lets it go on."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        """The time the scenes see (seconds)."""
        return self.now

    def advance(self, seconds: float) -> None:
        """Let ``seconds`` of wall time pass for the scenes."""
        self.now += seconds


class HeldPulses:
    """The winning frames' pulses in a test: they beat only when the test calls
    :meth:`beat`, so a pulsing frame stays lit (the look it starts with) however slow the
    machine is."""

    def __init__(self) -> None:
        self._beats: list[_HeldBeats] = []

    def __call__(self, owner: Widget, beat: Callable[[], None]) -> Beats:
        """Hold a pulse's beats (a :data:`~slotterm.tui.pulse.BeatSource`)."""
        held = _HeldBeats(self, beat)
        self._beats.append(held)
        return held

    @property
    def running(self) -> int:
        """How many pulses are waiting for beats."""
        return len(self._beats)

    def beat(self) -> None:
        """One beat for every running pulse."""
        for held in list(self._beats):
            held.beat()

    def _drop(self, held: _HeldBeats) -> None:
        if held in self._beats:
            self._beats.remove(held)


class _HeldBeats:
    """One pulse's beats under :class:`HeldPulses`."""

    def __init__(self, pulses: HeldPulses, beat: Callable[[], None]) -> None:
        self._pulses = pulses
        self.beat = beat

    def stop(self) -> None:
        """The pulse ended: it gets no more beats."""
        self._pulses._drop(self)


def hold_pulses(app: App[Any]) -> HeldPulses:
    """Let the pulses that start in ``app`` from now on beat only by hand (:class:`HeldPulses`)."""
    pulses = HeldPulses()
    beat_by(app, pulses)
    return pulses


def freeze_scenes(app: SlotApp) -> SceneClock:
    """Put the main screen's scenes on a :class:`SceneClock`, and hold the pulses of the
    winning frames (:func:`hold_pulses`), before the keys that start them."""
    clock = SceneClock()
    main(app).presenter.clock = clock
    hold_pulses(app)
    return clock


def scene_clock(app: SlotApp) -> SceneClock:
    """The scene clock :func:`freeze_scenes` put on the app (the test fails if there is none)."""
    clock = main(app).presenter.clock
    assert isinstance(clock, SceneClock), "the scenes are not on a scene clock"
    return clock


def scene_name(app: SlotApp) -> str | None:
    """The class name of the running scene (``None`` at rest)."""
    scene = main(app).presenter.current
    return None if scene is None else type(scene).__name__


async def _until(pilot: Pilot[None], condition: Callable[[], bool], what: str) -> None:
    waited = 0.0
    while not condition():
        assert waited < 10.0, what
        await pilot.pause(0.02)
        waited += 0.02


async def run_scenes(pilot: Pilot[None], app: SlotApp, seconds: float) -> None:
    """Move the scene clock on by ``seconds`` and wait for a frame that draws that moment
    (or for the rest, if the scenes ran out)."""
    presenter = main(app).presenter
    scene_clock(app).advance(seconds)
    frames = presenter.frames
    await _until(
        pilot, lambda: presenter.frames > frames or not presenter.busy, "no frame was drawn"
    )


async def end_scene(pilot: Pilot[None], app: SlotApp) -> None:
    """Let the running scene reach its end: the clock moves past it and the next frame
    finishes it (the presenter goes on with the next scene, or comes to rest)."""
    presenter = main(app).presenter
    scene = presenter.current
    assert scene is not None, "no scene runs"
    scene_clock(app).advance(scene.duration / presenter.speed)
    await _until(pilot, lambda: presenter.current is not scene, "the scene never ended")


async def run_until_scene(pilot: Pilot[None], app: SlotApp, name: str) -> None:
    """Run the scenes before the one called ``name`` to their ends, until it runs (its
    first frame: at its start)."""
    for _ in range(100):
        if scene_name(app) == name:
            return
        await end_scene(pilot, app)
    raise AssertionError(f"{name} never came")


async def settle(pilot: Pilot[None], app: SlotApp, *, limit: float = 10.0) -> None:
    """Wait until no scene runs (and autoplay is not between rounds).

    Scenes on a :class:`SceneClock` are run out by moving the clock past each one's end.
    """
    presenter = main(app).presenter
    clock = presenter.clock
    waited = 0.0
    while presenter.busy:
        scene = presenter.current
        if isinstance(clock, SceneClock) and scene is not None:
            clock.advance(scene.duration / presenter.speed)  # the next frame ends it
        await pilot.pause(0.02)
        waited += 0.02
        assert waited < limit, "the screen never came to rest"
    await pilot.pause()


def box(app: SlotApp, name: str) -> str:
    """The main value shown in a box (``bet``, ``lines``, ``credits``, ``win``)."""
    return main(app).boxes.box(name).value


def message(app: SlotApp) -> str:
    """The message line's text."""
    return main(app).message.text


def expected_win(session: GameSession) -> str:
    """What the Win box must say at rest, computed from the session alone."""
    if session.state.round is not None:
        return format_cents(session.state.round.win)
    return format_cents(session.history[-1].paid if session.history else 0)


def assert_boxes_match(app: SlotApp) -> None:
    """Credits, Win, Bet and Lines boxes agree with the session."""
    session = app.session
    assert box(app, "credits") == format_cents(session.state.credits)
    assert box(app, "win") == expected_win(session)
    assert box(app, "bet") == format_cents(session.bet.total)
    assert box(app, "lines") == str(session.bet.lines)


def find_seed(predicate: Callable[[GameSession, Transition], bool], *, tries: int = 400) -> int:
    """The first seed whose first spin at the default bet satisfies ``predicate``."""
    for seed in range(tries):
        session = session_for(seed)
        transition = session.act(Spin(session.bet, limits=session.limits))
        if predicate(session, transition):
            return seed
    raise AssertionError("no seed found")


def winning_seed(*, gamble: bool = True) -> int:
    """A seed whose first spin wins without free spins (gamble allowed if asked)."""
    return find_seed(
        lambda s, t: s.phase is Phase.WIN_OFFERED and (not gamble or s.can(StartGamble()))
    )


def losing_seed() -> int:
    """A seed whose first spin wins nothing."""
    return find_seed(lambda s, t: s.phase is Phase.IDLE)


def record(session: GameSession) -> FreeSpinsRecord:
    """The open round's free-spins record (the test fails if there is none)."""
    found = record_of(session.state.round)
    assert found is not None, "no free spins in the open round"
    return found


def fs(session: GameSession) -> str | None:
    """Where the free spins stand in ``Phase.FEATURE``: :data:`AWARDED` (waiting for the
    start key) or :data:`PLAYING`; ``None`` in any other phase."""
    found = record_of(session.state.round)
    if session.phase is not Phase.FEATURE or found is None:
        return None
    return GAME.feature(FREE_SPINS).phase(found)


def feature_until(
    seed: int, predicate: Callable[[GameSession], bool], *, max_spins: int = 40
) -> int:
    """Free spins to play (forced feature, seed ``seed``) until ``predicate`` holds; -1 if never."""
    session = session_for(seed)
    session.act(Spin(session.bet, force=FREE_SPINS, limits=session.limits))
    session.act(StartFeature())
    for played in range(1, max_spins + 1):
        if fs(session) != PLAYING:
            return -1
        session.act(PlayFreeSpin())
        if predicate(session):
            return played
    return -1


def expansion_seed() -> tuple[int, int]:
    """(seed, free spins to play) for a forced feature whose free spin expands."""

    def expanded(session: GameSession) -> bool:
        return (
            fs(session) == PLAYING  # not the last spin: no summary over the reels
            and isinstance(record(session).spins[-1].extra, Expansion)
        )

    for seed in range(200):
        spins = feature_until(seed, expanded)
        if spins > 0:
            return seed, spins
    raise AssertionError("no expansion found")


def min_bet() -> Bet:
    """The cheapest bet: smallest step on one line."""
    return Bet(GAME.bet_per_line_steps[0], 1)


def phase(app: SlotApp) -> Phase:
    """The session's phase now (a call, so type checkers do not narrow across awaits)."""
    return app.session.phase


def on_main(app: SlotApp) -> bool:
    """True when the main screen is the one on top."""
    return app.screen is main(app)
