"""The save folder is hostile (DESIGN.md §5, issue 11): links, pipes, devices, huge files.

Each fix has its test (they failed before it); ``test_campaign`` plants many objects at every
name the store uses and asserts the store's own errors only, one line, nothing written
outside the folder, no credit lost.  ``pytest -s`` shows its "N tried, N handled" line.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

from slotterm.cli import main
from slotterm.session.errors import SaveError, SaveFormatError, SaveUnreadable
from slotterm.session.fileformat import MAX_FILE_BYTES, SEQUENCE_LIMIT, decode_file, encode_file
from slotterm.session.opening import SaveRolledBack, open_session
from slotterm.session.settings import default_settings
from slotterm.session.store import SaveStore
from tests.session.helpers import GAME, START, Clock, folder, open_seeded
from tests.session.kill_driver import digest
from tests.session.policy import next_action

NAMES = (
    "session-a.save",
    "session-b.save",
    "session-a.save.tmp",
    "session-b.save.tmp",
    "session.lock",
    "events.log",
    "events.1.log",
)
TEMP_NAMES = ("session-a.save.tmp", "session-b.save.tmp")
LOG_NAMES = ("events.log", "events.1.log")


def _tree(top: Path) -> dict[str, tuple[str, str]]:
    """Every entry under ``top``: its kind and (for a regular file) a hash of its bytes."""
    found: dict[str, tuple[str, str]] = {}
    for path in sorted(top.rglob("*")):
        if path.is_symlink():
            found[str(path)] = ("link", os.readlink(path))
        elif path.is_file():
            found[str(path)] = ("file", hashlib.sha256(path.read_bytes()).hexdigest())
        else:
            found[str(path)] = ("other", "")
    return found


def _played(root: Path, actions: int = 6) -> str:
    opened = open_seeded(root)
    for _ in range(actions):
        opened.session.act(next_action(opened.session))
    state = digest(opened.session)
    opened.close()
    return state


def _outside(tmp_path: Path) -> Path:
    out = tmp_path / "outside"
    out.mkdir()
    (out / "target.txt").write_bytes(b"precious\n")
    (out / "dir").mkdir()
    return out


def _one_line(message: str) -> None:
    assert message and "\n" not in message, message
    assert len(message) < 2000


# --- 1. writing ---------------------------------------------------------------------------


def test_a_symlink_at_the_temp_name_is_not_followed(tmp_path: Path) -> None:
    out = _outside(tmp_path)
    _played(tmp_path / "root")
    where = folder(tmp_path / "root")
    for name in ("session-a.save.tmp", "session-b.save.tmp"):
        (where / name).symlink_to(out / "target.txt")
    before = _tree(out)
    opened = open_seeded(tmp_path / "root")
    opened.session.act(next_action(opened.session))
    opened.session.act(next_action(opened.session))
    opened.close()
    assert _tree(out) == before
    for name in ("session-a.save", "session-b.save"):
        assert (where / name).is_file() and not (where / name).is_symlink()
    assert not any(where.glob("*.tmp"))


def test_a_copy_that_is_a_symlink_is_replaced_by_a_regular_file(tmp_path: Path) -> None:
    out = _outside(tmp_path)
    state = _played(tmp_path / "root")
    where = folder(tmp_path / "root")
    shutil.copy(where / "session-b.save", out / "copy.save")
    (where / "session-b.save").unlink()
    (where / "session-b.save").symlink_to(out / "copy.save")
    before = _tree(out)
    opened = open_seeded(tmp_path / "root")
    assert digest(opened.session) == state
    assert "symbolic link" in (opened.session.load_notice or "")
    opened.session.act(next_action(opened.session))
    opened.close()
    assert _tree(out) == before
    for name in ("session-a.save", "session-b.save"):
        assert (where / name).is_file() and not (where / name).is_symlink()


def test_a_lock_symlink_to_a_missing_path_creates_nothing(tmp_path: Path) -> None:
    out = _outside(tmp_path)
    _played(tmp_path / "root")
    lock = folder(tmp_path / "root") / "session.lock"
    lock.unlink()
    lock.symlink_to(out / "created-by-lock")
    with pytest.raises(SaveUnreadable) as caught:
        open_seeded(tmp_path / "root")
    _one_line(str(caught.value))
    assert not (out / "created-by-lock").exists()
    assert lock.is_symlink()


def test_a_leftover_temp_file_is_removed_before_writing(tmp_path: Path) -> None:
    _played(tmp_path / "root")
    where = folder(tmp_path / "root")
    (where / "session-a.save.tmp").write_bytes(b"half a save")
    opened = open_seeded(tmp_path / "root")
    opened.session.act(next_action(opened.session))
    opened.close()
    assert not (where / "session-a.save.tmp").exists()


# --- 2. reading ---------------------------------------------------------------------------


def _plant_fifo(path: Path) -> None:
    os.mkfifo(path)


def _plant_sparse(path: Path) -> None:
    subprocess.run(["truncate", "-s", "2G", str(path)], check=True)


def _plant_link(target: str) -> Callable[[Path], None]:
    return lambda path: path.symlink_to(target)


BAD_COPIES = {
    "fifo": _plant_fifo,
    "dev-zero": _plant_link("/dev/zero"),
    "dev-urandom": _plant_link("/dev/urandom"),
    "sparse-2G": _plant_sparse,
}


@pytest.mark.parametrize("kind", BAD_COPIES)
def test_a_copy_that_is_no_regular_file_is_a_damaged_copy(tmp_path: Path, kind: str) -> None:
    state = _played(tmp_path / "root")
    where = folder(tmp_path / "root")
    (where / "session-a.save").unlink()
    BAD_COPIES[kind](where / "session-a.save")
    # read-only (as `slotterm history` loads): the other copy, a one-line notice
    loaded = SaveStore(where, GAME, seed=11).load(START, readonly=True)
    assert loaded is not None and loaded.path.name == "session-b.save"
    _one_line(loaded.notice or "")
    # both copies bad: one line, nothing read whole
    shutil.copy(where / "session-b.save", tmp_path / "b.keep")
    (where / "session-b.save").unlink()
    BAD_COPIES[kind](where / "session-b.save")
    with pytest.raises(SaveUnreadable) as caught:
        SaveStore(where, GAME, seed=11).load(START, readonly=True)
    _one_line(str(caught.value))
    (where / "session-b.save").unlink()
    shutil.copy(tmp_path / "b.keep", where / "session-b.save")
    opened = open_seeded(tmp_path / "root")
    assert digest(opened.session) == state
    opened.close()


def test_history_refuses_a_fifo_quietly(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _played(tmp_path / "root")
    where = folder(tmp_path / "root")
    for name in ("session-a.save", "session-b.save"):
        (where / name).unlink()
        os.mkfifo(where / name)
    status = main(["history", GAME.id, "--save-dir", str(tmp_path / "root"), "--seed", "11"])
    assert status == 2
    assert capsys.readouterr().err.count("\n") == 1


def test_the_writer_never_writes_more_than_the_reader_accepts() -> None:
    assert MAX_FILE_BYTES >= 32 * 1024 * 1024
    data = encode_file(1, b"{}")
    assert decode_file(data).sequence == 1


# --- 3. the sequence number ---------------------------------------------------------------


def test_sequence_extremes_round_trip_or_are_refused() -> None:
    for sequence in (0, 1, SEQUENCE_LIMIT - 1, SEQUENCE_LIMIT):
        assert decode_file(encode_file(sequence, b'{"a": 1}')).sequence == sequence
    with pytest.raises(ValueError):
        encode_file(SEQUENCE_LIMIT + 1, b"{}")
    crafted = encode_file(1, b"{}").replace(b" 1 2 ", b" 999999999999999999 2 ", 1)
    head, _, rest = crafted.partition(b"\n")
    parts = head.split(b" ")
    parts[-1] = hashlib.sha256(b" ".join(parts[:-1]) + b"\n" + rest).hexdigest().encode()
    with pytest.raises(SaveFormatError, match="out of range"):
        decode_file(b" ".join(parts) + b"\n" + rest)


def _resequenced(path: Path, sequence: int) -> None:
    saved = decode_file(path.read_bytes())
    body = path.read_bytes().partition(b"\n")[2]
    assert saved.sequence >= 1
    path.write_bytes(encode_file(sequence, body))


def test_a_save_at_the_last_sequence_number_is_never_overwritten_with_an_unreadable_one(
    tmp_path: Path,
) -> None:
    _played(tmp_path / "root")
    where = folder(tmp_path / "root")
    for name in ("session-a.save", "session-b.save"):
        _resequenced(where / name, SEQUENCE_LIMIT - 1)
    opened = open_seeded(tmp_path / "root")
    opened.session.act(next_action(opened.session))  # writes SEQUENCE_LIMIT: still readable
    before = {n: (where / n).read_bytes() for n in ("session-a.save", "session-b.save")}
    with pytest.raises(SaveError) as caught:
        opened.session.act(next_action(opened.session))
    _one_line(str(caught.value))
    opened.close()
    assert {n: (where / n).read_bytes() for n in before} == before
    assert SaveStore(where, GAME, seed=11).load(START, readonly=True) is not None


# --- 4. play without a terminal -----------------------------------------------------------


def test_play_without_a_terminal_touches_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = tmp_path / "root"
    _played(root)
    where = folder(root)
    (where / "session-a.save").write_bytes(b"damaged")
    before = _tree(tmp_path)
    status = main(["--save-dir", str(root), "--seed", "11"])
    assert status == 2
    assert "terminal" in capsys.readouterr().err
    assert _tree(tmp_path) == before
    fresh = tmp_path / "fresh"
    assert main(["--save-dir", str(fresh)]) == 2
    assert not fresh.exists()


# --- 5. a folder put back to an older copy ------------------------------------------------


def test_a_folder_put_back_to_older_copies_is_refused(tmp_path: Path) -> None:
    root = tmp_path / "root"
    _played(root, 4)
    where = folder(root)
    old = {n: (where / n).read_bytes() for n in ("session-a.save", "session-b.save")}
    _played(root, 6)  # play on: the rounds of the old copies are played now
    for name, data in old.items():
        (where / name).write_bytes(data)
    with pytest.raises(SaveRolledBack) as caught:
        open_seeded(root)
    _one_line(str(caught.value))
    assert "older copy" in str(caught.value) and "--reset-save" in str(caught.value)
    assert {n: (where / n).read_bytes() for n in old} == old  # nothing changed
    opened = open_session(
        GAME, default_settings(GAME), root=root, seed=11, reset=True, clock=Clock()
    )
    opened.session.act(next_action(opened.session))
    opened.close()
    open_seeded(root).close()  # the new session is at its own mark


def test_a_folder_without_a_mark_opens_and_records_one(tmp_path: Path) -> None:
    root = tmp_path / "root"
    state = _played(root)
    shutil.rmtree(tmp_path / "state")
    opened = open_seeded(root)
    assert digest(opened.session) == state
    opened.close()
    assert list((tmp_path / "state").rglob("*.mark"))


def test_a_demo_writes_no_mark(tmp_path: Path) -> None:
    opened = open_session(GAME, default_settings(GAME), root=tmp_path / "r", demo=True)
    opened.session.act(next_action(opened.session))
    assert not (tmp_path / "state").exists() and not (tmp_path / "r").exists()


# --- the standing campaign ----------------------------------------------------------------


def _plants(out: Path) -> dict[str, Callable[[Path], None]]:
    def directory(path: Path) -> None:
        path.mkdir()
        (path / "inside").write_bytes(b"x")

    def huge(path: Path) -> None:
        with open(path, "wb") as handle:
            handle.truncate(MAX_FILE_BYTES + 1)

    return {
        "link to an outside file": _plant_link(str(out / "target.txt")),
        "link to an outside folder": _plant_link(str(out / "dir")),
        "link to a missing path": _plant_link(str(out / "missing")),
        "link to itself": lambda p: p.symlink_to(p.name),
        "link to /dev/zero": _plant_link("/dev/zero"),
        "link to /dev/urandom": _plant_link("/dev/urandom"),
        "link to /dev/null": _plant_link("/dev/null"),
        "fifo": _plant_fifo,
        "sparse 2G": _plant_sparse,
        "just over the cap": huge,
        "empty file": lambda p: p.write_bytes(b""),
        "folder": directory,
    }


def test_campaign(tmp_path: Path, campaign_report: Callable[..., str]) -> None:
    out = _outside(tmp_path)
    tried = handled = 0
    for number, (what, plant) in enumerate(_plants(out).items()):
        for name in NAMES:
            tried += 1
            root = tmp_path / f"r{number}-{name}"
            state = _played(root)
            where = folder(root)
            target = where / name
            if target.exists() or target.is_symlink():
                target.unlink()
            plant(target)
            if name in LOG_NAMES:  # a copy damaged: opening logs its recovery
                (where / "session-b.save").write_bytes(b"damaged")
            before = _tree(out)
            try:
                loaded = SaveStore(where, GAME, seed=11).load(START, readonly=True)
                assert loaded is not None
                _one_line(loaded.notice or "x")
                opened = open_seeded(root)
            except (SaveUnreadable, SaveError) as exc:
                _one_line(str(exc))
                # a lock that cannot be taken; a temp name no save can replace, said at once
                refused_temp = name in TEMP_NAMES and what in ("fifo", "folder")
                assert name == "session.lock" or refused_temp, (what, name, exc)
            else:
                assert digest(opened.session) == state, (what, name)
                _one_line(opened.session.load_notice or "x")
                try:
                    opened.session.act(next_action(opened.session))
                except SaveError as exc:
                    _one_line(str(exc))
                    assert digest(opened.session) == state
                opened.close()
            assert _tree(out) == before, (what, name)
            handled += 1
            shutil.rmtree(root)
    line = campaign_report(
        "hostile folder campaign", tried=tried, handled=handled, lost=tried - handled
    )
    assert handled == tried, line


def test_a_folder_emptied_under_its_mark_is_refused_until_reset(tmp_path: Path) -> None:
    root = tmp_path / "root"
    _played(root, 4)
    where = folder(root)
    for name in ("session-a.save", "session-b.save"):
        (where / name).unlink()
    with pytest.raises(SaveRolledBack) as caught:
        open_seeded(root)
    _one_line(str(caught.value))
    assert "gone" in str(caught.value) and "--reset-save" in str(caught.value)
    assert not (where / "session-a.save").exists()  # nothing was written
    opened = open_session(
        GAME, default_settings(GAME), root=root, seed=11, reset=True, clock=Clock()
    )
    opened.session.act(next_action(opened.session))
    opened.close()
    open_seeded(root).close()  # the new session is at its own mark
