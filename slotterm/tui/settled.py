"""Whether the game is ready for the next key: what ``slotterm script`` waits for.

The game is settled when no screen of the app is playing a show (each screen that plays
scenes has a :class:`~slotterm.tui.presenter.Presenter`: the machine, a pick game), no
screen is moving on by itself (one that does says so by a ``settling`` property: the
gamble, while the lost card is held before it closes), and autoplay is not between
rounds.  The script runner asks this after every round of Textual's message handling
(``Pilot.pause``), so a key is never pressed into a show half-played, and no fixed delay
is ever waited for.
"""

from __future__ import annotations

from typing import Any

from textual.app import App
from textual.screen import Screen

from slotterm.tui.presenter import Presenter


def _moving(screen: Screen[Any]) -> bool:
    presenter = getattr(screen, "presenter", None)
    if isinstance(presenter, Presenter) and presenter.busy:
        return True
    return getattr(screen, "settling", False) is True


def busy_screens(app: App[Any]) -> list[str]:
    """The names of the screens still moving (a show running, autoplay on); empty when
    the game is settled."""
    busy = []
    for screen in app.screen_stack:
        if _moving(screen):
            busy.append(type(screen).__name__)
        elif getattr(screen, "autoplay", False) is True:
            busy.append(f"{type(screen).__name__} (autoplay)")
    return busy


def showing(app: App[Any]) -> bool:
    """True while a screen plays a show or moves on by itself (autoplay aside): where a
    key only stops or skips what is shown."""
    return any(_moving(screen) for screen in app.screen_stack)


def settled(app: App[Any]) -> bool:
    """True when the app is running and no screen is moving (:func:`busy_screens`)."""
    return app.is_running and not busy_screens(app)
