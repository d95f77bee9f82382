"""The game for Textual's developer tools: ``textual run --dev slotterm.tui.dev:DevApp``.

:class:`DevApp` is the program's lobby with every shipped game in a demo session: nothing
is saved and no player file (not even the games folder) is read or written, so it can be
started again and again while the styles are worked on.  With ``textual console`` running
in another terminal the app's log and events show there, and an edited ``.tcss`` file is
applied while the game runs.
"""

from __future__ import annotations

from slotterm.engine.model import GameDefinition
from slotterm.games.catalog import catalog
from slotterm.rng import SecureSource
from slotterm.session.game_session import demo_session
from slotterm.session.opening import OpenedSession
from slotterm.session.settings import default_settings
from slotterm.tui.app import SlotApp
from slotterm.tui.lobby import GameShelf, SavedState, ShelfGame


def demo_shelf() -> GameShelf:
    """Every shipped game, each opened as a demo session at its starting credits."""

    def entry(game: GameDefinition) -> ShelfGame:
        start = default_settings(game).start_credits

        def opener() -> OpenedSession:
            return OpenedSession(
                session=demo_session(game, SecureSource(), credits=start), store=None
            )

        def peek() -> SavedState:
            return SavedState(credits=start, waiting=False, note="demo, not saved")

        return ShelfGame(game=game, open=opener, peek=peek)

    return GameShelf([entry(found.game) for found in catalog() if found.game is not None])


class DevApp(SlotApp):
    """The lobby of demo games, built with no arguments (as ``textual run`` builds it)."""

    def __init__(self) -> None:
        super().__init__(shelf=demo_shelf())
