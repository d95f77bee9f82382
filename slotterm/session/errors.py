"""The errors the session layer reports; each message is one line meant for the player."""

from __future__ import annotations

from pathlib import Path

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


class NewerFormat(SaveFormatError):
    """A copy, checksum intact, in a format newer than this slotterm reads: not damage.

    The store refuses the whole save (:class:`SaveFromNewer`) rather than set it aside.
    """

    def __init__(self, version: int) -> None:
        super().__init__(f"written by a newer slotterm (format {version})")
        self.version = version


class SaveUnreadable(Exception):
    """No save copy can be trusted; nothing was changed on disk. The message offers ways out.

    With ``folder`` the message ends ``"; in FOLDER"``: :meth:`fitted` shortens that path
    (never the reasons before it) when the line must be short.
    """

    def __init__(self, message: str, *, folder: Path | None = None) -> None:
        where = "" if folder is None else f"; in {folder}"
        super().__init__(message + where)
        self.reasons = message
        """The message without the folder."""
        self.folder = folder

    def fitted(self, most: int, longest: int | None = None) -> str:
        """The message in at most ``most`` characters if the folder's path can give way: its
        middle becomes ``…`` (as many of its last folders kept as fit), or it goes; the
        reasons are never cut here.  When they alone are longer than ``most``, the line is
        long anyway: the path is then fitted to ``longest`` (if given)."""
        whole = str(self)
        if self.folder is None or len(whole) <= most:
            return whole
        if longest is not None and len(self.reasons) > most - len("; in /…/x"):
            return self.fitted(longest)
        room = most - len(self.reasons) - len("; in ")
        parts = self.folder.parts
        for keep in range(len(parts) - 1, 0, -1):
            short = str(Path(parts[0], "…", *parts[-keep:]))
            if len(short) <= room:
                return f"{self.reasons}; in {short}"
        return self.reasons


class SaveFromNewer(SaveUnreadable):
    """A copy of the save was written by a newer slotterm: nothing is opened or changed."""


class ConfigError(ValueError):
    """The operator settings file is invalid: the message names the key and allowed range."""
