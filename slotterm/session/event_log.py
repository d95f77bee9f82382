"""The save folder's event log, kept as a cabinet keeps one: append-only and hash-chained.

Every event the player's save goes through outside plain play is appended to
``events.log`` in the save folder, one JSON object a line (compact, UTF-8)::

    {"n": 7, "at": "2026-03-01T12:00:02+00:00", "event": "recovered",
     "detail": {...}, "prev": "<SHA-256 of the line before, hex>"}

``n`` counts the events of the folder from 1; ``prev`` is the SHA-256 of the bytes of the
line before (without its newline), or :data:`GENESIS` for the very first, so a line
changed, removed or put in is seen at the line after it (:mod:`slotterm.session.log_check`
reads and checks the chain).  The events (:data:`EVENTS`): a copy recovered from its twin,
copies set aside, a rolled-back folder refused, a round settled (or not, when its age
cannot be trusted), a waiting win credited, a save that failed, an outcome forced by
``--force``, a copy read from an older format.

Writing is an append: one ``write`` of the whole line to a file opened with
``O_APPEND | O_NOFOLLOW`` (never through a link; only a regular file), then ``fsync``.
A kill can only cut the last line short; lines before it were synced and are never
touched again.  A line cut short (never finished, so never relied on) is cut off by the
next append, which logs that it did (``torn_tail``).  The log is bounded: once it would
pass :data:`MAX_LOG_BYTES` it becomes ``events.1.log`` (replacing the one before) and a
new ``events.log`` goes on, its first line chained to the last of the old one.

The log is a record, not a guard: a failure to write it never stops the game
(:attr:`EventLog.error` says why the last write failed).  A ``--demo`` has no save folder
and so no log; ``slotterm history`` and the lobby only read.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import stat
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any

from slotterm.session.crashpoints import LOG_POINTS, CrashPlan
from slotterm.session.safeio import NotAFile, fsync_folder, kind

LOG_NAME = "events.log"
PREVIOUS_NAME = "events.1.log"
MAX_LOG_BYTES = 256 * 1024
"""A log file is rotated before it would grow past this (about a thousand events)."""
MAX_LINE_BYTES = 4096
"""The longest line written or believed."""
GENESIS = "0" * 64
"""The ``prev`` of a folder's first event."""

EVENTS = {
    "recovered": "a damaged copy: the game went on from its twin",
    "set_aside": "save files moved into a set-aside folder",
    "rollback_refused": "the folder was put back to an older save: refused",
    "settled": "a round left for more than 90 days was settled",
    "settlement_refused": "a round's age could not be trusted: not settled",
    "credited": "a win left waiting for Collect was credited",
    "save_failed": "a step could not be saved",
    "twin_failed": "the second copy could not be written",
    "forced": "an outcome forced by --force, or reel stops by --stops",
    "migrated": "a copy read from an older save format",
    "torn_tail": "a log line cut short by a crash was cut off",
}
"""Every event the log holds, and what it means."""

_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
_TAIL = 2 * MAX_LINE_BYTES
"""How much of a log's end is read to find its last line."""


def line_hash(line: bytes) -> str:
    """The SHA-256 (hex) of one log line, without its newline: the next line's ``prev``."""
    return hashlib.sha256(line).hexdigest()


