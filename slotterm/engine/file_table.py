"""Reading one table of a game file with its place in the file (DESIGN.md §7).

A game file is a tree of tables (JSON objects, TOML tables).  :class:`FileTable` wraps
one of them with the path that leads to it (``bonus.games.potion``) and reads its keys
with their types checked; every problem is a :class:`FileTableError` naming the exact
place (``reels.base[2][7]: unknown symbol "SEVN"``).  :meth:`FileTable.close` refuses the
keys nobody asked for, so a misspelt key is said, never silently ignored.

The loader (:mod:`slotterm.games.loader`) reads the core keys through it, and each feature
module reads its own table (:meth:`slotterm.engine.feature.Feature.from_file`), given the
:class:`FileContext`: the symbols, the reel sets, and the feature classes found.  Standard
library only, like the rest of the engine.
"""

from __future__ import annotations

import contextlib
import difflib
import json
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NoReturn

from slotterm.engine.definition_error import DefinitionError
from slotterm.engine.symbols import Symbol

MAX_NUMBER = 10**12
"""No whole number in a game file may be larger (a sanity bound; pays are far smaller)."""

_COUNT = re.compile(r"[1-9][0-9]{0,12}")


class FileTableError(ValueError):
    """A value of a game file is wrong: ``where`` is its path, ``message`` what is wrong."""

    def __init__(self, where: str, message: str) -> None:
        super().__init__(f"{where}: {message}" if where else message)
        self.where = where
        self.message = message


def shown(value: Any) -> str:
    """A value as a message quotes it: text in double quotes, the rest as JSON, kept short."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= 40 else text[:36] + "…"


def type_name(value: Any) -> str:
    """What kind of value ``value`` is, in the file's words."""
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, int):
        return "a whole number"
    if isinstance(value, float):
        return "a number with a fraction"
    if isinstance(value, str):
        return "text"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, Mapping):
        return "a table"
    return "a date or time" if value is not None else "null"


def join(where: str, key: str | int) -> str:
    """The path of ``key`` (a name or a list index) inside ``where``."""
    if isinstance(key, int):
        return f"{where}[{key}]"
    bare = key if re.fullmatch(r"[A-Za-z0-9_-]+", key) else json.dumps(key, ensure_ascii=False)
    return f"{where}.{bare}" if where else bare


_MISSING: Any = object()


