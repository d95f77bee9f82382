"""The ``game-def`` command: print a game's definition (DESIGN.md §6, §7).

``--json`` and ``--toml`` print the complete game file (:func:`~slotterm.games.export.
game_file_tree`: the §6 contract's keys and everything a loadable file needs), which
``slotterm par FILE`` and every other command read back as the same game; without them,
readable tables.  A game bet in coins has its pays in coins (× coins per line, scatters ×
total coins).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from typing import Any

from slotterm.cli import game_of
from slotterm.cli_output import output_is_utf
from slotterm.commands.game_features import free_spins_of
from slotterm.commands.pick_tables import mystery_bonus_of
from slotterm.engine.model import GameDefinition
from slotterm.games.export import game_file_tree, wild_table
from slotterm.money import format_cents


def run_game_def(args: argparse.Namespace) -> int:
    """Print the definition of ``args.game`` as a game file (JSON or TOML) or as tables."""
    game = game_of(args.game)
    if args.json:
        print(json.dumps(game_file_tree(game), ensure_ascii=not output_is_utf()))
    elif getattr(args, "toml", False):
        from slotterm.commands.game_toml import toml_text

        sys.stdout.write(toml_text(game_file_tree(game)))
    else:
        _print_tables(game)
    return 0


def cap_text(game: GameDefinition) -> str:
    """The round cap in words: ``5000× total bet``, ``250,000.00``, or both (the lower)."""
    parts = []
    if game.max_win_x_total_bet is not None:
        parts.append(f"{game.max_win_x_total_bet}× total bet")
    if game.max_win_cents is not None:
        parts.append(format_cents(game.max_win_cents))
    return " or ".join(parts) + (", whichever is lower" if len(parts) > 1 else "")


def _print_tables(game: GameDefinition) -> None:
    from rich.console import Console
    from rich.table import Table

    console = Console()
    console.print(f"[bold]{game.name}[/bold] ({game.id}): {game.reels} reels × {game.rows} rows")

    per_line = game.bet_model.pay_unit
    counts = sorted({c for pays in game.paytable.values() for c in pays})
    pays = Table(title=f"Symbols and line pays ({per_line})")
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
    rule = free_spins_of(game)
    total = game.bet_model.total_unit
    if scatter:
        console.print(f"Scatter pays (× {total}): {scatter}")
    wild = wild_table(game)
    if wild is not None:
        console.print(
            f"Wild {wild['id']} stands in for {', '.join(wild['substitutes'])}"
            + (
                f" and multiplies the win it completes by {wild['multiplier']}"
                if wild["multiplier"] > 1
                else ""
            )
        )
    if wild is not None and "wild_only_pays_as" in wild:
        console.print(f"A line of wilds only pays as {wild['wild_only_pays_as']}")
    elif wild is not None and wild["multiplier"] > 1:
        console.print(f"A line of {wild['id']} alone pays its own pays, never multiplied")
    if rule is not None:
        console.print(
            f"Free spins: {rule.award} for {rule.trigger_count}+ scatters, "
            f"{rule.retrigger} more on a retrigger"
            + (f", every win × {rule.win_multiplier}" if rule.win_multiplier > 1 else "")
        )
    console.print(f"Round cap: {cap_text(game)}")
    _print_bet(console, game)
    _print_bonus(console, game)

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


def _print_bet(console: Any, game: GameDefinition) -> None:
    """The game's bet: coins per line and coin sizes, or its steps per line."""
    model = game.bet_model
    steps = ", ".join(format_cents(c) for c in model.default_steps)
    most = model.most_coins_per_line
    if most is None:
        console.print(f"Bet per line: {steps}")
        return
    low = model.smallest_bet(1).coins
    console.print(f"Bet: {low}–{most} coins per line; coin sizes {steps}")


def _print_bonus(console: Any, game: GameDefinition) -> None:
    """The Mystery bonus: its trigger, its cap, and each pick game's table."""
    from rich.table import Table

    bonus = mystery_bonus_of(game)
    data = None if bonus is None else bonus.to_file()
    if bonus is None or data is None:
        return
    reels = ", ".join(map(str, bonus.reels))
    console.print(
        f"Mystery bonus: {bonus.symbol} on each of reels {reels} starts one of "
        f"{len(bonus.games)} pick games (equal chances); it pays at most {bonus.cap_coins:,} "
        "coins; prizes are multiples of the total bet"
    )
    table = Table(title="Pick games")
    table.add_column("label")
    table.add_column("game")
    table.add_column("table (amount: weight, × total bet)")
    for label, spec in data["games"].items():
        details = "; ".join(
            f"{key}: {_shown(value)}"
            for key, value in spec.items()
            if key not in ("title", "name", "weight")
        )
        table.add_row(label, spec["title"], details)
    console.print(table)


def _shown(value: Any) -> str:
    if isinstance(value, dict):
        return ", ".join(f"{k}: {v}" for k, v in value.items())
    if isinstance(value, list):
        return "/".join(map(str, value))
    return str(value)
