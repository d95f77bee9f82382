"""The program's shell around the games: the lobby, the options, the autoplay settings and
the statistics marks, and the keys that reach them from a game between rounds.

:class:`Shell` is the base of :class:`~slotterm.tui.app.SlotApp`.  Its keys are app
bindings, so a game's screen needs no change for them: they work only while a game's
main screen is on top and at rest between rounds (no reels moving, no autoplay, no round
open), and do nothing otherwise.

* L or Escape: back to the lobby (when the program has one); with a round open at rest (a
  win waiting, a feature under way) the message line says what to finish first;
* O: the options (:class:`~slotterm.session.preferences.Preferences`), applied at once;
* G: the autoplay settings, then autoplay starts with them.

O and G, like L, say on the message line what to finish first when a round is open.

The colour theme chosen with the command palette (:mod:`slotterm.tui.palette`) is kept
with the options and put back at the next start; the palette's own commands are only the
theme and Quit (:meth:`Shell.get_system_commands`).

What the main screen reads (hooks, :mod:`slotterm.tui.shell_hooks`, below the screens):
:func:`~slotterm.tui.shell_hooks.preferences_of` for the options now in force,
:func:`~slotterm.tui.shell_hooks.session_mark` for the statistics' start, and the
autoplay hooks of :mod:`slotterm.tui.autoplay_control`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from pathlib import Path
from typing import Any, Protocol

from textual.app import App, SystemCommand
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.theme import Theme
from textual.types import AnimationLevel

from slotterm.engine.records import Phase
from slotterm.session.game_session import GameSession
from slotterm.session.preferences import (
    Preferences,
    load_preferences,
    options_path,
    save_preferences,
)
from slotterm.session.stats import SessionMark
from slotterm.tui.autoplay_control import AutoplayControl, autoplay_started
from slotterm.tui.features.registry import FeatureViews
from slotterm.tui.lobby import GameShelf, GameUnavailable, mark_of
from slotterm.tui.narration import rest_prompt
from slotterm.tui.presenter import Presenter
from slotterm.tui.screens.lobby_screen import LobbyScreen
from slotterm.tui.textual_compat import write_dirty_columns_only
from slotterm.tui.widgets.message_line import MessageLine

SHELL_BINDINGS: list[BindingType] = [
    Binding("l,L", "lobby", "Lobby", show=False),
    Binding("escape", "lobby", "Lobby", show=False),
    Binding("o,O", "options", "Options", show=False),
    Binding("g,G", "autoplay_settings", "Autoplay settings", show=False),
]
"""The shell's keys over a game (see the module docstring)."""

WAITING_KEYS = {
    "lobby": "L goes back to the lobby",
    "options": "O opens the options",
    "autoplay_settings": "G opens the autoplay settings",
}
"""What each shell key does once the round is over (the end of its "wait" sentence)."""
SHELL_ACTIONS = frozenset(WAITING_KEYS)


class GameScreen(Protocol):
    """What the shell uses of a game's main screen."""

    session: GameSession
    presenter: Presenter
    quick: bool
    message: MessageLine
    views: FeatureViews
    summary_visible: bool

    @property
    def autoplay(self) -> bool:
        """True while autoplay is on."""

    @property
    def is_mounted(self) -> bool:
        """True once the screen is shown."""

    def action_quick(self) -> None:
        """Switch quick spin over."""

    def action_autoplay(self) -> None:
        """Switch autoplay over."""

    def start_autoplay(self) -> None:
        """Switch autoplay on."""