class FileTable:
    """One table of a game file at ``where``; reads its keys, checked, by name."""

    def __init__(self, value: Mapping[str, Any], where: str = "") -> None:
        self.value = value
        self.where = where
        self._asked: list[str] = []

    # --- places and failures ----------------------------------------------------------

    def at(self, key: str | int) -> str:
        """The path of ``key`` inside this table."""
        return join(self.where, key)

    def fail(self, message: str, key: str | int | None = None) -> NoReturn:
        """Raise a :class:`FileTableError` at this table (or at its ``key``)."""
        raise FileTableError(self.where if key is None else self.at(key), message)

    @contextlib.contextmanager
    def building(self, key: str | None = None) -> Iterator[None]:
        """Turn a :class:`DefinitionError` raised inside into an error at this table."""
        try:
            yield
        except DefinitionError as exc:
            self.fail(str(exc), key)

    def __contains__(self, key: str) -> bool:
        return key in self.value

    def names(self) -> list[str]:
        """The keys the file gives, in its order."""
        return list(self.value)

    def raw(self, key: str, default: Any = _MISSING) -> Any:
        """The value of ``key`` unchecked (``None`` counts as absent: TOML has no null)."""
        self._asked.append(key)
        value = self.value.get(key)
        if value is None:
            if default is _MISSING:
                self.fail("missing", key)
            return default
        return value

    def close(self) -> None:
        """Refuse every key of the table that was never read."""
        for key in self.value:
            if key not in self._asked:
                known = list(dict.fromkeys(self._asked))
                close = difflib.get_close_matches(key, known, n=1)
                if close:
                    self.fail(f"unknown key (did you mean {shown(close[0])}?)", key)
                listed = ", ".join(known) if len(known) <= 8 else ""
                self.fail(f"unknown key (known here: {listed})" if listed else "unknown key", key)

    # --- typed reads ------------------------------------------------------------------

    def table(self, key: str, default: Any = _MISSING) -> FileTable:
        """The table under ``key``."""
        value = self.raw(key, default)
        if value is default and default is not _MISSING:
            return FileTable({}, self.at(key))
        return as_table(value, self.at(key))

    def optional_table(self, key: str) -> FileTable | None:
        """The table under ``key``, or ``None`` when the file leaves it out."""
        value = self.raw(key, None)
        return None if value is None else as_table(value, self.at(key))

    def integer(
        self, key: str, low: int = 0, high: int = MAX_NUMBER, default: Any = _MISSING
    ) -> int:
        """A whole number ``low..high`` (true/false is not a number)."""
        value = self.raw(key, default)
        if value is default:
            return value  # type: ignore[no-any-return]
        return as_integer(value, self.at(key), low, high)

    def number(self, key: str, low: float, high: float, default: Any = _MISSING) -> float:
        """A number (whole or not) in ``low..high``."""
        value = self.raw(key, default)
        if value is default:
            return value  # type: ignore[no-any-return]
        if isinstance(value, bool) or not isinstance(value, int | float):
            self.fail(f"must be a number, got {type_name(value)}", key)
        if not low <= value <= high:
            self.fail(f"must be {low}..{high}, got {shown(value)}", key)
        return float(value)

    def text(self, key: str, default: Any = _MISSING, most: int = 200) -> str:
        """Text of at most ``most`` characters."""
        value = self.raw(key, default)
        if value is default:
            return value  # type: ignore[no-any-return]
        if not isinstance(value, str):
            self.fail(f"must be text, got {type_name(value)}", key)
        if len(value) > most:
            self.fail(f"must be at most {most} characters, got {len(value)}", key)
        return value

    def boolean(self, key: str, default: Any = _MISSING) -> bool:
        """``true`` or ``false``."""
        value = self.raw(key, default)
        if value is default:
            return value  # type: ignore[no-any-return]
        if not isinstance(value, bool):
            self.fail(f"must be true or false, got {type_name(value)}", key)
        return value

    def sequence(self, key: str, default: Any = _MISSING) -> list[Any]:
        """A list (not empty)."""
        return as_list(self.raw(key, default), self.at(key))

    def integers(self, key: str, low: int = 0, high: int = MAX_NUMBER) -> tuple[int, ...]:
        """A list of whole numbers, each ``low..high``."""
        where = self.at(key)
        return tuple(
            as_integer(v, join(where, i), low, high) for i, v in enumerate(self.sequence(key))
        )

    def pays(self, key: str, most: int, low: int = 0, default: Any = _MISSING) -> dict[int, int]:
        """A table ``{"3": 5, ...}``: counts ``1..most`` to whole numbers ``>= low``."""
        return as_pays(self.table(key, default), most, low)

    def weights(self, key: str) -> dict[int, int]:
        """A weighted table ``{"5": 30, ...}``: positive amounts to positive weights."""
        table = self.table(key)
        if not table.names():
            table.fail("must not be empty")
        return as_pays(table, MAX_NUMBER, low=1)

    def symbol(self, key: str, context: FileContext) -> str:
        """A symbol id the game defines."""
        return context.symbol(self.raw(key), self.at(key))

    def symbols(self, key: str, context: FileContext) -> tuple[str, ...]:
        """A list of symbol ids the game defines, none twice."""
        where = self.at(key)
        ids = tuple(context.symbol(v, join(where, i)) for i, v in enumerate(self.sequence(key)))
        for i, sym in enumerate(ids):
            if sym in ids[:i]:
                raise FileTableError(join(where, i), f"symbol {shown(sym)} is listed twice")
        return ids

    def derived(self, key: str, expected: Any) -> None:
        """A key that only repeats what the file says elsewhere: absent, or ``expected``."""
        value = self.raw(key, None)
        if value is not None and (value != expected or type(value) is not type(expected)):
            self.fail(
                f"is worked out from the rest of the file: {shown(expected)}, not {shown(value)}"
                " (leave it out)",
                key,
            )


def as_table(value: Any, where: str) -> FileTable:
    """``value`` as a :class:`FileTable` at ``where`` when it is a table."""
    if not isinstance(value, Mapping):
        raise FileTableError(where, f"must be a table, got {type_name(value)}")
    return FileTable(value, where)


def as_list(value: Any, where: str) -> list[Any]:
    """``value`` when it is a list that is not empty."""
    if not isinstance(value, list):
        raise FileTableError(where, f"must be a list, got {type_name(value)}")
    if not value:
        raise FileTableError(where, "must not be empty")
    return value


