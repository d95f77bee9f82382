"""Validating readers for the fields of a parsed save payload (a save file is untrusted input).

Each reader takes the raw JSON value and a ``where`` path such as ``save.state.credits``
and returns the typed value, or raises :class:`~slotterm.session.errors.SaveFormatError`
naming that path.  Shared by the round codec and the session codec.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from slotterm.session.errors import SaveFormatError

MAX_CENTS = 10**15
"""No amount in a save may exceed this (ten trillion units): a sanity bound."""

Json = dict[str, Any]


def _need(d: Mapping[str, Any], key: str, where: str) -> Any:
    if key not in d:
        raise SaveFormatError(f"{where}.{key} is missing")
    return d[key]


def _dict(value: Any, where: str) -> Mapping[str, Any]:
    if not isinstance(value, dict):
        raise SaveFormatError(f"{where} must be an object")
    return value


def _list(value: Any, where: str, length: int | None = None) -> list[Any]:
    if not isinstance(value, list):
        raise SaveFormatError(f"{where} must be a list")
    if length is not None and len(value) != length:
        raise SaveFormatError(f"{where} must hold {length} items")
    return value


def _int(value: Any, where: str, low: int = 0, high: int = MAX_CENTS) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise SaveFormatError(f"{where} must be a whole number")
    if not low <= value <= high:
        raise SaveFormatError(f"{where} must be {low}..{high}, got {value}")
    return value


def _ints(
    value: Any, where: str, low: int = 0, high: int = MAX_CENTS, length: int | None = None
) -> tuple[int, ...]:
    items = _list(value, where, length)
    if not set(map(type, items)) <= {int}:
        raise SaveFormatError(f"{where} must hold whole numbers")
    if items and (min(items) < low or max(items) > high):
        raise SaveFormatError(f"{where} must hold numbers {low}..{high}")
    return tuple(items)


def _opt_int(value: Any, where: str) -> int | None:
    return None if value is None else _int(value, where)


def _bool(value: Any, where: str) -> bool:
    if not isinstance(value, bool):
        raise SaveFormatError(f"{where} must be true or false")
    return value


def _str(value: Any, where: str) -> str:
    if not isinstance(value, str):
        raise SaveFormatError(f"{where} must be text")
    return value


def _time(value: Any, where: str) -> datetime:
    try:
        moment = datetime.fromisoformat(_str(value, where))
    except ValueError:
        raise SaveFormatError(f"{where} is not a date and time") from None
    if moment.tzinfo is None:
        raise SaveFormatError(f"{where} has no time zone")
    return moment


def _opt_time(value: Any, where: str) -> datetime | None:
    return None if value is None else _time(value, where)


def _check(condition: bool, message: str) -> None:
    if not condition:
        raise SaveFormatError(message)
