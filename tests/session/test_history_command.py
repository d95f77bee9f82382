"""``slotterm history``: the table's title and its one-line dates at 80 columns."""

from __future__ import annotations

import argparse
import re
from pathlib import Path

import pytest

from slotterm.commands.history import history_title, run_history
from slotterm.engine.actions import Collect, Spin
from slotterm.engine.model import GameDefinition
from slotterm.engine.records import Phase
from slotterm.session.opening import open_session
from slotterm.session.settings import default_settings

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
