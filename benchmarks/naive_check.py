"""Proof that :mod:`naive_slot` evaluates windows as the game does, before it is timed.

:func:`mismatches` sends random windows (half drawn from the base strips, half of
uniformly drawn symbols, each on a random number of lines) to ``slotterm eval GAME
--jsonl`` and compares each answer's total, line wins plus scatter, with the naive
evaluator's, to the cent.  A game bet per line is asked at 0.10 per line, a game bet in
coins at 10 coins of 0.01: both are 10 cents per line.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from decimal import Decimal
from typing import Any

from naive_slot import NaiveGame

CENTS_PER_LINE = 10
SLOTTERM = [sys.executable, "-m", "slotterm"]


def slotterm(args: list[str], stdin: str | None = None) -> str:
    """Run a slotterm command to its end; its stdout (exit on failure, with its stderr)."""
    done = subprocess.run([*SLOTTERM, *args], input=stdin, capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"slotterm {' '.join(args)} failed ({done.returncode}): {done.stderr.strip()}")
    return done.stdout


def bet_fields(definition: dict[str, Any]) -> dict[str, Any]:
    """The request fields of a bet of :data:`CENTS_PER_LINE` in the game's bet model."""
    if "coins_per_line" in definition.get("bet", {}):
        return {"coins": CENTS_PER_LINE, "coin_size": "0.01"}
    return {"bet": str(Decimal(CENTS_PER_LINE) / 100)}


def mismatches(game_id: str, definition: dict[str, Any], windows: int, seed: int) -> int:
    """How many of ``windows`` random windows the naive evaluator pays differently from
    ``slotterm eval`` (the first few are printed on stderr)."""
    game = NaiveGame(definition)
    rng = random.Random(seed)
    symbols = sorted({s for strip in game.strips for s in strip})
    requests: list[tuple[list[list[str]], int]] = []
    for n in range(windows):
        if n % 2 == 0:
            columns = game.spin(rng)
        else:
            columns = [[rng.choice(symbols) for _ in range(game.rows)] for _ in game.strips]
        requests.append((columns, rng.randint(1, len(game.lines))))
    bet = bet_fields(definition)
    stdin = "".join(
        json.dumps({"grid": [list(row) for row in zip(*columns, strict=True)], "lines": n, **bet})
        + "\n"
        for columns, n in requests
    )
    answers = [
        json.loads(line) for line in slotterm(["eval", game_id, "--jsonl"], stdin).splitlines()
    ]
    if len(answers) != len(requests):
        print(f"eval answered {len(answers)} of {len(requests)} requests", file=sys.stderr)
        return len(requests)
    wrong = 0
    for (columns, lines), answer in zip(requests, answers, strict=True):
        naive = game.window_pay(columns, lines) * CENTS_PER_LINE
        engine = None if "error" in answer else int(Decimal(answer["total_win"]) * 100)
        if naive != engine:
            wrong += 1
            if wrong <= 5:
                print(
                    f"mismatch {columns} on {lines} lines: naive {naive} cents, eval {answer}",
                    file=sys.stderr,
                )
    return wrong
