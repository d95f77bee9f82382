"""What one spin costs the terminal: bytes and frames written, for both games.

Starts ``slotterm GAME --demo --seed N --stops FILE`` in a pty (100×32,
TERM=xterm-256color, as ``bench_tui.py`` does) and presses S (spin; collect-and-spin after a
win) ``--spins`` times.  The stops are drawn from the seed on the base strips, leaving out
any window that would start a feature (three scatters, a bonus symbol), so every round is
a base spin and its win show, the same rounds for every version of the program.
For each spin it counts what the program writes from the key until the output has been
quiet for :data:`QUIET` seconds (the reels, the win show and the frames' pulse: the whole
round as a ``serve`` tab receives it), split into the reels' part (the first
:data:`REELS_SECONDS`) and the rest, and the program's CPU time over the round.  Frames
are counted by Textual's synchronized-output wrapper (ESC[?2026h ... ESC[?2026l).

Prints every spin and the medians per game; ``--quick``: two spins a game.

    python benchmarks/bench_tui_bytes.py [--spins 12] [--seed 1] [--game lucky-witch] [--quick]
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from bench_tui import FRAME_START, Game

from slotterm.engine.evaluate import count_scatters, window_at
from slotterm.engine.symbols import SymbolKind
from slotterm.games import get_game

GAMES = ("book-of-spells", "lucky-witch")
QUIET = 1.5
"""Seconds without output after which a round has come to rest: longer than anything in a
round that holds still (a winning line shown on its own, 0.9 s, once the frames' pulse
has ended; an announcement, 1.2 s), so that the next S never lands in a show."""
REELS_SECONDS = 1.5
"""The reels' part of a round: the first seconds after the key (the spin scene's length)."""
ROUND_LIMIT = 30.0
"""Seconds a round may take before the benchmark gives up on it."""


@dataclass(frozen=True)
class Spin:
    """What one spin wrote."""

    bytes: int
    frames: int
    reels_bytes: int
    reels_frames: int
    cpu_ms: float
    """The program's CPU time over the round (/proc counts in 10 ms ticks)."""


def one_spin(game: Game) -> Spin:
    """Press S and read until the round has come to rest."""
    mark = len(game.output)
    cpu = game.cpu_seconds()
    sent = time.perf_counter()
    game.send(b"s")
    reels_end = -1
    while True:
        got = game.read(QUIET)
        now = time.perf_counter()
        if reels_end < 0 and now - sent >= REELS_SECONDS:
            reels_end = len(game.output)
        if not got and now - game.last_chunk >= QUIET and game.last_chunk > sent:
            break
        if now - sent > ROUND_LIMIT:
            raise TimeoutError("the round never came to rest")
    written = bytes(game.output[mark:])
    reels = written[: (reels_end if reels_end >= 0 else len(game.output)) - mark]
    return Spin(
        len(written),
        written.count(FRAME_START),
        len(reels),
        reels.count(FRAME_START),
        (game.cpu_seconds() - cpu) * 1000,
    )


def plain_stops(game_id: str, spins: int, seed: int) -> list[tuple[int, ...]]:
    """``spins`` base-spin stops drawn from ``seed``, none of them starting a feature."""
    game = get_game(game_id)
    strips = game.reel_sets["base"]
    bonus = {s.id for s in game.symbols if s.kind is SymbolKind.BONUS}
    draw = random.Random(seed)
    found: list[tuple[int, ...]] = []
    while len(found) < spins:
        stops = tuple(draw.randrange(len(strip)) for strip in strips)
        window = window_at(strips, stops, game.rows)
        if count_scatters(game, window) < 3 and not bonus & {s for c in window for s in c}:
            found.append(stops)
    return found


def measure(game_id: str, spins: int, seed: int) -> list[Spin]:
    """Launch ``game_id`` and play ``spins`` plain spins."""
    with tempfile.TemporaryDirectory() as folder:
        stops = Path(folder) / "stops.txt"
        lines = [",".join(map(str, s)) for s in plain_stops(game_id, spins, seed)]
        stops.write_text("\n".join(lines) + "\n")
        game = Game.launch((game_id, "--stops", str(stops)), seed)
        try:
            game.wait_for(b"Quit", 0)
            game.settle()
            return [one_spin(game) for _ in range(spins)]
        finally:
            game.close()


def report(game_id: str, found: list[Spin]) -> None:
    """The medians of one game's spins."""

    def median(values: list[int]) -> float:
        return statistics.median(values)

    total = median([s.bytes for s in found])
    frames = median([s.frames for s in found])
    reels = median([s.reels_bytes for s in found])
    reels_frames = median([s.reels_frames for s in found])
    per_frame = median([s.bytes // max(1, s.frames) for s in found])
    cpu = statistics.median([s.cpu_ms for s in found])
    print(
        f"{game_id}: median over {len(found)} spins: {total / 1000:.1f} kB per spin in "
        f"{frames:.0f} frames ({per_frame / 1000:.1f} kB a frame); the reels' "
        f"{REELS_SECONDS} s: {reels / 1000:.1f} kB in {reels_frames:.0f} frames; "
        f"CPU {cpu:.0f} ms a round"
    )


def main() -> int:
    """Play the spins and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--spins", type=int, default=12)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--game", action="append", choices=GAMES)
    parser.add_argument("--quick", action="store_true", help="two spins a game")
    args = parser.parse_args()
    spins = 2 if args.quick else args.spins
    results = {}
    for game_id in args.game or GAMES:
        found = measure(game_id, spins, args.seed)
        for n, spin in enumerate(found, 1):
            print(
                f"{game_id} spin {n}: {spin.bytes} bytes in {spin.frames} frames "
                f"(reels {spin.reels_bytes} bytes in {spin.reels_frames} frames), "
                f"CPU {spin.cpu_ms:.0f} ms",
                flush=True,
            )
        results[game_id] = found
    print("== bytes written per spin (medians)")
    for game_id, found in results.items():
        report(game_id, found)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
