"""How fast the Textual program feels in a real pseudo-terminal: the lobby and both games.

Starts ``slotterm [GAME] --demo --seed N`` in a pty (100×32, TERM=xterm-256color) and reads
what it writes, as a terminal would.  For each scenario (``lobby``, ``book-of-spells``,
``lucky-witch``):

* launch: process start -> the first full frame (the footer's "Quit" has been drawn);
* key: a key sent -> the frame that shows its effect (the games: the bet up and down,
  ``+`` / ``-`` in Book of Spells, ↑ / ↓ coins per line in Lucky Witch; the lobby: ↓ / ↑
  move the highlight -> the next frame);
* idle CPU: the process's CPU time over a few seconds with nothing moving;
* help and paytable (the games): H / P -> the first frame showing the screen's title, and
  -> the screen settled (its last frame before the output is quiet for 0.3 s), and the CPU
  time the process spent on it (less bent by a busy machine than wall time; /proc counts
  in 10 ms ticks, hence the medians); then H / P close it again.  Three cases:

  - "asked for": H and P pressed as soon as the game has drawn itself, before the machine
    has rested a second, so each window is built when asked for (a launch of its own);
  - "first time": the first H and P once the machine has rested: the game builds both
    windows ahead while it rests (slotterm.tui.screens.windows_ahead), so they are only
    shown; the CPU time that building ahead took, once, is reported too, and the idle CPU
    is measured after it;
  - "again": the next ``--opens - 1`` times, the window kept from the first;

* animation (the games): frames written per second while the reels spin (Textual wraps
  each frame in the synchronized-output sequence ESC[?2026h ... ESC[?2026l);
* celebration (``--force five-of-a-kind:Witch``, an EPIC WIN): frames per second while it
  counts, CPU a frame, Space (it skips) -> its end frame (:mod:`celebration_frames`).

Launch is measured as an installed program starts: from compiled bytecode.  Some
environments set ``PYTHONDONTWRITEBYTECODE`` (this workplace does), and then every launch
compiles slotterm's ~115 modules again (about 0.15 s more); so the children run without it,
after ``compileall`` has written the bytecode.  ``--no-bytecode`` measures that slower case.

Prints every run and the medians with the targets (launch < 0.6 s, key < 50 ms, idle CPU
about 0, help and paytable settled < 150 ms in every case, spin and celebration >= 20
frames/s, Space in a celebration < 50 ms).  Measure on a quiet machine: on a loaded one
every figure stretches.

    python benchmarks/bench_tui.py [--runs 5] [--keys 30] [--opens 3] [--seed 1]
        [--scenario lobby --scenario celebration ...]
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
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from celebration_frames import celebration_figures

import slotterm

COLS, ROWS = 100, 32
BYTECODE = True
"""Launch the children from compiled bytecode (see the module docstring)."""
FRAME_START = b"\x1b[?2026h"
QUIET = 0.3
"""Seconds without output after which a screen counts as settled."""
AHEAD_WAIT = 3.0
"""Seconds of rest after which the game has built its windows ahead (it starts after 1 s
of rest and takes a few steps 0.1 s apart)."""
TARGETS = {
    "launch_s": 0.6,
    "key_ms": 50.0,
    "idle_cpu_pct": 1.0,
    "help_asked_ms": 150.0,
    "help_cold_ms": 150.0,
    "help_ms": 150.0,
    "paytable_asked_ms": 150.0,
    "paytable_cold_ms": 150.0,
    "paytable_ms": 150.0,
    "fps": 20.0,
    "celebration_fps": 20.0,
    "celebration_key_ms": 50.0,
}
"""Targets: the most allowed (frames per second: the least)."""
UP, DOWN = b"\x1b[A", b"\x1b[B"


@dataclass(frozen=True)
class Scenario:
    """One thing to launch and the keys that show its speed."""

    name: str
    argv: tuple[str, ...]
    keys: tuple[tuple[bytes, bytes | None], ...]
    """Keys sent in turn, each with the text its frame shows (``None``: any next frame)."""
    screens: tuple[tuple[str, bytes, bytes], ...] = ()
    """``(name, key, title)``: a screen the key opens (and closes), known by its title."""
    spins: bool = False
    celebrates: bool = False  # its first spin's celebration only (no keys, screens, spins)


SCENARIOS = {
    "lobby": Scenario("lobby", (), ((DOWN, None), (UP, None))),
    "book-of-spells": Scenario(
        "book-of-spells",
        ("book-of-spells",),
        ((b"+", b"0.45"), (b"-", b"0.18")),
        (("help", b"h", b"Book of Spells: help"), ("paytable", b"p", b"Book of Spells: paytable")),
        spins=True,
    ),
    "lucky-witch": Scenario(
        "lucky-witch",
        ("lucky-witch",),
        ((UP, b"0.30"), (DOWN, b"0.15")),
        (("help", b"h", b"Lucky Witch: help"), ("paytable", b"p", b"Lucky Witch: paytable")),
        spins=True,
    ),
    "celebration": Scenario(
        "celebration",
        ("book-of-spells", "--force", "five-of-a-kind:Witch"),
        (),
        celebrates=True,
    ),
}


@dataclass
class Game:
    """A running program in a pty and everything it has written so far."""

    pid: int
    fd: int
    started: float
    output: bytearray = field(default_factory=bytearray)
    last_chunk: float = 0.0

    @classmethod
    def launch(cls, args: tuple[str, ...], seed: int) -> Game:
        """Fork ``slotterm ARGS --demo --seed`` onto a fresh pty."""
        started = time.perf_counter()
        pid, fd = pty.fork()
        if pid == 0:  # child
            env = dict(os.environ, TERM="xterm-256color", COLUMNS=str(COLS), LINES=str(ROWS))
            env.pop("TEXTUAL_ANIMATIONS", None)
            if BYTECODE:
                env.pop("PYTHONDONTWRITEBYTECODE", None)
            argv = [sys.executable, "-m", "slotterm", *args, "--demo", "--seed", str(seed)]
            os.execve(sys.executable, argv, env)
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
        self.last_chunk = time.perf_counter()
        if b"\x1b[?2026$p" in chunk:  # we are a terminal with synchronized output
            os.write(self.fd, b"\x1b[?2026;2$y")
        return chunk

    def wait_for(self, needle: bytes, since: int, limit: float = 30.0) -> float:
        """The moment ``needle`` shows in the output written after offset ``since``."""
        start = time.perf_counter()
        while needle not in self.output[since:]:
            if time.perf_counter() - start > limit:
                tail = bytes(self.output[-400:])
                raise TimeoutError(f"{needle!r} never appeared; the output ended {tail!r}")
            self.read(0.05)
        return self.last_chunk

    def settle(self, limit: float = 10.0) -> float:
        """The moment of the last output before ``QUIET`` seconds without any."""
        start = time.perf_counter()
        while time.perf_counter() - start < limit:
            if not self.read(QUIET):
                return self.last_chunk
        raise TimeoutError("the output never went quiet")

    def drain(self, seconds: float) -> None:
        """Keep reading for ``seconds``."""
        end = time.perf_counter() + seconds
        while time.perf_counter() < end:
            self.read(max(0.0, end - time.perf_counter()))

    def cpu_seconds(self) -> float:
        """User + system CPU time of the process so far."""
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


def measure(scenario: Scenario, seed: int, keys: int, opens: int) -> dict[str, list[float]]:
    """One launch of ``scenario``: every figure it measures, as lists of samples."""
    found: dict[str, list[float]] = defaultdict(list)
    game = Game.launch(scenario.argv, seed)
    try:
        found["launch_s"].append(game.wait_for(b"Quit", 0) - game.started)
        game.settle()
        for i in range(keys):
            key, shown = scenario.keys[i % len(scenario.keys)]
            mark = len(game.output)
            sent = time.perf_counter()
            game.send(key)
            found["key_ms"].append((game.wait_for(shown or FRAME_START, mark) - sent) * 1000)
            game.drain(0.05)
        game.settle()
        cpu_before = game.cpu_seconds()
        game.drain(AHEAD_WAIT)  # the windows are built ahead meanwhile
        found["ahead_cpu_ms"].append((game.cpu_seconds() - cpu_before) * 1000)
        cpu_before, wall_before = game.cpu_seconds(), time.perf_counter()
        game.drain(3.0)
        idle = (game.cpu_seconds() - cpu_before) / (time.perf_counter() - wall_before) * 100
        found["idle_cpu_pct"].append(idle)
        for name, key, title in scenario.screens:
            for n in range(opens):
                open_screen(game, found, f"{name}_cold" if n == 0 else name, key, title)
        if scenario.spins:
            mark = len(game.output)
            game.send(b" ")
            spin_start = time.perf_counter()
            game.drain(1.0)  # the reels spin for about 1.5 s; count the first second
            frames = game.output[mark:].count(FRAME_START)
            found["fps"].append(frames / (time.perf_counter() - spin_start))
        return found
    finally:
        game.close()


def measure_celebration(scenario: Scenario, seed: int) -> dict[str, list[float]]:
    """One launch of ``scenario``: its celebration's figures (:mod:`celebration_frames`)."""
    game = Game.launch(scenario.argv, seed)
    try:
        return celebration_figures(game, FRAME_START)
    finally:
        game.close()


