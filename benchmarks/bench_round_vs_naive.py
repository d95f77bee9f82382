"""The engine's rounds per CPU-second beside a naive evaluator's, measured in one run.

Two sides, each run as a child process and measured the same way:

* **engine**: ``slotterm simulate book-of-spells --workers 1 --spins N --seed S --json``,
  full rounds through the round state machine (a triggered feature is played out);
* **naive**: this script re-invoked with ``--naive-worker``: bare base spins evaluated by
  the straightforward code below, written from the ``game-def --json`` definition alone
  (nothing is imported from ``slotterm.engine`` or ``slotterm.analysis``). Per spin: five
  stops from ``random.Random(seed).randrange(len(strip))``, the 3 × 5 window, each of the
  9 lines read left to right with the JSON's wild rule, plus the scatter pay.

CPU time of a child is its user + system time, the delta of
``resource.getrusage(RUSAGE_CHILDREN)`` around it (nothing else runs meanwhile). A
child also pays a fixed cost that has nothing to do with spins: interpreter start,
imports, reading the definition, the exact RTP the simulate report carries -- and the
engine fills its look-up tables (the strip table's three-reel prefixes) lazily during its
first rounds.  So each measurement runs the same command twice, with ``--spins N`` and
``--spins 2N``, and the rate is ``N / (cpu(2N) - cpu(N))`` rounds per CPU-second: the cost
of N more rounds of a warmed run, the fixed cost and the warm-up cancelled.  Both sides
are measured exactly alike.

Each side plays a number of rounds that takes about the same CPU time when the engine
is as fast as the target says: the naive side ``--spins`` N, the engine
``--engine-spins`` (by default ``TARGET_RATIO`` x N).  A difference of two CPU times
carries the noise of a shared machine in seconds, whatever it measures, so equal
durations give both sides the same relative noise (with equal spins the faster side's
difference is the shorter and the noisier); the engine's window then lies further into
its run, where its lazily filled tables are warmer -- "warmed" is what is measured.
``--engine-spins N`` measures both sides on equal spins.

Protocol: one warm-up measurement of each side (discarded), then ``--runs`` pairs, one
measurement of each side (pair k uses seed S + k on both sides; the side measured first
alternates from pair to pair, so neither is always the one nearer a change of the
machine's load). Prints every measurement, each side's median (min, max), and the
ratio of the medians engine/naive against the target of 3.0; beside it, for
information, the median of the pairs' own ratios (the two measurements of a pair are
taken a few seconds apart, under much the same load). Exits 0 either way: it is a
measurement.

Before timing, the naive evaluator is checked: on ~2000 random windows (half from base
reel stops, half of uniformly drawn symbols, 1-9 lines) its total, line wins plus
scatter, must equal ``slotterm eval book-of-spells --jsonl`` to the cent, or the script
exits 1. Its mean base pay per spin over 20000 spins is printed beside the exact
figure of ``slotterm par`` (base lines + scatter), for information.

    python benchmarks/bench_round_vs_naive.py [--spins 200000] [--engine-spins 600000]
        [--runs 5] [--seed 1]
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import resource
import statistics
import subprocess
import sys
from decimal import Decimal
from typing import Any

GAME = "book-of-spells"
TARGET_RATIO = 3.0
CHECK_WINDOWS = 2000
MEAN_SPINS = 20_000
CHECK_BET_CENTS = 10  # bet per line in the cross-check: 0.10

SLOTTERM = [sys.executable, "-m", "slotterm"]

# --- the naive evaluator -----------------------------------------------------------------


class NaiveGame:
    """The parts of the ``game-def --json`` object a base spin needs, read once."""

    def __init__(self, definition: dict[str, Any]) -> None:
        self.rows: int = definition["rows"]
        self.strips: list[list[str]] = definition["reels"]["base"]
        self.lines: list[list[int]] = definition["lines"]
        self.paytable: dict[str, dict[int, int]] = {
            symbol: {int(count): mult for count, mult in pays.items()}
            for symbol, pays in definition["paytable"].items()
        }
        self.scatter_pays = {int(c): m for c, m in definition["scatter_pays"].items()}
        self.scatters = {
            s["id"] for s in definition["symbols"] if s["kind"] in ("scatter", "wild_scatter")
        }
        wild = definition["wild"]
        self.wild: str = wild["id"]
        self.substitutes: set[str] = set(wild["substitutes"])
        self.wild_multiplier: int = wild["multiplier"]
        self.wild_only_pays_as: str | None = wild["wild_only_pays_as"]

    def pay(self, symbol: str, count: int) -> int:
        """Line pay of ``count`` ``symbol`` in bets per line (0 if none)."""
        return self.paytable.get(symbol, {}).get(count, 0)

    def line_pay(self, symbols: list[str]) -> int:
        """The higher reading of one line, left to right, in bets per line."""
        lead = 0
        while lead < len(symbols) and symbols[lead] == self.wild:
            lead += 1
        # reading 1: the leading wilds alone
        wilds_alone = 0
        if lead > 0 and self.wild_only_pays_as is not None:
            wilds_alone = self.pay(self.wild_only_pays_as, lead)
        if lead == len(symbols):
            return wilds_alone
        # reading 2: the first real symbol, the wilds standing in for it
        first = symbols[lead]
        if lead > 0 and first not in self.substitutes:
            return wilds_alone
        count = lead + 1
        used_wild = lead > 0
        while count < len(symbols):
            s = symbols[count]
            if s == first:
                count += 1
            elif s == self.wild and first in self.substitutes:
                used_wild = True
                count += 1
            else:
                break
        substituted = self.pay(first, count)
        if used_wild:
            substituted *= self.wild_multiplier
        return max(wilds_alone, substituted)

    def window_pay(self, window: list[list[str]], lines: int) -> int:
        """Line wins plus scatter pay of a window (rows top first), in bets per line."""
        total = 0
        for line in self.lines[:lines]:
            symbols = [window[row][reel] for reel, row in enumerate(line)]
            total += self.line_pay(symbols)
        scatters = sum(1 for row in window for s in row if s in self.scatters)
        if scatters >= min(self.scatter_pays):
            # 5 or more pay as the top count; scatter pays are × total bet
            total += self.scatter_pays[min(scatters, max(self.scatter_pays))] * lines
        return total

    def spin_window(self, rng: random.Random) -> list[list[str]]:
        """Five stops, one per reel; a stop is the top row of its reel's window."""
        stops = [rng.randrange(len(strip)) for strip in self.strips]
        return [
            [
                strip[(stop + row) % len(strip)]
                for strip, stop in zip(self.strips, stops, strict=True)
            ]
            for row in range(self.rows)
        ]

    def play(self, spins: int, seed: int) -> int:
        """Total pay of ``spins`` base spins on every line, in bets per line."""
        rng = random.Random(seed)
        lines = len(self.lines)
        return sum(self.window_pay(self.spin_window(rng), lines) for _ in range(spins))


