"""Game definitions as data, and the registry that names them."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from slotterm.engine.model import GameDefinition


class UnknownGame(LookupError):
    """No game is registered under that id."""


class GameFileError(ValueError):
    """A game file cannot be loaded; the message is one line naming the file and the place.

    For example ``fruit.toml: reels.base[2][7]: unknown symbol "SEVN"`` (DESIGN.md §7).
    """


def _book_of_spells() -> GameDefinition:
    from slotterm.games.book_of_spells import BOOK_OF_SPELLS

    return BOOK_OF_SPELLS


def _lucky_witch() -> GameDefinition:
    from slotterm.games.lucky_witch import LUCKY_WITCH

    return LUCKY_WITCH


_REGISTRY: dict[str, Callable[[], GameDefinition]] = {
    "book-of-spells": _book_of_spells,
    "lucky-witch": _lucky_witch,
}


def game_ids() -> tuple[str, ...]:
    """Ids of every registered game."""
    return tuple(_REGISTRY)


def get_game(game_id: str) -> GameDefinition:
    """The definition registered as ``game_id``; raises :class:`UnknownGame`."""
    try:
        factory = _REGISTRY[game_id]
    except KeyError:
        known = ", ".join(_REGISTRY)
        raise UnknownGame(f"unknown game {game_id!r} (known: {known})") from None
    return factory()


def load_game_file(path: Path) -> GameDefinition:
    """The game defined by the ``.toml`` or ``.json`` file at ``path``.

    Raises :class:`GameFileError` (one line naming the file and the place inside it).
    """
    raise GameFileError(f"{path.name}: game files cannot be loaded yet")