def as_integer(value: Any, where: str, low: int = 0, high: int = MAX_NUMBER) -> int:
    """``value`` when it is a whole number ``low..high`` (true/false is not one)."""
    if isinstance(value, bool) or not isinstance(value, int):
        got = shown(value) if isinstance(value, bool | float) else type_name(value)
        if isinstance(value, float) and value.is_integer():
            got += " (write it without a point)"
        raise FileTableError(where, f"must be a whole number, got {got}")
    if value < low:
        if value < 0 <= low:
            raise FileTableError(where, f"must not be negative, got {value}")
        raise FileTableError(where, f"must be at least {low}, got {value}")
    if value > high:
        raise FileTableError(where, f"must be at most {high}, got {shown(value)}")
    return value


def as_pays(table: FileTable, most: int, low: int = 0) -> dict[int, int]:
    """``{"3": 5, ...}`` read from ``table``: counts ``1..most`` to whole numbers ``>= low``."""
    out: dict[int, int] = {}
    for key in table.names():
        count = as_count(key, table.at(key), most)
        out[count] = table.integer(key, low=low)
    return out


def as_count(key: str, where: str, most: int) -> int:
    """A table key that is a count ``1..most`` written in digits (``"3"``)."""
    if not _COUNT.fullmatch(key) or not 1 <= int(key) <= most:
        what = "a count" if most < MAX_NUMBER else "a whole number"
        raise FileTableError(where, f"must be {what} 1..{most} written in digits")
    return int(key)


@dataclass
class FileContext:
    """What a feature's table may refer to while a game file is read.

    ``symbols`` are the game's symbols by id; ``reels`` and ``rows`` its window;
    ``reel_sets`` every strip set of the file's ``reels`` table by name (checked: known
    symbols, long enough), which features claim by name (:meth:`reel_set`); ``modifiers``
    the spin modifiers read, by the name of the feature they attach to (:meth:`modifier`);
    ``classes`` every feature (and feature part) class found, by its ``name``;
    ``paytable`` the line pays read (symbol -> count -> pay).
    """

    symbols: Mapping[str, Symbol]
    reels: int
    rows: int
    reel_sets: Mapping[str, tuple[tuple[str, ...], ...]]
    modifiers: Mapping[str, Any] = field(default_factory=dict)
    classes: Mapping[str, type] = field(default_factory=dict)
    paytable: Mapping[str, Mapping[int, int]] = field(default_factory=dict)
    claimed: list[str] = field(default_factory=list)
    attached: list[str] = field(default_factory=list)

    def symbol(self, value: Any, where: str) -> str:
        """``value`` when it is the id of one of the game's symbols."""
        if not isinstance(value, str):
            raise FileTableError(where, f"must be a symbol id (text), got {type_name(value)}")
        if value not in self.symbols:
            raise FileTableError(where, f"unknown symbol {shown(value)}")
        return value

    def scatters(self) -> frozenset[str]:
        """The ids of the symbols that pay and trigger anywhere in the window."""
        return frozenset(s for s, sym in self.symbols.items() if sym.kind.is_scatter)

    def reel_set(self, name: str, where: str) -> tuple[tuple[str, ...], ...]:
        """The strips of ``reels.NAME`` for the feature at ``where``, which needs them."""
        if name not in self.reel_sets:
            raise FileTableError(where, f"needs its own strips under reels.{name}")
        self.claimed.append(name)
        return self.reel_sets[name]

    def modifier(self, host: str) -> Any:
        """The spin modifier the file attaches to the feature called ``host``, if any."""
        found = self.modifiers.get(host)
        if found is not None:
            self.attached.append(host)
        return found

    def part_class(self, name: str, where: str, base: type) -> Any:
        """The class of the feature part called ``name``, which must derive from ``base``."""
        cls = self.classes.get(name)
        if cls is None or not issubclass(cls, base):
            known = ", ".join(n for n, c in self.classes.items() if issubclass(c, base))
            raise FileTableError(where, f"unknown {shown(name)} (known: {known})")
        return cls


def strips_json(strips: Sequence[Sequence[str]]) -> list[list[str]]:
    """Strips as the file writes them: a list of symbol ids per reel."""
    return [list(strip) for strip in strips]
