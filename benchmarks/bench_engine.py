"""How many base-game rounds per second the engine plays on one core.

Same code path as play: :func:`slotterm.engine.round.apply` with a seeded source;
Spin, then Collect when a win is offered; a triggered feature is played out
(StartFeature, every PlayFreeSpin) before its win is collected.  Prints every run and
the median of the runs.

    python benchmarks/bench_engine.py [--rounds 200000] [--runs 5] [--seed 1]
"""

from __future__ import annotations

import argparse
import statistics
import time

from slotterm.engine.round import (
    Bet,
    Collect,
    GameState,
    Phase,
    PlayFreeSpin,
    Spin,
    StartFeature,
    apply,
)
from slotterm.games import get_game
from slotterm.rng import SeededSource

TARGET = 100_000


def play_rounds(game_id: str, rounds: int, seed: int, lines: int) -> float:
    """Play ``rounds`` full rounds and return the elapsed wall time in seconds."""
    game = get_game(game_id)
    rng = SeededSource(seed)
    spin = Spin(Bet(game.bet_per_line_steps[0], lines))
    collect, start, free = Collect(), StartFeature(), PlayFreeSpin()
    state = GameState(Phase.IDLE, 10**15)
    idle, awarded, free_spins, offered = (
        Phase.IDLE,
        Phase.FEATURE_AWARDED,
        Phase.FREE_SPINS,
        Phase.WIN_OFFERED,
    )
    began = time.perf_counter()
    for _ in range(rounds):
        state = apply(game, state, spin, rng).state
        if state.phase is awarded:
            state = apply(game, state, start, rng).state
            while state.phase is free_spins:
                state = apply(game, state, free, rng).state
        if state.phase is offered:
            state = apply(game, state, collect, rng).state
        assert state.phase is idle
    return time.perf_counter() - began


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
        elapsed = play_rounds(args.game, args.rounds, args.seed + run, args.lines)
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
