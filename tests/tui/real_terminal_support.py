"""Shared by the real-terminal tests of the machine: the child's environment and the
session its ``--demo --seed N`` opens, built in-process the same way (its twin)."""

from __future__ import annotations

from pathlib import Path

import pytest

from slotterm.session.game_session import GameSession
from slotterm.session.opening import open_session
from slotterm.session.settings import load_settings
from tests.tui.main_support import GAME
from tests.tui.pty_support import COLS, ROWS


def twin_session(seed: int, settings_path: Path) -> GameSession:
    """The session ``--demo --seed seed`` opens, built in-process the same way."""
    settings = load_settings(settings_path, GAME, required=False)
    return open_session(GAME, settings, root=None, seed=seed, demo=True).session


@pytest.fixture
def game_env(user_dirs: dict[str, str]) -> dict[str, str]:
    """Environment for the child: a terminal type, and every user folder in ``tmp_path``."""
    env = {k: v for k, v in user_dirs.items() if not k.startswith(("TEXTUAL", "NO_COLOR"))}
    env.update(TERM="xterm-256color", COLUMNS=str(COLS), LINES=str(ROWS))
    return env
