"""Paired CPU-time measurements for the benchmarks: child processes and in-process calls.

On a shared machine wall clock measures the neighbours; CPU time (user + system) of the
work itself moves much less.  The sides of a comparison are measured in pairs, one of
each side per run, the side that goes first alternating from run to run (so neither is
always the one nearer a change of load), and compared by the ratio of their medians.

* :func:`child_cpu` runs a command as a child and reads its CPU time and peak resident
  memory from ``os.wait4``: the child's own figures, nothing else the parent ran.
* :func:`call_cpu` times a call in this process with ``time.process_time``.
* :func:`interleaved` runs the pairs; :func:`summary` prints medians and their ratio.
"""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass


@dataclass(frozen=True)
class ChildRun:
    """One child process: its CPU seconds (user + system), peak RSS in MB, its output
    and exit code."""

    cpu: float
    peak_mb: float
    stdout: str
    stderr: str
    returncode: int


def child_cpu(
    command: list[str],
    *,
    must_succeed: bool = True,
    max_mb: int | None = None,
    env: dict[str, str] | None = None,
) -> ChildRun:
    """Run ``command`` to its end and measure it with ``os.wait4``.  A failure exits with
    the child's error unless ``must_succeed`` is false.  ``max_mb`` caps the child's
    address space (``RLIMIT_AS``): past it the child fails instead of the machine
    running out of memory.  ``env``: the child's environment (default: this one's)."""

    def limit() -> None:
        if max_mb is not None:
            size = max_mb * 1024 * 1024
            resource.setrlimit(resource.RLIMIT_AS, (size, size))

    with tempfile.TemporaryFile("w+", encoding="utf-8") as out:
        child = subprocess.Popen(
            command, stdout=out, stderr=subprocess.PIPE, preexec_fn=limit, env=env
        )
        assert child.stderr is not None
        errors = child.stderr.read().decode(errors="replace")  # the child may write a lot
        _, status, usage = os.wait4(child.pid, 0)
        child.returncode = os.waitstatus_to_exitcode(status)  # Popen must not wait again
        child.stderr.close()
        if child.returncode != 0 and must_succeed:
            sys.exit(f"{' '.join(command)} failed ({child.returncode}): {errors.strip()}")
        out.seek(0)
        stdout = out.read()
    # ru_maxrss is in kilobytes on Linux
    cpu = usage.ru_utime + usage.ru_stime
    return ChildRun(cpu, usage.ru_maxrss / 1024, stdout, errors, child.returncode)


def call_cpu(work: Callable[[], object]) -> float:
    """CPU seconds this process spends in ``work()``."""
    began = time.process_time()
    work()
    return time.process_time() - began


def interleaved(
    sides: Mapping[str, Callable[[int], float]],
    runs: int,
    report: Callable[[int, str, float], None] | None = None,
) -> dict[str, list[float]]:
    """Run each side ``runs`` times, one of each per run, the order rotating from run to
    run; ``sides[name](run)`` returns its figure.  ``report(run, name, figure)`` is told
    each figure as it comes."""
    names = list(sides)
    figures: dict[str, list[float]] = {name: [] for name in names}
    for run in range(runs):
        shift = run % len(names)
        for name in names[shift:] + names[:shift]:
            figure = sides[name](run)
            figures[name].append(figure)
            if report is not None:
                report(run, name, figure)
    return figures


def spread(values: list[float], unit: str = "s") -> str:
    """``median (min–max)`` of ``values``, three decimals."""
    median = statistics.median(values)
    return f"{median:.3f} {unit} (min {min(values):.3f}, max {max(values):.3f})"


def ratio(figures: dict[str, list[float]], slow: str, fast: str) -> float:
    """The ratio of the medians, ``slow`` over ``fast`` (how many times faster)."""
    return statistics.median(figures[slow]) / statistics.median(figures[fast])


def load() -> str:
    """The 1, 5 and 15 minute load averages (CPU time moves with them on a shared machine)."""
    try:
        return ", ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:  # pragma: no cover - not available
        return "unknown"
