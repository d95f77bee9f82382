"""``slotterm par`` time and peak memory against the size of the game, for game files.

Designers' game files (issue 13) will be bigger than the shipped games; this shows how
``par`` grows with them.  From each game's ``game-def --json`` definition it writes game
files into a temp folder (:mod:`scaled_games`), one dimension changed at a time:

* strips repeated x1, x2, x4, x6 (every reel set);
* active lines: ``par --lines`` 1 and 5, and game files with 9, 20, 35 and 50 lines;
* 4 rows; 6 reels; 6 reels of 4 rows.

Each case is ``python -m slotterm par FILE --json`` as a child process, its CPU time
(user + system) from ``os.wait4`` and its peak RSS from its own ``VmHWM`` (read as it
exits: ``ru_maxrss`` would keep the RSS of this process, which the child is forked
from, across exec), ``--runs`` times, the cases in an order that rotates from run to
run.  Prints one table: the case, reels x rows, stops per reel,
lines, the median CPU seconds, the highest peak RSS, the peak ``par --max-memory``
estimates before counting (:mod:`slotterm.analysis.memory_estimate`) and its ratio to
the peak (issue 24: within 1.5× either way), and the RTP (or
why ``par`` refused; the generated games are not balanced, a 6-reel game pays far more
than it takes: the RTP only shows ``par`` worked it out).  Then the targets of issue 24
for each game's strips x4 (under 3 s CPU and 400 MB), met or not.  Each child's address
space is capped at ``--max-mb`` (a case past it fails and says so, instead of the
machine running out of memory).  Figures only.

    python benchmarks/bench_par_scaling.py [--game ID ...] [--runs 3] [--max-mb 8000]
        [--quick]
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import statistics
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from cpu_pairs import ChildRun, child_cpu, interleaved, load
from naive_check import slotterm
from scaled_games import Definition, with_lines, with_reels, with_rows, with_strips_times

from slotterm.analysis.features.contract import NoExactLaw
from slotterm.analysis.memory_estimate import estimate_memory
from slotterm.games import get_game

GAMES = ("book-of-spells", "lucky-witch")
QUICK_CASES = ("strips x1", "strips x2", "20 lines", "6 reels x 4 rows")
TARGET_CASE = "strips x4"
TARGET_CPU = 3.0
"""Issue 24: CPU seconds of ``par`` on each game with strips x4."""
TARGET_MB = 400.0
"""Issue 24: peak RSS of ``par`` on each game with strips x4."""


@dataclass(frozen=True)
class Case:
    """One game file to measure: the changes made to the game's definition."""

    name: str
    strips_times: int = 1
    lines: int | None = None
    """Lines in the file (``None``: the game's own)."""
    active: int | None = None
    """``par --lines`` (``None``: all)."""
    rows: int | None = None
    reels: int | None = None

    def build(self, definition: Definition) -> Definition:
        """The changed definition."""
        changed = definition
        if self.reels is not None:
            changed = with_reels(changed, self.reels)
        if self.rows is not None:
            changed = with_rows(changed, self.rows)
        changed = with_strips_times(changed, self.strips_times)
        if self.lines is not None:
            changed = with_lines(changed, self.lines)
        return changed


CASES = (
    Case("strips x1"),
    Case("strips x2", strips_times=2),
    Case("strips x4", strips_times=4),
    Case("strips x6", strips_times=6),
    Case("1 line", active=1),
    Case("5 lines", active=5),
    Case("9 lines", lines=9),
    Case("20 lines", lines=20),
    Case("35 lines", lines=35),
    Case("50 lines", lines=50),
    Case("4 rows", rows=4),
    Case("6 reels", reels=6),
    Case("6 reels x 4 rows", reels=6, rows=4),
)


@dataclass
class Measured:
    """A case's file, its shape, and its runs so far."""

    game: str
    case: Case
    path: Path
    shape: str
    stops: str
    lines: int
    runs: list[ChildRun]
    estimate_mb: float | None = None
    """What ``par`` estimates it needs before counting (``None``: it has no exact law)."""


def prepare(game_id: str, cases: list[Case], folder: Path) -> list[Measured]:
    """Write each case's game file for ``game_id`` into ``folder``."""
    definition = json.loads(slotterm(["game-def", game_id, "--json"]))
    prepared = []
    for number, case in enumerate(cases):
        changed = case.build(definition)
        path = folder / f"{game_id}-{number}.json"
        path.write_text(json.dumps(changed), encoding="utf-8")
        strips = changed["reels"]["base"]
        lengths = sorted(len(strip) for strip in strips)
        stops = f"{lengths[0]}" if lengths[0] == lengths[-1] else f"{lengths[0]}-{lengths[-1]}"
        lines = case.active or len(changed["lines"])
        shape = f"{len(strips)}x{changed['rows']}"
        prepared.append(
            Measured(game_id, case, path, shape, stops, lines, [], estimate(path, lines))
        )
    return prepared


