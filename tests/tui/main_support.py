"""Shared helpers for the main-screen tests: seeded sessions, waiting for rest, box texts."""

from __future__ import annotations

from collections.abc import Callable

from textual.pilot import Pilot

from slotterm.engine.actions import Bet, Limits, Spin, StartGamble
from slotterm.engine.events import Transition
from slotterm.engine.features.expanding_symbol import Expansion
from slotterm.engine.features.free_spins import (
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


async def settle(pilot: Pilot[None], app: SlotApp, *, limit: float = 10.0) -> None:
    """Wait until no scene runs (and autoplay is not between rounds)."""
    screen = main(app)
    waited = 0.0
    while screen.presenter.busy:
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
