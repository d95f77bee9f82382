"""Kill campaign: a real process killed at every state and inside every save step.

A reference run plays a seeded session by the deterministic policy and records the
fingerprint of every saved state (by save sequence number).  The campaign then plays the
same session in a fresh folder as a chain of processes, each one killed:

* with SIGKILL while it waits after save #s, for every s (every state the round machine
  passes: collect offered, Magic Book waiting, each free spin, each gamble step, autoplay);
* with ``SLOTTERM_CRASH_POINT`` inside the next save, rotating through every point between
  the write, fsync, replace and folder-fsync steps;
* with SIGKILL after a random delay, while it plays flat out.

Each restart must load exactly the state the reference had at that sequence number (the
one being written if the crash came after the replace, the previous one before it), and
the chain must end with the reference's final state and credits: nothing lost, nothing
paid twice.  Run with ``-s`` to see the figures.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from slotterm.session.crashpoints import CRASH_EXIT_STATUS, ENV_VAR, POINTS

REPO = Path(__file__).resolve().parent.parent
SEED = 3
ROUNDS = 8
AFTER_REPLACE = ("after-replace", "after-dir-fsync")


def _driver(
    save_dir: Path, *extra: str, env: dict[str, str] | None = None
) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [
            sys.executable,
            "-m",
            "tests.session.kill_driver",
            "--rounds",
            str(ROUNDS),
            "--seed",
            str(SEED),
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


def _lines(proc: subprocess.Popen[str]) -> list[str]:
    out, err = proc.communicate(timeout=60)
    assert "Traceback" not in err, err
    return out.splitlines()


@dataclass
class Campaign:
    """Tallies of the campaign."""

    reference: dict[int, str]
    tried: int = 0
    exact: int = 0
    phases_killed: set[str] = field(default_factory=set)
    points_hit: dict[str, int] = field(default_factory=dict)

    def check_load(self, line: str, allowed: tuple[int, ...]) -> int:
        """The restart loaded the reference state of one of the ``allowed`` sequences."""
        word, seq_text, fingerprint = line.split()
        assert word == "LOADED", line
        seq = int(seq_text)
        self.tried += 1
        if seq in allowed and self.reference[seq] == fingerprint:
            self.exact += 1
        return seq


def _reference(tmp: Path) -> tuple[dict[int, str], dict[int, str], str, int]:
    lines = _lines(_driver(tmp / "reference"))
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


def test_kill_campaign(tmp_path: Path) -> None:
    reference, phases, final_digest, final_credits = _reference(tmp_path)
    last = max(reference)
    campaign = Campaign(reference)
    save_dir = tmp_path / "campaign"
    first = _driver(save_dir, "--pause-at-seq", "1")
    assert first.stdout is not None
    assert first.stdout.readline().startswith("LOADED 1 ")
    first.kill()
    first.wait()
    seq = 1
    for target in range(1, last):
        # 1. SIGKILL while waiting after save #target.
        proc = _driver(save_dir, "--pause-at-seq", str(target))
        assert proc.stdout is not None
        campaign.check_load(proc.stdout.readline(), (seq,))
        while (line := proc.stdout.readline()) and line.strip() != "PAUSED":
            pass
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        campaign.phases_killed.add(phases[target])
        seq = target
        # 2. Crash inside the next save, at one of the points between its steps.
        point = POINTS[target % len(POINTS)]
        proc = _driver(save_dir, env={ENV_VAR: f"{point}:1"})
        lines = _lines(proc)
        assert proc.returncode == CRASH_EXIT_STATUS, (point, lines)
        campaign.check_load(lines[0], (seq,))
        campaign.points_hit[point] = campaign.points_hit.get(point, 0) + 1
        seq = target + 1 if point in AFTER_REPLACE else target
    final = _lines(_driver(save_dir))
    campaign.check_load(final[0], (seq,))
    assert final[-1].split()[2] == final_digest
    # 3. Kills at random instants while playing flat out (racing the writes), new folder.
    rng = random.Random(SEED)
    racing = tmp_path / "racing"
    racing_loads = []
    for _ in range(25):
        proc = _driver(racing)
        assert proc.stdout is not None
        racing_loads.append(campaign.check_load(proc.stdout.readline(), tuple(reference)))
        time.sleep(rng.uniform(0.0, 0.015))
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    final = _lines(_driver(racing))
    campaign.check_load(final[0], tuple(reference))
    done = final[-1].split()
    credits_lost = final_credits - int(done[3])
    print(
        f"\nkill campaign: {campaign.tried} kill points tried, {campaign.exact} recovered "
        f"exactly, credits lost {credits_lost}, phases killed in {sorted(campaign.phases_killed)}, "
        f"crash points {campaign.points_hit}, racing kills resumed at saves {racing_loads}"
    )
    assert campaign.exact == campaign.tried
    assert done[2] == final_digest
    assert credits_lost == 0
    assert set(campaign.phases_killed) == {
        "idle",
        "win_offered",
        "gamble",
        "feature_awarded",
        "free_spins",
    }
    assert set(campaign.points_hit) == set(POINTS)
    assert any(1 < n < last for n in racing_loads), "no racing kill landed mid-play"
    assert racing_loads == sorted(racing_loads), "a restart went back in time"
