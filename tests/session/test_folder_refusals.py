"""Three last holes in the hostile folder (issue 23, defect 7), each with a test that
failed before its fix:

* a ``marks`` folder that is a symbolic link got the high-water mark written into its
  target: now no mark is written through it, one line says so, the game is saved;
* a save folder whose ``.tmp`` names are folders opened and then refused every step: now
  opening says so, before anything is played;
* ``slotterm history`` on a folder it cannot enter said "no save copy can be trusted"
  although no copy had been read: now it says the folder cannot be read.
"""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from slotterm.cli import main
from slotterm.session.errors import SaveError
from slotterm.session.opening import open_session, session_folder
from slotterm.session.settings import default_settings
from tests.session.helpers import GAME, Clock, folder, open_seeded
from tests.session.policy import next_action


def test_a_linked_marks_folder_gets_no_mark_and_says_so(tmp_path: Path) -> None:
    state = tmp_path / "state"
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    state.mkdir()
    (state / "marks").symlink_to(elsewhere)
    opened = open_session(
        GAME, default_settings(GAME), root=tmp_path / "r", seed=3, clock=Clock(), state_root=state
    )
    session = opened.session
    session.act(next_action(session))
    notice = session.load_notice or ""
    warning = session.save_warning or ""
    opened.close()
    assert list(elsewhere.iterdir()) == [], "the mark was written through the link"
    assert "symbolic link" in notice and "\n" not in notice
    assert "symbolic link" in warning
    again = open_session(
        GAME, default_settings(GAME), root=tmp_path / "r", seed=3, clock=Clock(), state_root=state
    )
    assert again.session.state == session.state  # nothing lost
    again.close()


@pytest.mark.parametrize("which", ["session-a.save.tmp", "session-b.save.tmp"])
def test_temp_names_that_are_folders_are_refused_on_opening(tmp_path: Path, which: str) -> None:
    opened = open_seeded(tmp_path)
    opened.session.act(next_action(opened.session))
    opened.close()
    where = folder(tmp_path)
    (where / which).mkdir()
    before = sorted(p.name for p in where.iterdir())
    with pytest.raises(SaveError) as caught:
        open_seeded(tmp_path)
    message = str(caught.value)
    assert which in message and "a folder" in message and "move it away" in message
    assert "\n" not in message
    assert sorted(p.name for p in where.iterdir()) == before
    # --reset-save moves them aside with the copies, and the game goes on afresh
    reset = open_session(
        GAME, default_settings(GAME), root=tmp_path, seed=11, reset=True, clock=Clock()
    )
    reset.session.act(next_action(reset.session))
    reset.close()


def test_history_on_a_save_dir_under_a_file_says_it_cannot_be_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    plain = tmp_path / "file"
    plain.write_bytes(b"x")
    status = main(["history", "--save-dir", str(plain), "--seed", "1"])
    err = capsys.readouterr().err
    assert status == 2
    assert "no save copy can be trusted" not in err and "cannot read" in err, err


def test_history_on_a_folder_it_cannot_enter_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A folder without search permission (simulated: the tests may run as root, whom no
    permission stops): every look inside it is EACCES."""
    opened = open_seeded(tmp_path)
    opened.session.act(next_action(opened.session))
    opened.close()
    where = str(session_folder(tmp_path, GAME.id, 11))
    real_lstat, real_open = os.lstat, os.open

    def barred(call):  # type: ignore[no-untyped-def]
        def inner(path, *args, **kwargs):  # type: ignore[no-untyped-def]
            if str(path).startswith(where + os.sep):
                raise PermissionError(errno.EACCES, "Permission denied", str(path))
            return call(path, *args, **kwargs)

        return inner

    monkeypatch.setattr(os, "lstat", barred(real_lstat))
    monkeypatch.setattr(os, "open", barred(real_open))
    status = main(["history", "--save-dir", str(tmp_path), "--seed", "11"])
    err = capsys.readouterr().err
    assert status == 2
    assert "no save copy can be trusted" not in err, err
    assert "cannot read saves in" in err and "Permission denied" in err, err
