"""A game's strip tables complete before a long run: read from the user cache, or worked
out once and kept there (:mod:`slotterm.user_cache`).

The engine fills a strip table's prefix entries on first use
(:class:`~slotterm.engine.strip_table.StripTable`); a long simulation reads most of them,
and filling them one by one along the way cost it a third of its time.  :func:`ready_tables`
gives every strip set of the game its complete table before the rounds start: read back
from the cache when a run of the same game file and code kept them, otherwise (for a run
long enough to read most of them anyway, ``fill``) worked out at once and kept for the
next run.  A cache file that does not fit is ignored and written again; the tables, and
so every outcome, are the same whichever way they were made.
"""

from __future__ import annotations

import marshal
from pathlib import Path

from slotterm import user_cache
from slotterm.engine.model import GameDefinition
from slotterm.engine.strip_table import StripTable, strip_table

FILL_ROUNDS = 100_000
"""From this many rounds on, a run works its tables out whole before it starts (fewer read
too few of them to pay for it; a kept table is read back whatever the run's length)."""


def game_file_bytes(game: GameDefinition) -> bytes | None:
    """The bytes of the file ``game`` was loaded from (``None``: none, or unreadable)."""
    if game.source is None:
        return None
    try:
        return Path(game.source).read_bytes()
    except OSError:
        return None


def ready_tables(game: GameDefinition, fill: bool) -> int:
    """Make each strip table of ``game`` complete from the cache, or (``fill``) by working
    it out and keeping it; how many tables were read back from the cache."""
    source = game_file_bytes(game)
    read_back = 0
    for label, strips in game.reel_sets.items():
        table = strip_table(game, strips)
        key = None
        if source is not None:
            key = user_cache.cache_key("tables", source, label, repr(strips))
            if _restored(table, user_cache.read(key)):
                read_back += 1
                continue
        if not fill:
            continue
        table.fill()
        contents = table.contents()
        if contents[0] and key is not None:
            user_cache.write(key, marshal.dumps(contents))
    return read_back


def _restored(table: StripTable, payload: bytes | None) -> bool:
    """Whether ``payload`` (a kept :meth:`contents`) was read into ``table``."""
    if payload is None:
        return False
    try:
        heads, prefix, readings = marshal.loads(payload)
    except (EOFError, ValueError, TypeError):  # not three parts: written by something else
        return False
    return table.restore(heads, prefix, readings)
