"""A plain naive evaluator of base spins, written from ``slotterm game-def --json`` alone.

Nothing here comes from ``slotterm``: it is the code a reader would write from the game's
definition to play base spins -- draw one stop per reel, read the window, walk every line
left to right with the definition's wild rule, add the scatter pay.  No tables, no
caches, and no deliberate slowness either: straightforward loops over the lines.  It
plays base spins only (no free spins, no bonus), which is what makes it a fair floor:
the engine plays full rounds.

Pays are in bets per line (coins per line in a game bet in coins): a line pays its
paytable multiplier, the scatter pays its multiplier times the lines played.

As a script it is the naive side's whole process of ``bench_round_vs_naive.py``:

    python benchmarks/naive_slot.py DEFINITION.json --rounds N --seed S

reads the definition, plays, and prints ``{"rounds", "seed", "total_bets_per_line"}``.
"""

from __future__ import annotations

import argparse
import json
import random
from typing import Any


class NaiveGame:
    """The parts of a ``game-def --json`` object a base spin needs, read once."""

    def __init__(self, definition: dict[str, Any]) -> None:
        self.rows: int = definition["rows"]
        self.strips: list[list[str]] = definition["reels"]["base"]
        self.lines: list[list[int]] = definition["lines"]
        self.pays: dict[tuple[str, int], int] = {
            (symbol, int(count)): multiplier
            for symbol, counts in definition["paytable"].items()
            for count, multiplier in counts.items()
        }
        self.scatter_pays = {int(count): m for count, m in definition["scatter_pays"].items()}
        self.fewest_scatters = min(self.scatter_pays, default=0)
        self.most_scatters = max(self.scatter_pays, default=0)
        self.scatters = {
            s["id"] for s in definition["symbols"] if s["kind"] in ("scatter", "wild_scatter")
        }
        wild = definition["wild"]
        self.wild: str = wild["id"]
        self.wild_pays_as: str = wild.get("wild_only_pays_as") or wild["id"]
        self.substitutes: set[str] = set(wild["substitutes"])
        self.wild_multiplier: int = wild["multiplier"]

    def line_pay(self, symbols: list[str]) -> int:
        """What one line pays, read left to right: the better of the leading wilds on
        their own and the first other symbol with the wilds standing in for it."""
        wild = self.wild
        reels = len(symbols)
        wilds = 0
        while wilds < reels and symbols[wilds] == wild:
            wilds += 1
        wilds_pay = self.pays.get((self.wild_pays_as, wilds), 0) if wilds else 0
        if wilds == reels:
            return wilds_pay
        first = symbols[wilds]
        substituted = first in self.substitutes
        if wilds and not substituted:
            return wilds_pay
        count = wilds + 1
        used_wild = wilds > 0
        while count < reels:
            symbol = symbols[count]
            if symbol == wild and substituted:
                used_wild = True
            elif symbol != first:
                break
            count += 1
        pay = self.pays.get((first, count), 0)
        if used_wild:
            pay *= self.wild_multiplier
        return pay if pay > wilds_pay else wilds_pay

    def window_pay(self, window: list[list[str]], lines: int) -> int:
        """Line wins plus scatter pay of a window (``window[reel][row]``) on ``lines``."""
        total = 0
        for line in self.lines[:lines]:
            symbols = [window[reel][row] for reel, row in enumerate(line)]
            total += self.line_pay(symbols)
        scatters = 0
        for column in window:
            for symbol in column:
                if symbol in self.scatters:
                    scatters += 1
        if scatters >= self.fewest_scatters and self.scatter_pays:
            total += self.scatter_pays[min(scatters, self.most_scatters)] * lines
        return total

    def spin(self, rng: random.Random) -> list[list[str]]:
        """One stop per reel, drawn uniformly; each reel's column of ``rows`` symbols."""
        window = []
        for strip in self.strips:
            stop = rng.randrange(len(strip))
            window.append([strip[(stop + row) % len(strip)] for row in range(self.rows)])
        return window

    def play(self, rounds: int, seed: int) -> int:
        """Total pay of ``rounds`` base spins on every line, in bets per line."""
        rng = random.Random(seed)
        lines = len(self.lines)
        total = 0
        for _ in range(rounds):
            total += self.window_pay(self.spin(rng), lines)
        return total


def main() -> None:
    """Read the definition file, play, print the JSON report."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("definition", help="a `slotterm game-def GAME --json` file")
    parser.add_argument("--rounds", type=int, required=True)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    with open(args.definition, encoding="utf-8") as file:
        game = NaiveGame(json.load(file))
    total = game.play(args.rounds, args.seed)
    print(json.dumps({"rounds": args.rounds, "seed": args.seed, "total_bets_per_line": total}))


if __name__ == "__main__":
    main()
