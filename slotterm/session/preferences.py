"""The player's options (DESIGN.md §2 "options"), remembered in the settings folder.

``options.toml`` in the settings folder (the player's config folder,
``platformdirs.user_config_dir("slotterm")``, or the one beside the saves that
:func:`~slotterm.session.player_file.settings_folder` names) holds them for every game;
a game ignores the ones it has no use for (values in coins are for a game bet in
coins, the gamble switch for a game with a gamble).  The screens read a
:class:`Preferences`; the options screen changes them only between rounds.
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Literal

from slotterm.session.player_file import (
    Loaded,
    Reader,
    boolean,
    choice,
    config_folder,
    load_record,
    save_record,
)

OPTIONS_NAME = "options.toml"

ValuesIn = Literal["credits", "coins"]
StopOrder = Literal["left-to-right", "all-together"]
Graphics = Literal["enhanced", "basic"]


@dataclass(frozen=True, slots=True)
class Preferences:
    """What the player chose; the defaults are a new player's.

    ``quick_spin`` / ``quick_free_spins``: reels and shows run faster in the base game /
    in free spins; ``values_in``: Balance, Bet and Win shown in ``"credits"`` (money) or
    ``"coins"`` (games bet in coins); ``stop_order``: reels stop ``"left-to-right"`` or
    ``"all-together"``; ``graphics``: ``"enhanced"`` (animated) or ``"basic"`` (no
    animation); ``gamble``: the gamble is offered after a win (games that have one);
    ``odds_hints``: pick games show what a choice is worth on average; ``bell``: the
    terminal's bell rings as the show reaches a big win or a feature won (off for a new
    player); ``theme``: the name of the colour theme chosen in the command palette
    (``""``: the default).
    """

    quick_spin: bool = False
    quick_free_spins: bool = False
    values_in: ValuesIn = "credits"
    stop_order: StopOrder = "left-to-right"
    graphics: Graphics = "enhanced"
    gamble: bool = True
    odds_hints: bool = True
    bell: bool = False
    theme: str = ""

    @property
    def animated(self) -> bool:
        """False with basic graphics: every show jumps to its end."""
        return self.graphics == "enhanced"

    def quick_now(self, in_free_spins: bool) -> bool:
        """Quick spin as it applies now (in free spins, or in the base game)."""
        return self.quick_free_spins if in_free_spins else self.quick_spin


THEME_NAME = re.compile(r"[a-z0-9][a-z0-9_-]{0,63}")
"""What a theme's name looks like (which themes exist is the interface's business)."""


def theme_name(value: Any) -> str:
    """A theme's name (lower-case letters, digits, ``-`` and ``_``), or ``""``."""
    if not isinstance(value, str) or not (value == "" or THEME_NAME.fullmatch(value)):
        raise ValueError('must be the name of a theme, e.g. "textual-light"')
    return value


READERS: dict[str, Reader] = {
    "quick_spin": boolean,
    "quick_free_spins": boolean,
    "values_in": choice("credits", "coins"),
    "stop_order": choice("left-to-right", "all-together"),
    "graphics": choice("enhanced", "basic"),
    "gamble": boolean,
    "odds_hints": boolean,
    "bell": boolean,
    "theme": theme_name,
}
"""How each key of ``options.toml`` is read."""


def options_path(folder: Path | None = None) -> Path:
    """Where the options are kept (``folder``, or the player's config folder)."""
    return (folder or config_folder()) / OPTIONS_NAME


def load_preferences(path: Path | None = None) -> Loaded[Preferences]:
    """The remembered options (defaults when there is no file); a bad file or key is
    reported in ``problem`` and the default kept for it."""
    return load_record(path or options_path(), Preferences(), READERS, "options")


def save_preferences(preferences: Preferences, path: Path | None = None) -> None:
    """Remember ``preferences``; raises ``OSError`` when the file cannot be written."""
    save_record(path or options_path(), asdict(preferences), "slotterm options")
