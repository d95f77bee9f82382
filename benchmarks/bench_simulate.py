"""Wall time of ``slotterm simulate book-of-spells --spins N`` (target: 10^7 in under 2 min).

Runs the real command in a subprocess (interpreter start included) ``--runs`` times and
prints each time, the median, the rounds per second and, when ``--spins`` is below
10^7, the time extrapolated to 10^7 rounds.

    python benchmarks/bench_simulate.py [--spins 10000000] [--runs 1] [--workers W]
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from typing import Any

FULL = 10_000_000
TARGET_SECONDS = 120.0


def run_once(spins: int, seed: int, workers: int | None) -> tuple[float, dict[str, Any]]:
    """Run the command once; return its wall time and its JSON report."""
    command = [sys.executable, "-m", "slotterm", "simulate", "book-of-spells"]
    command += ["--spins", str(spins), "--seed", str(seed), "--json"]
    if workers is not None:
        command += ["--workers", str(workers)]
    began = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    return time.perf_counter() - began, json.loads(done.stdout)


def main() -> None:
    """Run the benchmark and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--spins", type=int, default=FULL)
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=None)
    args = parser.parse_args()
    times = []
    for run in range(args.runs):
        seconds, report = run_once(args.spins, args.seed + run, args.workers)
        times.append(seconds)
        low, high = report["rtp_ci99"]
        print(
            f"run {run + 1}: {args.spins:,} rounds in {seconds:.1f} s "
            f"({args.spins / seconds:,.0f} rounds/s, {report['workers']} workers); "
            f"RTP {100 * report['rtp']:.4f} % [{100 * low:.4f}, {100 * high:.4f}] "
            f"exact {report['exact_rtp']}"
        )
    median = statistics.median(times)
    full = median * FULL / args.spins
    label = "" if args.spins == FULL else f" (extrapolated from {args.spins:,})"
    print(
        f"median of {args.runs}: {median:.1f} s; 10^7 rounds: {full:.1f} s{label} "
        f"(target {TARGET_SECONDS:.0f} s: ratio {full / TARGET_SECONDS:.2f})"
    )


if __name__ == "__main__":
    main()
