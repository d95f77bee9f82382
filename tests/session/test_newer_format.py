"""A copy written by a newer slotterm is never damage (issue 23, defect 5).

Copy A in format 4 at sequence N+1 and copy B in format 3 at N: resuming from B and
setting A aside would lose a step after a downgrade.  The game refuses the save in one
line ("written by a newer slotterm (format 4): upgrade, or use --save-dir") and changes
nothing; ``slotterm history`` says the same, not "no save copy can be trusted".
"""

from __future__ import annotations

import argparse
import hashlib
from pathlib import Path

import pytest

from slotterm.cli import UsageError, main
from slotterm.session.errors import SaveFromNewer, SaveUnreadable
from slotterm.session.fileformat import FORMAT_VERSION
from slotterm.session.store import COPY_NAMES
from tests.session.helpers import GAME, folder, open_seeded
from tests.session.policy import next_action

LINE = "written by a newer slotterm (format 4): upgrade, or use --save-dir"


def _as_format(data: bytes, version: int) -> bytes:
    """The copy as a slotterm writing ``version`` would have sealed it (checksum intact)."""
    header, _, body = data.partition(b"\n")
    fields = header.split(b" ")
    head = b" ".join([fields[0], str(version).encode(), fields[2], fields[3]])
    return head + b" " + hashlib.sha256(head + b"\n" + body).hexdigest().encode() + b"\n" + body


def _newer_and_older(root: Path) -> dict[str, bytes]:
    """A: format 4 at N+1; B: format 3 at N.  Every file of the folder, as left."""
    opened = open_seeded(root)
    session, store = opened.session, opened.store
    assert store is not None
    for _ in range(3):
        session.act(next_action(session))
    older = store.copies[0].read_bytes()
    session.act(next_action(session))
    newest = store.copies[0].read_bytes()
    opened.close()
    where = folder(root)
    (where / COPY_NAMES[0]).write_bytes(_as_format(newest, FORMAT_VERSION + 1))
    (where / COPY_NAMES[1]).write_bytes(older)
    return {p.name: p.read_bytes() for p in where.iterdir()}


def test_a_newer_copy_refuses_the_save_and_changes_nothing(tmp_path: Path) -> None:
    before = _newer_and_older(tmp_path)
    with pytest.raises(SaveFromNewer) as caught:
        open_seeded(tmp_path)
    message = str(caught.value)
    assert LINE in message and "\n" not in message
    assert "nothing was lost" not in message
    where = folder(tmp_path)
    assert {p.name: p.read_bytes() for p in where.iterdir()} == before  # nothing set aside


def test_a_newer_copy_alone_is_refused_the_same_way(tmp_path: Path) -> None:
    _newer_and_older(tmp_path)
    (folder(tmp_path) / COPY_NAMES[1]).unlink()
    with pytest.raises(SaveUnreadable, match=r"newer slotterm \(format 4\)"):
        open_seeded(tmp_path)


def test_play_and_history_say_so_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _newer_and_older(tmp_path)
    for command in (["history"], ["log"]):
        status = main([*command, "book-of-spells", "--save-dir", str(tmp_path), "--seed", "11"])
        err = capsys.readouterr().err
        if command == ["history"]:
            assert status == 2
            assert LINE in err and "no save copy can be trusted" not in err, err
            assert len(err.strip().splitlines()) == 1
        else:
            assert status == 0  # the log of a folder a newer slotterm saved: read, not written


def test_the_lobby_says_so_and_offers_no_fresh_start(tmp_path: Path) -> None:
    """Starting afresh would set aside a save that is not damaged: not offered."""
    from slotterm.commands.play import open_from_args
    from slotterm.tui.lobby import refusal

    _newer_and_older(tmp_path)
    args = argparse.Namespace(
        game=GAME.id, save_dir=str(tmp_path), seed=11, demo=False, config=None, force=None
    )
    with pytest.raises(UsageError) as caught:
        open_from_args(args)
    unavailable = refusal(GAME, caught.value)
    assert not unavailable.afresh
    assert "newer slotterm (format 4)" in str(unavailable) and "damaged" not in str(unavailable)
