"""The game's commands in Textual's command palette (Ctrl+P).

Over a game's machine the palette offers what its keys do: the paytable, the help, the
history, the statistics, quick spin, the options, the autoplay settings and the lobby,
beside the colour theme and Quit (the only other commands,
:meth:`~slotterm.tui.shell.Shell.get_system_commands`: none of Textual's developer
commands); over the lobby, a command to play each game that can be played (a game file
that did not load has none).  A command obeys the same rule as
its key: one that waits (a screen while the reels move, the options in a round) is left
out of the list shown before anything is typed, and found by a search it says why ("Not
now: ...") and does nothing but say so.  A command is checked again when it runs, since
the round may have moved on under the palette.  The palette's "Quit" is the app's quit
action, which does what Q does (a demo with a round open asks first:
:func:`~slotterm.tui.screens.quit_confirm.quit_game`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any, Literal

from textual.command import DiscoveryHit, Hit, Hits, Provider
from textual.screen import Screen

from slotterm.tui.keymap import parse_action
from slotterm.tui.lobby import ShelfGame
from slotterm.tui.shell import Shell
from slotterm.tui.widgets.lobby_card import DIGIT_KEYS

Target = Literal["machine", "shell", "lobby"]
"""Whose action a command takes: the machine screen's, the shell's (they wait for the
game's rest) or the lobby's."""


@dataclass(frozen=True, slots=True)
class GameCommand:
    """One of the game's commands: what it is called, what it does, which action it takes.

    ``action`` is an action of ``target``: ``"open('paytable')"`` of the machine screen,
    ``"options"`` of the shell, ``"pick(0)"`` of the lobby.
    """

    title: str
    help: str
    action: str
    target: Target = "machine"


COMMANDS = (
    GameCommand("Paytable", "What each symbol pays at your bet (P)", "open('paytable')"),
    GameCommand("Help", "The rules and the keys (H)", "open('help')"),
    GameCommand("History", "The last rounds, each one to replay (Y)", "open('history')"),
    GameCommand("Statistics", "This session's figures and credits chart (T)", "open('stats')"),
    GameCommand("Quick spin", "Switch quick spin on or off (F)", "quick"),
    GameCommand(
        "Options", "Quick spin, graphics, gamble... remembered (O)", "options", target="shell"
    ),
    GameCommand(
        "Autoplay settings",
        "Choose when autoplay stops, then start (G)",
        "autoplay_settings",
        target="shell",
    ),
    GameCommand(
        "Lobby", "Back to the games; this one keeps its credits (L)", "lobby", target="shell"
    ),
)
"""The game's commands, in the order listed."""


def offered(app: Shell, screen: Screen[Any]) -> list[GameCommand]:
    """The commands that apply over ``screen``: the game's over its machine (Lobby only in a
    program that has one), a command to play each playable game over the lobby, else none."""
    if screen is app.main_screen:
        return [c for c in COMMANDS if c.action != "lobby" or app.lobby is not None]
    if screen is app.lobby and app.shelf is not None:
        return [
            GameCommand(
                f"Play {entry.game.name}",
                f"Open {entry.game.name}" + (f" ({i + 1})" if i < DIGIT_KEYS else ""),
                f"pick({i})",
                target="lobby",
            )
            for i, entry in enumerate(app.shelf.entries)
            if isinstance(entry, ShelfGame)  # a file that did not load cannot be played
        ]
    return []


def refusal(app: Shell, command: GameCommand) -> str | None:
    """Why ``command`` cannot be done now (``None``: it can), by its key's rule."""
    if command.target == "lobby":
        return None
    game = app.main_screen
    if game is None:
        return "No game is open."
    if command.target == "shell":
        return app.not_now()
    name, parameters = parse_action(command.action)
    if game.check_action(name, parameters):
        return None
    return "Autoplay is on: A stops it." if game.autoplay else "Wait until the reels have stopped."


def run(app: Shell, command: GameCommand) -> None:
    """Take ``command`` now if it still can be taken (the palette has closed), else say why."""
    under = app.lobby if command.target == "lobby" else app.main_screen
    reason = refusal(app, command)
    if reason is None and app.screen is not under:
        reason = "Close the window on top first."
    if reason is not None:
        app.notify(reason, title=command.title, severity="warning")
        return
    name, parameters = parse_action(command.action)
    target = app if command.target == "shell" else under
    action: Callable[..., None] = getattr(target, f"action_{name}")
    action(*parameters)


class GameCommands(Provider):
    """The palette's source of the game's commands (see the module docstring)."""

    def _commands(self) -> list[tuple[GameCommand, str | None]]:
        app = self.app
        if not isinstance(app, Shell):
            return []
        return [(c, refusal(app, c)) for c in offered(app, self.screen)]

    def _callback(self, command: GameCommand) -> Callable[[], None]:
        app = self.app
        assert isinstance(app, Shell)
        return partial(run, app, command)

    async def discover(self) -> Hits:
        """The commands that can be taken now, shown before anything is typed."""
        for command, reason in self._commands():
            if reason is None:
                yield DiscoveryHit(command.title, self._callback(command), help=command.help)

    async def search(self, query: str) -> Hits:
        """The commands matching ``query``; one that waits says why."""
        matcher = self.matcher(query)
        for command, reason in self._commands():
            score = matcher.match(command.title)
            if score > 0:
                text = command.help if reason is None else f"Not now: {reason}"
                yield Hit(
                    score, matcher.highlight(command.title), self._callback(command), help=text
                )
