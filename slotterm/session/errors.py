"""The errors the session layer reports; each message is one line meant for the player."""

from __future__ import annotations

from slotterm.engine.fields import RecordError


class SaveError(OSError):
    """A transition could not be saved (disk full, I/O error).

    The session is back at its last saved state; the outcome was not shown.
    """


class SaveFormatError(RecordError):
    """One save copy is damaged or not a save: the message says what is wrong.

    A :class:`~slotterm.engine.fields.RecordError` (the engine's and the features' record
    readers raise those); :func:`slotterm.session.codec.decode_payload` turns any record
    error into this one, so the store only ever sees ``SaveFormatError``.
    """


class SaveUnreadable(Exception):
    """No save copy can be trusted; nothing was changed on disk. The message offers ways out."""


class ConfigError(ValueError):
    """The operator settings file is invalid: the message names the key and allowed range."""
