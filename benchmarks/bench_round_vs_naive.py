"""Whole processes: ``slotterm simulate --workers 1`` beside a plain naive evaluator's.

What a player or a designer waits for is a whole process: interpreter start, imports,
the exact RTP the simulate report prints, the engine's lazily filled tables, and then the
rounds.  For each game, every run measures two child processes of ``--rounds`` N rounds
with the same seed:

* **engine**: ``python -m slotterm simulate GAME --workers 1 --spins N --seed S --json``,
  full rounds (a triggered feature is played out);
* **naive**: ``python benchmarks/naive_slot.py DEFINITION.json --rounds N --seed S``, bare
  base spins by a plain evaluator written from ``game-def --json`` alone (checked against
  ``slotterm eval`` first: a mismatch exits 1);

and a third, **start-up**: the same simulate process of one round, its fixed cost.
The engine's processes keep what they work out in the user cache
(:mod:`slotterm.user_cache`: the exact PAR figures, complete strip tables), which the
discarded run fills; ``--cold-cache`` gives each of them an empty one instead.  Each
child's CPU time (user + system) and peak RSS come from ``os.wait4``.  One discarded
warm-up run, then ``--runs`` runs, the side measured first rotating from run to run.
Prints every measurement, the medians (min, max) and the ratio of the medians, naive
CPU over engine CPU (how many times faster the whole engine process is), against the
target of 3 at 300,000 rounds (issue 24).  Beside it, the warm in-process figure of
``bench_engine.py`` (``--warm-rounds`` rounds, the same runs), whose target is 5.
Every child (both sides) runs with its bytecode compiled once, in the discarded run, and
kept in a temporary folder (``PYTHONPYCACHEPREFIX``), as an installed slotterm has it,
even where ``PYTHONDONTWRITEBYTECODE`` is set (then each process would compile every
module of slotterm from source: about 0.2 CPU-s); ``--from-source`` keeps the environment
as it is.  Exits 0 either way: it is a measurement.

    python benchmarks/bench_round_vs_naive.py [--game ID ...] [--rounds 300000]
        [--runs 5] [--warm-rounds 100000] [--seed 1] [--cold-cache] [--from-source]
        [--quick]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_engine import GAMES, WARM_TARGET, print_warm, warm_pairs
from cpu_pairs import child_cpu, interleaved, load, ratio, spread
from naive_check import mismatches, slotterm
from naive_slot import NaiveGame

HERE = Path(__file__).resolve().parent
WHOLE_TARGET = 3.0
CHECK_WINDOWS = 2000
QUICK_CHECK_WINDOWS = 200


def engine_command(game_id: str, rounds: int, seed: int) -> list[str]:
    """The engine side: ``slotterm simulate`` on one worker."""
    sizes = ["--spins", str(rounds), "--seed", str(seed)]
    return [
        sys.executable,
        "-m",
        "slotterm",
        "simulate",
        game_id,
        "--workers",
        "1",
        *sizes,
        "--json",
    ]


def naive_command(definition: Path, rounds: int, seed: int) -> list[str]:
    """The naive side: :mod:`naive_slot` as a script."""
    script = str(HERE / "naive_slot.py")
    return [sys.executable, script, str(definition), "--rounds", str(rounds), "--seed", str(seed)]


def bytecode_env(folder: str) -> dict[str, str]:
    """This environment, but with bytecode written and read under ``folder`` (a child's
    ``PYTHONPYCACHEPREFIX``) even when ``PYTHONDONTWRITEBYTECODE`` is set: as an installed
    slotterm, whose modules are compiled when it is installed, the children compile each
    module once (in the discarded run), not in every measured process."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    return env | {"PYTHONPYCACHEPREFIX": folder}


