"""How long ``slotterm par GAME`` takes, interpreter start included, and its memory.

Runs ``slotterm par book-of-spells`` and ``slotterm par lucky-witch`` in turn (paired, so
a busy machine slows both alike), each in a fresh interpreter under ``/usr/bin/time -v``
(output discarded), ``--runs`` times.  Prints every run's CPU time (user + system) and
wall time, the medians, and the median peak resident memory ("Maximum resident set
size").  Targets: Book of Spells under 1 s and 100 MB, Lucky Witch under 2 s and 150 MB
(CPU time, medians).  Without ``/usr/bin/time`` it falls back to ``resource`` figures of
the children.

    python benchmarks/bench_par.py [--runs 5] [--lines N] [--json]
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass

TARGETS = {"book-of-spells": (1.0, 100.0), "lucky-witch": (2.0, 150.0)}
"""Game -> (seconds of CPU, MB of peak RSS)."""

TIME = "/usr/bin/time"


@dataclass(frozen=True)
class Run:
    """One run: CPU seconds (user + system), wall seconds, peak RSS in MB."""

    cpu: float
    wall: float
    peak_mb: float


def _field(report: str, name: str) -> float:
    match = re.search(rf"{re.escape(name)}[^:]*: ([0-9.:]+)", report)
    if match is None:
        raise RuntimeError(f"/usr/bin/time -v printed no {name!r}")
    return float(match.group(1))


def run_once(command: list[str]) -> Run:
    """Run ``command`` once and measure it."""
    if os.access(TIME, os.X_OK):
        with tempfile.NamedTemporaryFile("r", suffix=".time") as report:
            start = time.perf_counter()
            subprocess.run(
                [TIME, "-v", "-o", report.name, *command], check=True, stdout=subprocess.DEVNULL
            )
            wall = time.perf_counter() - start
            text = report.read()
        cpu = _field(text, "User time") + _field(text, "System time")
        return Run(cpu, wall, _field(text, "Maximum resident set size") / 1024)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return Run(cpu, wall, after.ru_maxrss / 1024)  # the largest child so far


def main() -> int:
    """Run the benchmark and print its figures."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--lines", type=int, default=None)
    parser.add_argument("--json", action="store_true", help="time the --json output instead")
    args = parser.parse_args()
    commands = {}
    for game in TARGETS:
        command = [sys.executable, "-m", "slotterm", "par", game]
        if args.lines is not None:
            command += ["--lines", str(args.lines)]
        if args.json:
            command.append("--json")
        commands[game] = command
    runs: dict[str, list[Run]] = {game: [] for game in TARGETS}
    for n in range(1, args.runs + 1):
        for game, command in commands.items():
            r = run_once(command)
            runs[game].append(r)
            print(f"run {n} {game}: cpu {r.cpu:.3f} s, wall {r.wall:.3f} s, {r.peak_mb:.1f} MB")
    for game, command in commands.items():
        seconds, megabytes = TARGETS[game]
        cpu = statistics.median(r.cpu for r in runs[game])
        wall = statistics.median(r.wall for r in runs[game])
        peak = statistics.median(r.peak_mb for r in runs[game])
        print(f"command: {' '.join(command[1:])}")
        print(
            f"  median CPU time: {cpu:.3f} s (target < {seconds:.1f} s, ratio "
            f"{cpu / seconds:.2f}); median wall time {wall:.3f} s"
        )
        print(
            f"  median peak RSS: {peak:.1f} MB (target < {megabytes:.0f} MB, ratio "
            f"{peak / megabytes:.2f})"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
