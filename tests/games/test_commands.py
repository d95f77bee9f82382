"""Every command that takes a GAME takes the path of a game file too (DESIGN.md §7)."""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import pytest

from slotterm.cli import main
from slotterm.games import get_game
from tests.games.support import small, write
from tests.tui.pty_support import COLS, ROWS, WAIT, PtyGame


def _json(capsys: pytest.CaptureFixture[str], argv: list[str]) -> dict[str, object]:
    assert main(argv) == 0
    out, err = capsys.readouterr()
    assert err == ""
    data: dict[str, object] = json.loads(out)
    return data


def test_eval_and_simulate_take_a_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = str(write(tmp_path, small()))
    grid = "SEVEN,SEVEN,SEVEN/BAR,BAR,BAR/STAR,STAR,STAR"
    result = _json(capsys, ["eval", path, "--grid", grid, "--bet", "0.10", "--json"])
    # SEVEN × 3 on line 2 (50 × 0.10), BAR × 3 on line 1 (20 × 0.10), 3 STARs (5 × 0.50)
    assert result["total_win"] == "9.50" and result["free_spins_awarded"] == 5
    report = _json(capsys, ["simulate", path, "--spins", "200", "--seed", "1", "--json"])
    assert report["game"] == "fruit" and report["spins"] == 200


def test_a_file_games_saves_and_history_are_kept_under_its_id(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from slotterm.engine.actions import Spin
    from slotterm.session.opening import open_session
    from slotterm.session.settings import default_settings

    path = write(tmp_path, small())
    game = get_game(str(path))
    root = tmp_path / "saves"
    opened = open_session(game, default_settings(game), root=root, seed=None, demo=False)
    opened.session.act(Spin(bet=opened.session.bet))
    opened.close()
    assert (root / "player" / "fruit").is_dir()
    history = _json(capsys, ["history", str(path), "--save-dir", str(root), "--json"])
    assert history["game"] == "fruit"
    assert json.dumps(history).count('"game": "fruit"') >= 1


def test_a_relative_path_reaches_the_command_as_the_same_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``serve`` hands GAME to a child process: it gets the file's absolute path."""
    import slotterm.commands.serve as serve

    write(tmp_path, small())
    monkeypatch.chdir(tmp_path)
    seen: list[argparse.Namespace] = []
    monkeypatch.setattr(serve, "run_serve", lambda args: seen.append(args) or 0)
    assert main(["serve", "fruit.json"]) == 0
    assert seen[0].game == str(tmp_path / "fruit.json")
    assert get_game(seen[0].game).id == "fruit"


def test_force_checks_the_file_games_features(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = str(write(tmp_path, small()))
    assert main([path, "--demo", "--force", "mystery-bonus"]) == 2
    assert capsys.readouterr().err == (
        "slotterm: error: --force mystery-bonus: Fruit has no mystery-bonus feature\n"
    )


def test_a_file_game_plays_in_a_terminal(tmp_path: Path, user_dirs: dict[str, str]) -> None:
    from slotterm.money import format_cents
    from slotterm.session.settings import default_settings

    path = write(tmp_path, small())
    credits = format_cents(default_settings(get_game(str(path))).start_credits)
    env = {**user_dirs, "TERM": "xterm-256color", "COLUMNS": str(COLS), "LINES": str(ROWS)}
    argv = [sys.executable, "-m", "slotterm", str(path), "--demo"]
    pty = PtyGame(argv, env, tmp_path)
    try:
        pty.wait_for(lambda: pty.box("Credits") == credits, "the demo's credits")
        assert pty.box("Lines") == "5"
        pty.send(b"Q")
        deadline = time.monotonic() + WAIT
        while pty.process.poll() is None and time.monotonic() < deadline:
            pty.pump(0.05)
        assert pty.process.poll() == 0, pty.text()
    finally:
        pty.close()
