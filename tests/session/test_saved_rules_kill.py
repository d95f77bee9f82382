"""SIGKILL in the middle of a file game's free spins, the file changed before the restart.

The driver (:mod:`tests.session.kill_driver`, the real ``play`` parser and opening) plays
a seeded session of a game file by the deterministic policy, which forces the feature in
round 2.  It is killed while it waits after a save inside the free spins; the file's pays
are then doubled and the game started again.  The restart loads exactly the state saved
before the kill; the feature finishes as an uninterrupted run with the old file finishes
it (same spins, same pays); round 3 draws what that run draws and pays double.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

from slotterm.engine.model import GameDefinition
from slotterm.session.opening import session_folder
from slotterm.session.saved_rules import rules_of
from slotterm.session.session_record import SessionRecord
from slotterm.session.store import SaveStore
from tests.session.rules_support import base_tree, doubled_pays, write_game

REPO = Path(__file__).resolve().parents[2]
SEED = 3
ROUNDS = 3
"""Round 2 is the forced feature (:func:`tests.session.policy.forced`), round 3 the check."""


def _driver(game: Path, save_dir: Path, *extra: str) -> subprocess.Popen[str]:
    command = [sys.executable, "-m", "tests.session.kill_driver", "--game", str(game)]
    command += ["--rounds", str(ROUNDS), "--seed", str(SEED), "--save-dir", str(save_dir)]
    return subprocess.Popen(
        [*command, *extra],
        cwd=REPO,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=dict(os.environ),
    )


def _finished(proc: subprocess.Popen[str]) -> list[str]:
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 0 and "Traceback" not in err, err
    return out.splitlines()


def _saved(game: GameDefinition, save_dir: Path) -> SessionRecord:
    store = SaveStore(session_folder(save_dir, game.id, SEED), game, seed=SEED)
    loaded = store.load(datetime.now(UTC), readonly=True)
    assert loaded is not None and loaded.notice is None
    return loaded.record


def test_killed_in_a_file_games_free_spins_then_the_file_changed(tmp_path: Path) -> None:
    old = write_game(tmp_path / "reference.toml", base_tree())
    lines = _finished(_driver(tmp_path / "reference.toml", tmp_path / "reference"))
    states = {int(w[1]): w[3] for w in (line.split() for line in lines) if w[0] == "STEP"}
    playing = [
        int(w[1])
        for w in (line.split() for line in lines)
        if w[0] == "STEP" and w[2] == "feature:free_spins:playing"
    ]
    assert len(playing) >= 3
    target = playing[2]  # after two free spins, more to come
    reference = _saved(old, tmp_path / "reference")

    game_file, save_dir = tmp_path / "spell.toml", tmp_path / "saves"
    write_game(game_file, base_tree())
    proc = _driver(game_file, save_dir, "--pause-at-seq", str(target))
    assert proc.stdout is not None
    while (line := proc.stdout.readline()) and line.strip() != "PAUSED":
        pass
    assert line.strip() == "PAUSED"
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    proc.communicate()

    new = write_game(game_file, doubled_pays(base_tree()))
    restarted = _finished(_driver(game_file, save_dir))
    assert restarted[0] == f"LOADED {target} {states[target]}"  # the state saved before
    assert restarted[1].split()[2] == "feature:free_spins:playing"  # the feature goes on
    record = _saved(new, save_dir)
    feature, after = record.history[1], record.history[2]
    assert feature == reference.history[1]  # the free spins as the old file paid them
    assert feature.feature_win > 0
    assert rules_of(record.rules_of(feature.number, new)).fingerprint == rules_of(old).fingerprint
    assert record.rules_of(after.number, new) is new
    assert after.base.window == reference.history[2].base.window
    assert reference.history[2].base_win > 0
    assert after.base_win == 2 * reference.history[2].base_win
