"""A forced round (``--force retrigger``) killed with SIGKILL at each of its saves: the
restart loads exactly the state saved, forced steps and all, and once the forced steps
are behind it the chain ends where an uninterrupted run ends.

The forced stops still to come when the kill lands are the command line's, not the
save's (as with ``--stops``): a restart without ``--force`` plays the rest of the round
fair, from exactly the saved state.
"""

from __future__ import annotations

import json
import signal
from pathlib import Path

import pytest

from slotterm.cli import main
from tests.kill_support import Spec, output_lines, run_driver

SPEC = Spec(game="book-of-spells", seed=5, rounds=2, racing=0)
FORCE = ("--force", "retrigger")
LAST_FORCED = 4
"""The save of the free spin that retriggers: LOADED is save 1, the spin 2, the start 3."""


def _run(save_dir: Path, *extra: str) -> list[str]:
    return output_lines(run_driver(SPEC, save_dir, *extra))


def _states(lines: list[str]) -> dict[int, str]:
    """Each save's fingerprint, by sequence number."""
    states = {}
    for line in lines:
        parts = line.split()
        if parts[0] in ("LOADED", "STEP"):
            states[int(parts[1])] = parts[-1]
    return states


def test_a_killed_forced_round_restarts_from_exactly_its_save(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    reference = _run(tmp_path / "reference", *FORCE)
    states = _states(reference)
    assert "feature:free_spins:playing" in " ".join(reference)
    for target in range(2, LAST_FORCED + 2):
        folder = tmp_path / f"kill-{target}"
        proc = run_driver(SPEC, folder, *FORCE, "--pause-at-seq", str(target))
        assert proc.stdout is not None
        while (line := proc.stdout.readline()) and line.strip() != "PAUSED":
            pass
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        again = _run(folder)  # restarted without --force
        loaded = again[0].split()
        assert loaded[:2] == ["LOADED", str(target)] and loaded[2] == states[target]
        if target >= LAST_FORCED:  # nothing forced was left to play: the same end
            assert again[-1].split()[2] == reference[-1].split()[2]
        assert (
            main(
                [
                    "history",
                    SPEC.game,
                    "--seed",
                    str(SPEC.seed),
                    "--save-dir",
                    str(folder),
                    "--json",
                ]
            )
            == 0
        )
        first = json.loads(capsys.readouterr().out)
        rounds = first if isinstance(first, list) else first["rounds"]
        assert rounds[0]["forced"] is True
