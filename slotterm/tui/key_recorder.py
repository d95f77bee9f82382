"""``play --record FILE``'s pen: the keys of a live session written as a key script, as
the app takes them.

The app (:class:`~slotterm.tui.app.SlotApp`) hands each key it lets through to
:meth:`KeyRecorder.key` (a key dropped, typed ahead of a busy game, is not written: it did
nothing; one pressed during a show is written as a comment) and each terminal size to
:meth:`KeyRecorder.size`.  Every line is flushed as it is written, so a game killed leaves
a script that plays up to its last key.  The file's first lines (the session's seed, its
forced outcomes) are written by :mod:`slotterm.commands.key_record`.
"""

from __future__ import annotations

import re
from typing import IO

_NAME = re.compile(r"[a-z0-9_+]+|[A-Z]")
"""The key names a script can hold (as :mod:`slotterm.commands.key_script` reads them)."""


class KeyRecorder:
    """Writes a key script to ``file`` as the session goes."""

    def __init__(self, file: IO[str]) -> None:
        self._file = file
        self._size: tuple[int, int] | None = None

    def line(self, text: str) -> None:
        """Write one line, flushed."""
        if self._file.closed:
            return
        self._file.write(text + "\n")
        self._file.flush()

    def key(self, name: str, *, during_show: bool = False) -> None:
        """The game took the key ``name``; ``during_show``: while a show was playing (the
        reels turning, a win counted up), where a key stops or skips the show.  A replay's
        shows end at once (animations off), so such a key is written as a comment: played
        at rest it would do something else (Space would spin).  A key a script cannot
        name is noted in a comment too."""
        if not _NAME.fullmatch(name):
            self.line(f"# a key the script cannot name: {name!r}")
        elif during_show:
            self.line(f"# {name}  (pressed during a show, which it stopped or skipped)")
        else:
            self.line(name)

    def size(self, width: int, height: int) -> None:
        """The terminal is ``width`` × ``height`` (written when it changed)."""
        if self._size != (width, height):
            self._size = (width, height)
            self.line(f"@size {width}x{height}")

    def close(self) -> None:
        """The session is over: close the file."""
        self._file.close()