def measure_asked(scenario: Scenario, seed: int) -> dict[str, list[float]]:
    """One launch of ``scenario``: H and P as soon as the game has drawn itself, before
    it has rested long enough to build them ahead."""
    found: dict[str, list[float]] = defaultdict(list)
    game = Game.launch(scenario.argv, seed)
    try:
        game.wait_for(b"Quit", 0)
        game.settle()
        for name, key, title in scenario.screens:
            open_screen(game, found, f"{name}_asked", key, title)
        return found
    finally:
        game.close()


def open_screen(
    game: Game, found: dict[str, list[float]], kind: str, key: bytes, title: bytes
) -> None:
    """Open a screen with ``key`` (known by its ``title``), record its figures as ``kind``,
    and close it with the same key."""
    mark = len(game.output)
    cpu, sent = game.cpu_seconds(), time.perf_counter()
    game.send(key)
    found[f"{kind}_first_ms"].append((game.wait_for(title, mark) - sent) * 1000)
    found[f"{kind}_ms"].append((game.settle() - sent) * 1000)
    found[f"{kind}_cpu_ms"].append((game.cpu_seconds() - cpu) * 1000)
    game.send(key)  # the same key closes it
    game.settle()


LABELS = {
    "launch_s": ("launch to first full frame", "s", "< 0.6 s"),
    "key_ms": ("key press to updated frame", "ms", "< 50 ms"),
    "ahead_cpu_ms": ("CPU time building the help and paytable ahead (once, at rest)", "ms", ""),
    "idle_cpu_pct": ("idle CPU", "%", "~0 %"),
    "help_asked_first_ms": ("H to the help's first frame, asked for", "ms", ""),
    "help_asked_ms": ("H to the help settled, asked for (built then)", "ms", "< 150 ms"),
    "help_asked_cpu_ms": ("CPU time the help takes to open when asked for", "ms", ""),
    "help_cold_first_ms": ("H to the help's first frame, first time", "ms", ""),
    "help_cold_ms": ("H to the help settled, first time (built ahead)", "ms", "< 150 ms"),
    "help_cold_cpu_ms": ("CPU time the help takes to open the first time", "ms", ""),
    "help_first_ms": ("H to the help's first frame, again", "ms", ""),
    "help_ms": ("H to the help settled, again (kept)", "ms", "< 150 ms"),
    "help_cpu_ms": ("CPU time the help takes to open again", "ms", ""),
    "paytable_asked_first_ms": ("P to the paytable's first frame, asked for", "ms", ""),
    "paytable_asked_ms": ("P to the paytable settled, asked for (built then)", "ms", "< 150 ms"),
    "paytable_asked_cpu_ms": ("CPU time the paytable takes to open when asked for", "ms", ""),
    "paytable_cold_first_ms": ("P to the paytable's first frame, first time", "ms", ""),
    "paytable_cold_ms": ("P to the paytable settled, first time (built ahead)", "ms", "< 150 ms"),
    "paytable_cold_cpu_ms": ("CPU time the paytable takes to open the first time", "ms", ""),
    "paytable_first_ms": ("P to the paytable's first frame, again", "ms", ""),
    "paytable_ms": ("P to the paytable settled, again (kept)", "ms", "< 150 ms"),
    "paytable_cpu_ms": ("CPU time the paytable takes to open again", "ms", ""),
    "fps": ("spin animation", "frames/s", ">= 20"),
    "celebration_fps": ("celebration animation", "frames/s", ">= 20"),
    "celebration_cpu_ms": ("CPU time a celebration frame takes", "ms", ""),
    "celebration_key_ms": ("Space during the celebration to its end frame", "ms", "< 50 ms"),
    "celebration_key_cpu_ms": ("CPU time from that Space to the end frame", "ms", ""),
}


