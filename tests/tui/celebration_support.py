"""Seeds for the celebration and anticipation tests (and the key storms inside them)."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from slotterm.engine.events import ReelsStopped, Transition
from slotterm.engine.model import GameDefinition
from slotterm.session.game_session import GameSession
from slotterm.tui.anticipation import SCATTERS_NEEDED
from slotterm.tui.app import SlotApp
from tests.tui.main_support import GAME, find_seed, make_app, session_for

Predicate = Callable[[GameSession, Transition], bool]
"""A test on a session's first spin (see :func:`~tests.tui.main_support.find_seed`)."""


def spin_win(transition: Transition) -> int:
    """What the transition's first spin won (0 without a spin)."""
    spins = [e for e in transition.events if isinstance(e, ReelsStopped)]
    return spins[0].win if spins else 0


def times_bet(times: int, below: int | None = None) -> Predicate:
    """Predicate: the first spin wins at least ``times`` total bets (and under ``below``)."""

    def predicate(session: GameSession, transition: Transition) -> bool:
        multiple = spin_win(transition) / session.bet.total
        return multiple >= times and (below is None or multiple < below)

    return predicate


@cache
def big_win_seed() -> int:
    """A Book of Spells seed whose first spin wins at least 15 (and less than 50) total bets."""
    return find_seed(times_bet(15, 50), tries=5000)


@cache
def mega_win_seed() -> int:
    """A Book of Spells seed whose first spin wins at least 50 total bets."""
    return find_seed(times_bet(50), tries=20000)


def scatters_before_last(game: GameDefinition) -> Predicate:
    """Predicate: the first spin shows two scatters on the reels before the last."""

    def predicate(_session: GameSession, transition: Transition) -> bool:
        spins = [e for e in transition.events if isinstance(e, ReelsStopped)]
        if not spins:
            return False
        window = spins[0].result.window
        count = sum(1 for column in window[:-1] for s in column if s in game.scatter_ids)
        return count >= SCATTERS_NEEDED

    return predicate


@cache
def anticipation_seed() -> int:
    """A Book of Spells seed whose first spin keeps the player waiting (two BOOKs in sight
    before the last reel stops)."""
    return find_seed(scatters_before_last(GAME), tries=2000)


LEVEL_SYMBOLS = {"big": "A", "mega": "POTION", "epic": "WITCH"}
"""The symbol whose forced five of a kind wins each level in Book of Spells (five Aces
earn a big win, five Potions a mega, five Witches an epic: 300, 1,500, 10,000 at 18)."""


def forced_app(level: str, *, animations: bool = True, seed: int = 3) -> SlotApp:
    """The app whose first spin is five of a kind of :data:`LEVEL_SYMBOLS` ``[level]``."""
    from slotterm.force_kinds import parse_force

    session = session_for(seed)
    session.forcing = parse_force(GAME, f"five-of-a-kind:{LEVEL_SYMBOLS[level]}")
    return make_app(session=session, animations=animations)
