"""Settings files that are not files: ``--config`` (or the default config path) naming a
named pipe, a device, a folder or a huge file is one line on stderr and status 2, at
once; the remembered options and autoplay settings in such a state are a note and the
defaults.

Every command runs in a child process with a deadline, so a read that would block for
ever (a FIFO nobody writes to) fails the test instead of hanging it.
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path

import pytest

from slotterm.session.autoplay_settings import load_autoplay_settings
from slotterm.session.player_file import Loaded
from slotterm.session.preferences import load_preferences
from slotterm.session.settings import CONFIG_NAME, MAX_CONFIG_BYTES

DEADLINE = 60.0
"""Seconds a command may take (a hang fails the test after this)."""
HUGE = 10 * 1024 * 1024
"""Bytes of the huge settings file (10 MB)."""


def _fifo(folder: Path) -> Path:
    path = folder / "fifo.toml"
    os.mkfifo(path)
    return path


def _folder(folder: Path) -> Path:
    path = folder / "a-folder.toml"
    path.mkdir()
    return path


def _huge(folder: Path) -> Path:
    path = folder / "huge.toml"
    with path.open("wb") as out:  # a comment line of 10 MB: valid TOML, if it were read
        out.write(b"#" + b"x" * (HUGE - 2) + b"\n")
    return path


def _device(_folder: Path) -> Path:
    return Path("/dev/zero")


MAKERS: dict[str, tuple[Callable[[Path], Path], str]] = {
    "fifo": (_fifo, "it is a named pipe, not a settings file"),
    "device": (_device, "it is a device, not a settings file"),
    "folder": (_folder, "it is a folder, not a settings file"),
    "huge": (_huge, f"it is too large ({HUGE} bytes"),
}


def _slotterm(args: list[str], env: dict[str, str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "slotterm", *args],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        env=env,
        cwd=cwd,
        timeout=DEADLINE,  # a hang is a TimeoutExpired: the test fails
    )


def _refused(done: subprocess.CompletedProcess[str], path: Path, says: str) -> None:
    assert done.returncode == 2, done.stderr
    assert done.stdout == ""
    assert "Traceback" not in done.stderr and "Error" not in done.stderr, done.stderr
    (line,) = done.stderr.splitlines()
    assert line.startswith(f"slotterm: error: settings file {path} cannot be read ("), line
    assert says in line, line
    assert line.endswith(("; nothing was started", "…"))  # a long line is cut short


@pytest.mark.parametrize("name", sorted(MAKERS))
@pytest.mark.parametrize("game", ["lucky-witch", "book-of-spells"])
def test_a_config_that_is_not_a_file_is_one_line(
    name: str, game: str, user_dirs: dict[str, str], tmp_path: Path
) -> None:
    make, says = MAKERS[name]
    path = make(tmp_path)
    done = _slotterm([game, "--demo", "--config", str(path)], user_dirs, tmp_path)
    _refused(done, path, says)


@pytest.mark.parametrize("name", ["fifo", "folder", "huge"])
def test_the_default_config_path_is_held_to_the_same_rules(
    name: str, user_dirs: dict[str, str], tmp_path: Path
) -> None:
    folder = Path(user_dirs["XDG_CONFIG_HOME"]) / "slotterm"
    folder.mkdir(parents=True)
    made, says = MAKERS[name]
    made(folder).rename(folder / CONFIG_NAME)
    done = _slotterm(["lucky-witch", "--demo"], user_dirs, tmp_path)
    _refused(done, folder / CONFIG_NAME, says)


def test_a_config_through_a_link_is_read(user_dirs: dict[str, str], tmp_path: Path) -> None:
    """A settings file linked from a dotfiles folder is the player's own: it is followed
    (its content is checked: an unknown key is named), and a link to a pipe is refused."""
    real = tmp_path / "dotfiles" / "slotterm.toml"
    real.parent.mkdir()
    real.write_text("no_such_key = 1\n")
    link = tmp_path / "config.toml"
    link.symlink_to(real)
    done = _slotterm(["lucky-witch", "--demo", "--config", str(link)], user_dirs, tmp_path)
    assert done.returncode == 2
    assert "unknown key 'no_such_key'" in done.stderr  # read through the link

    link.unlink()
    link.symlink_to(_fifo(tmp_path))
    done = _slotterm(["lucky-witch", "--demo", "--config", str(link)], user_dirs, tmp_path)
    _refused(done, link, "it is a named pipe, not a settings file")


def test_a_config_at_the_size_limit_is_read(user_dirs: dict[str, str], tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text("#" + "x" * (MAX_CONFIG_BYTES - 2) + "\n" + "gamble_limit = 'lots'\n")
    assert path.stat().st_size > MAX_CONFIG_BYTES
    done = _slotterm(["lucky-witch", "--demo", "--config", str(path)], user_dirs, tmp_path)
    assert "it is too large" in done.stderr
    path.write_text("#" + "x" * (MAX_CONFIG_BYTES - 40) + "\n" + "gamble_limit = 'lots'\n")
    done = _slotterm(["lucky-witch", "--demo", "--config", str(path)], user_dirs, tmp_path)
    assert "gamble_limit" in done.stderr  # read to its end, and its value checked


# --- the remembered files: a note and the defaults -------------------------------------


LOADERS: dict[str, Callable[[Path], Loaded[object]]] = {
    "options": load_preferences,
    "autoplay settings": load_autoplay_settings,
}


def _load_with_deadline(load: Callable[[Path], Loaded[object]], path: Path) -> Loaded[object]:
    """``load(path)`` on a thread of its own, failing if it has not returned in time."""
    result: list[Loaded[object]] = []
    worker = threading.Thread(target=lambda: result.append(load(path)), daemon=True)
    worker.start()
    worker.join(DEADLINE)
    assert result, f"reading {path} did not return within {DEADLINE:.0f} s"
    return result[0]


@pytest.mark.parametrize("name", sorted(MAKERS))
@pytest.mark.parametrize("what", sorted(LOADERS))
def test_a_remembered_file_that_is_not_a_file_gives_the_defaults(
    name: str, what: str, tmp_path: Path
) -> None:
    make, says = MAKERS[name]
    load = LOADERS[what]
    path = make(tmp_path)
    loaded = _load_with_deadline(load, path)
    assert loaded.value == load(tmp_path / "none.toml").value  # the defaults
    assert loaded.problem is not None
    assert loaded.problem.startswith(f"{what} file {path} cannot be read (")
    assert says in loaded.problem
    assert loaded.problem.endswith("; defaults used")
