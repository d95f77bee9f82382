"""Autoplay settings (DESIGN.md §2 "autoplay") and the rule that says when a run stops.

:class:`AutoplaySettings` is remembered in ``autoplay.toml`` in the settings folder
(:func:`~slotterm.session.player_file.settings_folder`), beside the options.
:class:`AutoplayRun` is pure: the screen starts one with the state at the start and
asks :meth:`AutoplayRun.stop_reason` at rest before every autoplay step; it answers with
a :class:`StopReason` when the run must end.  A run always stops when a feature waits
for the player (the Mystery bonus), when the credits cannot cover the bet, and when its
spins are played; the player's stop key ends it too (the screen's own business).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from pathlib import Path

from slotterm.engine.records import GameState, Phase, Round
from slotterm.money import format_cents
from slotterm.session.player_file import (
    Loaded,
    Reader,
    amount_or_off,
    amount_text,
    boolean,
    config_folder,
    load_record,
    save_record,
    seconds,
    whole,
)

AUTOPLAY_NAME = "autoplay.toml"
MAX_SPINS = 1000
"""The most spins one run may be set to."""
MAX_PAUSE = 10.0
"""The longest pause between spins, in seconds."""
SPIN_CHOICES = (10, 25, 50, 100, 250, 500, 1000, None)
"""The spin counts the dialog steps through (``None``: until stopped)."""
PAUSE_CHOICES = (0.0, 0.5, 1.0, 2.0, 3.0, 5.0)
"""The pauses the dialog steps through."""


@dataclass(frozen=True, slots=True)
class AutoplaySettings:
    """How autoplay runs: ``spins`` (``None``: until stopped), ``pause`` seconds between
    spins, and its stop conditions; the amounts are in cents (``None``: off).

    ``stop_on_feature`` stops when free spins or a bonus start (off: autoplay plays free
    spins by itself); ``skip_dialog`` starts autoplay with these settings without showing
    the dialog.
    """

    spins: int | None = 50
    pause: float = 0.5
    stop_on_any_win: bool = False
    stop_on_win_at_least: int | None = None
    stop_on_credits_up: int | None = None
    stop_on_credits_down: int | None = None
    stop_on_feature: bool = True
    skip_dialog: bool = False


READERS: dict[str, Reader] = {
    "spins": whole(1, MAX_SPINS, none_word="until-stopped"),
    "pause": seconds(0.0, MAX_PAUSE),
    "stop_on_any_win": boolean,
    "stop_on_win_at_least": amount_or_off,
    "stop_on_credits_up": amount_or_off,
    "stop_on_credits_down": amount_or_off,
    "stop_on_feature": boolean,
    "skip_dialog": boolean,
}
"""How each key of ``autoplay.toml`` is read."""


def autoplay_path(folder: Path | None = None) -> Path:
    """Where the autoplay settings are kept (``folder``, or the player's config folder)."""
    return (folder or config_folder()) / AUTOPLAY_NAME


def load_autoplay_settings(path: Path | None = None) -> Loaded[AutoplaySettings]:
    """The remembered settings (defaults without a file); problems as for the options."""
    return load_record(path or autoplay_path(), AutoplaySettings(), READERS, "autoplay settings")


def save_autoplay_settings(settings: AutoplaySettings, path: Path | None = None) -> None:
    """Remember ``settings``; raises ``OSError`` when the file cannot be written."""
    values: dict[str, object] = {
        "spins": "until-stopped" if settings.spins is None else settings.spins,
        "pause": settings.pause,
        "stop_on_any_win": settings.stop_on_any_win,
        "stop_on_win_at_least": amount_text(settings.stop_on_win_at_least),
        "stop_on_credits_up": amount_text(settings.stop_on_credits_up),
        "stop_on_credits_down": amount_text(settings.stop_on_credits_down),
        "stop_on_feature": settings.stop_on_feature,
        "skip_dialog": settings.skip_dialog,
    }
    save_record(path or autoplay_path(), values, "slotterm autoplay settings")


class StopKind(Enum):
    """Why an autoplay run ended."""

    SPINS_DONE = "spins_done"
    CREDITS_SHORT = "credits_short"
    PLAYER_NEEDED = "player_needed"
    FEATURE = "feature"
    ANY_WIN = "any_win"
    BIG_WIN = "big_win"
    CREDITS_UP = "credits_up"
    CREDITS_DOWN = "credits_down"


@dataclass(frozen=True, slots=True)
class StopReason:
    """Why the run stops, and the sentence the player reads."""

    kind: StopKind
    text: str


class AutoplayRun:
    """One autoplay run under ``settings``, started in ``state`` (see the module docstring).

    A *spin* is a paid round (free spins are part of the round that won them).  The
    money conditions look at closed rounds: "a win" is what a round paid, the credits are
    compared at rest between rounds with the credits when the run started.
    """

    def __init__(self, settings: AutoplaySettings, state: GameState) -> None:
        self.settings = settings
        self.start_credits = state.credits
        self._first = _rounds_begun(state)
        self._seen_closed = _rounds_closed(state)
        self._feature_seen = _in_feature(state)

    def spins_played(self, state: GameState) -> int:
        """Rounds begun since the run started."""
        return _rounds_begun(state) - self._first

    def spins_left(self, state: GameState) -> int | None:
        """How many spins the run still plays (``None``: until stopped)."""
        if self.settings.spins is None:
            return None
        return max(self.settings.spins - self.spins_played(state), 0)

    def stop_reason(
        self,
        state: GameState,
        *,
        last_closed: Round | None,
        bet_total: int,
        player_needed: bool = False,
    ) -> StopReason | None:
        """Whether the run stops now, asked at rest before each autoplay step.

        ``last_closed`` is the latest closed round (the session's history), ``bet_total``
        the bet of the next spin, ``player_needed`` True when the next step is a feature's
        choice (a pick game: the Mystery bonus needs the player).
        """
        s = self.settings
        if player_needed:
            return StopReason(StopKind.PLAYER_NEEDED, "Autoplay stopped: your pick.")
        if s.stop_on_feature and _in_feature(state) and not self._feature_seen:
            self._feature_seen = True
            return StopReason(StopKind.FEATURE, "Autoplay stopped: a feature started.")
        closed = _rounds_closed(state)
        if closed > self._seen_closed:
            self._seen_closed = closed
            self._feature_seen = False
            paid = last_closed.paid if last_closed is not None else 0
            if s.stop_on_any_win and paid > 0:
                return StopReason(StopKind.ANY_WIN, f"Autoplay stopped: a win of {_m(paid)}.")
            if s.stop_on_win_at_least is not None and paid >= s.stop_on_win_at_least:
                return StopReason(
                    StopKind.BIG_WIN,
                    f"Autoplay stopped: a win of {_m(paid)} "
                    f"(at least {_m(s.stop_on_win_at_least)}).",
                )
        if state.phase is not Phase.IDLE:
            return None  # a round is still open: the rest waits for its end
        change = state.credits - self.start_credits
        if s.stop_on_credits_up is not None and change >= s.stop_on_credits_up:
            return StopReason(StopKind.CREDITS_UP, f"Autoplay stopped: credits up {_m(change)}.")
        if s.stop_on_credits_down is not None and -change >= s.stop_on_credits_down:
            return StopReason(
                StopKind.CREDITS_DOWN, f"Autoplay stopped: credits down {_m(-change)}."
            )
        if self.spins_left(state) == 0:
            return StopReason(StopKind.SPINS_DONE, "Autoplay finished its spins.")
        if state.credits < bet_total:
            return StopReason(
                StopKind.CREDITS_SHORT, "Autoplay stopped: the credits do not cover the bet."
            )
        return None


def _rounds_begun(state: GameState) -> int:
    return state.rounds_played  # counted when a round's spin is played


def _rounds_closed(state: GameState) -> int:
    return state.rounds_played - (1 if state.round is not None else 0)


def _in_feature(state: GameState) -> bool:
    round_ = state.round
    return round_ is not None and bool(round_.frames)


def _m(cents: int) -> str:
    return format_cents(cents)
