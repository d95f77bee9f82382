"""Where the lobby finds the player's game files (DESIGN.md §7).

``--games DIR`` names the folder; without it the folder is ``games`` in the save root,
beside the saves: ``platformdirs.user_data_dir("slotterm")/games``, or ``DIR/games`` with
``--save-dir DIR`` (as the remembered options follow ``--save-dir``, so that a save folder
brings its own games and two save folders never share theirs).  Nothing here creates the
folder: a missing default folder simply adds no game.
"""

from __future__ import annotations

from pathlib import Path

from slotterm.session.opening import default_save_root

GAMES_FOLDER = "games"
"""The name of the games folder in a save root."""


def games_folder(*, games: Path | None, save_dir: Path | None) -> Path:
    """The folder of game files for the lobby: ``games`` if given, else :data:`GAMES_FOLDER`
    in ``save_dir`` (or in the player's data folder)."""
    if games is not None:
        return games
    root = save_dir if save_dir is not None else default_save_root()
    return root / GAMES_FOLDER
