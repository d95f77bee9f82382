"""What the kill campaigns share: the campaign specs and the driver processes
(``python -m tests.session.kill_driver``) they start, kill and read."""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
SEED = 3
ROUNDS = 8


@dataclass(frozen=True)
class Spec:
    """One campaign: the game, the seed, the rounds the chain plays, the racing kills."""

    game: str
    seed: int
    rounds: int
    racing: int


BOOK = Spec(game="book-of-spells", seed=SEED, rounds=ROUNDS, racing=15)
WITCH = Spec(game="lucky-witch", seed=7, rounds=4, racing=10)
"""Lucky Witch: four rounds, the policy forcing Magic Potion, Pumpkin, Spell Book and Secret
Vault in turn; seed 7 gives a potion game of four bottles and a Pumpkin given up once, so
every kind of pick step is killed (21 saves).  Its free spins are Book of Spells' feature
module, killed at every spin above; a restart after every free spin of Lucky Witch (and
every pick) is checked in process by tests/session/test_lucky_witch.py."""


def run_driver(
    spec: Spec, save_dir: Path, *extra: str, env: dict[str, str] | None = None
) -> subprocess.Popen[str]:
    """The headless driver playing ``spec`` in ``save_dir`` (``env``: more variables)."""
    return subprocess.Popen(
        [
            sys.executable,
            "-m",
            "tests.session.kill_driver",
            "--game",
            spec.game,
            "--rounds",
            str(spec.rounds),
            "--seed",
            str(spec.seed),
            "--save-dir",
            str(save_dir),
            *extra,
        ],
        cwd=REPO,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, **(env or {})},
    )


def output_lines(proc: subprocess.Popen[str]) -> list[str]:
    """Everything the driver printed, once it ended (no traceback allowed)."""
    out, err = proc.communicate(timeout=60)
    assert "Traceback" not in err, err
    return out.splitlines()


def reference_run(spec: Spec, tmp: Path) -> tuple[dict[int, str], dict[int, str], str, int]:
    """An uninterrupted run: each sequence's fingerprint and phase, the final fingerprint
    and credits."""
    lines = output_lines(run_driver(spec, tmp / "reference"))
    states: dict[int, str] = {}
    phases: dict[int, str] = {}
    for line in lines:
        parts = line.split()
        if parts[0] == "LOADED":
            states[int(parts[1])] = parts[2]
            phases[int(parts[1])] = "idle"
        elif parts[0] == "STEP":
            states[int(parts[1])] = parts[3]
            phases[int(parts[1])] = parts[2]
    done = lines[-1].split()
    assert done[0] == "DONE"
    return states, phases, done[2], int(done[3])
