"""The crash-safe store: two mirrored copies, each replaced atomically, one after the other.

A folder holds ``session-a.save`` and ``session-b.save``.  Each save writes the new state
to *both* copies in turn, first the one holding the older sequence number, then its twin,
each by the full atomic protocol:

1. encode the session, add the header (format version, sequence number, SHA-256);
2. write it to ``<copy>.tmp`` and ``fsync`` it;
3. ``os.replace`` the temp file over the copy, then ``fsync`` the folder.

At every instant one complete good copy exists: until the first replace lands the twin
still holds the previous good state; after it, the new state is on disk.  After a completed
save both copies hold the latest state, so damage to one of them costs nothing.  A crash
between the two replaces leaves one copy at N and one at N-1; load takes N (it was recorded
before it was shown, so showing it is right).

On load each copy is verified and validated; the valid copy with the highest sequence
number wins.  One damaged copy: the game goes on from the other, the damaged file is moved
aside (kept, never deleted) and :attr:`LoadResult.notice` says so.  No valid copy: nothing
is touched and :class:`~slotterm.session.errors.SaveUnreadable` names the files and the
ways out.  A save that fails before the first copy is complete raises
:class:`~slotterm.session.errors.SaveError` and leaves the last good state on disk; one
that fails only while writing the twin has recorded the new state already, so it stands
(:attr:`SaveStore.mirror_error` says why the twin lags; the next save writes it first).
"""

from __future__ import annotations

import errno
import os
import stat
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from slotterm.engine.model import GameDefinition
from slotterm.rng import SecureSource, SeededSource
from slotterm.session.codec import PayloadEncoder, decode_payload
from slotterm.session.crashpoints import CrashPlan
from slotterm.session.errors import (
    NewerFormat,
    SaveError,
    SaveFormatError,
    SaveFromNewer,
    SaveUnreadable,
)
from slotterm.session.event_log import EventLog
from slotterm.session.fileformat import (
    FORMAT_VERSION,
    MAX_FILE_BYTES,
    SEQUENCE_LIMIT,
    SaveFile,
    decode_file,
    encode_file,
)
from slotterm.session.game_session import GameSession
from slotterm.session.highwater import HighWater
from slotterm.session.safeio import fsync_folder, kind, read_regular, write_atomically
from slotterm.session.session_record import SessionRecord

COPY_NAMES = ("session-a.save", "session-b.save")
ASIDE_PREFIX = "set-aside-"


@dataclass(frozen=True, slots=True)
class LoadResult:
    """A loaded session record, where it came from, and anything the player must be told."""

    record: SessionRecord
    sequence: int
    path: Path
    notice: str | None


