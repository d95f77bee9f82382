"""The ``game-def`` command: print a game's definition (DESIGN.md §6).

``--json`` prints exactly the contract's object; without it, readable tables.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from typing import Any

from slotterm.cli import UsageError
from slotterm.commands.game_features import free_spins_of
from slotterm.engine.features.free_spins import FreeSpins
from slotterm.engine.model import GameDefinition
from slotterm.games import UnknownGame, get_game


def game_definition_json(game: GameDefinition) -> dict[str, Any]:
    """The definition as the JSON object of DESIGN.md §6."""
    free = _free_spins(game)
    return {
        "game": game.id,
        "rows": game.rows,
        "symbols": [{"id": s.id, "kind": s.kind.value} for s in game.symbols],
        "paytable": {
            symbol: {str(count): mult for count, mult in pays.items()}
            for symbol, pays in game.paytable.items()
        },
        "scatter_pays": {str(count): mult for count, mult in game.scatter_pays.items()},
        "lines": [list(line) for line in game.lines],
        "reels": {
            "base": [list(strip) for strip in game.reel_sets["base"]],
            "free": [list(strip) for strip in game.reel_sets["free"]],
        },
        **_rule_fields(game, free),
        "max_win_x_total_bet": game.max_win_x_total_bet,
    }


def _free_spins(game: GameDefinition) -> FreeSpins:
    feature = free_spins_of(game)
    assert feature is not None, f"{game.id} has no free spins"
    return feature


def _rule_fields(game: GameDefinition, free: FreeSpins) -> dict[str, Any]:
    """The wild rule and the free-spins rule, as ``"wild"`` and ``"free_spins"``.

    ``"wild"`` is null for a game without a wild symbol; its ``substitutes`` list the
    symbols a wild stands in for on a line, in definition order.
    """
    wild_ids = [s.id for s in game.symbols if s.kind.is_wild]
    wild = None
    if wild_ids:
        wild = {
            "id": wild_ids[0],
            "substitutes": [s.id for s in game.symbols if game.wild_substitutes_for(s.id)],
            "multiplier": game.wild_multiplier,
            "wild_only_pays_as": game.wild_only_pays_as,
        }
    return {
        "wild": wild,
        "free_spins": {
            "award": free.award,
            "trigger": free.trigger_count,
            "retrigger": free.retrigger,
        },
    }


def run_game_def(args: argparse.Namespace) -> int:
    """Print the definition of ``args.game`` as JSON or as tables."""
    try:
        game = get_game(args.game)
    except UnknownGame as exc:
        raise UsageError(str(exc)) from None
    if args.json:
        print(json.dumps(game_definition_json(game)))
    else:
        _print_tables(game)
    return 0


def _print_tables(game: GameDefinition) -> None:
    from rich.console import Console
    from rich.table import Table

    console = Console()
    console.print(f"[bold]{game.name}[/bold] ({game.id}): {game.reels} reels × {game.rows} rows")

    counts = sorted({c for pays in game.paytable.values() for c in pays})
    pays = Table(title="Symbols and line pays (× bet per line)")
    pays.add_column("symbol")
    pays.add_column("role")
    for count in counts:
        pays.add_column(f"{count}×", justify="right")
    for symbol in game.symbols:
        row = game.paytable.get(symbol.id, {})
        pays.add_row(
            symbol.id, symbol.kind.value, *(str(row[c]) if c in row else "-" for c in counts)
        )
    console.print(pays)

    scatter = ", ".join(f"{c}: {m}×" for c, m in game.scatter_pays.items())
    rule = _free_spins(game)
    console.print(f"Scatter pays (× total bet): {scatter}")
    if game.wild_only_pays_as is not None:
        console.print(f"A line of wilds only pays as {game.wild_only_pays_as}")
    console.print(
        f"Free spins: {rule.award} for {rule.trigger_count}+ scatters, "
        f"{rule.retrigger} more on a retrigger; round cap {game.max_win_x_total_bet}× "
        "total bet"
    )

    lines_title = "Lines (row per reel, 0 = top)"
    lines = Table(title=lines_title, min_width=len(lines_title))  # title on one line
    lines.add_column("line", justify="right")
    lines.add_column("rows")
    for n, line in enumerate(game.lines, 1):
        lines.add_row(str(n), " ".join(str(r) for r in line))
    console.print(lines)

    for label, strips in game.reel_sets.items():
        reels = Table(title=f"{label.capitalize()} reel strips: symbol counts per reel")
        reels.add_column("symbol")
        tallies = [Counter(strip) for strip in strips]
        for r in range(len(strips)):
            reels.add_column(f"reel {r + 1}", justify="right")
        for symbol in game.symbols:
            reels.add_row(symbol.id, *(str(t[symbol.id]) for t in tallies))
        reels.add_row("stops", *(str(len(strip)) for strip in strips), style="bold")
        console.print(reels)
