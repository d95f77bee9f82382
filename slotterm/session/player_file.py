"""The player's own small settings files (options, autoplay settings) and where they live.

:func:`settings_folder` says which folder a session's remembered settings are in: the
player's config folder for his own session, the save folder for ``--save-dir DIR``, and
the ``seeded`` folder beside the saves for a seeded test session, so testers and tests
never read or change the player's own.  A ``--demo`` reads them from where the same
command without ``--demo`` would, and writes nothing (the app is told not to keep them).

A file is one flat TOML table of simple values.  Reading never fails: a file that cannot
be read or parsed, an unknown key or a value of the wrong kind is reported in one line
naming the file and the key, and the default is kept for that key (every other key is
still read).  Writing is atomic (temp file, fsync, replace) and only ever done by the
player's choice, between rounds.
"""

from __future__ import annotations

import dataclasses
import math
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, TypeVar

from slotterm.money import MoneyFormatError, format_cents, parse_cents
from slotterm.session.safeio import read_regular, write_atomically

MAX_FILE_BYTES = 64 * 1024
"""A settings file larger than this is not one of ours."""

Record = TypeVar("Record")
T = TypeVar("T")


def config_folder() -> Path:
    """The player's config folder (``platformdirs.user_config_dir("slotterm")``)."""
    from platformdirs import user_config_dir

    return Path(user_config_dir("slotterm"))


SEEDED_FOLDER = "seeded"
"""The folder of the seeded sessions under a save root (as :mod:`slotterm.session.opening`
lays it out); their remembered settings are kept in it."""


def settings_folder(*, save_dir: Path | None, seed: int | None) -> Path:
    """Where a session's remembered settings live: ``<root>/seeded`` for a seeded session
    (``root`` is ``save_dir`` or the player's data folder), else ``save_dir``, else the
    player's config folder (:func:`config_folder`)."""
    if seed is not None:
        if save_dir is None:
            from slotterm.session.opening import default_save_root

            save_dir = default_save_root()
        return save_dir / SEEDED_FOLDER
    return config_folder() if save_dir is None else save_dir


@dataclass(frozen=True, slots=True)
class Loaded(Generic[T]):
    """What was read: the values, and the one-line problem found (``None``: all good)."""

    value: T
    problem: str | None = None


Reader = Callable[[Any], Any]
"""Turns a TOML value into the field's value, or raises ``ValueError`` with what is wanted."""


def boolean(value: Any) -> bool:
    """``true`` / ``false`` only."""
    if not isinstance(value, bool):
        raise ValueError("must be true or false")
    return value


def choice(*allowed: str) -> Reader:
    """One of the ``allowed`` words."""

    def read(value: Any) -> str:
        if not isinstance(value, str) or value not in allowed:
            raise ValueError(f"must be one of {', '.join(repr(a) for a in allowed)}")
        return value

    return read


def whole(low: int, high: int, *, none_word: str | None = None) -> Reader:
    """A whole number from ``low`` to ``high`` (or ``none_word``, meaning ``None``)."""

    def read(value: Any) -> int | None:
        if none_word is not None and value == none_word:
            return None
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            extra = f" or {none_word!r}" if none_word else ""
            raise ValueError(f"must be a whole number from {low} to {high}{extra}")
        return value

    return read


def seconds(low: float, high: float) -> Reader:
    """A number of seconds from ``low`` to ``high``."""

    def read(value: Any) -> float:
        ok = isinstance(value, int | float) and not isinstance(value, bool)
        if not ok or not math.isfinite(value) or not low <= value <= high:
            raise ValueError(f"must be a number of seconds from {low:g} to {high:g}")
        return float(value)

    return read


def amount_or_off(value: Any) -> int | None:
    """An amount of money as text (``"10.00"``), in cents, or ``"off"`` (``None``)."""
    if value == "off":
        return None
    if not isinstance(value, str):
        raise ValueError('must be an amount in quotes, e.g. "10.00", or "off"')
    try:
        cents = parse_cents(value)
    except MoneyFormatError:
        raise ValueError('must be an amount in quotes, e.g. "10.00", or "off"') from None
    if cents <= 0:
        raise ValueError('must be more than 0.00, or "off"')
    return cents


def load_record(
    path: Path, default: Record, readers: Mapping[str, Reader], what: str
) -> Loaded[Record]:
    """Read ``path`` into a copy of the dataclass ``default`` (see the module docstring).

    ``what`` names the file for the player ("options", "autoplay settings").
    """
    try:
        data = read_regular(path, MAX_FILE_BYTES, what="a settings file")
    except OSError as exc:  # a pipe, a device, a folder, a link, too large, no access
        reason = exc.strerror or exc
        return Loaded(default, f"{what} file {path} cannot be read ({reason}); defaults used")
    if data is None:
        return Loaded(default)
    try:
        doc = tomllib.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError, RecursionError, ValueError) as exc:
        reason = str(exc).splitlines()[0][:80] if str(exc) else type(exc).__name__
        return Loaded(default, f"{what} file {path} is not valid TOML ({reason}); defaults used")
    values: dict[str, Any] = {}
    problems: list[str] = []
    for key, raw in doc.items():
        shown = key if len(key) <= 24 else key[:20] + "…"
        reader = readers.get(key)
        if reader is None:
            problems.append(f"unknown key {shown!r}")
            continue
        try:
            values[key] = reader(raw)
        except ValueError as exc:
            problems.append(f"{shown} {exc}")
    result = dataclasses.replace(default, **values)  # type: ignore[type-var]
    if not problems:
        return Loaded(result)
    return Loaded(result, f"{what} file {path}: {'; '.join(problems)} (default kept)")


def toml_value(value: object) -> str:
    """One value as TOML text (booleans, numbers, words)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    text = str(value).replace("\\", "\\\\").replace('"', '\\"')
    return f'"{text}"'


def save_record(path: Path, values: Mapping[str, object], heading: str) -> None:
    """Write ``values`` (already in file form) to ``path`` atomically, creating its folder.

    Raises ``OSError`` when it cannot be written (the caller tells the player).
    """
    lines = [f"# {heading}", *(f"{key} = {toml_value(v)}" for key, v in values.items())]
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomically(path, ("\n".join(lines) + "\n").encode("utf-8"))


def amount_text(cents: int | None) -> str:
    """An optional amount in file form: ``"10.00"`` or ``"off"``."""
    return "off" if cents is None else format_cents(cents, grouping=False)
