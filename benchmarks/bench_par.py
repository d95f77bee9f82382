"""How long ``slotterm par book-of-spells`` takes, interpreter start included, and its memory.

Runs the command in a fresh interpreter ``--runs`` times (output discarded), prints every
run's wall time, the median, and the peak resident memory of the children
(``resource.getrusage(RUSAGE_CHILDREN).ru_maxrss``).  Targets (issue 2): under 1 s and
under 100 MB.

    python benchmarks/bench_par.py [--runs 5] [--lines N] [--json]
"""

from __future__ import annotations

import argparse
import resource
import statistics
import subprocess
import sys
import time

TARGET_SECONDS = 1.0
TARGET_MB = 100.0


def main() -> int:
    """Run the benchmark and print its figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--lines", type=int, default=None)
    parser.add_argument("--json", action="store_true", help="time the --json output instead")
    args = parser.parse_args()
    command = [sys.executable, "-m", "slotterm", "par", "book-of-spells"]
    if args.lines is not None:
        command += ["--lines", str(args.lines)]
    if args.json:
        command.append("--json")
    times = []
    for run in range(1, args.runs + 1):
        start = time.perf_counter()
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
        elapsed = time.perf_counter() - start
        times.append(elapsed)
        print(f"run {run}: {elapsed:.3f} s")
    median = statistics.median(times)
    peak_mb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    print(f"command: {' '.join(command[1:])}")
    print(
        f"median wall time: {median:.3f} s (target < {TARGET_SECONDS:.1f} s, "
        f"ratio {median / TARGET_SECONDS:.2f})"
    )
    print(
        f"peak RSS: {peak_mb:.1f} MB (target < {TARGET_MB:.0f} MB, ratio {peak_mb / TARGET_MB:.2f})"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
