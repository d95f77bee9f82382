"""Words in the wrong place on the command line, answered in the words the user typed.

``slotterm`` plays when its first word is no command (``slotterm --demo``,
``slotterm GAME``), so argparse alone would answer a mistyped or unknown command
(``slotterm replay``) as a ``play`` error about its GAME.  These checks say instead what
the commands and games are, that a command word comes first (``slotterm --demo par``),
and that ``--version`` takes nothing after it.  Each returns the error's words (without
``slotterm: error:``), or ``None`` when there is nothing to say.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

_CHOICE = re.compile(r"argument GAME: invalid choice: '(?P<word>[^']*)'")
_UNRECOGNISED = "unrecognized arguments: "


def _listed(words: Sequence[str]) -> str:
    return ", ".join(words)


def version_refusal(args: Sequence[str]) -> str | None:
    """``--version`` followed by more words (it takes none)."""
    if len(args) > 1 and args[0] == "--version":
        return f"--version takes nothing after it (got {args[1]!r})"
    return None


def first_word_refusal(word: str, commands: Sequence[str], games: Sequence[str]) -> str | None:
    """The first word of a command line given no command: neither an option nor a game."""
    if word.startswith("-") or word in games:
        return None
    return (
        f"unknown command or game {word!r} (commands: {_listed(commands)}; games: {_listed(games)})"
    )


def misplaced_command(message: str, commands: Sequence[str]) -> str | None:
    """An argparse error about a command word found where a game or nothing was expected:
    the same error, saying the command goes first."""
    found = _CHOICE.search(message)
    words = [found["word"]] if found else []
    if message.startswith(_UNRECOGNISED):
        words = message[len(_UNRECOGNISED) :].split()
    command = next((w for w in words if w in commands), None)
    if command is None:
        return None
    return command_goes_first(command)


def command_goes_first(command: str) -> str:
    """The words for a command word found where a GAME was expected."""
    return f"{command!r} is a command: it goes first, as in 'slotterm {command} --help'"
