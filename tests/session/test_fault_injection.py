"""Disk full and I/O errors while saving: say so, keep the last good state, show nothing.

Each of the store's system calls for the first copy (write, fsync of the file, replace,
fsync of the folder) is made to fail in turn, on many different transitions.  Every time:
``act`` raises SaveError, the session is back where it was (generator included), a copy
holding the last good state is byte-for-byte unchanged and still loads, and once the disk
works again the game goes on to exactly the reference outcome.  A failure while writing the
second (twin) copy comes after the new state is recorded: the transition stands, the store
says the twin lags, and the next save mirrors both copies again.
"""

from __future__ import annotations

import errno
import os
from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from slotterm.session.errors import SaveError
from slotterm.session.game_session import HISTORY_LENGTH, GameSession
from slotterm.session.store import LoadResult, SaveStore
from tests.session.helpers import GAME, START, folder, open_seeded
from tests.session.kill_driver import digest
from tests.session.policy import next_action

FAULTS = ("write", "fsync-file", "replace", "fsync-dir")
TWIN_FAULTS = {
    "twin-fsync-file": ("fsync", 3),
    "twin-replace": ("replace", 2),
    "twin-fsync-dir": ("fsync", 4),
}
"""Faults in the second copy's write: the system call and which call of the save fails."""
KINDS = {
    "write": ("write", 1),
    "fsync-file": ("fsync", 1),
    "replace": ("replace", 1),
    "fsync-dir": ("fsync", 2),
    **TWIN_FAULTS,
}
"""Every fault: the system call and which of its calls in one save fails."""
ACTIONS = 40


def _reference(root: Path) -> list[str]:
    opened = open_seeded(root)
    states = [digest(opened.session)]
    for _ in range(ACTIONS):
        opened.session.act(next_action(opened.session))
        states.append(digest(opened.session))
    opened.close()
    return states


class Fault:
    """Makes the ``nth`` call of one system call (counted from arming) fail once."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, kind: str) -> None:
        self.call, self.nth = KINDS[kind]
        self.armed = False
        self.fired = 0
        self._calls = 0
        real_write, real_fsync, real_replace = os.write, os.fsync, os.replace

        def wrap(name: str, real: Callable[..., Any]) -> Callable[..., Any]:
            def call(*args: Any) -> Any:
                if self.armed and name == self.call:
                    self._calls += 1
                    if self._calls == self.nth:
                        self.armed = False
                        self.fired += 1
                        code = errno.ENOSPC if name == "write" else errno.EIO
                        raise OSError(code, os.strerror(code))
                return real(*args)

            return call

        monkeypatch.setattr(os, "write", wrap("write", real_write))
        monkeypatch.setattr(os, "fsync", wrap("fsync", real_fsync))
        monkeypatch.setattr(os, "replace", wrap("replace", real_replace))

    def arm(self) -> None:
        """Fail the planned call of the next save."""
        self.armed = True
        self._calls = 0


@pytest.mark.parametrize("kind", FAULTS)
def test_failed_save_keeps_the_last_good_state(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, kind: str
) -> None:
    reference = _reference(tmp_path / "reference")
    root = tmp_path / "faulty"
    opened = open_seeded(root)
    session, store = opened.session, opened.store
    assert store is not None
    fault = Fault(monkeypatch, kind)
    reader = SaveStore(folder(root), GAME, seed=11)
    done = 0
    while done < ACTIONS:
        before = digest(session)
        present = [p for p in store.copies if p.exists()]
        good = max(present, key=lambda p: reader.verify(p.read_bytes())[0])
        good_bytes = good.read_bytes()
        fault.arm()
        with pytest.raises(SaveError) as caught:
            session.act(next_action(session))
        assert "could not be saved" in str(caught.value)
        assert digest(session) == before
        assert good_bytes in [p.read_bytes() for p in store.copies if p.exists()]
        loaded = reader.load(START, readonly=True)
        assert loaded is not None
        on_disk = digest_of(loaded)
        if kind == "fsync-dir":  # the replace happened; the new state is complete on disk
            assert on_disk in (before, reference[done + 1])
        else:
            assert on_disk == before
        session.act(next_action(session))
        done += 1
        assert digest(session) == reference[done]
    assert fault.fired == ACTIONS
    opened.close()
    assert digest(open_seeded(root).session) == reference[-1]


@pytest.mark.parametrize("kind", sorted(TWIN_FAULTS))
def test_a_failed_twin_copy_keeps_the_recorded_state(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, kind: str
) -> None:
    reference = _reference(tmp_path / "reference")
    root = tmp_path / "faulty"
    opened = open_seeded(root)
    session, store = opened.session, opened.store
    assert store is not None
    fault = Fault(monkeypatch, kind)
    reader = SaveStore(folder(root), GAME, seed=11)
    for done in range(1, 9):
        fault.arm()
        session.act(next_action(session))  # recorded in the first copy: it stands
        assert digest(session) == reference[done]
        assert "could not be written" in (store.mirror_error or "")
        assert session.save_warning == store.mirror_error  # passed on to the interface
        loaded = reader.load(START, readonly=True)
        assert loaded is not None and digest_of(loaded) == reference[done]
        assert loaded.sequence == store.sequence
        sequences = sorted(reader.verify(p.read_bytes())[0] for p in store.copies)
        stale = 0 if kind == "twin-fsync-dir" else 1  # the twin's replace had landed
        assert sequences == [store.sequence - stale, store.sequence]
    session.act(next_action(session))  # the disk works again: both copies mirror
    assert store.mirror_error is None and session.save_warning is None
    assert store.copies[0].read_bytes() == store.copies[1].read_bytes()
    assert digest(session) == reference[9]
    assert fault.fired == 8
    opened.close()


def digest_of(loaded: LoadResult) -> str:
    """The fingerprint of a loaded record, as a session built from it would give."""
    record = loaded.record
    session = GameSession(
        game=GAME,
        state=record.state,
        rng=record.rng,
        bet=record.bet,
        history=deque(record.history, maxlen=HISTORY_LENGTH),
    )
    return digest(session)
