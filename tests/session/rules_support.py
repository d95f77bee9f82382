"""Game files that change between runs, for the tests of saved rules (DESIGN.md §7).

A file game is Book of Spells exported under another id (``spell-file``); its changed
versions double every line pay (so every win of a line proves which rules paid it) or
turn every reel strip by one stop (same lengths, so the same draws land elsewhere).
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

from slotterm.commands.game_toml import toml_text
from slotterm.engine import policy
from slotterm.engine.actions import Spin
from slotterm.engine.model import GameDefinition
from slotterm.engine.records import Phase, Round
from slotterm.games import get_game, load_game_file
from slotterm.games.export import game_file_tree
from slotterm.session.game_session import GameSession

FILE_ID = "spell-file"


def base_tree() -> dict[str, Any]:
    """The shipped Book of Spells as a player's game file of its own id."""
    tree = game_file_tree(get_game("book-of-spells"))
    tree["game"] = FILE_ID
    tree["title"] = "Spell File"
    del tree["art"]  # its pictures' file is not beside the copy: generated tiles
    return tree


def doubled_pays(tree: dict[str, Any]) -> dict[str, Any]:
    """``tree`` with every line pay and scatter pay doubled."""
    changed = copy.deepcopy(tree)
    changed["paytable"] = {
        symbol: {count: 2 * mult for count, mult in pays.items()}
        for symbol, pays in tree["paytable"].items()
    }
    changed["scatter_pays"] = {count: 2 * mult for count, mult in tree["scatter_pays"].items()}
    return changed


def turned_strips(tree: dict[str, Any]) -> dict[str, Any]:
    """``tree`` with every reel strip (base and free) turned by one stop."""
    changed = copy.deepcopy(tree)
    changed["reels"] = {
        name: [strip[1:] + strip[:1] for strip in strips] for name, strips in tree["reels"].items()
    }
    return changed


def write_game(path: Path, tree: dict[str, Any]) -> GameDefinition:
    """Write ``tree`` as the TOML game file ``path`` and load it (a new definition)."""
    path.write_text(toml_text(tree), encoding="utf-8")
    return load_game_file(path)


def play_round(session: GameSession, force: str | None = None) -> Round:
    """Spin and play the round to its end by the engine's policy (no gamble); the round."""
    session.act(Spin(session.bet, force=force, limits=session.limits))
    finish_round(session)
    return session.history[-1]


def finish_round(session: GameSession) -> None:
    """Play the open round to its end by the engine's policy (collecting every win)."""
    while session.phase is not Phase.IDLE:
        action = policy.next_action(session.game, session.state)
        assert action is not None
        session.act(action)


def free_spins_played(session: GameSession) -> int:
    """How many free spins the open round has played (0 before the feature starts)."""
    round_ = session.open_round
    assert round_ is not None
    record = round_.frames[0].record
    return len(record.spins)
