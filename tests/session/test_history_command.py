"""``slotterm history``: the table's title, its one-line dates and its feature lines at 80
columns (no column a game does not have), JSON with every step."""

from __future__ import annotations

import argparse
import re
from pathlib import Path

import pytest
from rich.cells import cell_len

from slotterm.cli import main
from slotterm.commands.history import feature_text, history_title, run_history
from slotterm.engine.actions import Collect, Guess, Spin, StartGamble
from slotterm.engine.gamble import Color, card_label
from slotterm.engine.model import GameDefinition
from slotterm.engine.records import Phase, Round
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
    rows = [line for line in out.splitlines() if line.split()[:1] == [started]]
    # the player's date format, as everywhere a player reads a date ("30 Nov 2026 10:02")
    cells = re.split(r"\s{2,}", rows[0].strip()) if rows else []
    assert any(PLAYER_TIME.fullmatch(cell) for cell in cells), rows


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
    assert f"{kept + 1} {pumpkin.layout[kept]}× bet kept" in out  # the pick, with what it held
    args.json = True
    assert run_history(args) == 0
    doc = json.loads(capsys.readouterr().out)
    (round_,) = doc["rounds"]
    entry = round_["features"][1]["pick_game"]
    assert [i["holds"] for i in entry["items"]] == list(pumpkin.layout)
    assert round_["coin_size"] == "0.01" and round_["coins_per_line"] == 1


def _play(
    game: GameDefinition, root: Path, forces: list[str | None], *, gambles: int = 0
) -> list[Round]:
    """Seed 5's rounds of ``game`` in ``root``, one a force, played the best way; a win
    offered is gambled ``gambles`` times (on red) before it is collected."""
    from slotterm.engine import policy

    opened = open_session(game, default_settings(game), root=root, seed=5)
    session = opened.session
    for force in forces:
        session.act(Spin(bet=session.bet, force=force, limits=session.limits))
        for _ in range(gambles):
            if session.phase is Phase.WIN_OFFERED or session.phase is Phase.GAMBLE:
                if session.phase is Phase.WIN_OFFERED:
                    session.act(StartGamble())
                session.act(Guess(Color.RED))
        while session.open_round is not None:
            action = policy.next_action(game, session.state, "best")
            assert action is not None
            session.act(action)
    opened.close()
    return list(session.history)


def _table_at_80(game: GameDefinition, root: Path, capsys: pytest.CaptureFixture[str]) -> list[str]:
    args = argparse.Namespace(game=game.id, save_dir=str(root), seed=5, json=False)
    assert run_history(args) == 0
    return capsys.readouterr().out.splitlines()


FEATURE_LINE = " " * len("Round  ")
"""How a round's feature lines begin: under the Started column."""


def test_at_80_columns_the_features_have_lines_of_their_own_and_lucky_witch_no_gamble(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from tests.session.helpers import WITCH

    picks = ["vault", "potion", "pumpkin", "spell-book"]
    rounds = _play(WITCH, tmp_path, [f"mystery_bonus:{p}" for p in picks] + [None])
    monkeypatch.setenv("COLUMNS", "80")
    lines = _table_at_80(WITCH, tmp_path, capsys)
    assert all(cell_len(line) <= 80 for line in lines), lines
    heads = lines[1].split()
    assert heads[:2] == ["Round", "Started"] and "Paid" in heads
    assert "Gamble" not in lines[1] and "Feature" not in lines[1]  # no empty column
    # each round's line, then its features' lines under it, newest round first
    starts = [n for n, line in enumerate(lines) if re.match(r" *\d+  \S", line)]
    assert [int(lines[n].split()[0]) for n in starts] == [r.number for r in reversed(rounds)]
    ends = [*starts[1:], next(n for n, line in enumerate(lines) if line.startswith("Credits:"))]
    for start, end, round_ in zip(starts, ends, reversed(rounds), strict=True):
        block = lines[start + 1 : end]
        assert all(line.startswith(FEATURE_LINE) for line in block)
        text = " ".join(line.strip() for line in block)
        assert bool(text) == bool(round_.frames)  # a round with no feature has no line
        assert text == feature_text(round_, WITCH)  # the whole text, every word kept
        # at least 70 columns for the text: greedy wrapping at spaces fills each line but
        # its last to more than 50 (the old Feature column held about 9)
        assert all(len(line.strip()) > 50 for line in block[:-1]), block
        assert all(len(line.split()) > 1 for line in block), block  # no one-word line
    assert len(starts) == len(picks) + 1 and sum(bool(r.frames) for r in rounds) == len(picks)


def test_book_of_spells_keeps_its_gamble_column_with_the_cards_on_the_round_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    rounds = _play(GAME, tmp_path, [None] * 30, gambles=2)
    gambled = [r for r in rounds if r.gamble]
    assert gambled  # some of the 30 spins won and were gambled
    monkeypatch.setenv("COLUMNS", "80")
    lines = _table_at_80(GAME, tmp_path, capsys)
    assert "Gamble" in lines[1].split()
    column = lines[1].index("Gamble")
    for round_ in gambled:
        (row,) = [line for line in lines if line.split()[:1] == [str(round_.number)]]
        cards = " ".join(f"{card_label(g.card)}{'✓' if g.won else '✗'}" for g in round_.gamble)
        assert row[column:].startswith(cards), row  # in its column, on one line
        assert cell_len(row) <= 80


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
