"""The errors the session layer reports; each message is one line meant for the player."""

from __future__ import annotations


class SaveError(OSError):
    """A transition could not be saved (disk full, I/O error).

    The session is back at its last saved state; the outcome was not shown.
    """


class SaveFormatError(ValueError):
    """One save copy is damaged or not a save: the message says what is wrong."""


class SaveUnreadable(Exception):
    """No save copy can be trusted; nothing was changed on disk. The message offers ways out."""


class ConfigError(ValueError):
    """The operator settings file is invalid: the message names the key and allowed range."""
