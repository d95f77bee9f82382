"""Shared helpers for the session tests: a fixed clock and seeded sessions on disk."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

from slotterm.engine.model import GameDefinition
from slotterm.games import get_game
from slotterm.session.opening import OpenedSession, open_session, session_folder
from slotterm.session.settings import Settings, default_settings

GAME: GameDefinition = get_game("book-of-spells")
WITCH: GameDefinition = get_game("lucky-witch")
START = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)


class Clock:
    """A test clock: returns ``now`` and moves it on by ``step`` each call."""

    def __init__(self, now: datetime = START, step: timedelta = timedelta(seconds=2)) -> None:
        self.now = now
        self.step = step

    def __call__(self) -> datetime:
        self.now += self.step
        return self.now


def open_seeded(
    root: Path,
    seed: int = 11,
    *,
    clock: Clock | None = None,
    settings: Settings | None = None,
) -> OpenedSession:
    """Open (or resume) the seeded session ``seed`` under ``root``."""
    return open_session(
        GAME,
        settings or default_settings(GAME),
        root=root,
        seed=seed,
        clock=clock or Clock(),
    )


def folder(root: Path, seed: int = 11) -> Path:
    """The folder of seeded session ``seed``."""
    return session_folder(root, GAME.id, seed)