class Shell(App[None]):
    """The lobby, the player's options and autoplay settings, and the statistics marks."""

    def __init__(self, *, shelf: GameShelf | None, player_folder: Path | None) -> None:
        super().__init__()
        write_dirty_columns_only()  # a spinning reel repaints its own columns only
        self.shelf = shelf
        self.player_folder = player_folder
        self.preferences = Preferences()
        """The options in force (:func:`~slotterm.tui.shell_hooks.preferences_of`)."""
        self._quick_applied: dict[int, bool] = {}
        self._units_applied: dict[int, bool] = {}
        """Per game screen, the quick spin / values in coins the options last set."""
        self._problems: list[str] = []
        if player_folder is not None:
            loaded = load_preferences(options_path(player_folder))
            self.preferences = loaded.value
            self._problems += [loaded.problem] if loaded.problem else []
        self._theme_unchosen = self.theme
        """The theme without the player's choice (Textual's default, or ``TEXTUAL_THEME``)."""
        if self.preferences.theme and self.preferences.theme not in self.available_themes:
            self._problems.append(
                f"The theme {self.preferences.theme!r} is not available; the default is used."
            )
            self.preferences = replace(self.preferences, theme="")
        self.keeps_settings = True
        """False (:meth:`keep_settings_for_this_run`): changes are never written."""
        self.autoplay_control = AutoplayControl(player_folder)
        """The autoplay settings and the run in progress."""
        if self.autoplay_control.problem:
            self._problems.append(self.autoplay_control.problem)
        self.lobby = LobbyScreen(shelf, self.open_game) if shelf is not None else None
        self._marks: list[tuple[GameSession, SessionMark]] = []
        self._level: AnimationLevel | None = None
        """The animation level before basic graphics switched animations off."""
        self.session: GameSession | None = None
        self.main_screen: Any = None
        """The screen of the game being played (a :class:`GameScreen`)."""

    # --- the games --------------------------------------------------------------------

    def game_screen(self, session: GameSession, *, force: str | None = None) -> Any:
        """A main screen for ``session`` (:meth:`make_game_screen`); its statistics start now
        unless already marked."""
        if self.mark_for(session) is None:
            found = None
            if self.shelf is not None:
                found = next(
                    (g.mark for g in self.shelf.games if g.opened and g.opened.session is session),
                    None,
                )
            self.mark_session(session, found)
        return self.make_game_screen(session, force)

    def mark_session(self, session: GameSession, mark: SessionMark | None = None) -> None:
        """Start ``session``'s statistics at ``mark`` (now by default)."""
        self._marks = [(s, m) for s, m in self._marks if s is not session]
        self._marks.append((session, mark or mark_of(session)))

    def make_game_screen(self, session: GameSession, force: str | None) -> Any:
        """The game's main screen (the app builds it: only the app knows that screen)."""
        raise NotImplementedError

    def mark_for(self, session: GameSession) -> SessionMark | None:
        """Where ``session``'s statistics start (``None``: not opened by this program)."""
        return next((mark for s, mark in self._marks if s is session), None)

    def open_game(self, game_id: str) -> str | None:
        """Open ``game_id`` from the lobby over it; the reason when it cannot be opened."""
        assert self.shelf is not None
        try:
            session = self.shelf.session(game_id)
        except GameUnavailable as refused:
            return str(refused)
        self.session = session
        self.main_screen = self.game_screen(session)
        self.push_screen(self.main_screen)
        self.call_after_refresh(self.apply_preferences)
        return None

    def replace_game_screen(self, old: Any) -> None:
        """Put a new main screen for ``old``'s session in the place of ``old`` (on top): the
        session's game changed (:func:`~slotterm.tui.shell_hooks.new_machine`)."""
        new = self.make_game_screen(old.session, None)
        if self.main_screen is old:
            self.main_screen = new
        if len(self.screen_stack) > 1:
            self.switch_screen(new)
        else:  # the bottom screen (a program of this game only) stays under the new one
            self.push_screen(new)
        self.call_after_refresh(self.apply_preferences)

    def mount_shell(self) -> None:
        """At start: the options in force, and any problem with the player's files."""
        self.apply_preferences()
        self.call_after_refresh(self.apply_preferences)  # once the game's screen is up
        self.theme_changed_signal.subscribe(self, self._theme_changed)
        for problem in self._problems:
            self.notify(problem, title="Your settings", severity="warning", timeout=20)

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        """The palette's commands besides the game's: only what a player needs, the colour
        theme and Quit (the app's quit action, which does what Q does); none of Textual's
        developer commands (the keys panel, maximize, screenshot)."""
        yield SystemCommand("Theme", "Change the colours of the screens", self.action_change_theme)
        yield SystemCommand(
            "Quit",
            "Leave the game, as Q does (a demo asks before a round is lost)",
            self.action_quit,
        )

    # --- the shell's keys ---------------------------------------------------------------

    def not_now(self) -> str | None:
        """Why the shell's keys wait now (``None``: a game is open and between rounds)."""
        screen: GameScreen | None = self.main_screen
        if screen is None:
            return "No game is open."
        if screen.autoplay:
            return "Autoplay is on: A stops it."
        if screen.presenter.busy:
            return "Wait until the reels have stopped."
        if screen.session.state.round is not None:
            return "Finish the round first."
        return None

    def at_rest(self) -> GameScreen | None:
        """The game's main screen when it is on top between rounds, else ``None``."""
        screen: GameScreen | None = self.main_screen
        top: object = self.screen
        if screen is None or top is not screen or self.not_now() is not None:
            return None
        return screen

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The shell's keys work only over a game at rest (L only with a lobby); with a round
        open at rest they are taken only to say what to finish first."""
        if action not in SHELL_ACTIONS:
            return super().check_action(action, parameters)
        if action == "lobby" and self.lobby is None:
            return False
        if self.refusal(action) is not None:
            return True  # the key then says why it waits
        return self.at_rest() is not None

    def refusal(self, action: str) -> str | None:
        """Why the shell key of ``action`` waits, for the message line: over the game's
        screen at rest with a round open; ``None`` otherwise (while the reels move or
        autoplay runs the shell's keys do nothing)."""
        screen: GameScreen | None = self.main_screen
        top: object = self.screen
        if screen is None or top is not screen or screen.autoplay or screen.presenter.busy:
            return None
        state = screen.session.state
        then = WAITING_KEYS[action]
        if state.phase is Phase.WIN_OFFERED:
            return f"Collect the win first, then {then}."
        if state.round is not None:
            return f"Finish the round first, then {then}."
        return None

    def _say_refusal(self, action: str) -> None:
        """Say on the message line why the key of ``action`` waits (the prompt after it)."""
        reason = self.refusal(action)
        screen: GameScreen | None = self.main_screen
        if reason is not None and screen is not None:
            prompt = rest_prompt(
                screen.session, screen.views, summary=screen.summary_visible, autoplay=False
            )
            screen.message.say(f"{reason}  {prompt}")

    def action_lobby(self) -> None:
        """Back to the lobby (the game stays open with its credits); with a round open, say
        on the message line what to finish first (the prompt stays after it)."""
        if self.lobby is None:
            return
        if self.at_rest() is not None:
            if self.lobby in self.screen_stack:
                self.pop_screen()
            else:  # started on the game: the lobby is built now, in the game's place
                self.switch_screen(self.lobby)
            return
        self._say_refusal("lobby")

    def action_options(self) -> None:
        """Show the options of the game on top."""
        from slotterm.tui.screens.options_screen import OptionsScreen

        screen = self.at_rest()
        if screen is None:
            self._say_refusal("options")
            return
        self.push_screen(OptionsScreen(screen.session.game, self.preferences), self._options_closed)

    def _options_closed(self, chosen: Preferences | None) -> None:
        if chosen is None or chosen == self.preferences:
            return
        self.preferences = chosen
        self.apply_preferences()
        if self.player_folder is not None and self.keeps_settings:
            try:
                save_preferences(chosen, options_path(self.player_folder))
            except OSError as exc:
                self.notify(
                    f"The options apply now but could not be saved ({exc.strerror or exc}).",
                    severity="warning",
                )

    def keep_settings_for_this_run(self) -> None:
        """The options and autoplay settings read from the player folder are kept, changed,
        for this program only and never written (a demo saves nothing)."""
        self.keeps_settings = False
        self.autoplay_control.keeps = False

    def _theme_changed(self, theme: Theme) -> None:
        """Remember the theme the player chose (the palette's "Theme" command)."""
        if theme.name != (self.preferences.theme or self._theme_unchosen):
            self._options_closed(replace(self.preferences, theme=theme.name))

    def apply_preferences(self) -> None:
        """Put the options in force: the theme, the graphics, and quick spin on the game on
        top."""
        if self.preferences.theme and self.theme != self.preferences.theme:
            self.theme = self.preferences.theme
        if not self.preferences.animated and self._level is None:
            self._level, self.animation_level = self.animation_level, "none"
        elif self.preferences.animated and self._level is not None:
            self.animation_level, self._level = self._level, None
        screen = self.main_screen
        if screen is None or not screen.is_mounted:
            return
        # Only a change of the option moves quick spin (a screen starts without it): the
        # player's own F since then stands.
        wanted = self.preferences.quick_spin
        if self._quick_applied.get(id(screen), False) != wanted:
            self._quick_applied[id(screen)] = wanted
            if screen.quick != wanted:
                screen.action_quick()
        # Values in coins likewise: the option moves them when it changes, C in between.
        in_coins = self.preferences.values_in == "coins"
        if self._units_applied.get(id(screen), False) != in_coins:
            self._units_applied[id(screen)] = in_coins
            show = getattr(screen, "show_values_in_coins", None)
            if callable(show):
                show(in_coins)

    def action_autoplay_settings(self) -> None:
        """Show the autoplay settings; autoplay starts with them on Enter."""
        from slotterm.tui.screens.autoplay_screen import AutoplayScreen

        screen = self.at_rest()
        if screen is None:
            self._say_refusal("autoplay_settings")
            return
        settings = self.autoplay_control.settings
        dialog = AutoplayScreen(screen.session.game, settings, screen.session.bet.total)
        self.push_screen(dialog, self._autoplay_chosen)

    def ask_autoplay(self) -> None:
        """Hook for a game whose autoplay key opens the settings (its A, in a game whose
        bonus starts pick games): start at once when the player chose "start without
        showing this dialog", else ask."""
        screen = self.at_rest()
        if screen is None:
            return
        if self.autoplay_control.settings.skip_dialog:
            self._autoplay_chosen(self.autoplay_control.settings)
        else:
            self.action_autoplay_settings()

    def _autoplay_chosen(self, chosen: Any) -> None:
        if chosen is None:
            return
        problem = self.autoplay_control.remember(chosen)
        if problem:
            self.notify(f"Autoplay starts, but {problem}.", severity="warning")
        screen = self.at_rest()
        if screen is not None:
            autoplay_started(self, screen.session)
            screen.start_autoplay()
