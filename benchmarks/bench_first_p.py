"""The first P of a game: the paytable asked for before, or while, the game builds it ahead.

Launches ``slotterm GAME --demo --seed N`` in a pty (as ``bench_tui.py`` does) and presses
P in one of two moments (``--when``, both by default):

* ``at-once``: the moment the game's first full frame is drawn (the footer's "Quit"),
  before the machine has rested at all, so nothing is built ahead
  (:mod:`slotterm.tui.screens.windows_ahead`): the paytable is built when asked for;
* ``settled``: once that first frame has settled (no output for 0.3 s), as a player who
  looks at the machine first and then presses P; the game may have started building it.

Records P -> the frame showing the paytable's title, P -> the paytable settled (its last
frame before the output is quiet for 0.3 s), and the CPU time the program spent meanwhile
(less bent by a busy machine than wall time; /proc counts in 10 ms ticks).  Each run is a
launch of its own, the games and moments interleaved; prints every run and the medians
against the target (settled < 150 ms).  Children run from compiled bytecode (as an
installed program does; see ``bench_tui.py``).  ``--quick``: one run of each.

    python benchmarks/bench_first_p.py [--runs 7] [--seed 1] [--game lucky-witch]
        [--when at-once --when settled] [--quick]
"""

from __future__ import annotations

import argparse
import statistics
from collections import defaultdict
from pathlib import Path

from bench_tui import SCENARIOS, Game, open_screen

GAMES = ("book-of-spells", "lucky-witch")
TARGET_MS = 150.0
"""P to the paytable settled, the most allowed."""


WHEN = ("at-once", "settled")


def first_p(game_id: str, seed: int, when: str) -> dict[str, float]:
    """One launch, P pressed ``when``: its figures (``first_ms``, ``settled_ms``, ``cpu_ms``)."""
    _, key, title = dict((s[0], s) for s in SCENARIOS[game_id].screens)["paytable"]
    found: dict[str, list[float]] = defaultdict(list)
    game = Game.launch((game_id,), seed)
    try:
        game.wait_for(b"Quit", 0)
        if when == "settled":
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
    parser.add_argument("--when", action="append", choices=WHEN)
    parser.add_argument("--quick", action="store_true", help="one run of each")
    args = parser.parse_args()
    import compileall

    import slotterm

    compileall.compile_dir(str(Path(slotterm.__file__).parent), quiet=1)
    cases = [(g, w) for g in args.game or GAMES for w in args.when or WHEN]
    runs = 1 if args.quick else args.runs
    results: dict[tuple[str, str], dict[str, list[float]]] = {c: defaultdict(list) for c in cases}
    for run in range(1, runs + 1):
        for name, when in cases:  # interleaved: a busy moment does not hit one case only
            found = first_p(name, args.seed, when)
            print(
                f"run {run} {name} {when}: first frame {found['first_ms']:.0f} ms, settled "
                f"{found['settled_ms']:.0f} ms, CPU {found['cpu_ms']:.0f} ms",
                flush=True,
            )
            for key, value in found.items():
                results[name, when][key].append(value)
    print("== the first P (medians)")
    ok = True
    for name, when in cases:
        figures = {k: statistics.median(v) for k, v in results[name, when].items()}
        met = figures["settled_ms"] < TARGET_MS
        ok = ok and met
        print(
            f"{name} {when}: P -> first frame {figures['first_ms']:.1f} ms, -> settled "
            f"{figures['settled_ms']:.1f} ms (target < {TARGET_MS:.0f} ms: "
            f"{'met' if met else 'MISSED'}), CPU {figures['cpu_ms']:.1f} ms, over {runs} runs"
        )
    print("target met" if ok else "TARGET MISSED")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
