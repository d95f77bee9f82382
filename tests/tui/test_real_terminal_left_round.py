"""qa2 finding 7 in a real pseudo-terminal: Lucky Witch killed (SIGKILL) while the Secret
Vault's final reveal runs; on restart the message line says what the vault paid.

Two runs of ``python -m slotterm lucky-witch --seed N --save-dir DIR`` on one folder, in
a pty of 100×32 read back through pyte (:mod:`tests.tui.pty_support`), animations on (the
reveal must take time):

1. with ``--force mystery-bonus:vault``: the spin, the cauldron stirred, vaults 1, 5 and
   9 chosen, vault 5 opened; killed as soon as the screen shows it opening (or, on a
   slow machine, already open: the pick was saved before either was drawn).
2. without: the machine at rest, the message line names the vault, its amount and the
   prize, worked out from the saved layout (``slotterm history --json``) by DESIGN §2.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from slotterm.games import get_game
from slotterm.money import format_cents, parse_cents
from tests.tui.pty_support import COLS, ROWS, WAIT, PtyGame

WITCH = get_game("lucky-witch")
SEED = 5


def saved_history(saves: Path, env: dict[str, str], cwd: Path) -> dict[str, Any]:
    """``slotterm history lucky-witch --json`` of the seeded save."""
    argv = [sys.executable, "-m", "slotterm", "history", WITCH.id, "--json"]
    argv += ["--seed", str(SEED), "--save-dir", str(saves)]
    done = subprocess.run(argv, env=env, cwd=cwd, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def test_a_vault_killed_mid_reveal_is_told_on_restart(
    user_dirs: dict[str, str], tmp_path: Path
) -> None:
    env = {k: v for k, v in user_dirs.items() if not k.startswith(("TEXTUAL", "NO_COLOR"))}
    env.update(TERM="xterm-256color", COLUMNS=str(COLS), LINES=str(ROWS))
    saves = tmp_path / "saves"
    game_argv = [sys.executable, "-m", "slotterm", WITCH.id]
    game_argv += ["--seed", str(SEED), "--save-dir", str(saves)]

    game = PtyGame([*game_argv, "--force", "mystery-bonus:vault"], env, tmp_path)
    try:
        game.wait_for(lambda: "Press Space to spin" in game.text(), "the machine at rest")
        game.send(b" ")
        game.wait_for(lambda: "stir the cauldron" in game.text(), "the Mystery bonus")
        game.send(b" ")
        game.wait_for(lambda: "Choose 3 more vaults" in game.text(), "the vaults")
        for key, left in ((b"1", "Choose 2 more"), (b"5", "Choose 1 more"), (b"9", "Open one")):
            game.send(key)
            game.wait_for(lambda left=left: left in game.text(), f"vault {key.decode()} chosen")  # type: ignore[misc]
        # the nine amounts show, then hold: a key picks only once the screen rests on the
        # final pick (the footer offers Enter Open; read whole, not a frame half-drawn)
        game.wait_steady(
            lambda: "Open one" in game.text() and "Enter Open" in game.lines()[-1],
            "the final pick asked for",
        )
        game.send(b"5")
        game.wait_for(
            lambda: "Opening…" in game.text() or "You win" in game.text(), "vault 5 opening"
        )
        os.killpg(game.process.pid, signal.SIGKILL)
        game.process.wait(WAIT)
    finally:
        game.close()

    round_ = saved_history(saves, env, tmp_path)["rounds"][-1]
    vault = next(f["pick_game"] for f in round_["features"] if f.get("pick_game"))
    opened = [p for p in vault["picks"] if p["action"] == "open"]
    assert [p["item"] for p in opened] == [5]
    multiple = opened[0]["holds"]
    prize = format_cents(multiple * parse_cents(round_["total_bet"]))  # DESIGN §2
    note = f"Your Secret Vault paid {prize} (vault 5: {multiple}× bet)."

    game = PtyGame(game_argv, env, tmp_path)
    try:
        game.wait_for(lambda: note in game.text(), "the note about the vault")
        assert "Press Space to spin" in game.text()
        game.send(b"q")
        deadline = time.monotonic() + WAIT
        while game.process.poll() is None and time.monotonic() < deadline:
            game.pump(0.05)  # read what it writes as it ends
        assert game.process.returncode == 0, game.text()
    finally:
        game.close()
