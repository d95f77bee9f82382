"""``slotterm history``: the table's title and its one-line dates at 80 columns."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from slotterm.commands.history import history_title, run_history
from slotterm.engine.actions import Collect, Spin
from slotterm.engine.model import GameDefinition
from slotterm.engine.records import Phase
from slotterm.session.opening import open_session
from slotterm.session.settings import default_settings


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
    assert rows and any(len(part.strip()) == len("2026-11-30 10:02") for part in rows[0].split("│"))
