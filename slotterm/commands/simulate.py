"""The ``simulate`` command: Monte Carlo through the real round state machine.

``slotterm simulate GAME --spins N [--seed S] [--lines L] [--workers W] [--policy P]
[--json]``.  Pick games are played by the policy ``P`` (``best``, ``keep-first``,
``random``, ``worst``; Book of Spells has none, so it changes nothing there).  Reports
the RTP with its 99 % confidence interval, hit and feature frequency, and the exact RTP
beside it when the exact calculator (``slotterm.analysis.par``) is available.
A progress bar is drawn on stderr when stderr is a terminal.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from slotterm.analysis.simulate import MAX_SPINS, SimulationResult, default_workers, simulate
from slotterm.cli import UsageError
from slotterm.engine.model import GameDefinition
from slotterm.games import UnknownGame, get_game


def exact_rtp(game: GameDefinition, lines: int) -> tuple[float | None, str | None]:
    """The exact RTP from ``compute_par`` if available, else ``None`` and why not."""
    try:
        from slotterm.analysis.par import compute_par
    except ImportError:
        return None, "the exact calculator is not available"
    try:
        return float(compute_par(game, lines=lines).rtp), None
    except Exception as exc:  # the exact figure is a bonus here; never fail the run for it
        return None, f"the exact calculator failed: {exc}"


def result_json(
    result: SimulationResult, seconds: float, exact: float | None, exact_note: str | None
) -> dict[str, Any]:
    """The machine-readable report (fractions of 1; amounts in multiples of total bet)."""
    low, high = result.ci99
    return {
        "game": result.game_id,
        "spins": result.tally.rounds,
        "seed": result.seed,
        "lines": result.lines,
        "workers": result.workers,
        "seconds": round(seconds, 3),
        "rtp": result.rtp,
        "rtp_ci99": [low, high],
        "ci99_half_width": result.ci99_half_width,
        "sd": result.sd,
        "hit_frequency": result.hit_frequency,
        "feature_frequency": result.feature_frequency,
        "free_spins_per_feature": result.free_spins_per_feature,
        "capped_rounds": result.tally.capped,
        "top_win_x_total_bet": result.top_win_x,
        "exact_rtp": exact,
        "exact_inside_ci99": None if exact is None else low <= exact <= high,
        "exact_note": exact_note,
    }


def run_simulate(args: argparse.Namespace) -> int:
    """Run the simulation the arguments ask for and print its report."""
    try:
        game = get_game(args.game)
    except UnknownGame as exc:
        raise UsageError(str(exc)) from None
    lines = len(game.lines) if args.lines is None else args.lines
    refusal = game.lines_refusal(lines)
    if refusal is not None:
        raise UsageError(f"--{refusal}, got {lines}")  # "--lines must be 1..9, got 0"
    if args.spins > MAX_SPINS:
        raise UsageError(f"--spins must be at most {MAX_SPINS:,}, got {args.spins:,}")
    # more processes than cores only adds forks (--workers 1000 once forked 200 for 10^7)
    workers = default_workers() if args.workers is None else min(args.workers, default_workers())
    began = time.perf_counter()
    policy = args.policy
    if sys.stderr.isatty():
        result = _simulate_with_bar(game, args.spins, args.seed, lines, workers, policy)
    else:
        result = simulate(
            game, args.spins, seed=args.seed, lines=lines, workers=workers, policy=policy
        )
    seconds = time.perf_counter() - began
    exact, note = exact_rtp(game, lines)
    report = result_json(result, seconds, exact, note)
    if args.json:
        print(json.dumps(report))
    else:
        _print_report(report)
    return 0


def _simulate_with_bar(
    game: GameDefinition, spins: int, seed: int | None, lines: int, workers: int, policy: str
) -> SimulationResult:
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    columns = (
        TextColumn("simulating"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task("rounds", total=spins)
        return simulate(
            game,
            spins,
            seed=seed,
            lines=lines,
            workers=workers,
            progress=lambda n: bar.advance(task, n),
            policy=policy,
        )


def _pct(x: float) -> str:
    return f"{100 * x:.4f} %"


def _print_report(report: dict[str, Any]) -> None:
    from rich.console import Console
    from rich.table import Table

    low, high = report["rtp_ci99"]
    table = Table(title=f"Simulation of {report['game']}", show_header=False)
    table.add_column("figure")
    table.add_column("value", justify="right")
    rows = [
        ("rounds", f"{report['spins']:,}"),
        ("seed", str(report["seed"])),
        ("lines", str(report["lines"])),
        ("workers", str(report["workers"])),
        ("time", f"{report['seconds']:.1f} s"),
        ("RTP", _pct(report["rtp"])),
        ("99 % interval", f"{_pct(low)} … {_pct(high)} (± {_pct(report['ci99_half_width'])})"),
        ("sd of a round (× total bet)", f"{report['sd']:.3f}"),
        ("hit frequency (base spin pays)", _pct(report["hit_frequency"])),
    ]
    feature = report["feature_frequency"]
    one_in = f" (1 in {1 / feature:,.1f})" if feature else ""
    rows += [
        ("feature frequency", _pct(feature) + one_in),
        ("free spins per feature", f"{report['free_spins_per_feature']:.2f}"),
        ("rounds ended by the cap", f"{report['capped_rounds']:,}"),
        ("top round win (× total bet)", f"{report['top_win_x_total_bet']:,.2f}"),
    ]
    if report["exact_rtp"] is None:
        rows.append(("exact RTP", report["exact_note"] or "unavailable"))
    else:
        inside = "inside" if report["exact_inside_ci99"] else "OUTSIDE"
        rows.append(("exact RTP", f"{_pct(report['exact_rtp'])} ({inside} the 99 % interval)"))
    for name, value in rows:
        table.add_row(name, value)
    Console().print(table)
