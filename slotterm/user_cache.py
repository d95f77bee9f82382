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
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from functools import cache
from pathlib import Path

MAGIC = b"slotterm-cache-1\n"
"""The first bytes of every cache file (then the payload's SHA-256, then the payload)."""

_DIGEST = 32

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
    return f"{kind}-{digest.hexdigest()[:40]}"


def read(key: str) -> bytes | None:
    """The payload kept under ``key``, or ``None`` when there is none or it is spoilt."""
    try:
        data = (cache_folder() / key).read_bytes()
    except (OSError, ValueError):
        return None
    head = len(MAGIC)
    if not data.startswith(MAGIC) or len(data) < head + _DIGEST:
        return None
    payload = data[head + _DIGEST :]
    if hashlib.sha256(payload).digest() != data[head : head + _DIGEST]:
        return None
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
    return True
