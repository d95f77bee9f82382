"""How fast the Textual game feels in a real pseudo-terminal.

Starts ``slotterm --demo --seed N`` in a pty (100×32, TERM=xterm-256color) and reads what
it writes, as a terminal would:

* launch: process start -> the first full frame (the footer's "Quit" has been drawn);
* key: a bet key sent -> the frame that shows the new bet (alternating + and −);
* idle CPU: the process's CPU time over a few seconds with nothing moving;
* animation: frames written per second while the reels spin (Textual wraps each frame
  in the synchronized-output sequence ESC[?2026h ... ESC[?2026l; each one is counted).

Prints every run and the medians with the targets.

    python benchmarks/bench_tui.py [--runs 5] [--keys 30] [--seed 1]
"""

from __future__ import annotations

import argparse
import contextlib
import fcntl
import os
import pty
import select
import signal
import statistics
import struct
import sys
import termios
import time
from dataclasses import dataclass, field

COLS, ROWS = 100, 32
FRAME_START = b"\x1b[?2026h"
TARGETS = {"launch_s": 0.6, "key_ms": 50.0, "idle_cpu_pct": 1.0, "fps": 20.0}


@dataclass
class Game:
    """A running game in a pty and everything it has written so far."""

    pid: int
    fd: int
    started: float
    output: bytearray = field(default_factory=bytearray)

    @classmethod
    def launch(cls, seed: int) -> Game:
        """Fork ``slotterm --demo --seed`` onto a fresh pty."""
        started = time.perf_counter()
        pid, fd = pty.fork()
        if pid == 0:  # child
            env = dict(os.environ, TERM="xterm-256color", COLUMNS=str(COLS), LINES=str(ROWS))
            env.pop("TEXTUAL_ANIMATIONS", None)
            os.execve(
                sys.executable,
                [sys.executable, "-m", "slotterm", "--demo", "--seed", str(seed)],
                env,
            )
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLS, 0, 0))
        return cls(pid, fd, started)

    def read(self, timeout: float) -> bytes:
        """Read what arrives within ``timeout`` seconds (answers the sync-output query)."""
        ready, _, _ = select.select([self.fd], [], [], timeout)
        if not ready:
            return b""
        try:
            chunk = os.read(self.fd, 65536)
        except OSError:
            return b""
        self.output += chunk
        if b"\x1b[?2026$p" in chunk:  # we are a terminal with synchronized output
            os.write(self.fd, b"\x1b[?2026;2$y")
        return chunk

    def wait_for(self, needle: bytes, since: int, limit: float = 10.0) -> float:
        """Seconds until ``needle`` shows in the output written after offset ``since``."""
        start = time.perf_counter()
        while needle not in self.output[since:]:
            if time.perf_counter() - start > limit:
                raise TimeoutError(f"{needle!r} never appeared")
            self.read(0.05)
        return time.perf_counter()

    def drain(self, seconds: float) -> None:
        """Keep reading for ``seconds``."""
        end = time.perf_counter() + seconds
        while time.perf_counter() < end:
            self.read(max(0.0, end - time.perf_counter()))

    def cpu_seconds(self) -> float:
        """User + system CPU time of the game process so far."""
        with open(f"/proc/{self.pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        ticks = os.sysconf("SC_CLK_TCK")
        return (int(fields[11]) + int(fields[12])) / ticks

    def send(self, data: bytes) -> None:
        """Type ``data``."""
        os.write(self.fd, data)

    def close(self) -> None:
        """Quit (Q) and reap the process; kill it if it does not go."""
        try:
            self.send(b"q")
            self.drain(0.5)
        finally:
            with contextlib.suppress(ProcessLookupError):
                os.kill(self.pid, signal.SIGKILL)
            os.waitpid(self.pid, 0)
            os.close(self.fd)


def measure(seed: int, keys: int) -> dict[str, float | list[float]]:
    """One launch: launch time, key latencies, idle CPU and spin frame rate."""
    game = Game.launch(seed)
    try:
        first = game.wait_for(b"Quit", 0)
        launch = first - game.started
        game.drain(0.5)
        latencies = []
        for i in range(keys):
            key, shown = (b"+", b"0.45") if i % 2 == 0 else (b"-", b"0.18")
            mark = len(game.output)
            sent = time.perf_counter()
            game.send(key)
            latencies.append((game.wait_for(shown, mark) - sent) * 1000)
            game.drain(0.05)
        game.drain(0.5)
        cpu_before, wall_before = game.cpu_seconds(), time.perf_counter()
        game.drain(3.0)
        idle = (game.cpu_seconds() - cpu_before) / (time.perf_counter() - wall_before) * 100
        mark = len(game.output)
        game.send(b" ")
        spin_start = time.perf_counter()
        game.drain(1.0)  # the reels spin for about 1.5 s; count the first second
        frames = game.output[mark:].count(FRAME_START)
        fps = frames / (time.perf_counter() - spin_start)
        return {"launch_s": launch, "key_ms": latencies, "idle_cpu_pct": idle, "fps": fps}
    finally:
        game.close()


def main() -> int:
    """Run the measurements and print medians against the targets."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--keys", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    launches, keys, idles, fpss = [], [], [], []
    for run in range(1, args.runs + 1):
        result = measure(args.seed, args.keys)
        key_ms = result["key_ms"]
        assert isinstance(key_ms, list)
        launches.append(float(result["launch_s"]))  # type: ignore[arg-type]
        keys.extend(key_ms)
        idles.append(float(result["idle_cpu_pct"]))  # type: ignore[arg-type]
        fpss.append(float(result["fps"]))  # type: ignore[arg-type]
        key_median = statistics.median(key_ms)
        print(
            f"run {run}: launch {launches[-1]:.3f} s · key median {key_median:.1f} ms"
            f" · idle CPU {idles[-1]:.2f} % · spin {fpss[-1]:.1f} frames/s"
        )
    medians = {
        "launch_s": statistics.median(launches),
        "key_ms": statistics.median(keys),
        "idle_cpu_pct": statistics.median(idles),
        "fps": statistics.median(fpss),
    }
    print(f"launch to first full frame: median {medians['launch_s']:.3f} s (target < 0.6 s)")
    print(
        f"key press to updated frame: median {medians['key_ms']:.1f} ms over {len(keys)} keys,"
        f" p90 {statistics.quantiles(keys, n=10)[-1]:.1f} ms (target < 50 ms)"
    )
    print(f"idle CPU: median {medians['idle_cpu_pct']:.2f} % (target ~0 %)")
    print(f"spin animation: median {medians['fps']:.1f} frames/s (target >= 20)")
    ok = (
        medians["launch_s"] < TARGETS["launch_s"]
        and medians["key_ms"] < TARGETS["key_ms"]
        and medians["idle_cpu_pct"] < TARGETS["idle_cpu_pct"]
        and medians["fps"] >= TARGETS["fps"]
    )
    print("all targets met" if ok else "SOME TARGETS MISSED")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
