"""CPU and wall time of ``slotterm simulate GAME``: Lucky Witch paired with Book of Spells.

Target: 10^7 rounds of either game in under 2 minutes of wall time on a 2-core machine.
Wall time on a shared machine moves with whatever else runs, so each run measures both:
the wall time and the CPU time of the command and its worker processes
(``RUSAGE_CHILDREN``).  Each run plays both games back to back (the order alternating),
so a busy spell hurts both alike; the report gives per game the median CPU and wall
time, rounds per CPU second, the CPU time extrapolated to 10^7 rounds and divided by the
cores (the wall time an otherwise idle machine would take), and Lucky Witch's CPU time
over Book of Spells'.

    python benchmarks/bench_simulate.py [--spins 1000000] [--runs 3] [--workers W]
        [--games lucky-witch,book-of-spells]

``--progress`` measures instead what the progress bar costs: in this process, one
worker, ``simulate`` of Book of Spells without a progress callback and with the
command's own rich bar drawing on a terminal console (into memory), alternating, CPU
time (the bar's refresh thread included), median of ``--runs``.  It prints the number
of bar updates, the largest step between two of them, and the slowdown.

    python benchmarks/bench_simulate.py --progress [--spins 400000] [--runs 5]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import time
from typing import Any

FULL = 10_000_000
TARGET_SECONDS = 120.0
GAMES = ("lucky-witch", "book-of-spells")


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_once(
    game: str, spins: int, seed: int, workers: int | None
) -> tuple[float, float, dict[str, Any]]:
    """Run the command once; return its wall time, its CPU time and its JSON report."""
    command = [sys.executable, "-m", "slotterm", "simulate", game]
    command += ["--spins", str(spins), "--seed", str(seed), "--json"]
    if workers is not None:
        command += ["--workers", str(workers)]
    cpu_before = _children_cpu()
    began = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    wall = time.perf_counter() - began
    return wall, _children_cpu() - cpu_before, json.loads(done.stdout)


def _cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not on Linux
        return os.cpu_count() or 1


def progress_cost(spins: int, runs: int, seed: int) -> None:
    """Print the CPU time of a one-worker run without and with the progress bar."""
    import io

    from rich.console import Console

    from slotterm.analysis.simulate import simulate
    from slotterm.commands.simulate import simulate_with_bar
    from slotterm.games import get_game

    game = get_game("book-of-spells")
    options: dict[str, Any] = {"seed": seed, "workers": 1}
    steps: list[int] = []
    simulate(game, spins // 4, seed=seed, workers=1, progress=steps.append)  # warm-up
    print(f"progress reports: {len(steps)} for {spins // 4:,} rounds, largest {max(steps):,}")
    times: dict[str, list[float]] = {"without bar": [], "with bar": []}
    for run in range(runs):
        for side in times if run % 2 == 0 else list(times)[::-1]:
            began = time.process_time()
            if side == "with bar":
                screen = Console(file=io.StringIO(), force_terminal=True, width=100)
                result = simulate_with_bar(game, spins, options | {"seed": seed + run}, screen)
            else:
                result = simulate(game, spins, seed=seed + run, workers=1)
            cpu = time.process_time() - began
            assert result.tally.rounds == spins
            times[side].append(cpu)
            print(f"run {run + 1} {side}: CPU {cpu:.2f} s ({spins / cpu:,.0f} rounds/CPU-s)")
    plain, barred = (statistics.median(v) for v in times.values())
    print(
        f"median of {runs}: without bar {plain:.2f} s, with bar {barred:.2f} s: "
        f"the bar costs {100 * (barred / plain - 1):+.1f} % CPU"
    )


def main() -> None:
    """Run the benchmark and print the figures."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--spins", type=int, default=1_000_000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--progress", action="store_true", help="measure the progress bar")
    args = parser.parse_args()
    if args.progress:
        progress_cost(args.spins if args.spins != 1_000_000 else 400_000, args.runs, args.seed)
        return
    games = args.games.split(",")
    walls: dict[str, list[float]] = {g: [] for g in games}
    cpus: dict[str, list[float]] = {g: [] for g in games}
    for run in range(args.runs):
        order = games if run % 2 == 0 else games[::-1]
        for game in order:
            wall, cpu, report = run_once(game, args.spins, args.seed + run, args.workers)
            walls[game].append(wall)
            cpus[game].append(cpu)
            low, high = report["rtp_ci99"]
            print(
                f"run {run + 1} {game}: {args.spins:,} rounds, wall {wall:.1f} s, "
                f"CPU {cpu:.1f} s ({report['workers']} workers); RTP {100 * report['rtp']:.4f} % "
                f"[{100 * low:.4f}, {100 * high:.4f}], exact {report['exact_rtp']}"
            )
    cores = _cores()
    scale = FULL / args.spins
    medians = {g: statistics.median(cpus[g]) for g in games}
    for game in games:
        cpu, wall = medians[game], statistics.median(walls[game])
        idle_wall = cpu * scale / cores
        print(
            f"{game}: median of {args.runs}: CPU {cpu:.1f} s, wall {wall:.1f} s; "
            f"{args.spins / cpu:,.0f} rounds per CPU second; 10^7 rounds: CPU {cpu * scale:.0f} s, "
            f"{idle_wall:.0f} s on {cores} idle cores (target {TARGET_SECONDS:.0f} s: "
            f"ratio {idle_wall / TARGET_SECONDS:.2f}); measured wall scaled {wall * scale:.0f} s"
        )
    if len(games) == 2:
        first, second = games
        print(f"CPU {first} / {second}: {medians[first] / medians[second]:.2f}")


if __name__ == "__main__":
    main()
