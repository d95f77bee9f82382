"""Autoplay: its on/off switch, the one-shot pause between its rounds, and what it does next.

Nothing ticks while autoplay is off, and while it is on only a single pause timer
exists between two rounds.  What autoplay does next is the engine's "what happens next"
policy (:func:`slotterm.engine.policy.next_action`) plus the spin it adds between rounds.
"""

from __future__ import annotations

from collections.abc import Callable

from textual.timer import Timer
from textual.widget import Widget

from slotterm.engine.actions import Action, FeatureAction, Spin
from slotterm.engine.policy import next_action
from slotterm.session.game_session import GameSession

AUTOPLAY_PAUSE = 0.6
"""Seconds between autoplay rounds at normal speed."""


def feature_waits(session: GameSession) -> bool:
    """True when what happens next is a feature's step: it waits for the player."""
    return isinstance(next_action(session.game, session.state), FeatureAction)


def autoplay_action(session: GameSession, *, play_features: bool = False) -> Action | None:
    """What autoplay does next: the policy's action (collect a win), or a spin at the
    current bet between rounds while the credits cover it; ``None`` to stop (the credits
    fall short, or a feature's step waits for the player, DESIGN.md §1).  With
    ``play_features`` a feature's step is played too (free spins under autoplay settings
    whose "stop on a feature" is off)."""
    action = next_action(session.game, session.state)
    if action is None:
        affordable = session.bet.total <= session.state.credits
        return Spin(session.bet, autoplay=True, limits=session.limits) if affordable else None
    return None if isinstance(action, FeatureAction) and not play_features else action


class Autoplay:
    """Whether autoplay is on, and the pending pause before its next step."""

    def __init__(self, host: Widget, step: Callable[[], None]) -> None:
        self._host = host
        self._step = step
        self._timer: Timer | None = None
        self.on = False

    @property
    def waiting(self) -> bool:
        """True while a pause before the next step is pending."""
        return self._timer is not None

    def stop(self) -> None:
        """Switch off and drop any pending step."""
        self.on = False
        if self._timer is not None:
            self._timer.stop()
            self._timer = None

    def schedule(self, *, animate: bool, speed: float, pause: float = AUTOPLAY_PAUSE) -> None:
        """Run the next step after ``pause`` seconds (the player's pause between spins;
        shorter at a higher ``speed``; at once without animations); once, and nothing if
        off or already pending."""
        if self.on and self._timer is None:
            wait = pause / speed if animate else 0.02
            self._timer = self._host.set_timer(wait, self._fire)

    def _fire(self) -> None:
        self._timer = None
        if self.on:
            self._step()
