"""The first P of a game: the paytable asked for before the game has built it ahead.

Launches ``slotterm GAME --demo --seed N`` in a pty (as ``bench_tui.py`` does), waits
for its first frame to settle and presses P at once, before the machine has rested long
enough to build its windows ahead (:mod:`slotterm.tui.screens.windows_ahead`).  Records
P -> the frame showing the paytable's title, P -> the paytable settled (its last frame
before the output is quiet for 0.3 s), and the CPU time the program spent meanwhile (less
bent by a busy machine than wall time; /proc counts in 10 ms ticks).  Each run is a
launch of its own, the games interleaved; prints every run and the medians against the
target (settled < 150 ms).  ``--quick``: one run a game.

    python benchmarks/bench_first_p.py [--runs 7] [--seed 1] [--game lucky-witch] [--quick]
"""

from __future__ import annotations

import argparse
import statistics
from collections import defaultdict

from bench_tui import SCENARIOS, Game, open_screen

GAMES = ("book-of-spells", "lucky-witch")
TARGET_MS = 150.0
"""P to the paytable settled, the most allowed."""


def first_p(game_id: str, seed: int) -> dict[str, float]:
    """One launch: the first P's figures (``first_ms``, ``settled_ms``, ``cpu_ms``)."""
    _, key, title = dict((s[0], s) for s in SCENARIOS[game_id].screens)["paytable"]
    found: dict[str, list[float]] = defaultdict(list)
    game = Game.launch((game_id,), seed)
    try:
        game.wait_for(b"Quit", 0)
        game.settle()
        open_screen(game, found, "p", key, title)
    finally:
        game.close()
    return {
        "first_ms": found["p_first_ms"][0],
        "settled_ms": found["p_ms"][0],
        "cpu_ms": found["p_cpu_ms"][0],
    }


def main() -> int:
    """Run the launches and print the medians."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--game", action="append", choices=GAMES)
    parser.add_argument("--quick", action="store_true", help="one run a game")
    args = parser.parse_args()
    names = args.game or list(GAMES)
    runs = 1 if args.quick else args.runs
    results: dict[str, dict[str, list[float]]] = {n: defaultdict(list) for n in names}
    for run in range(1, runs + 1):
        for name in names:  # interleaved: a busy moment does not hit one game only
            found = first_p(name, args.seed)
            print(
                f"run {run} {name}: first frame {found['first_ms']:.0f} ms, settled "
                f"{found['settled_ms']:.0f} ms, CPU {found['cpu_ms']:.0f} ms",
                flush=True,
            )
            for key, value in found.items():
                results[name][key].append(value)
    print("== the first P, before the paytable is built ahead (medians)")
    ok = True
    for name in names:
        figures = {key: statistics.median(values) for key, values in results[name].items()}
        met = figures["settled_ms"] < TARGET_MS
        ok = ok and met
        print(
            f"{name}: P -> first frame {figures['first_ms']:.1f} ms, -> settled "
            f"{figures['settled_ms']:.1f} ms (target < {TARGET_MS:.0f} ms: "
            f"{'met' if met else 'MISSED'}), CPU {figures['cpu_ms']:.1f} ms, over {runs} runs"
        )
    print("target met" if ok else "TARGET MISSED")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
