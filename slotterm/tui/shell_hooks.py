"""What a game's screens read from the program's shell (hooks), below every screen.

The shell (:class:`~slotterm.tui.shell.Shell`) imports the screens, so the screens do not
import it: they ask the app through these hooks, which work on any app and give the
defaults on one without a shell (a test's, a replay's).  A shell is any app that is a
:class:`ShellHost`.
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

from textual.app import App

from slotterm.session.game_session import GameSession
from slotterm.session.preferences import Preferences
from slotterm.session.stats import SessionMark


@runtime_checkable
class ShellHost(Protocol):
    """What the hooks need of the shell: its options, its statistics marks, and the
    swap of a game's screen for one built for the session's rules now."""

    preferences: Preferences
    """The options in force."""

    def mark_for(self, session: GameSession) -> SessionMark | None:
        """Where ``session``'s statistics start (``None``: the whole ledger)."""

    def replace_game_screen(self, old: Any) -> None:
        """Put a new game screen for ``old``'s session in ``old``'s place."""


def preferences_of(app: App[Any]) -> Preferences:
    """Hook: the options in force in ``app`` (the defaults on an app without a shell)."""
    return app.preferences if isinstance(app, ShellHost) else Preferences()


def new_machine(app: App[Any], screen: Any) -> bool:
    """Hook: a game's main screen built for rules its session no longer plays by is
    replaced by one for the session's game now (:meth:`ShellHost.replace_game_screen`);
    False on an app without a shell (the screen then stays)."""
    if not isinstance(app, ShellHost):
        return False
    app.replace_game_screen(screen)
    return True


def session_mark(app: App[Any], session: GameSession) -> SessionMark | None:
    """Hook: where ``session``'s statistics start in ``app`` (``None``: the whole ledger)."""
    return app.mark_for(session) if isinstance(app, ShellHost) else None
