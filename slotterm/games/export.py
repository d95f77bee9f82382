"""A game definition as the tree of a game file (DESIGN.md §6, §7): what ``game-def`` writes.

:func:`game_file_tree` is pure: the same definition always gives the same tree, and the
loader (:mod:`slotterm.games.loader`) reads it back to a game that plays and pays the
same (``slotterm par FILE`` prints what ``slotterm par ID`` prints, byte for byte).  It
holds every key of the §6 contract and what a loadable file needs besides: the title, the
symbols' names, the features' tables (each written by its own feature), the bet, the
gamble, the published RTP, and the art and help when the game has them.  A value that
would be null (a game without a wild, without a cap in total bets) is ``None`` here; a
TOML writer leaves such keys out, which the loader reads the same way.

Some keys repeat what the rest of the tree says, for readers that want them at hand: a
pick game's ``title``, ``max_prize_x_total_bet`` and ``weight``, the Magic Potion's
``win_all_bottles`` and ``stop_bottles``.  The loader accepts them only when they are right.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from slotterm.engine.model import GameDefinition
from slotterm.money import format_cents


def _money(cents: int) -> str:
    return format_cents(cents, grouping=False)


def wild_table(game: GameDefinition) -> dict[str, Any] | None:
    """The wild rule: its symbol, what it stands in for (definition order), its multiplier;
    ``wild_only_pays_as`` when a line of wilds alone pays as another symbol."""
    wild_ids = [s.id for s in game.symbols if s.kind.is_wild]
    if not wild_ids:
        return None
    wild: dict[str, Any] = {
        "id": wild_ids[0],
        "substitutes": [s.id for s in game.symbols if game.wild_substitutes_for(s.id)],
        "multiplier": game.wild_multiplier,
    }
    if game.wild_only_pays_as not in (None, wild_ids[0]):
        wild["wild_only_pays_as"] = game.wild_only_pays_as
    return wild


def _art(game: GameDefinition) -> dict[str, Any]:
    """The art entries, a picture named relative to the game file's folder when it is in it."""
    folder = Path(game.source).parent.absolute() if game.source else None
    out: dict[str, Any] = {}
    for symbol, entry in game.art.items():
        table = dict(entry)
        if "pixels" in table and folder is not None:
            picture = Path(table["pixels"])
            if picture.is_relative_to(folder):
                table["pixels"] = picture.relative_to(folder).as_posix()
            else:
                table["pixels"] = Path(os.path.relpath(picture, folder)).as_posix()
        out[symbol] = table
    return out


def game_file_tree(game: GameDefinition) -> dict[str, Any]:
    """The complete, loadable game-file tree of ``game`` (``None`` marks a null value)."""
    tree: dict[str, Any] = {
        "game": game.id,
        "title": game.name,
        "rows": game.rows,
        "symbols": [{"id": s.id, "kind": s.kind.value, "name": s.name} for s in game.symbols],
        "paytable": {
            symbol: {str(count): mult for count, mult in pays.items()}
            for symbol, pays in game.paytable.items()
        },
        "scatter_pays": {str(count): mult for count, mult in game.scatter_pays.items()},
        "lines": [list(line) for line in game.lines],
        "reels": {name: [list(s) for s in strips] for name, strips in game.reel_sets.items()},
        "wild": wild_table(game),
    }
    for feature in game.features:
        if feature.file_key is not None:
            tree[feature.file_key] = feature.to_file()
            tree.update(feature.file_extras())
    tree["max_win_x_total_bet"] = game.max_win_x_total_bet
    if game.max_win_cents is not None:
        tree["max_win"] = _money(game.max_win_cents)
    bet = game.bet_model.file_table()
    if bet is not None:  # left out: the default bets per line
        tree["bet"] = bet
    tree["gamble"] = game.gamble
    tree["published_rtp"] = game.published_rtp
    if game.art:
        tree["art"] = _art(game)
    if game.help_text:
        tree["help"] = game.help_text
    return tree


def without_nulls(value: Any) -> Any:
    """``value`` with every ``None`` left out of its tables (TOML has no null)."""
    if isinstance(value, dict):
        return {k: without_nulls(v) for k, v in value.items() if v is not None}
    if isinstance(value, list):
        return [without_nulls(v) for v in value]
    return value
