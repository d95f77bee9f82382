"""Helpers for the shell tests (lobby, options, autoplay settings, statistics): a shelf of
the shipped games saved under a temporary folder, the app over it, and waiting for a state."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from textual.pilot import Pilot

from slotterm.engine.model import GameDefinition
from slotterm.games import game_ids, get_game
from slotterm.rng import SeededSource
from slotterm.session.game_session import GameSession, demo_session
from slotterm.session.opening import OpenedSession, open_session
from slotterm.session.settings import default_settings
from slotterm.tui.app import SlotApp
from slotterm.tui.lobby import GameShelf, GameUnavailable, SavedState, ShelfGame, peek_save
from tests.tui.modal_support import START, StepClock

SIZE = (100, 32)


def saved_shelf(tmp_path: Path, seed: int = 3, *, refuse: str | None = None) -> GameShelf:
    """Both games, each saved in its seeded folder under ``tmp_path`` (``refuse``: a game
    id whose opening is refused, as when another slotterm holds its save)."""
    root = tmp_path / "saves"

    def entry(game: GameDefinition) -> ShelfGame:
        def opener() -> OpenedSession:
            if game.id == refuse:
                raise GameUnavailable(f"{game.name}: the save is open in another slotterm")
            return open_session(
                game,
                default_settings(game),
                root=root,
                seed=seed,
                state_root=tmp_path / "state",
                clock=StepClock(),
            )

        def peek() -> SavedState:
            start = default_settings(game).start_credits
            return peek_save(game, root, seed, start, START)

        return ShelfGame(game=game, open=opener, peek=peek)

    return GameShelf([entry(get_game(game_id)) for game_id in game_ids()])


def shell_app(
    tmp_path: Path,
    *,
    shelf: GameShelf | None = None,
    session: GameSession | None = None,
) -> SlotApp:
    """The app over ``shelf`` (or ``session`` alone), the player's files under ``tmp_path``,
    animations off."""
    app = SlotApp(session, shelf=shelf, player_folder=tmp_path / "config")
    app.animation_level = "none"
    return app


def demo(game_id: str = "book-of-spells", seed: int = 1, **options: Any) -> GameSession:
    """A demo session of ``game_id`` with a clock that steps 7 seconds per reading."""
    options.setdefault("clock", StepClock())
    return demo_session(get_game(game_id), SeededSource(seed), **options)


async def wait_for(pilot: Pilot[Any], condition: Callable[[], bool], limit: float = 10.0) -> None:
    """Pause until ``condition()`` holds (fails after ``limit`` seconds of waiting)."""
    waited = 0.0
    while not condition():
        assert waited < limit, "condition never held"
        await pilot.pause(0.02)
        waited += 0.02


async def at_rest(pilot: Pilot[Any], app: SlotApp) -> None:
    """Wait until the game on top is at rest between rounds."""
    await wait_for(pilot, lambda: app.at_rest() is not None)


def lobby_text(app: SlotApp) -> str:
    """What the lobby's cards and note say (plain text)."""
    from rich.console import Console
    from textual.widgets import Static

    console = Console(width=200, color_system=None)
    with console.capture() as capture:
        for widget in app.screen.query(Static):
            console.print(widget.content)
    return capture.get()


async def open_options(pilot: Pilot[Any], app: SlotApp) -> Any:
    """At rest, O opens the options dialog; returns it."""
    from slotterm.tui.screens.options_screen import OptionsScreen

    await at_rest(pilot, app)
    await pilot.press("o")
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, OptionsScreen))
    screen = pilot.app.screen
    assert isinstance(screen, OptionsScreen)
    return screen
