"""Reading a save folder's event log back, and checking its chain (``slotterm log``).

:func:`read_log` reads ``events.1.log`` (the rotated one, if kept) and ``events.log``
through :func:`~slotterm.session.safeio.read_regular` (no link followed, a regular file of
a sane size) and checks, line by line, what :mod:`slotterm.session.event_log` writes: a
JSON object with its fields, ``n`` one more than the line before, ``prev`` the SHA-256 of
the line before.  Whatever is wrong is a :class:`LogProblem` naming the file and line;
nothing is ever fatal, and the lines that can be read are kept.  A last line cut short
(a write interrupted) is reported as torn, apart from a break in the chain.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from slotterm.session.event_log import (
    EVENTS,
    GENESIS,
    LOG_NAME,
    MAX_LINE_BYTES,
    MAX_LOG_BYTES,
    PREVIOUS_NAME,
    line_hash,
)
from slotterm.session.safeio import read_regular

_HEX64 = re.compile(r"[0-9a-f]{64}")
_READ_CAP = MAX_LOG_BYTES + 2 * MAX_LINE_BYTES
"""The largest log file read (a file is rotated before it passes MAX_LOG_BYTES)."""


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One event read back: its number, time (ISO 8601 as written), name and details."""

    number: int
    at: str
    event: str
    detail: dict[str, Any]
    file: str
    line: int


@dataclass(frozen=True, slots=True)
class LogProblem:
    """Something wrong in the log: where (file, line; 0 for the whole file) and what."""

    file: str
    line: int
    problem: str
    torn: bool = False
    """A last line cut short by an interrupted write (not a break in the chain)."""


@dataclass(frozen=True, slots=True)
class LogReport:
    """The events that could be read and every problem found."""

    entries: tuple[LogEntry, ...] = ()
    problems: tuple[LogProblem, ...] = ()
    files: tuple[str, ...] = field(default=())
    """The log files found."""

    @property
    def intact(self) -> bool:
        """True when nothing at all is wrong (a torn last line is something)."""
        return not self.problems

    @property
    def broken(self) -> tuple[LogProblem, ...]:
        """The problems that are breaks of the chain (not a torn last line)."""
        return tuple(p for p in self.problems if not p.torn)

    @property
    def torn(self) -> bool:
        """True when the last line was cut short."""
        return any(p.torn for p in self.problems)


@dataclass
class _Chain:
    prev: str | None = None
    """The hash the next line must name (``None``: the first line kept, unknown)."""
    number: int | None = None
    entries: list[LogEntry] = field(default_factory=list)
    problems: list[LogProblem] = field(default_factory=list)


def read_log(folder: Path) -> LogReport:
    """The event log of ``folder``, read and checked (nothing written)."""
    chain = _Chain()
    files = []
    for index, name in enumerate((PREVIOUS_NAME, LOG_NAME)):
        try:
            data = read_regular(folder / name, _READ_CAP, what="an event log")
        except OSError as exc:
            chain.problems.append(LogProblem(name, 0, f"cannot be read: {exc.strerror or exc}"))
            chain.prev = chain.number = None
            continue
        if data is None:
            if index == 0:
                chain.prev = GENESIS  # no older file: the log starts in events.log
            continue
        files.append(name)
        _check_file(name, data, chain, first_kept=index == 0)
    return LogReport(tuple(chain.entries), tuple(chain.problems), tuple(files))


def _check_file(name: str, data: bytes, chain: _Chain, *, first_kept: bool) -> None:
    lines = data.split(b"\n")
    tail = lines.pop()  # after the last newline: empty unless the last line was cut short
    for number, line in enumerate(lines, start=1):
        problem = _check_line(name, number, line, chain, first=first_kept and number == 1)
        if problem is not None:
            chain.problems.append(LogProblem(name, number, problem))
        chain.prev = line_hash(line)
    if tail:
        chain.problems.append(
            LogProblem(
                name,
                len(lines) + 1,
                "the last line is cut short (a write was interrupted)",
                torn=True,
            )
        )
        chain.prev = chain.number = None


def _check_line(name: str, number: int, line: bytes, chain: _Chain, *, first: bool) -> str | None:
    """What is wrong with one line (``None``: it follows from the one before)."""
    if len(line) > MAX_LINE_BYTES:
        chain.number = None
        return f"the line is too long ({len(line)} bytes)"
    try:
        doc = json.loads(line)
    except (ValueError, UnicodeDecodeError, RecursionError):
        chain.number = None
        return "not an event (not JSON)"
    entry = _entry(doc, name, number)
    if entry is None:
        chain.number = None
        return "not an event (its fields are missing or wrong)"
    expected_prev, expected_number = chain.prev, chain.number
    chain.entries.append(entry)
    chain.number = entry.number
    if expected_prev is not None and doc["prev"] != expected_prev:
        if name == LOG_NAME and number == 1 and expected_prev == GENESIS:
            return "the log before this line is missing (events.1.log was removed)"
        return "it does not follow from the line before (a line was changed, removed or put in)"
    if expected_number is not None and entry.number != expected_number + 1:
        return f"event number {entry.number} does not follow {expected_number}"
    if expected_prev is None and not first and doc["prev"] == GENESIS:
        return "the chain starts again here"
    return None


def _entry(doc: Any, name: str, number: int) -> LogEntry | None:
    if not isinstance(doc, dict) or set(doc) != {"n", "at", "event", "detail", "prev"}:
        return None
    n, at, event, detail, prev = (doc[k] for k in ("n", "at", "event", "detail", "prev"))
    if type(n) is not int or n < 1 or not isinstance(at, str) or len(at) > 40:
        return None
    if event not in EVENTS or not isinstance(detail, dict):
        return None
    if not isinstance(prev, str) or _HEX64.fullmatch(prev) is None:
        return None
    return LogEntry(number=n, at=at, event=event, detail=detail, file=name, line=number)
