"""The save folder's lock names the process holding it, read defensively.

A game whose terminal vanished once kept its save locked with no window left to close:
the refusal must say which process has it.  The holder writes its id into the lock file
and empties it on release; what a refused process reads there is believed only as a
plain number, and a planted file (a hard link to another file, a large one) is locked but
never written.
"""

from __future__ import annotations

import fcntl
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from slotterm.session.folder_lock import PID_BYTES, PID_MAX, SessionInUse, lock_folder
from slotterm.session.opening import LOCK_NAME, open_session, session_folder
from slotterm.session.settings import default_settings
from tests.session.helpers import GAME

HOLD = (
    "import sys; from pathlib import Path; from slotterm.session.folder_lock import lock_folder; "
    "lock = lock_folder(Path(sys.argv[1])); lock.sign(); print('held', flush=True); "
    "sys.stdin.read()"
)
"""A child that takes the lock at argv[1], says so, and keeps it until its stdin closes."""


@pytest.fixture
def held_by_child(tmp_path: Path) -> Iterator[tuple[Path, subprocess.Popen[str]]]:
    """A seeded session's lock file, held by another process (the child)."""
    folder = session_folder(tmp_path / "saves", GAME.id, 3)
    folder.mkdir(parents=True)
    path = folder / LOCK_NAME
    child = subprocess.Popen(
        [sys.executable, "-c", HOLD, str(path)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert child.stdout is not None and child.stdout.readline() == "held\n"
        yield path, child
    finally:
        assert child.stdin is not None
        child.stdin.close()
        child.wait(30)


def refusal(path: Path) -> str:
    """The one-line message a second taker of the lock at ``path`` gets."""
    with pytest.raises(SessionInUse) as caught:
        lock_folder(path)
    message = str(caught.value)
    assert "\n" not in message and "open in another slotterm" in message
    return message


def test_the_refusal_names_the_process_holding_the_save(
    held_by_child: tuple[Path, subprocess.Popen[str]], tmp_path: Path
) -> None:
    path, child = held_by_child
    assert f"open in another slotterm (process {child.pid});" in refusal(path)
    with pytest.raises(SessionInUse) as caught:  # and so does opening the game itself
        open_session(GAME, default_settings(GAME), root=tmp_path / "saves", seed=3)
    assert f"(process {child.pid})" in str(caught.value)
    assert str(caught.value).endswith(f"; in {path.parent}")


def test_the_holder_writes_its_id_and_empties_the_file_when_it_lets_go(tmp_path: Path) -> None:
    path = tmp_path / LOCK_NAME
    lock = lock_folder(path)
    assert path.read_bytes() == b""  # not before its session is open
    lock.sign()
    assert path.read_bytes() == f"{os.getpid()}\n".encode()
    lock.close()
    assert path.read_bytes() == b""
    lock_folder(path).close()  # free again


def test_an_open_session_has_signed_its_lock(tmp_path: Path) -> None:
    opened = open_session(GAME, default_settings(GAME), root=tmp_path, seed=3)
    path = session_folder(tmp_path, GAME.id, 3) / LOCK_NAME
    try:
        assert path.read_bytes() == f"{os.getpid()}\n".encode()
    finally:
        opened.close()
    assert path.read_bytes() == b""


@pytest.mark.parametrize(
    "planted",
    [
        b"",
        b"12ab\n",
        b"-42\n",
        b"+42",
        b" 42",
        b"42\n\n",
        b"0\n",
        str(PID_MAX + 1).encode(),
        "٤٢".encode(),  # digits, but not ASCII ones
        b"1" * (PID_BYTES + 1),
        b"7\n" + b"\0" * 4096,
    ],
)
def test_a_lock_file_not_holding_a_plain_number_names_no_process(
    tmp_path: Path, planted: bytes
) -> None:
    path = tmp_path / LOCK_NAME
    with open(path, "wb") as holder:  # a holder whose file says something else
        fcntl.flock(holder.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        path.write_bytes(planted)
        message = refusal(path)
    assert "(process" not in message
    assert "open in another slotterm; close that one first" in message


def test_a_believable_number_planted_by_hand_is_only_ever_shown(tmp_path: Path) -> None:
    path = tmp_path / LOCK_NAME
    with open(path, "wb") as holder:
        fcntl.flock(holder.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        path.write_bytes(f"{PID_MAX}\n".encode())
        assert f"(process {PID_MAX})" in refusal(path)


def test_a_lock_file_that_is_a_hard_link_is_never_written(tmp_path: Path) -> None:
    """A lock file planted as a hard link to the player's file: locked, not truncated."""
    outside = tmp_path / "notes.txt"
    outside.write_bytes(b"7\n")  # small enough to look like a lock file
    path = tmp_path / "saves" / LOCK_NAME
    path.parent.mkdir()
    os.link(outside, path)
    lock = lock_folder(path)
    lock.sign()
    assert "open in another slotterm" in refusal(path)  # the lock holds all the same
    lock.close()
    assert outside.read_bytes() == b"7\n"


def test_a_large_lock_file_is_locked_but_left_as_it_was(tmp_path: Path) -> None:
    path = tmp_path / LOCK_NAME
    content = b"x" * (PID_BYTES + 1)
    path.write_bytes(content)
    lock = lock_folder(path)
    lock.sign()
    assert "(process" not in refusal(path)
    lock.close()
    assert path.read_bytes() == content
