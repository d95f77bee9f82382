"""``--games DIR`` on ``play`` and ``serve``: the lobby's folder of game files, by default
``games`` beside the saves (in the user data folder, or in ``--save-dir DIR``); a folder
that is not there is one line and exit status 2; ``serve`` hands it to each page's game."""

from __future__ import annotations

import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from platformdirs import user_data_dir

from slotterm.cli import build_parser
from slotterm.commands import serve as serve_command
from slotterm.commands.play import games_folder_of, shelf_for
from slotterm.commands.serve import child_command
from slotterm.commands.web_session import child_arguments
from slotterm.games import game_ids


def play_args(*words: str) -> Any:
    """``slotterm play WORDS`` parsed."""
    return build_parser().parse_args(["play", *words])


def test_the_games_folder_is_beside_the_saves_unless_named(tmp_path: Path) -> None:
    data = Path(user_data_dir("slotterm"))
    assert str(data).startswith(str(tmp_path))  # the test's own user folders
    assert games_folder_of(play_args()) == data / "games"
    assert games_folder_of(play_args("--save-dir", str(tmp_path / "s"))) == tmp_path / "s" / "games"
    named = tmp_path / "mine"
    assert games_folder_of(play_args("--games", str(named))) == named
    both = play_args("--save-dir", str(tmp_path / "s"), "--games", str(named))
    assert games_folder_of(both) == named
    assert build_parser().parse_args(["serve", "--games", str(named)]).games == str(named)


def test_the_lobby_reads_the_games_folder_beside_the_save_dir(tmp_path: Path) -> None:
    saves = tmp_path / "saves"
    (saves / "games").mkdir(parents=True)
    (saves / "games" / "mine.json").write_text("{", encoding="utf-8")
    shelf = shelf_for(play_args("--demo", "--save-dir", str(saves)))
    assert shelf.ids() == [*game_ids(), "mine.json"]
    assert shelf_for(play_args("--demo")).ids() == list(game_ids())  # no folder: none added


def run(args: list[str], env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """``python -m slotterm ARGS`` with the test's user folders."""
    return subprocess.run(
        [sys.executable, "-m", "slotterm", *args],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=False,
    )


@pytest.mark.parametrize("command", [["--demo"], ["serve"]], ids=["play", "serve"])
@pytest.mark.parametrize("what", ["missing", "file"])
def test_a_games_folder_that_is_not_there_is_one_line_and_status_2(
    command: list[str], what: str, tmp_path: Path, user_dirs: dict[str, str]
) -> None:
    folder = tmp_path / "no-such-folder"
    if what == "file":
        folder.write_text("a file, not a folder\n", encoding="utf-8")
    done = run([*command, "--games", str(folder)], user_dirs)
    assert done.returncode == 2, done.stderr
    lines = done.stderr.splitlines()
    problem = "not a folder" if what == "file" else "no such folder"
    assert lines == [f"slotterm: error: --games {folder}: {problem}"], done.stderr
    assert done.stdout == ""


def test_each_page_of_serve_gets_the_games_folder() -> None:
    words = shlex.split(child_command(None, None, "/srv/my games"))
    assert words[-3:] == ["--demo", "--games", "/srv/my games"]
    assert "--games" not in shlex.split(child_command(None, "/tmp/saves"))  # the default
    parsed = play_args(*child_arguments("lucky-witch", "/tmp/saves", "/srv/g"))
    assert (parsed.game, parsed.save_dir, parsed.games) == ("lucky-witch", "/tmp/saves", "/srv/g")


def test_serve_hands_on_the_games_folder_as_an_absolute_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The games run in the server's folder: a relative ``--games`` is made absolute."""
    (tmp_path / "games").mkdir()
    monkeypatch.chdir(tmp_path)
    commands: list[str] = []

    class Server:
        def __init__(self, command: str, **_: Any) -> None:
            commands.append(command)

        def serve(self) -> None:
            """Serve nothing."""

    monkeypatch.setattr(serve_command, "GameServer", Server)
    monkeypatch.setattr(serve_command, "_check_address", lambda host, port: None)
    args = build_parser().parse_args(["serve", "--games", "games"])
    assert serve_command.run_serve(args) == 0
    assert shlex.split(commands[0])[-2:] == ["--games", str(tmp_path / "games")]


def test_a_game_file_whose_pictures_are_missing_is_one_line_and_status_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from slotterm.cli import main

    assert main(["game-def", "book-of-spells", "--toml"]) == 0
    text = capsys.readouterr().out.replace('game = "book-of-spells"', 'game = "my-book"')
    game_file = tmp_path / "my-book.toml"
    game_file.write_text(text, encoding="utf-8")  # its pixels file is not beside it
    assert main([str(game_file), "--demo", "--save-dir", str(tmp_path / "saves")]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "book-of-spells.art.toml" in err[0] and "cannot be read" in err[0]
