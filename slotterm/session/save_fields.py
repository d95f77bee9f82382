"""The session's own field readers: dates and times in a save (a save is untrusted input).

Every other reader (objects, lists, whole numbers, flags, text) is shared with the
engine and the features' codecs and lives in :mod:`slotterm.engine.fields`; records are
session business only where they carry wall-clock times (round times, statistics).
Each reader takes the raw JSON value and a ``where`` path such as
``save.stats.started_at`` and returns the typed value, or raises
:class:`~slotterm.session.errors.SaveFormatError` naming that path.
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
