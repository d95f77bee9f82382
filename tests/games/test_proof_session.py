"""A game is a file (issue 19): the synthetic game played in real processes, saved,
killed with SIGKILL in the middle of its free spins, resumed, and read back by ``history``.

The player is the kill campaign's headless driver (:mod:`tests.session.kill_driver`),
started with the file's path as its game: each saved state is a line with the save's
sequence number, the machine's phase and a fingerprint of everything that is money or
outcome.
"""

from __future__ import annotations

import itertools
import json
import signal
from pathlib import Path

import pytest

from slotterm.cli import main
from slotterm.money import parse_cents
from tests.games.proof_game import driver, played, write_game

SEED = 4
ROUNDS = 6
FREE_SPIN = "feature:free_spins:playing"


def _states(lines: list[str]) -> tuple[dict[int, str], dict[int, str]]:
    """Sequence -> fingerprint and sequence -> phase of a driver's run."""
    states: dict[int, str] = {}
    phases: dict[int, str] = {}
    for line in lines:
        word, *rest = line.split()
        if word == "LOADED":
            states[int(rest[0])], phases[int(rest[0])] = rest[1], "idle"
        elif word == "STEP":
            states[int(rest[0])], phases[int(rest[0])] = rest[2], rest[1]
    return states, phases


@pytest.fixture
def game_file(tmp_path: Path) -> Path:
    """The proof game as a TOML file in a temporary folder."""
    return write_game(tmp_path / "games")


def test_a_file_game_killed_during_its_free_spins_resumes_and_pays_the_same(
    game_file: Path, tmp_path: Path
) -> None:
    reference = played(game_file, tmp_path / "reference", ROUNDS, SEED)
    states, phases = _states(reference)
    done, _, final, credits = reference[-1].split()
    assert done == "DONE"
    free_spins = sorted(seq for seq, phase in phases.items() if phase == FREE_SPIN)
    assert len(free_spins) >= 2, phases  # the seed plays a feature of several spins
    killed_at = free_spins[len(free_spins) // 2]

    save_dir = tmp_path / "killed"
    proc = driver(game_file, save_dir, ROUNDS, SEED, "--pause-at-seq", str(killed_at))
    assert proc.stdout is not None
    while (line := proc.stdout.readline()) and line.strip() != "PAUSED":
        pass
    assert line.strip() == "PAUSED"
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=30)
    assert proc.returncode == -signal.SIGKILL

    resumed = played(game_file, save_dir, ROUNDS, SEED)
    word, seq, fingerprint = resumed[0].split()
    assert (word, int(seq)) == ("LOADED", killed_at)
    assert fingerprint == states[killed_at]  # the very state saved inside the free spins
    _, next_seq, next_phase, next_fingerprint = resumed[1].split()
    assert (int(next_seq), next_fingerprint) == (killed_at + 1, states[killed_at + 1])
    assert next_phase == phases[killed_at + 1]
    assert resumed[-1].split() == ["DONE", str(max(states)), final, credits]


def test_history_of_a_file_game_shows_every_round_and_its_free_spins(
    game_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    save_dir = tmp_path / "saves"
    lines = played(game_file, save_dir, ROUNDS, SEED)
    credits = int(lines[-1].split()[3])
    argv = ["history", str(game_file), "--save-dir", str(save_dir), "--seed", str(SEED)]
    assert main([*argv, "--json"]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    report = json.loads(out)
    assert report["game"] == "proof-toy"
    rounds = report["rounds"]
    assert [r["round"] for r in rounds] == list(range(1, ROUNDS + 1))
    start = parse_cents(rounds[0]["credits_before"])
    for before, after in itertools.pairwise(rounds):
        assert after["credits_before"] == before["credits_after"]
    for r in rounds:
        change = parse_cents(r["credits_after"]) - parse_cents(r["credits_before"])
        assert change == parse_cents(r["paid"]) - parse_cents(r["total_bet"])
        # every free spin awarded is in the record, each with its own window
        assert len(r["free_spins"]) == r["free_spins_awarded"] or r["ended_by"] is not None
    assert parse_cents(rounds[-1]["credits_after"]) == credits
    assert any(r["free_spins"] for r in rounds)
    assert start == 100_000
    assert main(argv) == 0
    text, err = capsys.readouterr()
    assert err == "" and "proof-toy" in text and "free spins" in text
