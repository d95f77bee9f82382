"""Helpers for the tests of a long lobby: small synthetic games (no shipped game among
them) on a shelf of demo sessions, and where each card stands on the screen."""

from __future__ import annotations

from pathlib import Path

from textual.containers import VerticalScroll
from textual.widgets import Static

from slotterm.engine.model import GameDefinition
from slotterm.engine.symbols import Symbol, SymbolKind
from slotterm.rng import SeededSource
from slotterm.session.game_session import demo_session
from slotterm.session.opening import OpenedSession
from slotterm.session.settings import default_settings
from slotterm.tui.app import SlotApp
from slotterm.tui.lobby import BrokenGame, GameShelf, LobbyEntry, SavedState, ShelfGame
from slotterm.tui.screens.lobby_screen import LobbyScreen
from tests.tui.modal_support import StepClock

TOY_LINES = ((1, 1, 1), (0, 0, 0), (2, 2, 2), (0, 1, 2), (2, 1, 0))
"""The lines of the toy games (a toy game plays the first few)."""


def toy_game(number: int, *, published_rtp: float = 0.95) -> GameDefinition:
    """A small 3 × 3 game named "Toy Game ``number``": two fruits and a scatter, 1 to 5
    lines (by its number), bets of 0.05, 0.10 or 0.50 a line, no feature; the even ones
    have the gamble.  ``published_rtp`` 0 publishes none."""
    return GameDefinition(
        id=f"toy-{number}",
        name=f"Toy Game {number}",
        reels=3,
        rows=3,
        symbols=(
            Symbol("A", SymbolKind.REGULAR, "Apple"),
            Symbol("B", SymbolKind.REGULAR, "Bell"),
            Symbol("S", SymbolKind.SCATTER, "Star"),
        ),
        paytable={"A": {3: 10}, "B": {3: 4}},
        scatter_pays={3: 2},
        lines=TOY_LINES[: 1 + number % len(TOY_LINES)],
        base_reels=(("A", "B", "S", "A", "B", "B"),) * 3,
        max_win_x_total_bet=500,
        wild_only_pays_as=None,
        bet_per_line_steps=(5, 10, 50),
        published_rtp=published_rtp,
        gamble=number % 2 == 0,
    )


def demo_entry(game: GameDefinition, *, file: Path | None = None) -> ShelfGame:
    """``game`` on a shelf, opened as a demo session (nothing saved)."""
    start = default_settings(game).start_credits

    def opener() -> OpenedSession:
        session = demo_session(game, SeededSource(1), credits=start, clock=StepClock())
        return OpenedSession(session=session, store=None)

    def peek() -> SavedState:
        return SavedState(credits=start, waiting=False, note="demo, not saved")

    return ShelfGame(game=game, open=opener, peek=peek, file=file)


def toy_shelf(count: int, *, broken: dict[int, BrokenGame] | None = None) -> GameShelf:
    """``count`` toy games in demo sessions (``broken``: a broken file at these places
    instead of the toy game)."""
    entries: list[LobbyEntry] = []
    for index in range(count):
        if broken and index in broken:
            entries.append(broken[index])
        else:
            entries.append(demo_entry(toy_game(index + 1)))
    return GameShelf(entries)


def lobby_of(app: SlotApp) -> LobbyScreen:
    """The lobby on top of ``app``."""
    screen = app.screen
    assert isinstance(screen, LobbyScreen)
    return screen


def card_in_view(app: SlotApp, index: int) -> bool:
    """Whether card ``index`` is wholly inside the visible part of the lobby's list."""
    lobby = lobby_of(app)
    listing = lobby.query_one("#lobby-list", VerticalScroll)
    card = lobby.query_one(f"#lobby-card-{index}", Static)
    seen = listing.content_region
    place = card.region
    return place.height > 0 and seen.contains_region(place)
