"""``slotterm history``: the table's title and its one-line dates at 80 columns."""

from __future__ import annotations

import argparse
import re
from pathlib import Path

import pytest

from slotterm.cli import main
from slotterm.commands.history import history_title, run_history
from slotterm.engine.actions import Collect, Spin
from slotterm.engine.model import GameDefinition
from slotterm.engine.records import Phase
from slotterm.session.errors import SaveUnreadable
from slotterm.session.opening import open_session
from slotterm.session.settings import default_settings
from tests.session.helpers import GAME

PLAYER_TIME = re.compile(r"\d{1,2} [A-Z][a-z]{2} \d{4} \d\d:\d\d")
"""A date and time as the player reads them: ``30 Nov 2026 10:02``."""


def test_history_title_counts_rounds_in_good_english() -> None:
    assert history_title(0) == "no rounds yet"
    assert history_title(1) == "1 round"
    assert history_title(100) == "the last 100 rounds"


def test_the_table_keeps_each_start_time_on_one_line(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    game: GameDefinition,
) -> None:
    opened = open_session(game, default_settings(game), root=tmp_path, seed=1, demo=False)
    session = opened.session
    session.act(Spin(bet=session.bet))
    if session.phase is Phase.WIN_OFFERED:
        session.act(Collect())
    opened.close()
    monkeypatch.setenv("COLUMNS", "80")
    args = argparse.Namespace(game="book-of-spells", save_dir=str(tmp_path), seed=1, json=False)
    assert run_history(args) == 0
    out = capsys.readouterr().out
    assert "book-of-spells — 1 round" in out  # was "last 1 rounds"
    started = f"{session.history[0].number}"
    rows = [line for line in out.splitlines() if line.startswith("│") and started in line]
    # the player's date format, as everywhere a player reads a date ("30 Nov 2026 10:02")
    assert rows and any(PLAYER_TIME.fullmatch(part.strip()) for part in rows[0].split("│"))


def test_history_of_lucky_witch_in_text_and_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import json

    from slotterm.engine import policy
    from tests.session.helpers import WITCH

    opened = open_session(WITCH, default_settings(WITCH), root=tmp_path, seed=2)
    session = opened.session
    session.act(Spin(bet=session.bet, force="mystery_bonus:pumpkin", limits=session.limits))
    while session.open_round is not None:
        action = policy.next_action(WITCH, session.state, "best")
        assert action is not None
        session.act(action)
    pumpkin = session.history[-1].frames[1].record
    opened.close()
    monkeypatch.setenv("COLUMNS", "200")
    args = argparse.Namespace(game="lucky-witch", save_dir=str(tmp_path), seed=2, json=False)
    assert run_history(args) == 0
    out = capsys.readouterr().out
    assert "lucky-witch — 1 round" in out
    kept = pumpkin.opened[-1]
    assert f"{kept + 1} {pumpkin.layout[kept]}x kept" in out  # the pick, with what it held
    args.json = True
    assert run_history(args) == 0
    doc = json.loads(capsys.readouterr().out)
    (round_,) = doc["rounds"]
    entry = round_["features"][1]["pick_game"]
    assert [i["holds"] for i in entry["items"]] == list(pumpkin.layout)
    assert round_["coin_size"] == "0.01" and round_["coins_per_line"] == 1


def test_a_damaged_save_is_one_whole_line_with_both_reasons(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Both copies cut short by different amounts, in a folder with a very long path: the
    line keeps each reason and the ways out whole; only the path gives way."""
    root = tmp_path.joinpath(*["a-rather-long-folder-name"] * 12)
    opened = open_session(GAME, default_settings(GAME), root=root, seed=1, demo=False)
    opened.session.act(Spin(bet=opened.session.bet))
    opened.close()
    lengths = {}
    for keep, path in zip((10, 12), sorted(root.rglob("session-*.save")), strict=True):
        data = path.read_bytes()
        header = data.index(b"\n") + 1
        lengths[path.name] = len(data) - header
        path.write_bytes(data[: header + keep])
    assert main(["history", GAME.id, "--save-dir", str(root), "--seed", "1"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    for keep, (name, length) in zip((10, 12), sorted(lengths.items()), strict=True):
        assert f"{name}: cut short ({keep} of {length} bytes)" in err
    assert "--reset-save" in err and "--save-dir DIR" in err
    assert err.rstrip().endswith("/seeded/book-of-spells/seed-1")
    assert "/…/" in err and str(root) not in err  # the path shortened, nothing else


def test_a_short_line_shortens_the_folder_first_then_drops_it() -> None:
    error = SaveUnreadable("reasons; ways out", folder=Path("/home/someone/saves/game/seed-1"))
    assert error.fitted(20, longest=40) == "reasons; ways out; in /…/game/seed-1"
    assert str(error) == "reasons; ways out; in /home/someone/saves/game/seed-1"
    assert error.fitted(200) == str(error)
    assert error.fitted(40) == "reasons; ways out; in /…/game/seed-1"
    assert error.fitted(33) == "reasons; ways out; in /…/seed-1"
    assert error.fitted(20) == "reasons; ways out"  # the reasons are never cut here
