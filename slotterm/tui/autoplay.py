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
"""Seconds between autoplay rounds at normal speed, without the player's settings."""
SHORTEST_WAIT = 0.01
"""The shortest timer set: a pause of 0 s waits this long (Textual's timer cannot take 0:
it divides by its interval when it fires late)."""


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

    def schedule(self, *, animate: bool, speed: float, pause: float | None = None) -> None:
        """Run the next step after a pause; once, and nothing if off or already pending.

        ``pause`` is the player's "seconds between spins": it is waited exactly, whatever
        the animations and quick spin (a player who chose 2 s gets 2 s).  ``None`` (no
        settings: a bare host) takes the default pace, :data:`AUTOPLAY_PAUSE` shortened
        at a higher ``speed``, and next to nothing without animations."""
        if self.on and self._timer is None:
            if pause is None:
                pause = AUTOPLAY_PAUSE / speed if animate else 0.02
            self._timer = self._host.set_timer(max(pause, SHORTEST_WAIT), self._fire)

    def _fire(self) -> None:
        self._timer = None
        if self.on:
            self._step()