def naive_worker(spins: int, seed: int) -> None:
    """The child side: read the definition from stdin, play, print a JSON report."""
    game = NaiveGame(json.load(sys.stdin))
    total = game.play(spins, seed)
    print(json.dumps({"spins": spins, "seed": seed, "total_bets_per_line": total}))


# --- measuring ---------------------------------------------------------------------------


def slotterm(args: list[str], stdin: str | None = None) -> str:
    """Run a slotterm command; its stdout."""
    done = subprocess.run(
        [*SLOTTERM, *args], input=stdin, capture_output=True, text=True, check=True
    )
    return done.stdout


def child_cpu(command: list[str], stdin: str | None) -> float:
    """Run ``command`` to its end; the user + system CPU seconds it (and its children) used."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(command, input=stdin, capture_output=True, text=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        sys.exit(f"{' '.join(command)} failed ({done.returncode}):\n{done.stderr}")
    json.loads(done.stdout)  # each side reports in JSON: it ran to its end
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def engine_command(spins: int, seed: int) -> list[str]:
    """The engine side: ``slotterm simulate`` on one worker."""
    sizes = ["--spins", str(spins), "--seed", str(seed)]
    return [*SLOTTERM, "simulate", GAME, "--workers", "1", *sizes, "--json"]


def naive_command(spins: int, seed: int) -> list[str]:
    """The naive side: this script as a worker."""
    return [sys.executable, __file__, "--naive-worker", "--spins", str(spins), "--seed", str(seed)]


def rate(side: str, spins: int, seed: int, definition: str) -> tuple[float, float, float]:
    """One measurement: (rounds per CPU-second of a warmed run, cpu(N), cpu(2N))."""
    build = engine_command if side == "engine" else naive_command
    stdin = None if side == "engine" else definition
    first = child_cpu(build(spins, seed), stdin)
    double = child_cpu(build(2 * spins, seed), stdin)
    extra = double - first
    return (spins / extra if extra > 0 else math.inf), first, double


# --- proving the naive evaluator ---------------------------------------------------------


def check_against_eval(game: NaiveGame, seed: int) -> int:
    """Compare ~2000 random windows with ``slotterm eval --jsonl``; the number of mismatches."""
    rng = random.Random(seed)
    symbols = sorted({s for strip in game.strips for s in strip})
    requests: list[tuple[list[list[str]], int]] = []
    for n in range(CHECK_WINDOWS):
        if n % 2 == 0:
            window = game.spin_window(rng)
        else:
            window = [[rng.choice(symbols) for _ in game.strips] for _ in range(game.rows)]
        requests.append((window, rng.randint(1, len(game.lines))))
    bet = str(Decimal(CHECK_BET_CENTS) / 100)
    stdin = "".join(
        json.dumps({"grid": window, "lines": lines, "bet": bet, "special": None}) + "\n"
        for window, lines in requests
    )
    results = [json.loads(line) for line in slotterm(["eval", GAME, "--jsonl"], stdin).splitlines()]
    if len(results) != len(requests):
        print(f"eval answered {len(results)} of {len(requests)} requests", file=sys.stderr)
        return len(requests)
    mismatches = 0
    for (window, lines), result in zip(requests, results, strict=True):
        naive = game.window_pay(window, lines) * CHECK_BET_CENTS
        engine = None if "error" in result else int(Decimal(result["total_win"]) * 100)
        if naive != engine:
            mismatches += 1
            if mismatches <= 5:
                grid = "/".join(",".join(row) for row in window)
                print(
                    f"mismatch: --grid {grid} --lines {lines}: naive {naive} cents, eval {result}",
                    file=sys.stderr,
                )
    return mismatches


def main() -> int:
    """Run the check, the measurements, and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--spins", type=int, default=200_000)
    parser.add_argument("--engine-spins", type=int, default=None)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--naive-worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.naive_worker:
        naive_worker(args.spins, args.seed)
        return 0
    if args.spins < 2 or args.runs < 1:
        parser.error("--spins must be at least 2 and --runs at least 1")
    if args.engine_spins is None:
        args.engine_spins = round(TARGET_RATIO * args.spins)
    sizes = {"engine": args.engine_spins, "naive": args.spins}

    print(f"load average at the start: {_load()}")
    definition = slotterm(["game-def", GAME, "--json"])
    game = NaiveGame(json.loads(definition))

    mismatches = check_against_eval(game, args.seed)
    print(f"cross-check: {CHECK_WINDOWS} random windows, naive vs slotterm eval: ", end="")
    print(f"{mismatches} mismatches")
    if mismatches:
        return 1
    lines = len(game.lines)
    rng = random.Random(args.seed)
    pays = [game.window_pay(game.spin_window(rng), lines) / lines for _ in range(MEAN_SPINS)]
    par = json.loads(slotterm(["par", GAME, "--json"]))
    exact = par["rtp_base_lines"] + par["rtp_scatter"]
    error = statistics.stdev(pays) / math.sqrt(MEAN_SPINS)
    print(
        f"base pay per spin (× total bet): naive {statistics.fmean(pays):.4f} ± {error:.4f} "
        f"over {MEAN_SPINS:,} spins; engine exact (par base lines + scatter) {exact:.4f}"
    )

    warm = {side: rate(side, spins, args.seed, definition)[0] for side, spins in sizes.items()}
    print(
        f"warm-up (discarded): engine {warm['engine']:,.0f}, naive {warm['naive']:,.0f} "
        "rounds/CPU-s"
    )
    rates: dict[str, list[float]] = {"engine": [], "naive": []}
    for run in range(args.runs):
        for side in ("engine", "naive") if run % 2 == 0 else ("naive", "engine"):
            spins = sizes[side]
            per_second, tiny, full = rate(side, spins, args.seed + run, definition)
            rates[side].append(per_second)
            print(
                f"run {run + 1} {side:6}: cpu({spins:,}) {tiny:.2f} s, "
                f"cpu({2 * spins:,}) {full:.2f} s "
                f"-> {per_second:,.0f} rounds/CPU-s (load {_load().partition(',')[0]})",
                flush=True,
            )
    for side, values in rates.items():
        print(
            f"{side:6}: median {statistics.median(values):,.0f} rounds/CPU-s "
            f"(min {min(values):,.0f}, max {max(values):,.0f}, {args.runs} runs of "
            f"{sizes[side]:,})"
        )
    ratio = statistics.median(rates["engine"]) / statistics.median(rates["naive"])
    met = "met" if ratio >= TARGET_RATIO else "not met"
    print(f"ratio of medians engine/naive: {ratio:.2f} (target >= {TARGET_RATIO}: {met})")
    pairs = [e / n for e, n in zip(rates["engine"], rates["naive"], strict=True)]
    print(
        f"pair ratios engine/naive: median {statistics.median(pairs):.2f} "
        f"(min {min(pairs):.2f}, max {max(pairs):.2f})"
    )
    print(f"load average at the end: {_load()}")
    return 0


def _load() -> str:
    """The 1, 5 and 15 minute load averages (CPU time moves with them on a shared machine)."""
    try:
        return ", ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:  # pragma: no cover - not available
        return "unknown"


if __name__ == "__main__":
    sys.exit(main())
