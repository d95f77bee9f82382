"""Autoplay with the player's settings: the run in progress and the hooks the main screen calls.

The app keeps one :class:`AutoplayControl` (the remembered :class:`AutoplaySettings` and
the run, if one is going).  The main screen calls, with its app and session:

* :func:`autoplay_started` when autoplay switches on (begins a run with the settings);
* :func:`autoplay_stop_reason` at rest before every autoplay step: a sentence when the
  run must stop (then the screen stops autoplay and shows it), else ``None``;
* :func:`autoplay_stopped` when autoplay switches off (the stop key, or a stop reason);
* :func:`autoplay_pause` for the player's seconds to wait between spins;
* :func:`autoplay_badge` for the badge that shows the spins left;
* :func:`autoplay_plays_features` whether autoplay plays a feature's steps itself;
* :func:`asks_first` whether the game's autoplay key opens the settings.

Every hook is harmless on an app without a control (a bare test host): no run, no stop.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.app import App

from slotterm.engine.model import GameDefinition
from slotterm.session.autoplay_settings import (
    AutoplayRun,
    AutoplaySettings,
    load_autoplay_settings,
    save_autoplay_settings,
)
from slotterm.session.game_session import GameSession
from slotterm.tui.autoplay import feature_waits


class AutoplayControl:
    """The remembered settings and the run in progress (``folder``: where they are read
    and kept; ``None``: the defaults, kept for this program only; ``keeps`` False reads
    them from ``folder`` but keeps changes for this program only, as a demo does)."""

    def __init__(self, folder: Path | None, *, keeps: bool = True) -> None:
        self.folder = folder
        self.keeps = keeps
        self.problem: str | None = None
        """What was wrong with the settings file, to tell the player once."""
        self.settings = AutoplaySettings()
        self.chosen = folder is not None
        """True once the settings are the player's (read from his folder, or set in the
        dialog); before, autoplay keeps its default pace (:meth:`pause`)."""
        if folder is not None:
            loaded = load_autoplay_settings(_path(folder))
            self.settings, self.problem = loaded.value, loaded.problem
        self.run: AutoplayRun | None = None

    def remember(self, settings: AutoplaySettings) -> str | None:
        """Keep ``settings`` (and write them); the reason when they could not be written."""
        self.settings = settings
        self.chosen = True
        if self.folder is None or not self.keeps:
            return None
        try:
            save_autoplay_settings(settings, _path(self.folder))
        except OSError as exc:
            return f"the autoplay settings could not be saved ({exc.strerror or exc})"
        return None

    def pause(self) -> float | None:
        """The player's seconds between spins (``None`` until he has settings)."""
        return self.settings.pause if self.chosen else None

    def begin(self, session: GameSession) -> None:
        """A run starts now, with the current settings."""
        self.run = AutoplayRun(self.settings, session.state)

    def stop_reason(self, session: GameSession) -> str | None:
        """Why the run stops before its next step, or ``None``."""
        if self.run is None:
            return None
        reason = self.run.stop_reason(
            session.state,
            last_closed=session.history[-1] if session.history else None,
            bet_total=session.bet.total,
            player_needed=pick_waiting(session),
        )
        return None if reason is None else reason.text


def pick_waiting(session: GameSession) -> bool:
    """True when the open round is in a feature the player plays himself: a bonus that
    starts pick games, or one of those games (autoplay never picks for the player)."""
    round_ = session.state.round
    if round_ is None or not feature_waits(session):
        return False
    game = session.game
    picked = {f.name for f in game.features if f.parts()}
    picked |= {p.name for f in game.features for p in f.parts()}
    return any(not frame.done and frame.feature in picked for frame in round_.frames)


def _path(folder: Path) -> Path:
    from slotterm.session.autoplay_settings import autoplay_path

    return autoplay_path(folder)


def control_of(app: App[Any]) -> AutoplayControl | None:
    """The app's autoplay control, if it has one."""
    control = getattr(app, "autoplay_control", None)
    return control if isinstance(control, AutoplayControl) else None


def autoplay_started(app: App[Any], session: GameSession) -> None:
    """Hook: autoplay switched on; a run with the remembered settings begins."""
    control = control_of(app)
    if control is not None:
        control.begin(session)


def autoplay_stop_reason(app: App[Any], session: GameSession) -> str | None:
    """Hook: at rest before an autoplay step, the sentence to stop with, or ``None``."""
    control = control_of(app)
    return None if control is None else control.stop_reason(session)


def autoplay_stopped(app: App[Any]) -> None:
    """Hook: autoplay switched off; the run is over."""
    control = control_of(app)
    if control is not None:
        control.run = None


def autoplay_pause(app: App[Any]) -> float | None:
    """Hook: the player's seconds between two autoplay spins (``None`` without his
    settings, :meth:`AutoplayControl.pause`: :meth:`~slotterm.tui.autoplay.Autoplay.schedule`
    then keeps its default pace)."""
    control = control_of(app)
    return None if control is None else control.pause()


def autoplay_badge(app: App[Any], session: GameSession) -> str:
    """Hook: the autoplay badge, with the spins left when the run counts them."""
    control = control_of(app)
    run = None if control is None else control.run
    left = None if run is None else run.spins_left(session.state)
    return "AUTOPLAY" if left is None else f"AUTOPLAY {left} left"


def asks_first(game: GameDefinition) -> bool:
    """True when ``game``'s autoplay key opens the autoplay settings first.

    So the rules have it in a game with a feature autoplay never plays for the player (a
    bonus that starts pick games, :func:`pick_waiting`): its settings' "stop on a feature"
    says what autoplay does with the others.  In the other games the key switches autoplay
    on and off, and the settings are on the shell's G.
    """
    return any(feature.parts() for feature in game.features)


def autoplay_plays_features(app: App[Any], session: GameSession) -> bool:
    """Hook: True when the run in progress plays a feature's steps itself ("stop on a
    feature" off), which it never does in a game the player picks in, nor in a game
    whose autoplay always stops when a feature starts (one without pick games, DESIGN §1:
    the settings shared with the other games do not change that)."""
    control = control_of(app)
    run = None if control is None else control.run
    if run is None or not asks_first(session.game):
        return False
    return not run.settings.stop_on_feature and not pick_waiting(session)
