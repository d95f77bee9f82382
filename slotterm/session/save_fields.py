"""The session's own field readers: dates and times in a save (a save is untrusted input).

Every other reader (objects, lists, whole numbers, flags, text) is shared with the
engine and the features' codecs and lives in :mod:`slotterm.engine.fields`; records are
session business only where they carry wall-clock times (round times, statistics).
Each reader takes the raw JSON value and a ``where`` path such as
``save.stats.started_at`` and returns the typed value, or raises
:class:`~slotterm.session.errors.SaveFormatError` naming that path.
:func:`iso_or_none` writes a time back the way :func:`opt_time` reads it.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from slotterm.engine.fields import as_str
from slotterm.session.errors import SaveFormatError


def as_time(value: Any, where: str) -> datetime:
    """An ISO 8601 date and time with a time zone."""
    text = as_str(value, where)
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        raise SaveFormatError(f"{where} is not a date and time") from None
    if moment.tzinfo is None:
        raise SaveFormatError(f"{where} has no time zone")
    return moment


def opt_time(value: Any, where: str) -> datetime | None:
    """``None``, or a date and time as :func:`as_time` reads it."""
    return None if value is None else as_time(value, where)


def iso_or_none(moment: datetime | None) -> str | None:
    """A date and time as a save writes it (what :func:`opt_time` reads back)."""
    return None if moment is None else moment.isoformat()


MAX_TEXT = 16
"""The longest text a save holds (the currency label; settings allow fewer characters)."""


def as_text(value: Any, where: str, most: int = MAX_TEXT) -> str:
    """Text of at most ``most`` printable characters (no control, format or surrogate code).

    Saves are shown on a terminal: an escape sequence or a lone surrogate is damage.
    """
    text = as_str(value, where)
    if len(text) > most or not text.isprintable():
        raise SaveFormatError(f"{where} must be printable text of at most {most} characters")
    return text


def as_bounded(value: Any, where: str, most: int) -> list[Any]:
    """A list of at most ``most`` items (a save never grows without bound)."""
    if not isinstance(value, list):
        raise SaveFormatError(f"{where} must be a list")
    if len(value) > most:
        raise SaveFormatError(f"{where} holds {len(value)} items, at most {most} are allowed")
    return value


def as_number_key(key: str, where: str) -> int:
    """An object key that is a round number: plain ASCII digits, no leading zero."""
    if not (0 < len(key) <= 16 and key.isascii() and key.isdigit()) or str(int(key)) != key:
        raise SaveFormatError(f"{where}: key {key[:20]!r} must be a round number")
    return int(key)


def shown(text: str, most: int = 24) -> str:
    """``text`` for an error message: quoted, escaped, and cut to ``most`` characters."""
    return repr(text if len(text) <= most else text[:most] + "…")
