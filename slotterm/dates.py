"""Dates and times in the player's words, one format wherever a player reads one.

``7 Mar 2026`` and ``7 Mar 2026 18:45``, in the player's own time zone.  Month names are
English whatever the locale (like the rest of the text).  Machine-readable output (``--json``,
the save files) keeps ISO 8601; these are for people only.
"""

from __future__ import annotations

from datetime import datetime

_MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")


def player_date(moment: datetime) -> str:
    """The day of ``moment`` in the local time zone: ``"7 Mar 2026"``."""
    local = moment.astimezone()
    return f"{local.day} {_MONTHS[local.month - 1]} {local.year}"


def player_time(moment: datetime) -> str:
    """The day and minute of ``moment`` in the local time zone: ``"7 Mar 2026 18:45"``."""
    local = moment.astimezone()
    return f"{player_date(local)} {local:%H:%M}"
