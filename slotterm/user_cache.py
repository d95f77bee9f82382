"""A cache of worked-out figures in the user's cache folder, safe to lose or spoil.

Some results take far longer to work out than to read back: the exact PAR figures
``simulate`` prints beside its run, a strip set's complete look-up tables.  They are kept
as files in ``platformdirs.user_cache_dir("slotterm")`` (``$XDG_CACHE_HOME/slotterm`` on
Linux; tests point it at a temporary folder), one file per key.

A key is a digest of everything the result depends on, this program's own code included
(:func:`code_fingerprint`: the size and modification time of every module that works
results out), so an edited game or module never reads a stale result.  Each file holds
a digest of its payload: :func:`read` gives ``None`` for a file that is missing, cut
short or spoilt in any way, and the caller works the result out again.  :func:`write`
replaces a file whole (a temporary file renamed over it) and never fails the caller:
a folder that cannot be written only means nothing is kept.

Every code change makes a new set of keys, so the old files would pile up (a few MB per
change).  A file's name carries a tag of the code it was made by
(``KIND-CODETAG-DIGEST``), a read that finds a file marks it used (its modification
time), and every write prunes the folder (:func:`prune`): it keeps the files of the
:data:`KEEP_VERSIONS` code versions used last (this process's always among them), then
drops the least recently used of those past :data:`MAX_BYTES`.  Pruning is safe beside
other processes: a file is only ever unlinked (a reader that opened it still reads it
whole, one that comes later finds nothing and works the result out again), a file
another process unlinked first is no error, and a temporary file is left to its writer
until it is an hour old.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import tempfile
import time
from functools import cache
from pathlib import Path

MAGIC = b"slotterm-cache-1\n"
"""The first bytes of every cache file (then the payload's SHA-256, then the payload)."""

_DIGEST = 32

KEEP_VERSIONS = 3
"""Code versions whose files :func:`prune` keeps (the ones used last)."""

MAX_BYTES = 128 * 2**20
"""What :func:`prune` lets the kept files take in all."""

STALE_TEMPORARY = 3600.0
"""Seconds after which a temporary file no writer renamed is left over (a killed one)."""

_TAG = 12
"""Hex digits of the code fingerprint in a file's name."""

_OURS = re.compile(rf"[a-z][a-z0-9_]*-(?:(?P<tag>[0-9a-f]{{{_TAG}}})-)?[0-9a-f]{{40}}")
"""A cache file's name (without a tag: made before names had one)."""

_TEMPORARY = re.compile(r"\..+\.tmp")

_CODE_FOLDERS = ("engine", "analysis", "games")
"""The packages whose modules work cached results out (their edit changes every key)."""


def cache_folder() -> Path:
    """The folder the cache files live in (asked of ``platformdirs`` each time)."""
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("slotterm"))


@cache
def code_fingerprint() -> str:
    """A digest of this program's version and of the path, size and modification time of
    every module under :data:`_CODE_FOLDERS` (worked out once per process)."""
    from slotterm import __version__

    root = Path(__file__).resolve().parent
    digest = hashlib.sha256(__version__.encode())
    for folder in _CODE_FOLDERS:
        for path in sorted((root / folder).rglob("*")):
            if path.suffix in (".py", ".toml"):
                info = path.stat()
                digest.update(
                    f"{path.relative_to(root)}:{info.st_size}:{info.st_mtime_ns};".encode()
                )
    return digest.hexdigest()


def cache_key(kind: str, *parts: bytes | str) -> str:
    """The file name of a result of ``kind`` that depends on ``parts`` (and on the code)."""
    digest = hashlib.sha256(code_fingerprint().encode())
    for part in parts:
        data = part.encode() if isinstance(part, str) else part
        digest.update(len(data).to_bytes(8, "big"))
        digest.update(data)
    return f"{kind}-{code_fingerprint()[:_TAG]}-{digest.hexdigest()[:40]}"


def read(key: str) -> bytes | None:
    """The payload kept under ``key``, or ``None`` when there is none or it is spoilt."""
    path = cache_folder() / key
    try:
        data = path.read_bytes()
    except (OSError, ValueError):
        return None
    head = len(MAGIC)
    if not data.startswith(MAGIC) or len(data) < head + _DIGEST:
        return None
    payload = data[head + _DIGEST :]
    if hashlib.sha256(payload).digest() != data[head : head + _DIGEST]:
        return None
    with contextlib.suppress(OSError):
        os.utime(path)  # used now: the last files pruned
    return payload


def write(key: str, payload: bytes) -> bool:
    """Keep ``payload`` under ``key`` (the whole file replaced at once); whether it was kept."""
    try:
        folder = cache_folder()
        folder.mkdir(parents=True, exist_ok=True)
        handle, name = tempfile.mkstemp(dir=folder, prefix=f".{key}.", suffix=".tmp")
        try:
            with os.fdopen(handle, "wb") as file:
                file.write(MAGIC + hashlib.sha256(payload).digest() + payload)
            os.replace(name, folder / key)
        except BaseException:
            Path(name).unlink(missing_ok=True)
            raise
    except (OSError, ValueError):
        return False
    prune(keep=key)
    return True


def prune(keep: str | None = None, now: float | None = None) -> int:
    """Drop the files of all but the :data:`KEEP_VERSIONS` code versions used last (this
    process's among them), then the least recently used past :data:`MAX_BYTES` (never
    ``keep``), untagged files and stale temporary ones; the bytes freed.  Never raises."""
    try:
        entries = list(os.scandir(cache_folder()))
    except OSError:
        return 0
    now = time.time() if now is None else now
    doomed: list[os.DirEntry[str]] = []
    versions: dict[str, list[tuple[float, int, os.DirEntry[str]]]] = {}
    for entry in entries:
        try:
            info = entry.stat(follow_symlinks=False)
        except OSError:
            continue
        if _TEMPORARY.fullmatch(entry.name):
            if now - info.st_mtime > STALE_TEMPORARY:
                doomed.append(entry)
            continue
        match = _OURS.fullmatch(entry.name)
        if match is None or not entry.is_file(follow_symlinks=False):
            continue  # not ours: left alone
        if match["tag"] is None:
            doomed.append(entry)
            continue
        versions.setdefault(match["tag"], []).append((info.st_mtime, info.st_size, entry))
    own = code_fingerprint()[:_TAG]
    order = sorted(versions, key=lambda tag: (tag != own, -max(f[0] for f in versions[tag])))
    kept = [f for tag in order[:KEEP_VERSIONS] for f in versions[tag]]
    doomed += [f[2] for tag in order[KEEP_VERSIONS:] for f in versions[tag]]
    total = sum(size for _, size, _ in kept)
    for _, size, entry in sorted(kept, key=lambda f: f[0]):  # least recently used first
        if total <= MAX_BYTES:
            break
        if entry.name != keep:
            doomed.append(entry)
            total -= size
    return sum(_unlink(entry) for entry in doomed)


def _unlink(entry: os.DirEntry[str]) -> int:
    """Remove a file (gone already: nothing); its size, or 0."""
    try:
        size = entry.stat(follow_symlinks=False).st_size
        os.unlink(entry.path)
    except OSError:
        return 0
    return size
