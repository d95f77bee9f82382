"""The engine's warm speed beside a plain naive evaluator's, in one process, CPU time.

For each game, two sides play the same number of rounds with the same seed:

* **engine**: :func:`slotterm.analysis.sim_rounds.play_rounds`, the simulator's loop
  over :func:`slotterm.engine.round.apply` (what play does): full rounds, a triggered
  feature played out, at the game's lowest bet on every line;
* **naive**: :class:`naive_slot.NaiveGame` (bare base spins from the ``game-def --json``
  definition, checked against ``slotterm eval`` first).

Both are warm: the engine's look-up tables made complete first, as ``simulate`` makes
them for a run of as many rounds (read from the user cache, or worked out and kept there:
:func:`slotterm.commands.ready_tables.ready_tables`), one discarded call of each side
(the interpreter warms its caches), then ``--runs`` pairs, the side measured first
alternating.  Each call is timed with ``time.process_time`` (this
process's CPU time, not wall clock).  Prints every run, each side's median (min, max),
rounds per CPU-second and the ratio of the medians, naive CPU over engine CPU -- how
many times faster the engine is -- against the target of 5 (issue 24).  No assertion:
it is a measurement.

    python benchmarks/bench_engine.py [--game ID ...] [--rounds 100000] [--runs 5]
        [--seed 1] [--quick]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from cpu_pairs import call_cpu, interleaved, load, ratio, spread
from naive_check import mismatches, slotterm
from naive_slot import NaiveGame

from slotterm.analysis.sim_rounds import play_rounds
from slotterm.commands.ready_tables import FILL_ROUNDS, ready_tables
from slotterm.games import get_game

GAMES = ("book-of-spells", "lucky-witch")
WARM_TARGET = 5.0
CHECK_WINDOWS = 2000
QUICK_CHECK_WINDOWS = 200


def naive_game(game_id: str, check_windows: int, seed: int) -> NaiveGame:
    """The naive evaluator of ``game_id``, checked on ``check_windows`` windows (exit on
    a mismatch)."""
    definition = json.loads(slotterm(["game-def", game_id, "--json"]))
    wrong = mismatches(game_id, definition, check_windows, seed)
    print(f"{game_id}: naive vs slotterm eval on {check_windows:,} windows: {wrong} mismatches")
    if wrong:
        sys.exit(1)
    return NaiveGame(definition)


def warm_pairs(
    game_id: str, naive: NaiveGame, rounds: int, runs: int, seed: int
) -> dict[str, list[float]]:
    """CPU seconds of ``runs`` warm pairs of ``rounds`` rounds, engine and ``naive``."""
    game = get_game(game_id)
    bet = game.default_bet()
    ready_tables(game, fill=rounds >= FILL_ROUNDS)  # as simulate makes them for such a run

    def engine_side(run: int) -> float:
        return call_cpu(lambda: play_rounds(game, rounds, seed + run, bet))

    def naive_side(run: int) -> float:
        return call_cpu(lambda: naive.play(rounds, seed + run))

    sides = {"engine": engine_side, "naive": naive_side}
    for side in sides.values():  # warm-up, discarded
        side(runs)

    def report(run: int, side: str, cpu: float) -> None:
        print(f"  run {run + 1} {side:6}: {rounds:,} rounds in {cpu:.3f} CPU-s", flush=True)

    return interleaved(sides, runs, report)


def print_warm(game_id: str, rounds: int, figures: dict[str, list[float]]) -> float:
    """Print one game's medians and ratio; the ratio (naive CPU / engine CPU)."""
    for side, values in figures.items():
        per_second = rounds / statistics.median(values)
        print(f"  {side:6}: median {spread(values)} CPU, ~{per_second:,.0f} rounds/CPU-s")
    speedup = ratio(figures, "naive", "engine")
    met = "met" if speedup >= WARM_TARGET else "not met"
    print(
        f"  {game_id} warm, in process: engine {speedup:.2f}x naive "
        f"(target >= {WARM_TARGET}: {met})"
    )
    return speedup


def main() -> int:
    """Measure each game and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", help="a game id (default: both games)")
    parser.add_argument("--rounds", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--quick", action="store_true", help="a few small runs (for tests)")
    args = parser.parse_args()
    if args.quick:
        args.rounds, args.runs = 2_000, 2
    windows = QUICK_CHECK_WINDOWS if args.quick else CHECK_WINDOWS
    if args.rounds < 1 or args.runs < 1:
        parser.error("--rounds and --runs must be at least 1")
    print(f"load average at the start: {load()}")
    speedups = {}
    for game_id in args.game or GAMES:
        naive = naive_game(game_id, windows, args.seed)
        print(f"{game_id}: {args.runs} warm pairs of {args.rounds:,} rounds (CPU time)")
        figures = warm_pairs(game_id, naive, args.rounds, args.runs, args.seed)
        speedups[game_id] = print_warm(game_id, args.rounds, figures)
    print("warm engine / naive, ratio of CPU medians:")
    for game_id, speedup in speedups.items():
        print(f"  {game_id:16} {speedup:6.2f}x")
    print(f"load average at the end: {load()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