def estimate(path: Path, lines: int) -> float | None:
    """``par``'s own estimate of its peak for the file, in MB (``None``: no exact law)."""
    game = get_game(str(path))
    try:
        return estimate_memory(game, lines).total / 2**20
    except NoExactLaw:
        return None


PEAK_CHILD = """
import runpy, sys
peak_file = sys.argv.pop(1)
sys.argv[0] = "slotterm"
try:
    runpy.run_module("slotterm", run_name="__main__", alter_sys=True)
finally:
    with open("/proc/self/status") as status, open(peak_file, "w") as out:
        out.write(status.read().split("VmHWM:")[1].split()[0])
"""
"""``python -m slotterm ARGS`` that writes its own peak RSS (``VmHWM``, kB) to a file as
it exits (``python -c PEAK_CHILD FILE ARGS``)."""


def measure(item: Measured, max_mb: int) -> float:
    """One run of ``par`` on the case's file; its CPU seconds."""
    with tempfile.TemporaryDirectory() as folder:
        peak_file = Path(folder) / "peak"
        command = [sys.executable, "-c", PEAK_CHILD, str(peak_file)]
        command += ["par", str(item.path), "--json"]
        if item.case.active is not None:
            command += ["--lines", str(item.case.active)]
        run = child_cpu(command, must_succeed=False, max_mb=max_mb)
        if peak_file.exists():  # else (no /proc) the wait4 figure, from above
            run = dataclasses.replace(run, peak_mb=int(peak_file.read_text()) / 1024)
    item.runs.append(run)
    return run.cpu


def side(item: Measured, max_mb: int) -> Callable[[int], float]:
    """The case as a side of :func:`cpu_pairs.interleaved` (every run alike)."""
    return lambda run: measure(item, max_mb)


def outcome(item: Measured) -> str:
    """The RTP of the last run, or the last line of its error."""
    last = item.runs[-1]
    if last.returncode == 0:
        return f"RTP {json.loads(last.stdout)['rtp']:.4f}"
    lines = last.stderr.strip().splitlines() or [f"exit {last.returncode}"]
    return f"failed: {lines[-1]}"


def short(text: str) -> str:
    """``text`` cut to a table cell."""
    return text if len(text) <= 40 else text[:39] + "…"


def print_table(items: list[Measured], runs: int) -> None:
    """One row per case."""
    print(f"par time (median CPU of {runs} runs) and peak RSS (highest), per game file:")
    head = f"{'game':15} {'case':17} {'shape':>5} {'stops':>7} {'lines':>5}"
    print(f"{head} {'CPU s':>7} {'peak MB':>8} {'est MB':>7} {'est/pk':>6}  result")
    for item in items:
        cpu = statistics.median(run.cpu for run in item.runs)
        peak = max(run.peak_mb for run in item.runs)
        est = "-" if item.estimate_mb is None else f"{item.estimate_mb:.0f}"
        ratio = "-" if item.estimate_mb is None else f"{item.estimate_mb / peak:.2f}"
        row = f"{item.game:15} {item.case.name:17} {item.shape:>5} {item.stops:>7} {item.lines:5}"
        print(f"{row} {cpu:7.2f} {peak:8.0f} {est:>7} {ratio:>6}  {short(outcome(item))}")
    for item in items:  # a refusal in full, with the figure it gives
        if item.runs[-1].returncode != 0:
            print(f"{item.game} {item.case.name}: {outcome(item)}")
    print_targets(items)


def print_targets(items: list[Measured]) -> None:
    """Issue 24's targets: each game with strips x4 under 3 s CPU and 400 MB."""
    for item in items:
        if item.case.name != TARGET_CASE:
            continue
        cpu = statistics.median(run.cpu for run in item.runs)
        peak = max(run.peak_mb for run in item.runs)
        ok = item.runs[-1].returncode == 0 and cpu < TARGET_CPU and peak < TARGET_MB
        print(
            f"target {item.game} {TARGET_CASE}: {cpu:.2f} s (< {TARGET_CPU:g}), "
            f"{peak:.0f} MB (< {TARGET_MB:g}): {'met' if ok else 'NOT met'}"
        )


def main() -> int:
    """Write the files, measure them, print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", help="a game id (default: both games)")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--max-mb", type=int, default=8000, help="each par's memory cap")
    parser.add_argument("--quick", action="store_true", help="a few small cases (for tests)")
    args = parser.parse_args()
    if args.runs < 1 or args.max_mb < 100:
        parser.error("--runs must be at least 1 and --max-mb at least 100")
    cases = list(CASES)
    if args.quick:
        cases = [case for case in CASES if case.name in QUICK_CASES]
        args.runs = 1
    games = args.game or (GAMES[:1] if args.quick else GAMES)
    print(f"load average at the start: {load()}")
    with tempfile.TemporaryDirectory() as folder:
        items = [item for game in games for item in prepare(game, cases, Path(folder))]
        sides = {str(n): side(item, args.max_mb) for n, item in enumerate(items)}
        interleaved(sides, args.runs)
    print_table(items, args.runs)
    print(f"load average at the end: {load()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
