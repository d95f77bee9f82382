"""Every example of README's Commands table runs and does what the table says (issue 21).

Each row's example is run as written, from this environment's ``slotterm``, with the user
folders in a temporary folder: the reports (``par``, ``eval``, ``stops``, ``game-def``,
``--version``) as they stand; ``simulate`` with its round count cut to
:data:`QUICK_SPINS` (the table's million rounds take most of a minute on one core);
``history`` and ``log`` after an example save (``saves/``) is put where the player's save
lives; ``script`` on a copy of the repository's key script it names; the play example in a
real terminal, quit with Q; ``serve`` on a free port.
"""

from __future__ import annotations

import csv
import json
import re
import shlex
import shutil
import subprocess
import sys
import time
from pathlib import Path

from tests.readme_support import readme_text
from tests.serve_support import start_serve
from tests.tui.pty_support import PtyGame

ROOT = Path(__file__).resolve().parent.parent
SLOTTERM = str(Path(sys.executable).parent / "slotterm")
QUICK_SPINS = "20000"
"""The rounds the ``simulate`` example is run with here."""


def table_examples() -> dict[str, str]:
    """The Commands table's examples by their command's first word (``play`` for a game)."""
    text = readme_text()
    table = text[text.index("## Commands") :].split("\n\n", 2)[1]
    examples: dict[str, list[str]] = {}
    for row in table.splitlines()[2:]:
        example = re.findall(r"`([^`]+)`", row.rsplit("|", 2)[-2])[-1]
        argv = shlex.split(example)
        assert argv[0] == "slotterm", row
        word = argv[1] if argv[1] in KNOWN else "play"
        examples[word] = example
    return examples


KNOWN = (
    "par",
    "simulate",
    "eval",
    "stops",
    "game-def",
    "serve",
    "--version",
    "history",
    "log",
    "script",
)
"""The table's commands besides play."""


def run(example: str, env: dict[str, str], cwd: Path, status: int = 0) -> str:
    """Run ``example`` as a shell runs it (its redirection too) in ``cwd``, with this
    environment's ``slotterm`` first on the PATH; its output."""
    path = f"{Path(SLOTTERM).parent}:{env.get('PATH', '')}"
    done = subprocess.run(
        ["bash", "-c", example],
        env={**env, "PATH": path},
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == status, f"{example}: {done.stderr}"
    assert "Traceback" not in done.stderr
    return done.stdout + done.stderr


def test_the_table_has_an_example_for_every_command() -> None:
    assert set(table_examples()) == {"play", *KNOWN}


def test_the_reports_run_as_written(user_dirs: dict[str, str], tmp_path: Path) -> None:
    examples = table_examples()
    run(examples["par"], user_dirs, tmp_path)  # writes par.csv
    rows = list(csv.reader((tmp_path / "par.csv").open(encoding="utf-8")))
    assert rows[0] == ["section", "name", "value", "unit"] and len(rows) > 100
    evaluated = run(examples["eval"], user_dirs, tmp_path)
    assert "BOOK" in evaluated
    found = run(examples["stops"], user_dirs, tmp_path)
    assert re.search(r"^stops: \d+(,\d+){4}$", found, re.MULTILINE), found
    run(examples["game-def"], user_dirs, tmp_path)  # writes mygame.toml, a loadable game
    assert "[free_spins]" in (tmp_path / "mygame.toml").read_text(encoding="utf-8")
    run(f"slotterm par {tmp_path / 'mygame.toml'} --json > again.json", user_dirs, tmp_path)
    assert json.loads((tmp_path / "again.json").read_text(encoding="utf-8"))["rtp"] > 0.9
    from slotterm import __version__

    assert __version__ in run(examples["--version"], user_dirs, tmp_path)


def test_the_simulate_example_runs(user_dirs: dict[str, str], tmp_path: Path) -> None:
    example = re.sub(r"--spins \d+", f"--spins {QUICK_SPINS}", table_examples()["simulate"])
    out = run(example, user_dirs, tmp_path)
    assert "RTP" in out and "20,000" in out


def test_history_and_log_read_the_players_save(user_dirs: dict[str, str], tmp_path: Path) -> None:
    examples = table_examples()
    game = shlex.split(examples["history"])[2]
    root = Path(user_dirs["XDG_DATA_HOME"]) / "slotterm" / "player"
    shutil.copytree(ROOT / "saves" / f"{game}-mid-free-spins-v3" / "player" / game, root / game)
    assert json.loads(run(examples["history"], user_dirs, tmp_path)), "the save's rounds"
    assert shlex.split(examples["log"])[2] == game
    assert run(examples["log"], user_dirs, tmp_path).strip()


def test_the_script_example_plays_its_script(user_dirs: dict[str, str], tmp_path: Path) -> None:
    example = table_examples()["script"]
    keys = shlex.split(example)[shlex.split(example).index("--keys") + 1]
    (tmp_path / keys).parent.mkdir(parents=True)
    shutil.copy(ROOT / keys, tmp_path / keys)  # the repository's script, where it says
    run(example, user_dirs, tmp_path)
    out = tmp_path / shlex.split(example)[-1]
    steps = (out / "transcript.jsonl").read_text(encoding="utf-8").splitlines()
    assert json.loads(steps[-1])["state"]["phase"] == "idle" and len(steps) > 3


def test_the_play_example_opens_the_game_and_quits(
    user_dirs: dict[str, str], tmp_path: Path
) -> None:
    argv = shlex.split(table_examples()["play"])[1:]
    game = PtyGame([SLOTTERM, *argv], env={**user_dirs, "TERM": "xterm-256color"}, cwd=tmp_path)
    try:
        game.wait_for(lambda: "Credits" in game.text() or "CREDITS" in game.text(), "the game")
        game.send(b"q")
        deadline = time.monotonic() + 60  # a deadline, not a delay: Q quits at once
        while game.process.poll() is None and time.monotonic() < deadline:
            game.pump(0.05)  # what it writes as it leaves is read, so it can leave
        assert game.process.poll() == 0, game.text()
    finally:
        game.close()


def test_the_serve_example_serves(user_dirs: dict[str, str], tmp_path: Path) -> None:
    argv = shlex.split(table_examples()["serve"])[2:]
    server = start_serve(argv, user_dirs, tmp_path)  # on a free port: --port N
    try:
        assert server.token and str(server.port) in server.stdout  # the address to open
    finally:
        server.stop()