def encode_line(number: int, at: datetime, event: str, detail: dict[str, Any], prev: str) -> bytes:
    """One log line (with its newline)."""
    doc = {"n": number, "at": at.isoformat(), "event": event, "detail": detail, "prev": prev}
    text = json.dumps(doc, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
    return text.encode("utf-8", "backslashreplace") + b"\n"


def _fitted(detail: dict[str, Any]) -> dict[str, Any]:
    """Details short enough for one line: long text is cut (a reason quoting a save)."""
    return {k: v[:300] if isinstance(v, str) else v for k, v in detail.items()}


class EventLog:
    """The event log of one save folder (``clock`` stamps the events)."""

    def __init__(self, folder: Path, clock: Callable[[], datetime]) -> None:
        self.folder = folder
        self.path = folder / LOG_NAME
        self.previous = folder / PREVIOUS_NAME
        self.clock = clock
        self.error: str | None = None
        """Why the last append failed (``None``: it was written)."""
        plan = CrashPlan.from_env()
        self._crash = plan if plan.name in LOG_POINTS else CrashPlan()

    def append(self, event: str, *, once: bool = False, **detail: Any) -> bool:
        """Log ``event`` with ``detail``; False when it could not be written (never raises
        for the disk).  ``once``: not again when the last event logged is the same one
        (a refusal met at every start is logged the first time)."""
        assert event in EVENTS, event
        try:
            self._append(event, _fitted(detail), once=once)
        except OSError as exc:
            self.error = f"the event log {self.path} could not be written ({exc.strerror or exc})"
            return False
        self.error = None
        return True

    def _append(self, event: str, detail: dict[str, Any], *, once: bool) -> None:
        fd = _open_log(self.path)
        created = False
        try:
            size = os.fstat(fd).st_size
            created = size == 0
            last, number, end, closed = _last_line(fd, size)
            torn: list[tuple[str, dict[str, Any]]] = []
            if end < size:  # a line cut short: never finished, so never relied on
                os.ftruncate(fd, end)
                torn.append(("torn_tail", {"bytes": size - end}))
            elif once and last is not None and _same_event(last, event, detail):
                return
            # an end that is no line of ours (no newline) is closed first, never run on
            lead = b"" if closed else b"\n"
            data = _lines(number, self.clock(), [*torn, (event, detail)], last)
            if end + len(lead) + len(data) > MAX_LOG_BYTES and end > 0:
                os.close(fd)
                fd = -1
                os.replace(self.path, self.previous)  # a link there is replaced, not followed
                fd = _open_log(self.path, new=True)
                created, lead = True, b""
            self._write(fd, lead + data)
        finally:
            if fd >= 0:
                os.close(fd)
        if created:
            fsync_folder(self.folder)

    def _write(self, fd: int, data: bytes) -> None:
        self._crash.reached("log-before-write")
        half = len(data) // 2
        _write_all(fd, data[:half])
        self._crash.reached("log-mid-write")
        _write_all(fd, data[half:])
        os.fsync(fd)
        self._crash.reached("log-after-write")


def _lines(
    number: int, now: datetime, events: list[tuple[str, dict[str, Any]]], last: bytes | None
) -> bytes:
    """The lines of ``events``, numbered on from ``number`` and chained on from ``last``."""
    data = b""
    prev = GENESIS if last is None else line_hash(last)
    for name, detail in events:
        number += 1
        line = encode_line(number, now, name, detail, prev)
        if len(line) > MAX_LINE_BYTES:  # never: details are a few short fields
            line = encode_line(number, now, name, {"cut": True}, prev)
        prev = line_hash(line[:-1])
        data += line
    return data


def _open_log(path: Path, *, new: bool = False) -> int:
    """A descriptor for appending to the regular file ``path`` (created if missing), never
    through a link; raises :class:`NotAFile` for anything else there."""
    flags = os.O_RDWR | os.O_APPEND | os.O_CREAT | _NOFOLLOW | _NONBLOCK | _CLOEXEC
    fd = os.open(path, flags | (os.O_EXCL if new else 0), 0o644)
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode) or info.st_nlink > 1:
            what = kind(info.st_mode) if not stat.S_ISREG(info.st_mode) else "a hard link"
            raise NotAFile(f"{path} is {what}, not an event log")
    except BaseException:
        os.close(fd)
        raise
    return fd


def _last_line(fd: int, size: int) -> tuple[bytes | None, int, int, bool]:
    """The last complete line (``None``: none), its event number, where it ends (the size
    less a line cut short after it), and whether the kept end closes a line.

    An end with no newline within :data:`MAX_LINE_BYTES` was never a line of ours: it is
    kept (and taken as the last line, so the chain check reports it), not cut off."""
    start = max(0, size - _TAIL)
    tail = os.pread(fd, size - start, start)
    end_at = tail.rfind(b"\n")
    if end_at < 0 or size - (start + end_at + 1) > MAX_LINE_BYTES:
        if size <= MAX_LINE_BYTES and end_at < 0:
            return None, 0, 0, True  # the only line, cut short
        return tail[-MAX_LINE_BYTES:], 0, size, False
    before = tail.rfind(b"\n", 0, end_at)
    line = tail[before + 1 : end_at]
    return line, _number(line), start + end_at + 1, True


def _number(line: bytes) -> int:
    """The ``n`` of a log line (0 when it has none: the next is 1 again, the checker says)."""
    with contextlib.suppress(ValueError, UnicodeDecodeError, RecursionError):
        doc = json.loads(line)
        if isinstance(doc, dict) and type(doc.get("n")) is int and doc["n"] >= 0:
            return int(doc["n"])
    return 0


def _same_event(line: bytes, event: str, detail: dict[str, Any]) -> bool:
    with contextlib.suppress(ValueError, UnicodeDecodeError, RecursionError):
        doc = json.loads(line)
        return isinstance(doc, dict) and doc.get("event") == event and doc.get("detail") == detail
    return False


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        view = view[written:]
