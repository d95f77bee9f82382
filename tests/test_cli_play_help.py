"""``slotterm GAME --help``: play's options, then that game's keys, the same rows as the
help window's keys table (:func:`~slotterm.tui.help_play.key_rows`), wrapped to the
terminal; without a GAME, how to ask for them; an unknown GAME, one line and status 2."""

from __future__ import annotations

import re

import pytest

from slotterm.cli import main
from slotterm.games import get_game
from slotterm.tui.features.registry import FeatureViews
from slotterm.tui.help_play import Row, key_rows

GAMES = ("book-of-spells", "lucky-witch")


def rows_of(game_id: str) -> list[Row]:
    """The rows of the game's keys table in the help window."""
    game = get_game(game_id)
    return key_rows(game, FeatureViews(game).help_sections(None))


def printed_rows(out: str) -> list[Row]:
    """The (keys, what they do) rows under the help's "keys in" title, each row's wrapped
    lines joined again."""
    keys_part = out.split("\nkeys in ", 1)[1].split("\n", 1)[1]
    rows: list[list[str]] = []
    for line in keys_part.splitlines():
        start = re.match(r"  (\S.*?)(?: {2,}(\S.*))?$", line)
        if start is not None and not line.startswith("   "):
            rows.append([start.group(1), start.group(2) or ""])
        else:
            rows[-1][1] = f"{rows[-1][1]} {line.strip()}".strip()
    return [(keys, does) for keys, does in rows]


def plain(text: str) -> str:
    """``text`` as a terminal shows it: no Markdown code marks, single spaces."""
    return " ".join(text.replace("`", "").split())


@pytest.mark.parametrize("game_id", GAMES)
def test_the_help_of_a_game_lists_its_keys(
    game_id: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    assert main([game_id, "--help"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("usage: slotterm ") and "--save-dir" in out  # play's options first
    assert f"\nkeys in {get_game(game_id).name} " in out
    wanted = [(keys, plain(does)) for keys, does in rows_of(game_id)]
    assert printed_rows(out) == wanted
    assert max(len(line) for line in out.splitlines()) <= 80


def test_each_game_lists_its_own_keys(capsys: pytest.CaptureFixture[str]) -> None:
    shown = {}
    for game_id in GAMES:
        assert main([game_id, "--help"]) == 0
        shown[game_id] = {keys for keys, _ in printed_rows(capsys.readouterr().out)}
    book, witch = shown["book-of-spells"], shown["lucky-witch"]
    assert "5 6" in book - witch  # the gamble's red / black
    assert {"↑ ↓", "C"} <= witch - book  # coins per line, coins or credits


def test_the_keys_wrap_to_a_narrow_terminal(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "60")
    assert main(["lucky-witch", "--help"]) == 0
    out = capsys.readouterr().out
    assert max(len(line) for line in out.splitlines()) <= 60
    assert printed_rows(out) == [(keys, plain(does)) for keys, does in rows_of("lucky-witch")]


def test_without_a_game_the_help_says_how_to_see_a_games_keys(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["--help"]) == 0 and "keys in " not in capsys.readouterr().out
    assert main(["play", "--help"]) == 0
    out = capsys.readouterr().out
    assert "keys in " not in out
    assert "slotterm play book-of-spells --help" in out


def test_the_help_of_an_unknown_game_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "no-such-game", "--help"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and "no-such-game" in err
