"""README's commands and links: its test command is the one .ci/run runs, the extras it
installs exist, every command runs from the environment its Setup makes (or installs),
the ones that can run here do what it says, its Troubleshooting section says what the
game does, and its links work on a package index as well as in the repository."""

from __future__ import annotations

import importlib
import os
import re
import shlex
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from textual.app import App
from textual.widgets import Static

from slotterm.session.folder_lock import SessionInUse, lock_folder
from slotterm.session.opening import default_save_root, session_folder
from slotterm.tui.screens.too_small import MIN_HEIGHT, MIN_WIDTH, TooSmallScreen
from slotterm.tui.widgets.key_bar import PALETTE_FROM
from tests.readme_support import (
    REPOSITORY,
    links,
    readme_text,
    repository_file,
    shell_commands,
)
from tests.tui.main_support import make_app
from tests.tui.modal_support import wait_for

ROOT = Path(__file__).resolve().parent.parent


def test_ci_runs_the_readme_test_command() -> None:
    ci = (ROOT / ".ci" / "run").read_text().splitlines()
    command = [line for line in ci if line.startswith("python3 -m venv")]
    assert len(command) == 1
    assert command[0] in readme_text()


def test_every_extra_the_readme_installs_exists() -> None:
    with (ROOT / "pyproject.toml").open("rb") as file:
        extras = set(tomllib.load(file)["project"]["optional-dependencies"])
    named = set(re.findall(r"-e '\.\[(\w+)\]'", readme_text()))
    assert {"test", "dev"} <= named, named
    assert named <= extras, named - extras


def test_no_link_is_relative_and_each_into_the_repository_names_a_file() -> None:
    # a package index shows the README away from the repository: a relative link breaks
    found = links(readme_text())
    assert found
    relative = [link for link in found if not re.match(r"(https?://|#)", link)]
    assert not relative, relative
    for link in found:
        name = repository_file(link)
        assert name is None or (ROOT / name).is_file(), f"{link}: no {name} here"


VENV_BIN = ".venv/bin/"
"""Where the README's commands run programs from (the environment its Setup makes)."""
INSTALLERS = ("python3 -m venv .venv", "pipx install ", "uv tool install ")
"""How the README's commands may start besides :data:`VENV_BIN`: the installs."""


def test_every_shell_command_runs_from_the_venv_or_installs() -> None:
    commands = shell_commands(readme_text())
    assert len(commands) >= 10
    for command in commands:
        program = re.sub(r"^(\w+=\S*\s+)+", "", command)  # NAME=value before it
        assert program.startswith((VENV_BIN, *INSTALLERS)), command


def test_the_pipx_and_uv_lines_install_this_checkout_or_the_repository() -> None:
    text = readme_text()
    commands = shell_commands(text)
    assert "pipx install ." in commands and "uv tool install ." in commands
    assert f"`git+{REPOSITORY}`" in text
    with (ROOT / "pyproject.toml").open("rb") as file:
        meta = tomllib.load(file)["project"]
    assert meta["urls"]["Source"] == REPOSITORY
    assert "slotterm" in meta["scripts"]  # the command they put on the PATH


def run_readme_command(command: str, env: dict[str, str]) -> str:
    """Run one of the README's commands with this environment's programs; its output."""
    argv = shlex.split(command)
    assert argv[0].startswith(VENV_BIN), command
    argv[0] = str(Path(sys.executable).parent / argv[0].removeprefix(VENV_BIN))
    done = subprocess.run(argv, env=env, capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, f"{command}: {done.stderr}"
    return done.stdout


def test_the_saves_folder_command_prints_where_the_game_saves(
    user_dirs: dict[str, str], tmp_path: Path
) -> None:
    [command] = [c for c in shell_commands(readme_text()) if "user_data_dir" in c]
    env = {**user_dirs, "XDG_DATA_HOME": str(tmp_path / "elsewhere")}
    assert run_readme_command(command, env).strip() == str(tmp_path / "elsewhere" / "slotterm")
    # the folder the game itself saves under, when both see the same user folders
    assert Path(run_readme_command(command, user_dirs).strip()) == default_save_root()


def test_the_dev_command_names_the_dev_app() -> None:
    [command] = [c for c in shell_commands(readme_text()) if " run --dev " in c]
    module, name = command.rsplit(" ", 1)[1].split(":")
    target = getattr(importlib.import_module(module), name)
    assert isinstance(target, type) and issubclass(target, App)


def test_the_troubleshooting_section_says_what_the_game_does(tmp_path: Path) -> None:
    text = " ".join(readme_text().split())  # one line, as wrapped words read
    # the smallest terminal and the notice below it
    assert f"at least {MIN_WIDTH} columns by {MIN_HEIGHT} rows" in text
    assert '"TERMINAL TOO SMALL" notice' in text  # its words: the next test
    # the palette's key from PALETTE_FROM columns on
    assert f"with {PALETTE_FROM} columns or more the footer also shows `^p palette`" in text
    # the message of a second copy on one save, as the README quotes it
    quoted = re.search(r'\*\*"(the save is open in another slotterm \(process N\))"', text)
    assert quoted is not None
    first = lock_folder(tmp_path / "session.lock")
    first.sign()
    try:
        with pytest.raises(SessionInUse) as refused:
            lock_folder(tmp_path / "session.lock")
    finally:
        first.close()
    said = str(refused.value)
    assert said.startswith(quoted.group(1).replace("N", str(os.getpid()))), said
    # where the saves are on Linux, and the folder of a game's save
    assert "`~/.local/share/slotterm` on Linux" in text and "under `player/`" in text
    assert session_folder(tmp_path, "lucky-witch", None) == tmp_path / "player" / "lucky-witch"


async def test_the_notice_the_readme_names_is_the_one_a_small_terminal_shows() -> None:
    app = make_app(1)
    async with app.run_test(size=(MIN_WIDTH - 1, MIN_HEIGHT)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, TooSmallScreen))
        notice = str(app.screen.query_one("#too-small-notice", Static).render())
    words = re.search(r'"([A-Z ]+)" notice', readme_text())
    assert words is not None and notice.startswith(words.group(1)), notice
    assert f"{MIN_WIDTH}×{MIN_HEIGHT}" in notice
