"""Every game the lobby can offer: the shipped games, then the files of a games folder.

A file that cannot be loaded is still listed, with its one-line error instead of the game,
so that one broken file never hides the others (DESIGN.md §7).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from slotterm.engine.model import GameDefinition
from slotterm.games import GameFileError, game_ids, get_game, is_game_file_name, load_game_file


@dataclass(frozen=True)
class CatalogEntry:
    """One game of the catalog: its definition, or the one line saying why it has none.

    ``id`` is the game's id, or the file's name when the file did not load; ``path`` is
    the file it came from (``None`` for a shipped game).
    """

    id: str
    path: Path | None
    game: GameDefinition | None
    error: str | None = None


def catalog(games_dir: Path | None = None) -> tuple[CatalogEntry, ...]:
    """The shipped games in their order, then each game file of ``games_dir`` by name.

    A missing or unreadable folder adds nothing; a file whose id is already taken is an
    entry with an error.
    """
    entries = [CatalogEntry(id=gid, path=None, game=get_game(gid)) for gid in game_ids()]
    taken = {e.id for e in entries}
    for path in _game_files(games_dir):
        try:
            game = load_game_file(path)
        except GameFileError as exc:
            entries.append(CatalogEntry(id=path.name, path=path, game=None, error=str(exc)))
            continue
        if game.id in taken:
            error = f"{path.name}: game: the id {game.id!r} is already taken by another game"
            entries.append(CatalogEntry(id=path.name, path=path, game=None, error=error))
            continue
        taken.add(game.id)
        entries.append(CatalogEntry(id=game.id, path=path, game=game))
    return tuple(entries)


def _game_files(games_dir: Path | None) -> list[Path]:
    if games_dir is None:
        return []
    try:
        found = [p for p in games_dir.iterdir() if is_game_file_name(p)]
    except OSError:
        return []
    return sorted(found, key=lambda p: p.name)
