"""File access for a hostile folder: never follow a symlink, read only regular files of a sane size.

* :func:`read_regular` reads a file only when it is a regular file (checked with ``lstat``
  and again on the open descriptor), opened with ``O_NOFOLLOW | O_NONBLOCK`` so a symlink,
  a FIFO or a device is refused without blocking, and never reads more than its cap.
  With ``follow=True`` (a file the player named, such as ``--config``, which may well be a
  link into a dotfiles folder) a link is followed, and what it leads to is checked the
  same way: a FIFO, a device or a folder behind a link is refused all the same.
* :func:`write_atomically` writes ``<target>.tmp`` (created with ``O_EXCL | O_NOFOLLOW``, so
  a planted link is never followed; a leftover regular file or link is unlinked first),
  fsyncs it, ``os.replace``-s it over the target (which replaces a link itself, never what
  it points to) and fsyncs the folder.
"""

from __future__ import annotations

import contextlib
import os
import stat
from collections.abc import Callable
from pathlib import Path

_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)


class NotAFile(OSError):
    """A path holds something other than a regular file, or one that is too large."""


def kind(mode: int) -> str:
    """What a non-regular ``st_mode`` is, in words."""
    if stat.S_ISLNK(mode):
        return "a symbolic link"
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def read_regular(
    path: Path, cap: int, *, what: str = "a save file", follow: bool = False
) -> bytes | None:
    """The bytes of the regular file ``path`` (``None`` when nothing is there).

    Raises :class:`NotAFile` (one-line message naming the file ``what``, e.g. "a save
    file") for a link (unless ``follow``), pipe, device, folder or a file larger than
    ``cap`` bytes; other ``OSError`` as raised.
    """
    try:
        info = os.stat(path) if follow else os.lstat(path)
    except FileNotFoundError:
        return None
    _check(info, cap, what)
    fd = os.open(path, os.O_RDONLY | (0 if follow else _NOFOLLOW) | _NONBLOCK | _CLOEXEC)
    try:
        _check(os.fstat(fd), cap, what)
        chunks = []
        left = cap + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    finally:
        os.close(fd)
    data = b"".join(chunks)
    if len(data) > cap:
        raise NotAFile(f"it is too large (over {cap} bytes, the most {what} may have)")
    return data


def _check(info: os.stat_result, cap: int, what: str) -> None:
    if not stat.S_ISREG(info.st_mode):
        raise NotAFile(f"it is {kind(info.st_mode)}, not {what}")
    if info.st_size > cap:
        raise NotAFile(f"it is too large ({info.st_size} bytes; {what} has at most {cap})")


def remove_leftover(path: Path) -> None:
    """Unlink ``path`` if it is a regular file or a symlink (never followed); refuse others."""
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        return
    if not (stat.S_ISREG(info.st_mode) or stat.S_ISLNK(info.st_mode)):
        raise NotAFile(f"{path} is {kind(info.st_mode)}; move it away to save here")
    os.unlink(path)


def write_atomically(
    target: Path, data: bytes, crash: Callable[[str], None] = lambda _point: None
) -> None:
    """Write ``data`` to ``target`` by temp file, fsync, replace, folder fsync (see above)."""
    temp = target.with_name(target.name + ".tmp")
    crash("before-write")
    remove_leftover(temp)
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW | _CLOEXEC
    fd = os.open(temp, flags, 0o644)
    try:
        try:
            half = len(data) // 2
            _write_all(fd, data[:half])
            crash("mid-write")
            _write_all(fd, data[half:])
            crash("after-write")
            os.fsync(fd)
        finally:
            os.close(fd)
        crash("after-fsync")
        os.replace(temp, target)
    except BaseException:
        _discard(temp)
        raise
    crash("after-replace")
    fsync_folder(target.parent)
    crash("after-dir-fsync")


def _discard(temp: Path) -> None:
    with contextlib.suppress(OSError):
        remove_leftover(temp)


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        view = view[written:]


def fsync_folder(folder: Path) -> None:
    """Make a rename inside ``folder`` durable (no-op where folders cannot be opened)."""
    if os.name != "posix":  # pragma: no cover - Windows has no directory fsync
        return
    fd = os.open(folder, os.O_RDONLY | _CLOEXEC)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def open_lock(path: Path) -> int:
    """Open (or create) a lock file without following a link; a descriptor on a regular file."""
    fd = os.open(path, os.O_RDWR | os.O_CREAT | _NOFOLLOW | _NONBLOCK | _CLOEXEC, 0o644)
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise NotAFile(f"{path} is {kind(info.st_mode)}, not a lock file")
    except BaseException:
        os.close(fd)
        raise
    return fd