def report(name: str, samples: dict[str, list[float]]) -> bool:
    """Print the medians of one scenario; True when all its targets are met."""
    ok = True
    print(f"== {name}")
    for key, (label, unit, target) in LABELS.items():
        if key not in samples:
            continue
        values = samples[key]
        median = statistics.median(values)
        spread = ""
        if len(values) >= 10:
            spread = f", p90 {statistics.quantiles(values, n=10)[-1]:.1f} {unit}"
        digits = 3 if unit == "s" else 1 if unit != "%" else 2
        aim = f" (target {target})" if target else ""
        print(f"  {label}: median {median:.{digits}f} {unit} over {len(values)}{spread}{aim}")
        limit = TARGETS.get(key)
        if limit is not None:
            ok = ok and (median >= limit if key.endswith("fps") else median < limit)
    return ok


def main() -> int:
    """Run the measurements and print medians against the targets."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--keys", type=int, default=30)
    parser.add_argument("--opens", type=int, default=3, help="help/paytable opens per run")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--scenario", action="append", choices=sorted(SCENARIOS))
    parser.add_argument(
        "--no-bytecode", action="store_true", help="launch without compiled bytecode"
    )
    args = parser.parse_args()
    global BYTECODE
    BYTECODE = not args.no_bytecode
    if BYTECODE:  # as pip does when it installs: the bytecode is there before the launch
        import compileall

        compileall.compile_dir(str(Path(slotterm.__file__).parent), quiet=1)
    names = args.scenario or list(SCENARIOS)
    results: dict[str, dict[str, list[float]]] = {n: defaultdict(list) for n in names}
    for run in range(1, args.runs + 1):
        for name in names:  # interleaved, so a busy moment does not hit one scenario only
            if SCENARIOS[name].celebrates:  # its figures only: no keys, screens, spins
                for key, values in measure_celebration(SCENARIOS[name], args.seed).items():
                    results[name][key].extend(values)
                    print(f"run {run} {name}: {key} {values[0]:.3f}", flush=True)
                continue
            found = measure(SCENARIOS[name], args.seed, args.keys, args.opens)
            if SCENARIOS[name].screens:
                for key, values in measure_asked(SCENARIOS[name], args.seed).items():
                    found[key].extend(values)
            parts = [f"launch {found['launch_s'][0]:.3f} s"]
            parts.append(f"key median {statistics.median(found['key_ms']):.1f} ms")
            parts.append(f"idle CPU {found['idle_cpu_pct'][0]:.2f} %")
            for screen in ("help", "paytable"):
                if f"{screen}_cold_ms" in found:
                    asked = found[f"{screen}_asked_ms"][0]
                    cold = found[f"{screen}_cold_ms"][0]
                    again = statistics.median(found.get(f"{screen}_ms", [float("nan")]))
                    parts.append(
                        f"{screen} asked {asked:.0f} ms, first {cold:.0f} ms, again {again:.0f} ms"
                    )
            if "fps" in found:
                parts.append(f"spin {found['fps'][0]:.1f} frames/s")
            print(f"run {run} {name}: " + " · ".join(parts), flush=True)
            for key, values in found.items():
                results[name][key].extend(values)
    ok = all([report(name, results[name]) for name in names])
    print("all targets met" if ok else "SOME TARGETS MISSED")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
