"""The readable form of ``eval``: the window, the bet, the wins as tables (rich)."""

from __future__ import annotations

from slotterm.commands.coin_bet import coins_text
from slotterm.commands.eval_inputs import mode_words
from slotterm.commands.eval_request import Request, Result, money


def print_readable(request: Request, result: Result) -> None:
    """The window, the bet and every win as tables (``eval`` without ``--json``)."""
    from rich.console import Console
    from rich.table import Table

    console = Console()
    grid = Table(show_header=False, title="Window")
    for _ in request.window:
        grid.add_column(justify="center")
    for row in range(len(request.window[0])):
        grid.add_row(*(column[row] for column in request.window))
    console.print(grid)
    mode = mode_words(dict(request.inputs))
    per_line = money(request.bet_per_line)
    if request.coin_size is not None:
        coins = request.bet_per_line // request.coin_size
        per_line = f"{coins_text(coins)} of {money(request.coin_size)} = {per_line}"
    console.print(
        f"{request.lines} lines at {per_line} per line "
        f"(total bet {money(request.bet_per_line * request.lines)}), {mode}"
    )
    wins = Table(title="Wins")
    for name in ("kind", "line", "symbol", "count", "× bet", "win"):
        wins.add_column(name, justify="left" if name in ("kind", "symbol") else "right")
    evaluation = result.evaluation
    for kind, line_wins in (
        ("line", evaluation.line_wins),
        ("expanding", result.expanding_wins),
    ):
        for w in line_wins:
            label = f"{kind} (doubled)" if w.doubled else kind
            wins.add_row(
                label, str(w.line), w.symbol, str(w.count), str(w.multiplier), money(w.win)
            )
    scatter = evaluation.scatter_win
    if scatter is not None:
        wins.add_row(
            "scatter",
            "-",
            "",
            str(scatter.count),
            f"{scatter.multiplier} total",
            money(scatter.win),
        )
    if wins.row_count:
        console.print(wins)
    if result.free_spins_awarded:
        console.print(f"Free spins awarded: {result.free_spins_awarded}")
    if result.bonus_triggered:
        console.print("Mystery bonus triggered")
    console.print(f"[bold]Total win: {money(result.total_win)}[/bold]")
