"""Helpers for the Lucky Witch screen tests: seeded sessions and seeds found by what their
first spin (or their forced free spins) do, searched through the session itself."""

from __future__ import annotations

from collections.abc import Callable
from itertools import pairwise

from slotterm.engine.actions import Spin
from slotterm.engine.events import FeatureEvent, Transition
from slotterm.engine.features.free_spins_records import NAME as FREE_SPINS
from slotterm.engine.features.free_spins_records import (
    FreeSpinsAwarded,
    PlayFreeSpin,
    StartFeature,
    record_of,
)
from slotterm.engine.outcome import Window
from slotterm.engine.records import Phase
from slotterm.games import get_game
from slotterm.rng import SeededSource
from slotterm.session.game_session import GameSession, demo_session
from slotterm.tui.app import SlotApp
from tests.tui.main_support import make_app

LW = get_game("lucky-witch")
START = 100_000
"""Demo credits in cents (1,000.00)."""


def lw_session(seed: int, *, credits: int = START) -> GameSession:
    """A fresh Lucky Witch demo session on a seeded source (1 coin of 0.01 on 15 lines)."""
    return demo_session(LW, SeededSource(seed), credits=credits)


def lw_app(
    seed: int = 1, *, credits: int = START, force: str | None = None, animations: bool = False
) -> SlotApp:
    """The app on a seeded Lucky Witch session, animations off unless asked for."""
    return make_app(session=lw_session(seed, credits=credits), force=force, animations=animations)


def lw_seed(predicate: Callable[[GameSession, Transition], bool], *, tries: int = 2000) -> int:
    """The first seed whose first spin (1 coin, 15 lines) satisfies ``predicate``."""
    for seed in range(tries):
        session = lw_session(seed)
        transition = session.act(Spin(session.bet, limits=session.limits))
        if predicate(session, transition):
            return seed
    raise AssertionError("no seed found")


def doubled_seed() -> int:
    """A first spin that pays a doubled line and a plain one, and starts no feature."""

    def both(session: GameSession, _: Transition) -> bool:
        wins = session.history[-1].base.evaluation.line_wins if session.history else ()
        return any(w.doubled for w in wins) and any(not w.doubled for w in wins)

    return lw_seed(both)


def stacked_win_seed() -> int:
    """A first spin showing two stacks of LUCKY and paying a line."""

    def stacked(session: GameSession, _: Transition) -> bool:
        if not session.history:
            return False
        base = session.history[-1].base
        return lucky_pairs(base.window) >= 2 and bool(base.evaluation.line_wins)

    return lw_seed(stacked)


def lucky_pairs(window: Window) -> int:
    """How many times a LUCKY stands right above another LUCKY in ``window``."""
    return sum(1 for column in window for a, b in pairwise(column) if a == b == "LUCKY")


def losing_lw_seed() -> int:
    """A first spin that wins nothing."""
    return lw_seed(lambda s, _: bool(s.history) and s.history[-1].paid == 0)


def free_spins_seed(*, retrigger: bool) -> int:
    """A seed whose forced free spins never start the Mystery bonus (and retrigger if
    asked, else not)."""
    for seed in range(400):
        session = lw_session(seed)
        session.act(Spin(session.bet, force=FREE_SPINS, limits=session.limits))
        again = False
        while session.phase is Phase.FEATURE:
            round_ = session.state.round
            frame = round_.active if round_ is not None else None
            record = record_of(round_)
            if frame is None or frame.feature != FREE_SPINS or record is None:
                break
            events = session.act(PlayFreeSpin() if record.started else StartFeature()).events
            again = again or any(isinstance(e, FreeSpinsAwarded) and e.retrigger for e in events)
        if session.phase is Phase.IDLE and again == retrigger:
            return seed
    raise AssertionError("no seed found")


def feature_events(transition: Transition) -> list[FeatureEvent]:
    """The feature events of a transition."""
    return [e for e in transition.events if isinstance(e, FeatureEvent)]
