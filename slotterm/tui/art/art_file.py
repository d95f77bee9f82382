"""Pixel art as data: a game's symbol pictures read from a TOML file beside its game file.

A game file's ``art`` names the file per symbol (``[art.STAR] pixels = "x.art.toml"``,
DESIGN.md §7); the file holds one table per symbol::

    [STAR]
    name = "Lucky Star"              # the symbol's name on the screens
    glyph = "S"                      # its one-letter glyph
    colour = "gold1"                 # its text colour (a Rich colour name or #rrggbb)
    look = { top = "#3a2a8c", bottom = "#1c1450", frame = "#b060ff" }   # the tile
    small = ["yyyyyyy.", ...]        # 6 rows of 8 palette letters ("." the tile)
    medium = [".yyyyyyyyyyy..", ...] # 12 rows of 14
    plate = "WILD"                   # optional: a word on the tile's lower edge
    stretch = false                  # optional: a tall tile keeps the picture's shape
    stacked = true                   # optional: adjacent ones on a reel are one tall tile

A card rank may give ``letters = "10"`` and ``ink = "l"`` (a palette letter) instead of
its pictures: they are drawn from the pixel font (:func:`~slotterm.tui.art.letters.rank_pictures`).

Every field is checked; a bad file is one line naming the file and the place inside it
(``x.art.toml: STAR.small: row 2 must be 8 pixels, not 7``), an :class:`ArtFileError`.
"""

from __future__ import annotations

import os
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from rich.color import Color, ColorParseError

from slotterm.tui.art.letters import rank_pictures
from slotterm.tui.art.model import SymbolArt, TileLook, picture_error
from slotterm.tui.art.sizes import MEDIUM_PICTURE, PALETTE, SMALL_PICTURE

MAX_ART_FILE_BYTES = 1 << 20
"""The largest art file read (1 MiB)."""

_REQUIRED = ("name", "glyph", "colour", "look")
_OPTIONAL = ("small", "medium", "letters", "ink", "plate", "stretch", "stacked")


class ArtFileError(ValueError):
    """A pixel-art file that cannot be read: one line naming the file and the place."""


@dataclass(frozen=True)
class FileArt:
    """One symbol's entry of an art file: its art and whether it is drawn ``stacked``."""

    art: SymbolArt
    stacked: bool


def _fail(where: str, problem: str) -> ArtFileError:
    return ArtFileError(f"{where}: {problem}")


def _text(table: Mapping[str, Any], key: str, where: str, *, empty: bool = False) -> str:
    value = table[key]
    if not isinstance(value, str) or (not empty and not value):
        raise _fail(f"{where}.{key}", f"must be {'a' if empty else 'a non-empty'} string")
    return value


def _hex(value: Any, where: str) -> str:
    ok = isinstance(value, str) and len(value) == 7 and value.startswith("#")
    if ok:
        try:
            int(value[1:], 16)
        except ValueError:
            ok = False
    if not ok:
        raise _fail(where, f"must be a colour written #rrggbb, not {value!r}")
    return str(value)


def _look(value: Any, where: str) -> TileLook:
    if not isinstance(value, dict) or set(value) != {"top", "bottom", "frame"}:
        raise _fail(where, "must be a table of exactly top, bottom and frame")
    return TileLook(**{key: _hex(value[key], f"{where}.{key}") for key in value})


def _picture(value: Any, where: str, size: tuple[int, int]) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(row, str) for row in value):
        raise _fail(where, "must be an array of strings")
    rows = tuple(value)
    problem = picture_error(rows, size, ink=False)
    if problem is not None:
        raise _fail(where, problem)
    return rows


def _flag(table: Mapping[str, Any], key: str, where: str, default: bool) -> bool:
    value = table.get(key, default)
    if not isinstance(value, bool):
        raise _fail(f"{where}.{key}", "must be true or false")
    return value


def _pictures(table: Mapping[str, Any], where: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The small and medium pictures: given, or drawn from ``letters`` in ``ink``."""
    if "letters" in table:
        if "small" in table or "medium" in table:
            raise _fail(where, "gives letters or pictures (small, medium), not both")
        letters = _text(table, "letters", where)
        if "ink" not in table:
            raise _fail(where, "letters need an ink (a palette letter)")
        ink = _text(table, "ink", where)
        if ink not in PALETTE:
            raise _fail(f"{where}.ink", f"unknown palette letter {ink!r}")
        return rank_pictures(letters, ink)
    if "ink" in table:
        raise _fail(f"{where}.ink", "only letters take an ink")
    for key in ("small", "medium"):
        if key not in table:
            raise _fail(where, f"missing {key} (or letters and an ink)")
    small = _picture(table["small"], f"{where}.small", SMALL_PICTURE)
    return small, _picture(table["medium"], f"{where}.medium", MEDIUM_PICTURE)


def _entry(symbol_id: str, table: Any, where: str) -> FileArt:
    if not isinstance(table, dict):
        raise _fail(where, "must be a table")
    unknown = sorted(set(table) - {*_REQUIRED, *_OPTIONAL})
    if unknown:
        raise _fail(f"{where}.{unknown[0]}", "unknown key")
    for key in _REQUIRED:
        if key not in table:
            raise _fail(where, f"missing {key}")
    glyph = _text(table, "glyph", where)
    if len(glyph) != 1:
        raise _fail(f"{where}.glyph", "must be one character")
    colour = _text(table, "colour", where)
    try:
        Color.parse(colour)
    except ColorParseError:
        raise _fail(f"{where}.colour", f"unknown colour {colour!r}") from None
    small, medium = _pictures(table, where)
    art = SymbolArt(
        id=symbol_id,
        name=_text(table, "name", where),
        glyph=glyph,
        color=colour,
        small=small,
        medium=medium,
        look=_look(table["look"], f"{where}.look"),
        rank="letters" in table,
        plate=_text(table, "plate", where, empty=True) if "plate" in table else "",
        stretch=_flag(table, "stretch", where, True),
    )
    return FileArt(art=art, stacked=_flag(table, "stacked", where, False))


@lru_cache(maxsize=16)
def _read(path: str, stamp: tuple[int, int]) -> Mapping[str, FileArt]:
    name = os.path.basename(path)
    if stamp[0] > MAX_ART_FILE_BYTES:
        raise _fail(name, f"an art file is at most {MAX_ART_FILE_BYTES:,} bytes")
    try:
        with open(path, "rb") as handle:
            data = tomllib.load(handle)
    except tomllib.TOMLDecodeError as error:
        raise _fail(name, f"not TOML: {error}") from None
    except (OSError, UnicodeDecodeError) as error:
        raise _fail(name, f"cannot be read: {getattr(error, 'strerror', None) or error}") from None
    return {sym: _entry(sym, table, f"{name}: {sym}") for sym, table in data.items()}


def read_art_file(path: str) -> Mapping[str, FileArt]:
    """Every symbol's entry of the art file at ``path`` (read again once it changes)."""
    try:
        info = os.stat(path)
    except OSError as error:
        name = os.path.basename(path)
        raise _fail(name, f"cannot be read: {error.strerror or error}") from None
    return _read(path, (info.st_size, info.st_mtime_ns))


def file_art(path: str, symbol_id: str) -> FileArt:
    """``symbol_id``'s entry of the art file at ``path``."""
    found = read_art_file(path).get(symbol_id)
    if found is None:
        raise _fail(os.path.basename(path), f"no table for symbol {symbol_id}")
    return found