class SaveStore:
    """Reads and writes one session folder (``seed`` says which random source it must hold)."""

    def __init__(
        self,
        folder: Path,
        game: GameDefinition,
        *,
        seed: int | None = None,
        crash_plan: CrashPlan | None = None,
        mark: HighWater | None = None,
        log: EventLog | None = None,
    ) -> None:
        self.folder = folder
        self.game = game
        self.seed = seed
        self.copies = tuple(folder / name for name in COPY_NAMES)
        self.crash_plan = crash_plan if crash_plan is not None else CrashPlan.from_env()
        self.mark = mark
        """Where the sequence high-water mark of this folder is kept (``None``: nowhere)."""
        self.log = log
        """The folder's event log (``None``: nothing is logged, as when only reading)."""
        self.mark_error: str | None = None
        """Why the high-water mark could not be recorded last time (``None``: it was)."""
        self._encoder = PayloadEncoder()
        self._sequence = 0
        self._latest: int | None = None
        self.mirror_error: str | None = None
        """Why the last save left the twin copy one step behind (``None``: both mirror it)."""

    @property
    def sequence(self) -> int:
        """Sequence number of the latest good state (0 before the first save)."""
        return self._sequence

    # --- loading ------------------------------------------------------------------------

    def exists(self) -> bool:
        """True when either copy is present (good or not)."""
        return any(os.path.lexists(p) for p in self.copies)

    def load(self, now: datetime, *, readonly: bool = False) -> LoadResult | None:
        """The newest valid copy, or ``None`` when the folder holds no save yet.

        ``readonly`` never moves a damaged copy aside (for ``slotterm history``).  A copy
        written by a newer slotterm raises :class:`SaveFromNewer` (nothing touched); a
        folder that cannot be entered raises ``OSError`` naming it.
        """
        if not self._enter():
            return None
        checked: list[tuple[int, int, SaveFile]] = []
        damaged: list[tuple[int, str]] = []
        newer: list[int] = []
        for index, path in enumerate(self.copies):
            try:
                data = read_regular(path, MAX_FILE_BYTES)
            except OSError as exc:
                damaged.append((index, f"cannot be read ({exc.strerror or exc})"))
                continue
            if data is None:
                continue
            try:
                checked.append((index, 0, decode_file(data)))
            except NewerFormat as exc:
                newer.append(exc.version)
            except SaveFormatError as exc:
                damaged.append((index, str(exc)))
        if newer:
            raise SaveFromNewer(
                f"the save was written by a newer slotterm (format {max(newer)}): upgrade, or "
                f"use --save-dir DIR for another save; nothing was changed",
                folder=self.folder,
            )
        # Every copy is validated, so damage to the older one is reported too.
        valid: list[tuple[int, int, SessionRecord]] = []
        for index, _, saved in checked:
            try:
                valid.append((saved.sequence, index, self._record(saved)))
            except SaveFormatError as exc:
                damaged.append((index, str(exc)))
        if not valid:
            if damaged:
                raise self._unreadable(sorted(damaged))
            return None
        sequence, index, record = max(valid, key=lambda v: v[0])
        self._sequence, self._latest = sequence, index
        notice = self._recover(damaged, index, now, readonly) if damaged else None
        version = next(saved.version for i, _, saved in checked if i == index)
        if version < FORMAT_VERSION and self.log is not None and not readonly:
            self.log.append(
                "migrated",
                once=True,
                copy=self.copies[index].name,
                sequence=sequence,
                format=version,
                to_format=FORMAT_VERSION,
            )
        return LoadResult(record=record, sequence=sequence, path=self.copies[index], notice=notice)

    def _enter(self) -> bool:
        """False when the folder does not exist; ``OSError`` (naming the folder) when it
        cannot be entered or is no folder: not the same as copies that cannot be trusted."""
        try:
            info = os.stat(self.folder)
        except FileNotFoundError:
            return False
        except OSError as exc:
            raise OSError(exc.errno, exc.strerror, str(self.folder)) from None
        if not stat.S_ISDIR(info.st_mode):
            raise NotADirectoryError(errno.ENOTDIR, "not a folder", str(self.folder))
        try:
            os.lstat(os.path.join(self.folder, "."))
        except OSError as exc:
            raise OSError(exc.errno, exc.strerror, str(self.folder)) from None
        return True

    def check_temp_names(self) -> None:
        """Raise :class:`SaveError` when a copy's temp name holds what a save cannot replace
        (a folder, a pipe...): every step would fail to save, so the game must not open."""
        for copy in self.copies:
            temp = copy.with_name(copy.name + ".tmp")
            try:
                info = os.lstat(temp)
            except FileNotFoundError:
                continue
            except OSError as exc:
                raise SaveError(f"cannot save in {self.folder} ({exc.strerror or exc})") from exc
            if not (stat.S_ISREG(info.st_mode) or stat.S_ISLNK(info.st_mode)):
                raise SaveError(
                    f"cannot save in {self.folder}: {temp.name} is {kind(info.st_mode)}, where "
                    f"each save writes its temp file; move it away (nothing was changed)"
                )

    def verify(self, data: bytes) -> tuple[int, SessionRecord]:
        """Check one copy's bytes: its sequence number and record, or SaveFormatError."""
        saved = decode_file(data)
        return saved.sequence, self._record(saved)

    def _record(self, saved: SaveFile) -> SessionRecord:
        record = decode_payload(saved.payload, self.game)
        rng = record.rng
        if self.seed is None and not isinstance(rng, SecureSource):
            raise SaveFormatError("a player's save must use the secure random source")
        if self.seed is not None and not (isinstance(rng, SeededSource) and rng.seed == self.seed):
            raise SaveFormatError(f"this folder is for seed {self.seed}; the save is not")
        return record

    def _recover(
        self, damaged: list[tuple[int, str]], good: int, now: datetime, readonly: bool
    ) -> str:
        # Player's words first (what happened, what it cost), then the detail, short: the
        # file's name, not its path, so a window wraps the line between words.
        index, reason = damaged[0]
        bad = self.copies[index]
        kept = ""
        if not readonly:
            if self.log is not None:
                self.log.append(
                    "recovered",
                    copy=self.copies[good].name,
                    sequence=self._sequence,
                    damaged=bad.name,
                    reason=reason,
                )
            try:
                aside = self._set_aside([bad], now, why="damaged")
                kept = f" It was moved into the folder {aside.name}, beside the save."
            except OSError as exc:
                kept = f" It could not be moved aside: {exc.strerror or exc}."
        return (
            "One of the two copies of your save was damaged, so the game goes on from the "
            f"other copy, {self.copies[good].name}: nothing was lost. The damaged copy: "
            f"{bad.name}, {reason}.{kept}"
        )

    def _unreadable(self, damaged: list[tuple[int, str]]) -> SaveUnreadable:
        # Few words, the reasons whole, the folder last: a short line shortens its path.
        reasons = {reason for _, reason in damaged}
        if len(damaged) > 1 and len(reasons) == 1:
            names = " and ".join(self.copies[i].name for i, _ in damaged)
            details = f"{names}: {damaged[0][1]}"
        else:
            details = "; ".join(f"{self.copies[i].name}: {reason}" for i, reason in damaged)
        return SaveUnreadable(
            f"no save copy can be trusted ({details}); nothing was changed: --reset-save "
            f"sets them aside, or use --save-dir DIR",
            folder=self.folder,
        )

    # --- saving -------------------------------------------------------------------------

    def save(self, session: GameSession) -> None:
        """Persist the session to both copies (the ``GameSession.persist`` hook).

        Raises SaveError when the first copy cannot be written; the new state is then not
        recorded.  A failure on the twin only sets :attr:`mirror_error`.
        """
        payload = self._encoder.encode(session)
        sequence = self._sequence + 1
        if sequence > SEQUENCE_LIMIT:
            raise SaveError(
                f"the save in {self.folder} has used up its sequence numbers (#{self._sequence}); "
                f"start a new session with --reset-save"
            )
        data = encode_file(sequence, payload)
        if len(data) > MAX_FILE_BYTES:
            raise SaveError(
                f"the game state is too large to save ({len(data)} bytes, at most "
                f"{MAX_FILE_BYTES}); the last saved state is kept and this outcome was not shown"
            )
        first = 0 if self._latest is None else 1 - self._latest
        try:
            self._write(self.copies[first], data)
        except OSError as exc:
            self._log_failure("save_failed", self.copies[first], sequence, exc)
            raise SaveError(
                f"the game could not be saved to {self.copies[first]} ({exc.strerror or exc}); "
                f"the last saved state is kept and this outcome was not shown"
            ) from exc
        self._sequence, self._latest = sequence, first
        twin = self.copies[1 - first]
        try:
            self._write(twin, data)
        except OSError as exc:
            self._log_failure("twin_failed", twin, sequence, exc)
            self.mirror_error = (
                f"the second copy {twin} could not be written ({exc.strerror or exc}); the "
                f"game is saved in {self.copies[first].name} only until the next save"
            )
            self.record_mark()
            return
        self.mirror_error = None
        self._latest = 1 - first
        self.record_mark()

    def _log_failure(self, event: str, copy: Path, sequence: int, exc: OSError) -> None:
        if self.log is not None:
            reason = exc.strerror or str(exc)
            self.log.append(event, copy=copy.name, sequence=sequence, reason=reason)

    def _write(self, target: Path, data: bytes) -> None:
        write_atomically(target, data, self.crash_plan.reached)

    def record_mark(self) -> None:
        """Record the current sequence as this folder's high-water mark (best effort)."""
        if self.mark is not None:
            # the mark guards against a folder put back; the save itself stands without it
            try:
                self.mark.record(self._sequence)
            except OSError as exc:
                self.mark_error = (
                    f"the save's high-water mark could not be recorded in {self.mark.path.parent} "
                    f"({exc.strerror or exc}); the game is saved"
                )
            else:
                self.mark_error = None

    # --- reset --------------------------------------------------------------------------

    def reset(self, now: datetime) -> Path | None:
        """Move every copy (and temp file) into a ``set-aside-<time>`` folder; never delete."""
        present = [
            p
            for copy in self.copies
            for p in (copy, copy.with_name(copy.name + ".tmp"))
            if os.path.lexists(p)
        ]
        if not present:
            return None
        aside = self._set_aside(present, now, why="reset")
        self._sequence, self._latest = 0, None
        return aside

    def _set_aside(self, paths: list[Path], now: datetime, *, why: str) -> Path:
        stamp = now.strftime("%Y%m%dT%H%M%S")
        n = 1
        while True:  # a new folder of our own: never one planted (or a link) in the way
            aside = self.folder / (f"{ASIDE_PREFIX}{stamp}" + (f"-{n}" if n > 1 else ""))
            try:
                aside.mkdir()
                break
            except FileExistsError:
                n += 1
        for path in paths:
            os.replace(path, aside / path.name)
        fsync_folder(self.folder)
        if self.log is not None:
            files = [path.name for path in paths]
            self.log.append("set_aside", files=files, folder=aside.name, why=why)
        return aside
