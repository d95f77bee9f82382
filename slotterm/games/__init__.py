"""Games as data: the game files shipped in this package, and any game file by its path.

A game is a file (DESIGN.md §7): ``slotterm/games/*.toml`` are the shipped games, read
through the same loader as a player's own file (:mod:`slotterm.games.loader`).
:func:`get_game` takes a shipped game's id or the path of a ``.toml`` / ``.json`` game
file; :func:`game_ids` lists the shipped ids in their order (the names in
``order.txt`` first, then any other shipped file by name).  A shipped file is named after
its game's id.
"""

from __future__ import annotations

import functools
import os
from pathlib import Path

from slotterm.engine.model import GameDefinition
from slotterm.games.loader import LoadError, load_path

SHIPPED_FOLDER = Path(__file__).parent
"""Where the shipped game files are (package data)."""

GAME_FILE_SUFFIXES = (".toml", ".json")
"""The endings of a game file's name."""


class UnknownGame(LookupError):
    """No shipped game has that id (and it is not the path of a game file)."""


class GameFileError(ValueError):
    """A game file cannot be loaded; the message is one line naming the file and the place.

    For example ``fruit.toml: reels.base[2][7]: unknown symbol "SEVN"`` (DESIGN.md §7).
    """


def is_game_path(text: str | Path) -> bool:
    """Whether ``text`` names a game file (a path, or a name ending in .toml / .json)
    rather than a shipped game's id."""
    if isinstance(text, Path):
        return True
    return text.lower().endswith(GAME_FILE_SUFFIXES) or "/" in text or os.sep in text


ART_FILE_SUFFIX = ".art.toml"
"""How a pixel-art data file beside game files is named: never taken for a game file."""


def is_game_file_name(path: Path) -> bool:
    """True when a file in a games folder is a game file by its name (``.toml`` or
    ``.json``, but not a ``*.art.toml`` pixel-art file)."""
    name = path.name.lower()
    return name.endswith(GAME_FILE_SUFFIXES) and not name.endswith(ART_FILE_SUFFIX)


@functools.cache
def _shipped_files() -> dict[str, Path]:
    """Shipped id -> its file, in the shipped order."""
    files = {p.stem: p for p in SHIPPED_FOLDER.glob("*.toml") if is_game_file_name(p)}
    order = (SHIPPED_FOLDER / "order.txt").read_text(encoding="utf-8").split()
    first = [name for name in order if name in files]
    rest = sorted(name for name in files if name not in first)
    return {name: files[name] for name in (*first, *rest)}


def game_ids() -> tuple[str, ...]:
    """Ids of the shipped games, in their order."""
    return tuple(_shipped_files())


@functools.cache
def _shipped_game(game_id: str) -> GameDefinition:
    game = load_game_file(_shipped_files()[game_id])
    if game.id != game_id:
        raise GameFileError(f"{game_id}.toml: game: a shipped file is named after its id")
    return game


_LOADED: dict[tuple[str, int, int, int], GameDefinition] = {}
"""Game files loaded in this process, by (path, inode, size, modification time): a file
read again unchanged gives the same definition (definitions are compared by identity)."""

_LOADED_BY_ID: dict[str, GameDefinition] = {}
"""The last game file loaded under each id (found by id after its path was given)."""


def get_game(game: str | Path) -> GameDefinition:
    """The shipped game ``game`` (an id), or the game of the file at ``game`` (a path).

    An id that is not shipped is also found among the game files this process loaded
    (a command handed a path may look its game up again by id).  Raises
    :class:`UnknownGame` for an unknown id and :class:`GameFileError` for a bad file.
    """
    if is_game_path(game):
        return _file_game(Path(game))
    assert isinstance(game, str)
    if game in _shipped_files():
        return _shipped_game(game)
    if game in _LOADED_BY_ID:
        return _LOADED_BY_ID[game]
    known = ", ".join(_shipped_files())
    raise UnknownGame(
        f"unknown game {game!r} (known: {known}; or the path of a .toml or .json game file)"
    )


def _file_game(path: Path) -> GameDefinition:
    try:
        info = path.stat()
        key = (str(path.absolute()), info.st_ino, info.st_size, info.st_mtime_ns)
    except OSError:
        key = None
    if key is not None and key in _LOADED:
        return _LOADED[key]
    game = load_game_file(path)
    if key is not None:
        _LOADED[key] = game
    _LOADED_BY_ID[game.id] = game
    return game


def load_game_file(path: Path) -> GameDefinition:
    """The game defined by the ``.toml`` or ``.json`` file at ``path``.

    Raises :class:`GameFileError` (one line naming the file and the place inside it).
    """
    try:
        return load_path(path)
    except LoadError as exc:
        raise GameFileError(f"{path.name}: {exc}") from None
