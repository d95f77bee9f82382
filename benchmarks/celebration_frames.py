"""The celebration scenario of ``bench_tui.py``: a game in a pty spins into an EPIC WIN;
the frames written per second while it counts (over a second from its first frame), the
CPU time a frame takes, and Space (it skips) -> the frame that shows the end frame."""

from __future__ import annotations

import time
from collections import defaultdict
from typing import Protocol

CELEBRATION_STARTS = b"EPIC WIN! Any key skips."
"""The message line as the celebration starts."""
CELEBRATION_ENDS = b"the total bet"
"""The end frame's caption ("555× the total bet of 0.18")."""


class PtyChild(Protocol):
    """What the figures need of ``bench_tui.Game``: its output, keys, clocks."""

    started: float
    output: bytearray

    def wait_for(self, needle: bytes, since: int, limit: float = 30.0) -> float:
        """The moment ``needle`` shows in the output after offset ``since``."""

    def settle(self, limit: float = 10.0) -> float:
        """The moment of the last output before the output goes quiet."""

    def drain(self, seconds: float) -> None:
        """Keep reading for ``seconds``."""

    def cpu_seconds(self) -> float:
        """The child's CPU time so far."""

    def send(self, data: bytes) -> None:
        """Type ``data``."""


def celebration_figures(game: PtyChild, frame_start: bytes) -> dict[str, list[float]]:
    """Launch time, frames per second, CPU a frame, Space to the end frame (wall, CPU)
    of the celebration the game's first spin plays (``frame_start`` opens each frame)."""
    found: dict[str, list[float]] = defaultdict(list)
    found["launch_s"].append(game.wait_for(b"Quit", 0) - game.started)
    game.settle()
    mark = len(game.output)
    game.send(b" ")
    game.wait_for(CELEBRATION_STARTS, mark)
    mark, cpu, start = len(game.output), game.cpu_seconds(), time.perf_counter()
    game.drain(1.0)
    frames = game.output[mark:].count(frame_start)
    found["celebration_fps"].append(frames / (time.perf_counter() - start))
    found["celebration_cpu_ms"].append((game.cpu_seconds() - cpu) * 1000 / max(1, frames))
    mark, cpu, sent = len(game.output), game.cpu_seconds(), time.perf_counter()
    game.send(b" ")
    found["celebration_key_ms"].append((game.wait_for(CELEBRATION_ENDS, mark) - sent) * 1000)
    found["celebration_key_cpu_ms"].append((game.cpu_seconds() - cpu) * 1000)
    return found
