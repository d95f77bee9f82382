"""Shared helpers for the main-screen tests: seeded sessions, waiting for rest, box texts."""

from __future__ import annotations

from collections.abc import Callable

from textual.pilot import Pilot

from slotterm.engine.round import (
    Bet,
    Limits,
    Phase,
    PlayFreeSpin,
    Spin,
    StartFeature,
    StartGamble,
    Transition,
)
from slotterm.games import get_game
from slotterm.money import format_cents
from slotterm.rng import SeededSource
from slotterm.session.game_session import GameSession, demo_session
from slotterm.tui.app import SlotApp
from slotterm.tui.screens.main_screen import MainScreen

GAME = get_game("book-of-spells")
SIZE = (100, 32)


def session_for(seed: int, *, credits: int = 100_000, limits: Limits | None = None) -> GameSession:
    """A fresh demo session on a seeded source."""
    return demo_session(GAME, SeededSource(seed), credits=credits, limits=limits)


def make_app(
    seed: int = 1,
    *,
    credits: int = 100_000,
    force_feature: bool = False,
    animations: bool = False,
    session: GameSession | None = None,
) -> SlotApp:
    """The app on a seeded session; animations off unless asked for."""
    app = SlotApp(session or session_for(seed, credits=credits), force_feature=force_feature)
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
    return main(app).box(name).value


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


def feature_until(
    seed: int, predicate: Callable[[GameSession], bool], *, max_spins: int = 40
) -> int:
    """Free spins to play (forced feature, seed ``seed``) until ``predicate`` holds; -1 if never."""
    session = session_for(seed)
    session.act(Spin(session.bet, force_feature=True, limits=session.limits))
    session.act(StartFeature())
    for played in range(1, max_spins + 1):
        if session.phase is not Phase.FREE_SPINS:
            return -1
        session.act(PlayFreeSpin())
        if predicate(session):
            return played
    return -1


def expansion_seed() -> tuple[int, int]:
    """(seed, free spins to play) for a forced feature whose free spin expands."""

    def expanded(session: GameSession) -> bool:
        round_ = session.state.round
        return (
            session.phase is Phase.FREE_SPINS  # not the last spin: no summary over the reels
            and round_ is not None
            and bool(round_.free_spins[-1].result.evaluation.expanded_reels)
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
