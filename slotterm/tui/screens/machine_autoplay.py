"""The machine screen's autoplay: its key, its steps by the engine's policy, its stops.

:class:`AutoplayKeys` is the part of :class:`~slotterm.tui.screens.machine_screen.MachineScreen`
that runs autoplay; the machine screen gives it the session, the presenter and the steps it
takes (:meth:`AutoplayKeys._spin`, :meth:`AutoplayKeys._act`...).
"""

from __future__ import annotations

from textual.screen import Screen

from slotterm.engine.actions import Action, Spin
from slotterm.engine.records import Phase
from slotterm.session.game_session import GameSession
from slotterm.tui.autoplay import Autoplay, autoplay_action
from slotterm.tui.autoplay_control import (
    asks_first,
    autoplay_pause,
    autoplay_plays_features,
    autoplay_stop_reason,
    autoplay_stopped,
)
from slotterm.tui.presenter import Presenter


class AutoplayKeys(Screen[None]):
    """Autoplay on a machine screen: the A key, each step, and stopping (the steps
    themselves are the machine screen's, which overrides the stubs here)."""

    session: GameSession
    presenter: Presenter
    _autoplay: Autoplay
    _note: str

    def _rest(self) -> None:
        """Show the session at rest (the machine screen's)."""
        raise NotImplementedError

    def _spin(self) -> None:
        """Spin with the current bet (the machine screen's)."""
        raise NotImplementedError

    def _begin_action(self) -> None:
        """Finish any show and close the overlays (the machine screen's)."""
        raise NotImplementedError

    def _act(self, action: Action) -> bool:
        """Ask the session to act and play it (the machine screen's)."""
        raise NotImplementedError

    def _badges(self) -> None:
        """Show the message line's badges (the machine screen's)."""
        raise NotImplementedError

    def refresh_keys(self) -> None:
        """Redraw the footer if the working keys changed (the machine screen's)."""
        raise NotImplementedError

    def action_autoplay(self) -> None:
        """Stop autoplay, or start it: at once, or by way of the autoplay settings in a
        game whose autoplay key asks first (:func:`asks_first`)."""
        if self.autoplay:
            self._stop_autoplay()
            self._note = "Autoplay stopped."
            if not self.presenter.busy:
                self._rest()
            return
        ask = getattr(self.app, "ask_autoplay", None)
        if asks_first(self.session.game) and callable(ask):
            ask()
            return
        self.start_autoplay()

    def start_autoplay(self) -> None:
        """Switch autoplay on and take its first step (a run with settings is begun by
        whoever asked for them, :func:`autoplay_started`)."""
        self._autoplay.on = True
        self._note = ""
        self._badges()
        self.refresh_keys()
        self._autoplay_step()

    @property
    def autoplay(self) -> bool:
        """True while autoplay is on."""
        return self._autoplay.on

    def _stop_autoplay(self) -> None:
        self._autoplay.stop()
        autoplay_stopped(self.app)
        self._badges()
        self.refresh_keys()

    def _schedule_autoplay(self) -> None:
        if self.is_current:
            self._autoplay.schedule(
                animate=self.presenter.animate,
                speed=self.presenter.speed,
                pause=autoplay_pause(self.app),
            )

    def _autoplay_step(self) -> None:
        """What happens next, by the engine's policy (:func:`autoplay_action`), unless the
        run's settings stop it now (the sentence why is shown)."""
        if not self.autoplay or self.presenter.busy or not self.is_current:
            return
        action = autoplay_action(
            self.session, play_features=autoplay_plays_features(self.app, self.session)
        )
        reason = None if action is None else autoplay_stop_reason(self.app, self.session)
        if reason is not None:
            self._stop_autoplay()
            self._note = reason
            self._rest()
            return
        if isinstance(action, Spin):
            self._spin()
        elif action is not None:
            self._begin_action()
            self._act(action)
        else:
            self._stop_autoplay()
            if self.session.phase is Phase.IDLE:
                self._note = "Autoplay stopped."
            self._rest()
