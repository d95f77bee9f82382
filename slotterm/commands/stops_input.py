"""``--stops`` of ``play``: the reel stops a tester forces, read and checked before the
game starts.

Each ``--stops`` value (the option may be given again) is either one spin's stops,
``"3,17,22,5,9"`` (reel 1 first), or the path of a file with one such line per spin
(blank lines and lines starting with ``#`` are skipped).  A line forces the next base
spin; one that starts ``free:`` (``"free:0,4,8,2,6"``) the next free spin.  A value that
is not a whole number, a wrong count of stops or a stop off its strip is one line naming
the reel and its strip's length.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from pathlib import Path

from slotterm.cli import UsageError
from slotterm.engine.model import GameDefinition
from slotterm.forced_stops import ForcedSpin, strip_lengths

_LINE = re.compile(r"(?:[a-z_]+:)?[0-9,\s-]*")
"""What a line of stops may look like (a value that does not, naming a file, is a file)."""
_STOP = re.compile(r"-?[0-9]+")
BASE = "base"
"""The strip set of a line without a prefix."""
MAX_SPINS = 10_000
"""The most spins one session may force."""


def stop_lines(game: GameDefinition, values: Iterable[str]) -> list[ForcedSpin]:
    """Every forced spin from the ``--stops`` values, in order, checked against ``game``."""
    lengths = strip_lengths(game)
    spins: list[ForcedSpin] = []
    for value in values:
        path = Path(value)
        if not _LINE.fullmatch(value) and _is_file(path):
            spins.extend(_file_spins(game, lengths, path))
        elif "," not in value:
            shown = value if len(value) <= 40 else value[:38] + "…"
            raise UsageError(f"--stops {shown}: no such file, nor stops like 3,17,22,5,9")
        else:
            spins.append(parse_stop_line(game, lengths, value, "--stops"))
        if len(spins) > MAX_SPINS:
            raise UsageError(f"--stops: at most {MAX_SPINS:,} spins can be forced")
    return spins


def _is_file(path: Path) -> bool:
    """True when ``path`` names a file (a name the system refuses, too long say, does not)."""
    try:
        return path.is_file()
    except (OSError, ValueError):
        return False


def _file_spins(
    game: GameDefinition, lengths: Mapping[str, tuple[int, ...]], path: Path
) -> list[ForcedSpin]:
    """The spins of a ``--stops FILE``, one a line."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise UsageError(
            f"--stops {path.name}: cannot read it ({exc.__class__.__name__})"
        ) from None
    return [
        parse_stop_line(game, lengths, line.strip(), f"--stops {path.name} line {number}")
        for number, line in enumerate(text.splitlines(), 1)
        if line.strip() and not line.lstrip().startswith("#")
    ]


def parse_stop_line(
    game: GameDefinition, lengths: Mapping[str, tuple[int, ...]], text: str, where: str
) -> ForcedSpin:
    """One spin, ``"3,17,22,5,9"`` or ``"free:3,17,22,5,9"``: a whole number per reel,
    each on its reel's strip of that set."""
    label, colon, rest = text.rpartition(":")
    strips = label.strip() if colon else BASE
    if strips not in lengths:
        others = ", ".join(f"{name}:" for name in lengths if name != BASE) or "none"
        raise UsageError(f"{where}: {game.name} has no {strips!r} strips (prefixes: {others})")
    items = [item.strip() for item in rest.split(",")]
    if len(items) != game.reels:
        raise UsageError(f"{where}: need {game.reels} stops (one per reel), got {len(items)}")
    stops = []
    for reel, (item, length) in enumerate(zip(items, lengths[strips], strict=True), 1):
        if not _STOP.fullmatch(item):
            shown = item if len(item) <= 12 else item[:10] + "…"
            raise UsageError(f"{where}: reel {reel}'s stop {shown!r} is not a whole number")
        if len(item) > 9 or not 0 <= int(item) < length:
            raise UsageError(
                f"{where}: reel {reel}'s stop {item[:12]} is not on its {strips} strip "
                f"({length} stops: 0 to {length - 1})"
            )
        stops.append(int(item))
    return ForcedSpin(strips, tuple(stops))
