"""Words out of place on the command line are answered in the user's terms (qa2 finding
25): ``--version extra``, an unknown command word, a command word after options, a JSON
grid of the wrong shape."""

from __future__ import annotations

import json

import pytest

from slotterm.cli import COMMANDS, main
from slotterm.commands.evaluate import RequestError, request_from_json
from slotterm.games import game_ids, get_game


def said(capsys: pytest.CaptureFixture[str], args: list[str]) -> str:
    """The one line ``slotterm ARGS`` says on stderr (it exits 2, prints nothing else)."""
    assert main(args) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1, err
    return err.strip()


def test_version_takes_no_other_word(capsys: pytest.CaptureFixture[str]) -> None:
    assert said(capsys, ["--version", "extra"]) == (
        "slotterm: error: --version takes nothing after it (got 'extra')"
    )


@pytest.mark.parametrize("word", ["replay", "lucky", "Par"])
def test_an_unknown_first_word_names_the_commands_and_games(
    capsys: pytest.CaptureFixture[str], word: str
) -> None:
    line = said(capsys, [word])
    assert line.startswith(f"slotterm: error: unknown command or game '{word}'")
    assert "play:" not in line and "slotterm play" not in line
    for name in (*COMMANDS, *game_ids()):
        assert name in line, name


@pytest.mark.parametrize(
    "args",
    [["--demo", "par"], ["book-of-spells", "par"], ["play", "simulate"], ["--demo", "history"]],
    ids=" ".join,
)
def test_a_command_word_after_other_words_is_said_to_go_first(
    capsys: pytest.CaptureFixture[str], args: list[str]
) -> None:
    command = next(word for word in args if word in COMMANDS and word != "play")
    line = said(capsys, args)
    assert f"'{command}' is a command: it goes first" in line
    assert f"slotterm {command} --help" in line


def test_an_implicit_play_says_slotterm_not_slotterm_play(
    capsys: pytest.CaptureFixture[str],
) -> None:
    line = said(capsys, ["--demo", "--seed", "x"])
    assert line.startswith("slotterm: error: argument --seed")


def test_a_json_grid_of_the_wrong_shape_says_the_json_shape() -> None:
    game = get_game("book-of-spells")
    two_rows = json.dumps({"grid": [["A", "K", "Q", "J", "TEN"]] * 2})
    with pytest.raises(RequestError) as caught:
        request_from_json(game, two_rows)
    assert str(caught.value) == "the grid needs 3 rows, each a list of 5 symbols, got 2"
    with pytest.raises(RequestError) as caught:
        request_from_json(game, json.dumps({"grid": ["A,K,Q,J,TEN"] * 3}))
    assert "a list of 3 rows, each a list of 5 symbols" in str(caught.value)
