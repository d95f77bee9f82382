"""The commands' guarded stdout (DESIGN.md §6): a failed write is told apart from a closed
pipe, and an output that is not UTF-8 gets ASCII stand-ins or backslash escapes.

:func:`slotterm.cli.main` puts a :class:`GuardedOutput` in ``sys.stdout`` for every command
but ``play``; the commands ask :func:`output_is_utf` whether JSON must be ASCII-escaped.
"""

from __future__ import annotations

import codecs
import contextlib
import os
import sys
from collections.abc import Iterable
from typing import Any, TextIO


class OutputFailed(Exception):
    """Writing stdout failed with ``error`` (not a closed pipe, which stays BrokenPipeError)."""

    def __init__(self, error: OSError) -> None:
        super().__init__(str(error))
        self.error = error


_ASCII_FALLBACK = str.maketrans({"×": "x", "−": "-", "–": "-", "—": "-", "✓": "+", "✗": "-"})
"""Characters of the tables that have a one-cell ASCII stand-in (widths stay right)."""


class GuardedOutput:
    """``sys.stdout`` for the commands: a failed write raises :class:`OutputFailed`.

    On an output that cannot encode everything, the table characters get ASCII stand-ins
    (the rest is backslash-escaped by the stream).  Everything else goes to the stream.
    """

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream
        encoding = getattr(stream, "encoding", None) or "utf-8"
        self._utf = _is_utf(encoding)
        self.broken = False
        """Whether a write met a closed pipe (whoever caught the error)."""

    @property
    def is_utf(self) -> bool:
        """Whether the output can encode every character."""
        return self._utf

    def write(self, text: str) -> int:
        if not self._utf:
            text = text.translate(_ASCII_FALLBACK)
        try:
            return self._stream.write(text)
        except BrokenPipeError:
            self.broken = True
            raise
        except OSError as exc:
            raise OutputFailed(exc) from None

    def writelines(self, lines: Iterable[str]) -> None:
        for line in lines:
            self.write(line)

    def flush(self) -> None:
        try:
            self._stream.flush()
        except BrokenPipeError:
            self.broken = True
            raise
        except OSError as exc:
            raise OutputFailed(exc) from None

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def _is_utf(encoding: str) -> bool:
    try:
        return codecs.lookup(encoding).name.startswith("utf")
    except LookupError:
        return False


def output_is_utf() -> bool:
    """Whether ``sys.stdout`` can take any character (else JSON should be ASCII-escaped)."""
    stdout = sys.stdout
    if isinstance(stdout, GuardedOutput):
        return stdout.is_utf
    return _is_utf(getattr(stdout, "encoding", None) or "utf-8")


def safe_encoding(stream: TextIO) -> TextIO:
    """``stream``, told to backslash-escape what its encoding cannot take."""
    encoding = getattr(stream, "encoding", None) or "utf-8"
    reconfigure = getattr(stream, "reconfigure", None)
    if not _is_utf(encoding) and reconfigure is not None:
        with contextlib.suppress(OSError, ValueError):
            reconfigure(errors="backslashreplace")
    return stream


def silence(stream: TextIO) -> None:
    """After a failed write: point stdout at /dev/null so nothing fails again at exit.

    (Python's documentation on SIGPIPE recommends this; the interpreter flushes stdout at
    shutdown and would print "Exception ignored" otherwise.)
    """
    try:
        fd = stream.fileno()
    except (OSError, ValueError, AttributeError):
        return
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
    except OSError:
        return
    try:
        os.dup2(devnull, fd)
    except OSError:
        pass
    finally:
        os.close(devnull)
