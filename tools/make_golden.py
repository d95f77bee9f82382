"""Regenerate the golden files in ``tests/golden/`` from the code as it is now.

"Perft style" (as python-chess pins its move generator): exact outputs of today's
program, so that a refactor of the engine can be shown to change nothing.
``tests/test_golden.py`` runs the live program and compares.

* ``par_book_of_spells.json``: ``slotterm par book-of-spells --json --lines N``, N = 1..9,
  keyed by N.
* ``eval_book_of_spells.jsonl``: ``{"request": ..., "result": ...}`` per line, the
  results of one ``slotterm eval book-of-spells --jsonl`` batch: seeded random windows
  (from the symbols, and cut from the base and free strips at random stops) plus hand-picked
  edge cases.
* ``simulate_book_of_spells.json``: ``slotterm simulate ... --json --workers 1`` for the
  runs in :data:`SIMULATIONS`, without ``seconds``.
* ``rounds_book_of_spells.jsonl``: one line per round of :func:`trace_rounds`, which plays
  seeded rounds through the round state machine (every :data:`FORCE_EVERY`-th round with
  ``force_feature``).

Everything is seeded, so running it again writes the same bytes::

    python tools/make_golden.py [--out DIR]
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from slotterm.engine.model import GameDefinition

GAME = "book-of-spells"
GOLDEN_DIR = Path(__file__).resolve().parent.parent / "tests" / "golden"
PAR_FILE = "par_book_of_spells.json"
EVAL_FILE = "eval_book_of_spells.jsonl"
SIMULATE_FILE = "simulate_book_of_spells.json"
ROUNDS_FILE = "rounds_book_of_spells.jsonl"

LINE_COUNTS = tuple(range(1, 10))

EVAL_SEED = 20_240_601
EVAL_PER_KIND = 125
"""Random requests of each kind: symbol windows, base-strip windows, free-strip windows."""

SIMULATIONS: tuple[dict[str, int], ...] = (
    {"seed": 1, "spins": 60_000, "lines": 9},
    {"seed": 2, "spins": 60_000, "lines": 9},
    {"seed": 3, "spins": 60_000, "lines": 9},
    {"seed": 4, "spins": 20_000, "lines": 1},
    {"seed": 5, "spins": 20_000, "lines": 5},
)
"""60 000 rounds is two chunks of ``CHUNK_ROUNDS`` (50 000), so the chunk seeding is pinned
too; the other line counts play one shorter chunk to keep the test quick."""

ROUNDS_SEED = 7_031_975
ROUNDS_COUNT = 3_000
FORCE_EVERY = 50
"""Every 50th round (rounds 50, 100, ...) is a ``Spin(..., force_feature=True)``."""
ROUNDS_START_CREDITS = 10**12


# --- running the real command -----------------------------------------------------------


def slotterm(args: Sequence[str], stdin: str | None = None) -> str:
    """Run ``python -m slotterm ARGS`` and return its stdout; fail loudly on any error."""
    done = subprocess.run(
        [sys.executable, "-m", "slotterm", *args],
        input=stdin,
        capture_output=True,
        text=True,
        encoding="utf-8",
        check=False,
        timeout=300,
    )
    if done.returncode != 0 or done.stderr:
        raise RuntimeError(
            f"slotterm {' '.join(args)} exited {done.returncode}: {done.stderr.strip()}"
        )
    return done.stdout


def par_args(lines: int) -> list[str]:
    """The ``par`` command line for ``lines`` active lines."""
    return ["par", GAME, "--json", "--lines", str(lines)]


def simulate_args(run: dict[str, int]) -> list[str]:
    """The ``simulate`` command line of one entry of :data:`SIMULATIONS`."""
    return [
        "simulate",
        GAME,
        "--spins",
        str(run["spins"]),
        "--seed",
        str(run["seed"]),
        "--lines",
        str(run["lines"]),
        "--json",
        "--workers",
        "1",
    ]


def simulate_key(run: dict[str, int]) -> str:
    """The key of one simulation in the golden file."""
    return f"seed={run['seed']} spins={run['spins']} lines={run['lines']}"


def simulate_output(stdout: str) -> dict[str, Any]:
    """A ``simulate --json`` report without its timing."""
    report: dict[str, Any] = json.loads(stdout)
    del report["seconds"]
    return report


EVAL_ARGS = ["eval", GAME, "--jsonl"]


def eval_stdin(requests: Sequence[dict[str, Any]]) -> str:
    """The ``eval --jsonl`` input for ``requests``: one JSON object per line."""
    return "".join(json.dumps(r) + "\n" for r in requests)


def eval_results(stdout: str) -> list[dict[str, Any]]:
    """The result objects of an ``eval --jsonl`` run, in order."""
    return [json.loads(line) for line in stdout.splitlines()]


# --- eval requests ----------------------------------------------------------------------


def _money(cents: int) -> str:
    return f"{cents // 100}.{cents % 100:02d}"


def _rows(window: Sequence[Sequence[str]]) -> list[list[str]]:
    """Rows top first from columns ``window[reel][row]``."""
    return [list(row) for row in zip(*window, strict=True)]


def _request(
    rows: list[list[str]], lines: int | None, bet: str | None, special: str | None
) -> dict[str, Any]:
    request: dict[str, Any] = {"grid": rows}
    if lines is not None:
        request["lines"] = lines
    if bet is not None:
        request["bet"] = bet
    if special is not None:
        request["special"] = special
    return request


def random_requests(definition: dict[str, Any], bet_steps: Sequence[int]) -> list[dict[str, Any]]:
    """Seeded random requests: symbol windows, then base-strip and free-strip windows."""
    rng = random.Random(EVAL_SEED)
    symbols = [s["id"] for s in definition["symbols"]]
    paying = [
        s["id"]
        for s in definition["symbols"]
        if s["kind"] == "regular" and s["id"] in definition["paytable"]
    ]
    rows, reels = definition["rows"], len(definition["reels"]["base"])
    bets = [_money(c) for c in bet_steps]

    def dressed(grid: list[list[str]], special_share: float) -> dict[str, Any]:
        lines = None if rng.random() < 0.04 else rng.randint(1, len(definition["lines"]))
        bet = None if rng.random() < 0.04 else rng.choice(bets)
        special = rng.choice(paying) if rng.random() < special_share else None
        return _request(grid, lines, bet, special)

    out: list[dict[str, Any]] = []
    for n in range(EVAL_PER_KIND):
        # every other window from a small palette, so that lines pay more often
        palette = symbols if n % 2 == 0 else rng.sample(symbols, 3)
        grid = [[rng.choice(palette) for _ in range(reels)] for _ in range(rows)]
        out.append(dressed(grid, 0.3))
    for kind, share in (("base", 0.15), ("free", 0.55)):
        strips = definition["reels"][kind]
        for _ in range(EVAL_PER_KIND):
            stops = [rng.randrange(len(strip)) for strip in strips]
            window = [
                [strip[(stop + i) % len(strip)] for i in range(rows)]
                for strip, stop in zip(strips, stops, strict=True)
            ]
            out.append(dressed(_rows(window), share))
    return out


def _grid(text: str) -> list[list[str]]:
    return [row.split(",") for row in text.split("/")]


ALL_BOOK = "/".join([",".join(["BOOK"] * 5)] * 3)
ALL_WITCH = "/".join([",".join(["WITCH"] * 5)] * 3)

EDGE_CASES: tuple[tuple[str, int | None, str | None, str | None], ...] = (
    # (grid rows top first, lines, bet per line, special)
    # all BOOK: 5 wilds on every line and the 5-scatter pay
    (ALL_BOOK, 9, "0.10", None),
    (ALL_BOOK, 1, "0.02", None),
    (ALL_BOOK, 9, "2.00", None),
    (ALL_BOOK, 9, "0.10", "WITCH"),
    (ALL_BOOK, 5, "0.05", "TEN"),
    # 5 WITCH: on the middle row, on every row, and as a free spin with WITCH expanding
    ("A,K,Q,J,TEN/WITCH,WITCH,WITCH,WITCH,WITCH/K,Q,J,TEN,A", 1, "0.10", None),
    ("A,K,Q,J,TEN/WITCH,WITCH,WITCH,WITCH,WITCH/K,Q,J,TEN,A", 9, "0.10", None),
    (ALL_WITCH, 9, "0.20", None),
    ("A,K,Q,J,TEN/WITCH,WITCH,WITCH,WITCH,WITCH/K,Q,J,TEN,A", 9, "0.10", "WITCH"),
    ("A,K,Q,J,TEN/WITCH,WITCH,WITCH,WITCH,WITCH/K,Q,J,TEN,A", 9, "0.10", "HAT"),
    # BOOK leading into WITCH: wilds substitute at the start of a line
    ("A,K,Q,J,TEN/BOOK,WITCH,WITCH,K,A/K,Q,J,TEN,A", 9, "0.10", None),
    ("A,K,Q,J,TEN/BOOK,BOOK,WITCH,WITCH,WITCH/K,Q,J,TEN,A", 9, "0.10", None),
    ("A,K,Q,J,TEN/BOOK,BOOK,BOOK,BOOK,WITCH/K,Q,J,TEN,A", 9, "0.10", None),
    ("A,K,Q,J,TEN/BOOK,BOOK,BOOK,WITCH,A/K,Q,J,TEN,A", 1, "0.10", None),
    ("A,K,Q,J,TEN/BOOK,BOOK,WITCH,BOOK,WITCH/K,Q,J,TEN,A", 9, "0.10", "WITCH"),
    ("BOOK,K,Q,J,TEN/BOOK,WITCH,WITCH,WITCH,A/K,Q,J,TEN,A", 9, "1.00", None),
    ("A,K,Q,J,TEN/BOOK,BOOK,A,A,A/K,Q,J,TEN,A", 9, "0.10", None),
    # the expanding symbol: a high symbol on 2 reels, a low one on 3 (and on 2: no pay)
    ("WITCH,K,Q,J,TEN/A,K,Q,J,TEN/K,Q,J,WITCH,A", 9, "0.10", "WITCH"),
    ("A,WITCH,Q,J,TEN/A,K,Q,J,TEN/K,Q,J,TEN,WITCH", 9, "0.10", "WITCH"),
    ("CAULDRON,K,Q,J,TEN/A,CAULDRON,Q,J,TEN/K,Q,J,TEN,A", 5, "0.05", "CAULDRON"),
    ("WITCH,K,Q,J,TEN/A,K,Q,J,TEN/K,Q,J,WITCH,A", 9, "0.10", None),
    ("TEN,K,Q,J,A/A,K,TEN,J,K/K,Q,J,A,TEN", 9, "0.10", "TEN"),
    ("TEN,K,Q,J,A/A,K,TEN,J,K/K,Q,J,A,TEN", 1, "0.10", "TEN"),
    ("TEN,K,Q,J,A/A,K,Q,J,K/K,Q,J,A,TEN", 9, "0.10", "TEN"),
    ("Q,K,A,J,TEN/A,Q,K,J,Q/K,A,J,Q,A", 9, "0.10", "Q"),
    ("HAT,HAT,Q,J,TEN/A,K,HAT,J,K/K,Q,J,A,HAT", 9, "0.10", "HAT"),
    # BOOK scatters: 3, 4 and 5 anywhere, paying whatever the lines
    ("BOOK,K,Q,J,TEN/A,K,BOOK,J,TEN/K,Q,J,TEN,BOOK", 1, "0.10", None),
    ("BOOK,K,Q,J,TEN/A,K,BOOK,J,TEN/K,Q,J,TEN,BOOK", 9, "0.10", None),
    ("BOOK,K,Q,J,TEN/A,K,BOOK,J,TEN/K,Q,J,TEN,BOOK", 9, "0.10", "POTION"),
    ("A,BOOK,Q,J,TEN/BOOK,K,Q,BOOK,TEN/K,Q,J,TEN,BOOK", 3, "0.50", None),
    ("A,BOOK,Q,J,TEN/BOOK,K,Q,BOOK,TEN/K,Q,J,TEN,BOOK", 9, "0.10", "J"),
    ("A,K,BOOK,J,BOOK/BOOK,K,Q,J,TEN/K,BOOK,J,BOOK,A", 9, "0.10", None),
    ("A,K,BOOK,J,BOOK/BOOK,K,Q,J,TEN/K,BOOK,J,BOOK,A", 2, "0.02", "K"),
    ("A,K,Q,J,TEN/BOOK,BOOK,K,A,Q/K,Q,J,TEN,A", 9, "0.10", None),
    # the text form of the grid, and a request with every optional field left out
    ("A,K,Q,J,TEN/BOOK,BOOK,BOOK,A,A/HAT,HAT,HAT,HAT,HAT", None, None, None),
)


def edge_requests() -> list[dict[str, Any]]:
    """The hand-picked cases of :data:`EDGE_CASES` (the last one with a text grid)."""
    out = [_request(_grid(g), lines, bet, special) for g, lines, bet, special in EDGE_CASES]
    out[-1]["grid"] = EDGE_CASES[-1][0]
    return out


# ==== TRACE DRIVER =========================================================================
# The one function below is the only code that drives the round state machine directly.  It
# uses only these names (and the attributes read below):
#     slotterm.engine.round.apply, slotterm.engine.policy.next_action,
#     slotterm.engine.actions.Spin / Bet / Collect, slotterm.engine.records.GameState / Phase,
#     slotterm.engine.events.RoundClosed, slotterm.engine.features.free_spins_records.record_of,
#     slotterm.rng.SeededSource
# and reads state.phase, state.round, state.credits, transition.state / .events,
# round.base.stops, round.base_win, the free-spins record's modifier (the special symbol)
# and its spins[i].result.stops and spins[i].win.  (RoundClosed.round is needed because a
# base spin that pays nothing closes its round at once: state.round is then None.)
# When the engine's API changes, update this function (and nothing else) so that the
# rounds it writes stay byte for byte the same.


def trace_rounds(
    game: GameDefinition, seed: int, plan: Sequence[tuple[int, int, bool]], credits: int
) -> list[dict[str, Any]]:
    """Play one round per ``(bet_per_line, lines, force_feature)`` of ``plan``; trace each.

    Spin, then StartFeature and PlayFreeSpin until the feature is done, then Collect when
    a win is offered (never the gamble), all drawing from one ``SeededSource(seed)``.
    """
    from slotterm.engine.actions import Bet, Collect, Spin
    from slotterm.engine.events import RoundClosed
    from slotterm.engine.features.free_spins_records import record_of
    from slotterm.engine.policy import next_action
    from slotterm.engine.records import GameState, Phase
    from slotterm.engine.round import apply
    from slotterm.rng import SeededSource

    rng = SeededSource(seed)
    state = GameState(Phase.IDLE, credits)
    trace: list[dict[str, Any]] = []
    for bet_per_line, lines, force in plan:
        before = state.credits
        spin = Spin(Bet(bet_per_line, lines), force="free_spins" if force else None)
        step = apply(game, state, spin, rng)
        state, record, collected = step.state, step.state.round, False
        while state.phase is not Phase.IDLE:
            action = next_action(game, state)
            assert action is not None
            if isinstance(action, Collect):  # the win offered: the open round is complete
                record, collected = state.round, True
            step = apply(game, state, action, rng)
            state = step.state
        if not collected:  # closed by a spin that paid nothing: the record is in the event
            record = next(e.round for e in step.events if isinstance(e, RoundClosed))
        assert record is not None
        free = record_of(record)
        trace.append(
            {
                "stops": list(record.base.stops),
                "base_win": record.base_win,
                "special": None if free is None else free.modifier,
                "free": [] if free is None else [[list(f.result.stops), f.win] for f in free.spins],
                "paid": state.credits - before + bet_per_line * lines,
                "credits": state.credits,
            }
        )
    return trace


# ==== end of the trace driver ==============================================================


def round_plan(bet_steps: Sequence[int], line_count: int) -> list[tuple[int, int, bool]]:
    """``(bet_per_line, lines, force_feature)`` of every traced round: lines 1..N in turn,
    the bet stepping every N rounds, every :data:`FORCE_EVERY`-th round forced."""
    return [
        (
            bet_steps[(n // line_count) % len(bet_steps)],
            1 + n % line_count,
            (n + 1) % FORCE_EVERY == 0,
        )
        for n in range(ROUNDS_COUNT)
    ]


def rounds_trace_lines() -> list[str]:
    """The lines of the rounds golden file, as the code plays them now."""
    from slotterm.games import get_game

    game = get_game(GAME)
    plan = round_plan(game.bet_per_line_steps, len(game.lines))
    trace = trace_rounds(game, ROUNDS_SEED, plan, ROUNDS_START_CREDITS)
    return [
        json.dumps({"round": n, "bet": [b, lines], "force": force, **t}, separators=(",", ":"))
        for n, ((b, lines, force), t) in enumerate(zip(plan, trace, strict=True), 1)
    ]


# --- writing the files ------------------------------------------------------------------


def _write(path: Path, text: str) -> None:
    path.write_text(text, encoding="utf-8", newline="\n")
    print(f"wrote {path} ({path.stat().st_size:,} bytes)")


def main(argv: Sequence[str] | None = None) -> int:
    """Regenerate every golden file."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=GOLDEN_DIR, help="folder to write to")
    out: Path = parser.parse_args(argv).out
    out.mkdir(parents=True, exist_ok=True)

    from slotterm.games import get_game

    bet_steps = get_game(GAME).bet_per_line_steps
    definition = json.loads(slotterm(["game-def", GAME, "--json"]))

    par = {str(n): json.loads(slotterm(par_args(n))) for n in LINE_COUNTS}
    _write(out / PAR_FILE, json.dumps(par, indent=1) + "\n")

    requests = random_requests(definition, bet_steps) + edge_requests()
    results = eval_results(slotterm(EVAL_ARGS, eval_stdin(requests)))
    if len(results) != len(requests) or any("error" in r for r in results):
        raise RuntimeError("eval did not answer every request")
    _write(
        out / EVAL_FILE,
        "".join(
            json.dumps({"request": q, "result": r}) + "\n"
            for q, r in zip(requests, results, strict=True)
        ),
    )

    simulations = {
        simulate_key(r): simulate_output(slotterm(simulate_args(r))) for r in SIMULATIONS
    }
    _write(out / SIMULATE_FILE, json.dumps(simulations, indent=1) + "\n")

    _write(out / ROUNDS_FILE, "".join(line + "\n" for line in rounds_trace_lines()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