def whole_pairs(
    game_id: str,
    definition: Path,
    rounds: int,
    runs: int,
    seed: int,
    cold: bool = False,
    env: dict[str, str] | None = None,
) -> dict[str, list[float]]:
    """CPU seconds of ``runs`` runs of each whole process (after one discarded run).

    The engine's processes share the user cache (the discarded run fills it) unless
    ``cold``: then each starts with an empty cache folder of its own.  ``env``: every
    child's environment (default: this one's)."""
    commands: dict[str, Callable[[int], list[str]]] = {
        "engine": lambda run: engine_command(game_id, rounds, seed + run),
        "naive": lambda run: naive_command(definition, rounds, seed + run),
        "start-up": lambda run: engine_command(game_id, 1, seed + run),
    }
    peaks: dict[str, float] = {}

    def side(name: str) -> Callable[[int], float]:
        def measure(run: int) -> float:
            if cold and name != "naive":
                with tempfile.TemporaryDirectory() as empty:
                    own = dict(os.environ if env is None else env, XDG_CACHE_HOME=empty)
                    child = child_cpu(commands[name](run), env=own)
            else:
                child = child_cpu(commands[name](run), env=env)
            report = json.loads(child.stdout)  # each side reports in JSON: it ran to its end
            played = report.get("spins", report.get("rounds"))
            expected = 1 if name == "start-up" else rounds
            if played != expected:
                sys.exit(f"{name} played {played} rounds, not {expected}")
            peaks[name] = max(peaks.get(name, 0.0), child.peak_mb)
            return child.cpu

        return measure

    sides = {name: side(name) for name in commands}
    for measure in sides.values():  # warm-up, discarded
        measure(runs)

    def report(run: int, name: str, cpu: float) -> None:
        print(f"  run {run + 1} {name:8}: {cpu:.3f} CPU-s", flush=True)

    figures = interleaved(sides, runs, report)
    for name, values in figures.items():
        print(f"  {name:8}: median {spread(values)} CPU, peak RSS {peaks[name]:.0f} MB")
    return figures


def main() -> int:
    """Check, measure each game and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", help="a game id (default: both games)")
    parser.add_argument("--rounds", type=int, default=300_000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--warm-rounds", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--cold-cache",
        action="store_true",
        help="every engine process starts with an empty user cache (no kept tables or PAR)",
    )
    parser.add_argument(
        "--from-source",
        action="store_true",
        help="children as this environment says: with PYTHONDONTWRITEBYTECODE set, each "
        "process compiles slotterm from source (default: compiled once, kept in a temp folder)",
    )
    parser.add_argument("--quick", action="store_true", help="a few small runs (for tests)")
    args = parser.parse_args()
    if args.quick:
        args.rounds, args.runs, args.warm_rounds = 3_000, 2, 2_000
    windows = QUICK_CHECK_WINDOWS if args.quick else CHECK_WINDOWS
    if min(args.rounds, args.runs, args.warm_rounds) < 1:
        parser.error("--rounds, --runs and --warm-rounds must be at least 1")
    print(f"load average at the start: {load()}")
    table: list[tuple[str, float, float, float]] = []
    with tempfile.TemporaryDirectory() as folder:
        env = None if args.from_source else bytecode_env(str(Path(folder) / "bytecode"))
        if env is None and os.environ.get("PYTHONDONTWRITEBYTECODE"):
            print(
                "note: PYTHONDONTWRITEBYTECODE is set, so every engine process compiles "
                "slotterm from source (an installed slotterm has its bytecode)"
            )
        elif env is not None:
            print("children: bytecode compiled in the discarded run, kept in a temp folder")
        for game_id in args.game or GAMES:
            text = slotterm(["game-def", game_id, "--json"])
            definition = Path(folder) / f"{game_id}.json"
            definition.write_text(text, encoding="utf-8")
            wrong = mismatches(game_id, json.loads(text), windows, args.seed)
            print(f"{game_id}: naive vs slotterm eval on {windows:,} windows: {wrong} mismatches")
            if wrong:
                return 1
            naive = NaiveGame(json.loads(text))
            print(f"{game_id}: whole processes, {args.runs} runs of {args.rounds:,} rounds")
            cache = "an empty user cache each" if args.cold_cache else "the user cache kept"
            print(f"  (engine processes: {cache})")
            whole = whole_pairs(
                game_id, definition, args.rounds, args.runs, args.seed, args.cold_cache, env
            )
            speedup = ratio(whole, "naive", "engine")
            met = "met" if speedup >= WHOLE_TARGET else "not met"
            print(
                f"  {game_id} whole process: engine {speedup:.2f}x naive "
                f"(target >= {WHOLE_TARGET} at 300,000 rounds: {met})"
            )
            print(f"{game_id}: warm in process, {args.runs} pairs of {args.warm_rounds:,} rounds")
            warm = print_warm(
                game_id,
                args.warm_rounds,
                warm_pairs(game_id, naive, args.warm_rounds, args.runs, args.seed),
            )
            start = statistics.median(whole["start-up"])
            table.append((game_id, speedup, warm, start))
    print(
        f"engine / naive, ratio of CPU medians "
        f"({args.rounds:,} rounds whole, {args.warm_rounds:,} warm):"
    )
    print(f"  {'game':16} {'whole process':>14} {'warm':>8} {'start-up CPU-s':>15}")
    for game_id, speedup, warm, start in table:
        print(f"  {game_id:16} {speedup:13.2f}x {warm:7.2f}x {start:15.3f}")
    print(f"targets: whole process >= {WHOLE_TARGET}x at 300,000 rounds, warm >= {WARM_TARGET}x")
    print(f"load average at the end: {load()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
