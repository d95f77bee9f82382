"""The sequence high-water mark of a save folder, kept outside it (DESIGN.md §5).

One small file per save folder under ``<state dir>/marks/`` (``platformdirs.user_state_dir``
unless told otherwise), named by a hash of the folder's resolved path and holding the
highest sequence number saved there::

    slotterm-mark 1 <sequence>\\n<folder>\\n

A folder whose newest copy is older than its mark was put back to an older state; the
opener refuses to replay it.  A missing or unreadable mark is no mark (first sight records
one).  The ``marks`` folder is never used through a symbolic link: a mark is not read
from, nor written into, wherever such a link points (:class:`MarksLinked`).
"""

from __future__ import annotations

import hashlib
import os
import re
import stat
from pathlib import Path

from slotterm.session.fileformat import SEQUENCE_LIMIT
from slotterm.session.safeio import NotAFile, read_regular, write_atomically

_MARK = re.compile(rb"slotterm-mark 1 (0|[1-9][0-9]{0,17})\n")
_CAP = 8192


def default_state_root() -> Path:
    """The player's state folder (platformdirs)."""
    from platformdirs import user_state_dir

    return Path(user_state_dir("slotterm"))


class MarksLinked(NotAFile):
    """The marks folder is a symbolic link: no mark is read or written through it."""


class HighWater:
    """The mark of one save folder."""

    def __init__(self, folder: Path, state_root: Path | None = None) -> None:
        self.folder = folder.resolve()
        root = state_root if state_root is not None else default_state_root()
        key = hashlib.sha256(str(self.folder).encode("utf-8", "surrogateescape")).hexdigest()
        self.path = root / "marks" / f"{key[:32]}.mark"

    def read(self) -> int | None:
        """The recorded mark, or ``None`` when there is none (or it cannot be trusted)."""
        try:
            self._check_folder()
            data = read_regular(self.path, _CAP, what="a high-water mark")
        except OSError:
            return None
        if data is None:
            return None
        match = _MARK.match(data)
        if match is None:
            return None
        value = int(match.group(1))
        return value if value <= SEQUENCE_LIMIT else None

    def record(self, sequence: int) -> None:
        """Write ``sequence`` as the mark (atomically; raises OSError on failure)."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._check_folder()
        folder = str(self.folder).encode("utf-8", "backslashreplace")
        write_atomically(self.path, b"slotterm-mark 1 %d\n%s\n" % (sequence, folder))

    def _check_folder(self) -> None:
        """Raise :class:`MarksLinked` when the marks folder is a symbolic link."""
        try:
            info = os.lstat(self.path.parent)
        except FileNotFoundError:
            return
        if stat.S_ISLNK(info.st_mode):
            raise MarksLinked(f"{self.path.parent} is a symbolic link: no mark is kept through it")
