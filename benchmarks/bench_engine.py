"""How many base-game rounds per second the engine plays on one core.

Same code path as play: :func:`slotterm.engine.round.apply` with a seeded source,
driven by the simulator's loop: Spin, then Collect when a win is offered; a triggered
feature is played out (StartFeature, every PlayFreeSpin) before its win is collected.
Prints every run and the median of the runs.

    python benchmarks/bench_engine.py [--rounds 200000] [--runs 5] [--seed 1]
"""

from __future__ import annotations

import argparse
import statistics
import time

from slotterm.analysis.sim_rounds import play_rounds
from slotterm.engine.actions import Bet
from slotterm.games import get_game

TARGET = 100_000


def time_rounds(game_id: str, rounds: int, seed: int, lines: int) -> float:
    """Play ``rounds`` full rounds and return the elapsed wall time in seconds.

    The rounds are played by the simulator's own loop (:func:`play_rounds`), which
    drives :func:`slotterm.engine.round.apply` exactly as play does.
    """
    game = get_game(game_id)
    bet = Bet(game.bet_per_line_steps[0], lines)
    began = time.perf_counter()
    tally = play_rounds(game, rounds, seed, bet)
    elapsed = time.perf_counter() - began
    assert tally.rounds == rounds
    return elapsed


def main() -> None:
    """Run the benchmark and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="book-of-spells")
    parser.add_argument("--rounds", type=int, default=200_000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--lines", type=int, default=9)
    args = parser.parse_args()
    rates = []
    for run in range(args.runs):
        elapsed = time_rounds(args.game, args.rounds, args.seed + run, args.lines)
        rate = args.rounds / elapsed
        rates.append(rate)
        print(f"run {run + 1}: {args.rounds:,} rounds in {elapsed:.3f} s = {rate:,.0f} rounds/s")
    median = statistics.median(rates)
    print(
        f"median of {args.runs}: {median:,.0f} rounds/s on one core "
        f"(target {TARGET:,}: ratio {median / TARGET:.2f})"
    )


if __name__ == "__main__":
    main()
