"""The bytes of one save copy: a checked header line, then the JSON payload.

Format version 3 (current; the same file layout as version 2, see
:mod:`slotterm.session.migrations` for what changed inside the payload)::

    slotterm-save <version> <sequence> <payload length> <sha256 hex>\\n
    <payload: UTF-8 JSON>

The SHA-256 covers the header line without its checksum field (``slotterm-save 3 <seq>
<len>\\n``) followed by the payload bytes, so a changed version, sequence number, length or
any payload byte is detected; the header is matched exactly (no spare spaces, no leading
zeros), so a damaged header is detected too.  Older versions are read through
:mod:`slotterm.session.migrations`; a newer version under an intact checksum is no damage
but a save this slotterm cannot read (:class:`~slotterm.session.errors.NewerFormat`).
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass
from typing import Any

from slotterm.session.errors import NewerFormat, SaveFormatError
from slotterm.session.migrations import migrate, read_v1

FORMAT_VERSION = 3
"""The format this slotterm writes (and the newest it reads)."""
MAGIC = "slotterm-save"
"""The first word of every save file."""

SEQUENCE_LIMIT = 10**12
"""The highest sequence number written or read.  Far beyond any real session (a save a
second for 30,000 years); a copy claiming more is refused as damaged, and the writer refuses
to go past it, so nothing it writes is ever refused by its reader."""
MAX_FILE_BYTES = 32 * 1024 * 1024
"""The largest copy read or written (a full 100-round history is well under 1 MiB)."""

_HEADER = re.compile(
    rb"slotterm-save (0|[1-9][0-9]{0,5}) (0|[1-9][0-9]{0,17}) (0|[1-9][0-9]{0,10}) "
    rb"([0-9a-f]{64})\n"
)


@dataclass(frozen=True, slots=True)
class SaveFile:
    """A verified copy: its format version as written, sequence number and payload."""

    version: int
    sequence: int
    payload: Any


def encode_file(sequence: int, payload: bytes) -> bytes:
    """Header line plus payload, in the current format."""
    if not 0 <= sequence <= SEQUENCE_LIMIT:
        raise ValueError(f"sequence {sequence} is outside 0..{SEQUENCE_LIMIT}")
    head = f"{MAGIC} {FORMAT_VERSION} {sequence} {len(payload)}".encode()
    digest = hashlib.sha256(head + b"\n" + payload).hexdigest()
    return head + b" " + digest.encode() + b"\n" + payload


def decode_file(data: bytes) -> SaveFile:
    """Verify one copy and parse its payload, migrated to the current version.

    Raises :class:`SaveFormatError` saying what is wrong.
    """
    if not data:
        raise SaveFormatError("the file is empty")
    if data[:1] == b"{":
        sequence, payload = read_v1(data)
        if not 0 <= sequence <= SEQUENCE_LIMIT:
            raise SaveFormatError(f"the sequence number {sequence} is out of range")
        return SaveFile(1, sequence, migrate(1, payload))
    match = _HEADER.match(data)
    if match is None:
        if not data.startswith(MAGIC.encode()):
            raise SaveFormatError("not a slotterm save")
        raise SaveFormatError("the header line is damaged or cut short")
    version, sequence, length = (int(match.group(i)) for i in (1, 2, 3))
    body = data[match.end() :]
    if len(body) != length:
        damage = "cut short" if len(body) < length else "padded"
        raise SaveFormatError(f"{damage} ({len(body)} of {length} bytes)")
    head = data[: match.start(4) - 1]
    if hashlib.sha256(head + b"\n" + body).hexdigest() != match.group(4).decode():
        raise SaveFormatError("the checksum does not match: the file was damaged or edited")
    if version > FORMAT_VERSION:  # the checksum holds: a newer slotterm wrote it
        raise NewerFormat(version)
    if version < 2:
        raise SaveFormatError(f"format {version} never used this header")
    if sequence > SEQUENCE_LIMIT:
        raise SaveFormatError(f"the sequence number {sequence} is out of range")
    try:
        payload = json.loads(body)
    except (UnicodeDecodeError, ValueError):
        raise SaveFormatError("the payload is not valid JSON") from None
    except RecursionError:
        raise SaveFormatError("the payload is nested too deeply") from None
    try:
        migrated = migrate(version, payload)
    except RecursionError:
        raise SaveFormatError("the payload is nested too deeply") from None
    return SaveFile(version, sequence, migrated)
