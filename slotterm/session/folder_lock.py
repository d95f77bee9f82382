"""A save folder's lock: one slotterm at a time on a save, and which one holds it.

The lock is ``flock(LOCK_EX | LOCK_NB)`` on the folder's lock file, opened by
:func:`~slotterm.session.safeio.open_lock` (no link followed, a regular file only).  Once
its session is open the holder writes its process id into the file
(:meth:`FolderLock.sign`), and empties it again when it lets go, so a second slotterm
refused the lock can say which process has the save ("close that one first" is no help
when that one's window is gone).

The folder is hostile (DESIGN.md §5): the holder writes only into a file that looks like a
lock file of its own (a single link, at most :data:`PID_BYTES` bytes), never into a planted
hard link to some other file or into a large file, which are locked all the same.  What a
refused slotterm reads there is trusted for the message only: at most :data:`PID_BYTES`
bytes, ASCII digits and one newline, a number from 1 to :data:`PID_MAX`; anything else
and the message names no process.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

from slotterm.session.errors import SaveUnreadable
from slotterm.session.safeio import open_lock

PID_BYTES = 16
"""The most a lock file holding a process id may hold (a number and a newline)."""
PID_MAX = 2**22
"""The highest process id believed (Linux's largest ``pid_max``)."""


class SessionInUse(SaveUnreadable):
    """Another slotterm process has this save open."""


class FolderLock:
    """The lock on a save folder, held until :meth:`close` (or until it is dropped, as
    the file it holds is closed then)."""

    def __init__(self, fd: int) -> None:
        self.handle = os.fdopen(fd, "r+b", buffering=0)
        self.wrote = False
        """Whether this process's id was written into the lock file (emptied on close)."""

    def sign(self) -> None:
        """Write this process's id into the lock file, if it is one of ours to write.

        Done once the session is open: a save refused leaves its folder untouched."""
        if not self.handle.closed and not self.wrote:
            self.wrote = _write_pid(self.handle.fileno())

    def close(self) -> None:
        """Empty the lock file (if this process wrote it) and let the lock go."""
        if self.handle.closed:
            return
        if self.wrote:
            with contextlib.suppress(OSError):
                os.ftruncate(self.handle.fileno(), 0)
        self.handle.close()


def lock_folder(path: Path) -> FolderLock:
    """Take the lock file at ``path`` for this process.

    Raises :class:`SessionInUse` (naming the holder's process when its lock file says it)
    when another process holds it, :class:`SaveUnreadable` when the lock file cannot be
    used (a link, a folder, a device ...).
    """
    folder = path.parent
    try:
        fd = open_lock(path)
    except OSError as exc:
        raise SaveUnreadable(
            f"cannot use the lock file {path} ({exc.strerror or exc}); move it away, or use "
            f"another --save-dir DIR"
        ) from None
    if os.name == "posix":
        import fcntl

        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            pid = holder_pid(fd)
            os.close(fd)
            holder = "another slotterm" if pid is None else f"another slotterm (process {pid})"
            raise SessionInUse(
                f"the save is open in {holder}; close that one first "
                f"(or use another --save-dir DIR)",
                folder=folder,
            ) from None
    return FolderLock(fd)


def holder_pid(fd: int) -> int | None:
    """The process id the lock file on ``fd`` names, if it names a believable one."""
    try:
        data = os.pread(fd, PID_BYTES + 1, 0)
    except OSError:
        return None
    if len(data) > PID_BYTES:
        return None
    digits = data[:-1] if data.endswith(b"\n") else data
    if not digits or not all(48 <= byte <= 57 for byte in digits):  # ASCII 0-9 only
        return None
    pid = int(digits)
    return pid if 1 <= pid <= PID_MAX else None


def _write_pid(fd: int) -> bool:
    """Write this process's id into the lock file on ``fd`` if it is one of ours to write."""
    try:
        info = os.fstat(fd)
        if info.st_nlink != 1 or info.st_size > PID_BYTES:
            return False
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"{os.getpid()}\n".encode("ascii"), 0)
    except OSError:  # a full or read-only disk: the lock still holds, unnamed
        return False
    return True
