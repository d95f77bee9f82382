"""Reading a game file's bytes and parsing them as TOML or JSON, safely (DESIGN.md §7).

A game file may come from anywhere (a download, a folder of files others wrote), so it
is read the way the save store reads its folder: only a regular file (never through a
symbolic link: ``O_NOFOLLOW``; never blocking on a named pipe: ``O_NONBLOCK``; the type
checked again on the open descriptor), at most :data:`MAX_FILE_BYTES`, as UTF-8, with
its nesting at most :data:`MAX_DEPTH` deep.  :mod:`slotterm.session.safeio` does the same
for saves; it lives in ``session/``, which ``games/`` must not import, and its messages
speak of saves, so this small reader is the games layer's own.

Every problem is a :class:`ReadProblem` whose message is one line without the file's
name (the loader puts the name in front).
"""

from __future__ import annotations

import json
import os
import stat
import tomllib
from pathlib import Path
from typing import Any

MAX_FILE_BYTES = 1 << 20
"""A game file is at most 1 MiB (the shipped games take about 10 KiB)."""

MAX_DEPTH = 12
"""Tables and lists nest at most this deep (a game file needs 5: ``bonus.games.X.amounts``)."""

SUFFIXES = (".toml", ".json")
"""The endings of a game file's name; the ending says how it is parsed."""

_FLAGS = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
_FLAGS |= getattr(os, "O_CLOEXEC", 0)


class ReadProblem(ValueError):
    """The file cannot be read or parsed; the message says why, in one line."""


def _kind(mode: int) -> str:
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


def _check(info: os.stat_result) -> None:
    if not stat.S_ISREG(info.st_mode):
        raise ReadProblem(f"it is {_kind(info.st_mode)}, not a game file")
    if info.st_size > MAX_FILE_BYTES:
        raise ReadProblem(f"the file is larger than 1 MiB ({info.st_size} bytes)")


def read_bytes(path: Path) -> bytes:
    """The bytes of the regular file at ``path`` (at most :data:`MAX_FILE_BYTES`)."""
    try:
        _check(os.lstat(path))
        fd = os.open(path, _FLAGS)
    except FileNotFoundError:
        raise ReadProblem("no such file") from None
    except OSError as exc:
        raise ReadProblem(f"cannot be read ({exc.strerror or exc})") from None
    try:
        _check(os.fstat(fd))
        chunks: list[bytes] = []
        left = MAX_FILE_BYTES + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 16))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    except OSError as exc:
        raise ReadProblem(f"cannot be read ({exc.strerror or exc})") from None
    finally:
        os.close(fd)
    data = b"".join(chunks)
    if len(data) > MAX_FILE_BYTES:
        raise ReadProblem("the file is larger than 1 MiB")
    return data


def parse(data: bytes, suffix: str) -> dict[str, Any]:
    """The tree of a ``.toml`` or ``.json`` file's ``data``: a table at the top."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ReadProblem(f"not UTF-8 text (byte {exc.start})") from None
    if suffix == ".json" and _json_depth(text) > MAX_DEPTH:
        raise ReadProblem(f"nested deeper than {MAX_DEPTH} tables and lists")
    try:
        tree = _parse_json(text) if suffix == ".json" else tomllib.loads(text)
    except RecursionError:
        raise ReadProblem(f"nested deeper than {MAX_DEPTH} tables and lists") from None
    except tomllib.TOMLDecodeError as exc:
        raise ReadProblem(f"not valid TOML: {exc}") from None
    if not isinstance(tree, dict):
        raise ReadProblem("the file must hold a table (a JSON object) at the top")
    if _depth(tree) > MAX_DEPTH:
        raise ReadProblem(f"nested deeper than {MAX_DEPTH} tables and lists")
    return tree


def _parse_json(text: str) -> Any:
    def no_constant(name: str) -> Any:
        raise ReadProblem(f"not valid JSON: {name} is not a number")

    def one_each(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        table: dict[str, Any] = {}
        for key, value in pairs:
            if key in table:
                raise ReadProblem(f"not valid JSON: the key {json.dumps(key)} is given twice")
            table[key] = value
        return table

    try:
        return json.loads(text, parse_constant=no_constant, object_pairs_hook=one_each)
    except json.JSONDecodeError as exc:
        raise ReadProblem(
            f"not valid JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})"
        ) from None


def _json_depth(text: str) -> int:
    """How deep the brackets of a JSON text nest (strings skipped), without parsing it."""
    depth = deepest = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth -= 1
    return deepest


def _depth(tree: Any) -> int:
    """How deep tables and lists nest in a parsed tree (counted without recursion)."""
    deepest = 0
    stack: list[tuple[Any, int]] = [(tree, 1)]
    while stack:
        value, level = stack.pop()
        if isinstance(value, dict):
            children: Any = value.values()
        elif isinstance(value, list):
            children = value
        else:
            continue
        deepest = max(deepest, level)
        if level <= MAX_DEPTH:
            stack.extend((child, level + 1) for child in children)
    return deepest


def read_tree(path: Path) -> dict[str, Any]:
    """The parsed tree of the game file at ``path`` (its ending says TOML or JSON)."""
    suffix = path.suffix.lower()
    if suffix not in SUFFIXES:
        raise ReadProblem("a game file's name must end in .toml or .json")
    return parse(read_bytes(path), suffix)
