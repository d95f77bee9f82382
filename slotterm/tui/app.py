"""The Textual app: the lobby, each game's main screen, the player's options, and the
too-small notice.

Started with a :class:`~slotterm.tui.lobby.GameShelf` the app opens on the lobby (or, given a
session too, straight on that game, with the lobby one key away); started with a session
alone it is that game only, as the tests build it.  Between rounds, L (or Escape) goes
back to the lobby, O opens the options, G the autoplay settings (the shell keys of
:mod:`slotterm.tui.shell`).  Ctrl+P opens Textual's command palette with the game's own
commands (:mod:`slotterm.tui.palette`), the colour theme and Quit (no developer commands).

Every way out asks first when a ``--demo`` round would be lost (a win waiting, a gamble or
a feature under way), as Q does (:func:`~slotterm.tui.screens.quit_confirm.quit_game`):
Ctrl+Q (Textual's quit key), Ctrl+C, the palette's Quit and Q on the too-small notice all
take the app's quit action, which goes there.  Ctrl+C quits like Q rather than only saying
how to quit (Textual's default): it is the key a terminal player presses to leave, and
both cases are safe with it (a saved game keeps every step, a demo asks first).  With text
selected (on the screen, or in the palette's field) Ctrl+C still copies it, as Textual has it.

SIGTERM, SIGHUP, SIGQUIT and SIGINT end the game at once, without asking (every step of a
saved game is already saved; a demo's round is lost, as the signal asked): the
driver gives the terminal back (main screen, cursor shown, mouse tracking off), then the
process exits with the conventional status, 128 + the signal's number.  They are taken
before the driver touches the terminal (:mod:`slotterm.tui.quit_signals`): a signal before
the app runs stops it from starting, one while it starts or quits ends it the same way.  The driver,
:class:`~slotterm.tui.driver.TerminalDriver`, keeps a terminal gone away from blocking or
spinning the game, and notices it even when no SIGHUP comes (the game not its session's
leader): that ends the game as SIGHUP would.

Pasted text is not play (a bracketed paste is ignored), and keys that piled up while the
game was busy with an earlier key are dropped beyond :data:`BACKLOG` of them, so a blob
of keys never plays out for a minute; Q and Ctrl+C always go through at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import signal
from pathlib import Path, PurePath
from typing import Any, ClassVar

from textual import events
from textual.app import App
from textual.binding import Binding, BindingType
from textual.command import CommandPalette
from textual.driver import Driver
from textual.drivers.linux_driver import LinuxDriver
from textual.screen import Screen
from textual.widgets import Input

from slotterm.session.game_session import GameSession
from slotterm.tui.driver import TerminalDriver, TerminalGone
from slotterm.tui.features.registry import stylesheets
from slotterm.tui.key_recorder import KeyRecorder
from slotterm.tui.lobby import GameShelf
from slotterm.tui.palette import GameCommands
from slotterm.tui.quit_signals import QuitSignals
from slotterm.tui.screens.dialog_css import window_stylesheets
from slotterm.tui.screens.main_screen import MainScreen
from slotterm.tui.screens.quit_confirm import quit_game
from slotterm.tui.screens.too_small import TooSmallScreen, too_small
from slotterm.tui.settled import showing
from slotterm.tui.shell import SHELL_BINDINGS, Shell
from slotterm.tui.textual_compat import event_clock

BACKLOG = 2
"""How many keys typed before the previous key was handled still count."""
ALWAYS_KEYS = frozenset({"q", "Q", "ctrl+c", "ctrl+q"})
"""Keys never dropped: leaving the game works at once, whatever is queued."""


class KeyBacklog:
    """Which keys to drop: those queued while an earlier key was handled, past a few."""

    def __init__(self, keep: int = BACKLOG) -> None:
        self.keep = keep
        self.handled_at = float("-inf")
        """When the last key that was let through had been handled."""
        self._queued = 0
        self.dropped = 0

    def drop(self, event: events.Key) -> bool:
        """True when ``event`` is to be ignored (it waited behind the previous key)."""
        if event.key in ALWAYS_KEYS:
            return False
        if event.time >= self.handled_at:  # typed after the game answered the last key
            self._queued = 0
            return False
        self._queued += 1
        if self._queued <= self.keep:
            return False
        self.dropped += 1
        return True

    def done(self) -> None:
        """A key was handled now."""
        self.handled_at = event_clock()


class SlotApp(Shell):
    """Slot games in the terminal, each driven by its :class:`GameSession`.

    ``session`` is the game to show at start (``None``: the lobby, which needs ``shelf``);
    ``shelf`` the program's games for the lobby (``None``: this game only).  ``force``
    (testers only) names a feature of the game the first spin must start
    (``"free_spins"``); it is passed on as :class:`~slotterm.engine.actions.Spin`'s
    ``force``.  ``player_folder`` is where the options and autoplay settings are kept
    (``None``: the defaults, for this program only).  ``signals`` are the quit signals
    already taken (``slotterm play`` takes them first thing); without them :meth:`run`
    takes them itself.  ``recorder`` (``play --record``) is given every key the app lets
    through and the terminal's size (:class:`~slotterm.tui.key_recorder.KeyRecorder`).
    """

    CSS_PATH: ClassVar[list[str | PurePath]] = [
        "app.tcss",
        # every window's styles read at start (the default screen's own are not read at
        # all, and a window's new styles would restyle the whole app when it first opens)
        *window_stylesheets(),
        *stylesheets(),
        "features/pick_screen.tcss",
    ]
    TITLE = "slotterm"
    ENABLE_COMMAND_PALETTE = True
    COMMANDS = App.COMMANDS | {GameCommands}
    BINDINGS: ClassVar[list[BindingType]] = [
        *SHELL_BINDINGS,
        # Ctrl+C quits as Q does (Textual's own only says how to quit), over any window
        # (a dialog stops the app's other keys); see the docstring.
        Binding("ctrl+c", "quit_or_copy", "Quit", show=False, priority=True),
    ]

    def __init__(
        self,
        session: GameSession | None = None,
        *,
        force: str | None = None,
        shelf: GameShelf | None = None,
        player_folder: Path | None = None,
        signals: QuitSignals | None = None,
        recorder: KeyRecorder | None = None,
    ) -> None:
        super().__init__(shelf=shelf, player_folder=player_folder)
        if session is None and shelf is None:
            raise ValueError("SlotApp needs a session or a shelf of games")
        self.session = session
        self.force = force
        self.main_screen: MainScreen | None = None
        """The screen of the game being played (``None`` in the lobby before any game)."""
        if session is not None:
            self.main_screen = self.game_screen(session, force=force)
        self.signalled: int | None = None
        """The quit signal that ended the game, if one did."""
        self.quit_signals = signals if signals is not None else QuitSignals()
        self.backlog = KeyBacklog()
        self.recorder = recorder

    def make_game_screen(self, session: GameSession, force: str | None) -> MainScreen:
        """The slot machine for ``session``."""
        return MainScreen(session, force=force)

    async def action_quit_or_copy(self) -> None:
        """Ctrl+C: copy the text selected on the screen or in the text field being typed
        in (the palette's), if any (Textual's meaning), else quit as Q does."""
        from textual.widgets import TextArea  # not at start: it loads the whole editor

        focused = self.focused
        selected = self.screen.get_selected_text()
        if not selected and isinstance(focused, Input | TextArea):
            selected = focused.selected_text
        if selected:
            self.copy_to_clipboard(selected)
            return
        await self.action_quit()

    async def action_quit(self) -> None:
        """Ctrl+Q, Ctrl+C, the palette's Quit, Q on the too-small notice: quit as Q does
        (at once, or after asking when a demo's open round would be lost)."""
        quit_game(self, self.session)

    def get_default_screen(self) -> Screen[None]:
        """The bottom screen: the lobby, or the slot machine in a program without one.
        Started on a game (``slotterm GAME``), a blank screen keeps the lobby's place under
        the game, so that the lobby is not built (styled, laid out, drawn) before the
        game's first frame: L puts it there (:meth:`~slotterm.tui.shell.Shell.action_lobby`)."""
        if self.lobby is None:
            assert self.main_screen is not None
            return self.main_screen
        if self.main_screen is None:
            return self.lobby
        return Screen()

    def run(self, *args: Any, **kwargs: Any) -> Any:
        """Play until the player quits; a quit signal ends the process with 128 + its number
        (after the terminal is restored; one before the app ran keeps it from starting)."""
        signals = self.quit_signals
        owned = not signals.installed
        if owned:
            signals.install()
        signals.target = self._signal_arrived
        try:
            result = None if signals.number is not None else super().run(*args, **kwargs)
        finally:
            signals.target = None
            if owned:
                signals.restore()
        number = self.signalled if self.signalled is not None else signals.number
        if number is not None:
            raise SystemExit(128 + number)
        return result

    def _signal_arrived(self, number: int) -> None:
        """In the signal handler: schedule the exit on the app's loop (never stop here,
        in the middle of whatever the game was doing).  Before the loop runs, the app's
        ``on_load`` finds the signal and exits before the driver touches the terminal."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        with contextlib.suppress(RuntimeError):  # the loop closed: the app has ended
            loop.call_soon_threadsafe(self._quit_on_signal, number)

    def on_load(self) -> None:
        """A quit signal that came before the loop ran: exit before the driver starts."""
        if self.quit_signals.number is not None:
            self._quit_on_signal(self.quit_signals.number)

    def on_mount(self) -> None:
        """Check the terminal size once at start; keep the quit signals (a driver may have
        taken some as it started)."""
        self.quit_signals.retake(asyncio.get_running_loop())
        self.screen_change_signal.subscribe(self, self._screen_changed)
        self.mount_shell()
        if self.lobby is not None and self.main_screen is not None:
            self.push_screen(self.main_screen)  # ``slotterm GAME``: the game over the lobby's place
        self._fit(self.size.width, self.size.height)
        if self.recorder is not None:
            self.recorder.size(self.size.width, self.size.height)

    def get_driver_class(self) -> type[Driver]:
        """Textual's driver, but on a terminal :class:`TerminalDriver`, which notices the
        terminal going away (the web driver of ``slotterm serve`` is left as it is)."""
        driver = super().get_driver_class()
        return TerminalDriver if driver is LinuxDriver else driver

    def on_terminal_gone(self, event: TerminalGone) -> None:
        """The terminal went away without a SIGHUP reaching the game: end as SIGHUP does."""
        self._quit_on_signal(signal.SIGHUP)

    def _quit_on_signal(self, number: int) -> None:
        if self.signalled is None:
            self.signalled = int(number)
        self.exit(return_code=128 + int(number))

    async def on_event(self, event: events.Event) -> None:
        """Ignore pastes, and keys piled up behind a busy game (see :class:`KeyBacklog`)."""
        if isinstance(event, events.Paste):
            event.prevent_default()
            event.stop()
            return
        if isinstance(event, events.Key) and not event.is_forwarded:
            if self.backlog.drop(event):
                event.prevent_default()
                event.stop()
                return
            if self.recorder is not None:
                self.recorder.key(event.key, during_show=showing(self))
            await super().on_event(event)
            self.backlog.done()
            return
        await super().on_event(event)

    def on_resize(self, event: events.Resize) -> None:
        """Show or take away the too-small notice as the terminal changes size."""
        if self.recorder is not None:
            self.recorder.size(event.size.width, event.size.height)
        self._fit(event.size.width, event.size.height)

    def _fit(self, width: int, height: int) -> None:
        # The notice on top is kept (its size updated); a window opened over it takes one
        # of its own (a pick game resumed at start, a save's note), except the palette,
        # which may sit over it (its Quit asks there).  A notice left under a window takes
        # itself away when it is back on top if the terminal grew meanwhile.
        top = self.screen
        if too_small(width, height):
            if isinstance(top, TooSmallScreen):
                top.show_size(width, height)
                return
            under = next((s for s in self.screen_stack if isinstance(s, TooSmallScreen)), None)
            if under is not None and isinstance(top, CommandPalette):
                under.show_size(width, height)
                return
            saved = self.session is None or self.session.persist is not None
            self.push_screen(TooSmallScreen(saved=saved))
        elif isinstance(top, TooSmallScreen):
            self.pop_screen()

    def _screen_changed(self, screen: Screen[Any]) -> None:
        """A window opened while the terminal is too small goes under a notice too."""
        if not isinstance(screen, TooSmallScreen | CommandPalette) and too_small(*self.size):
            self.call_after_refresh(lambda: self._fit(self.size.width, self.size.height))
