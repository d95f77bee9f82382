"""Validating readers for records read back from JSON (a save file is untrusted input).

Each reader takes the raw JSON value and a ``where`` path such as ``save.state.credits``
and returns the typed value, or raises :class:`RecordError` naming that path.  The round
codec and every feature's codec read through them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

MAX_CENTS = 10**15
"""No amount in a record may exceed this (ten trillion units): a sanity bound."""


class RecordError(ValueError):
    """A record read back does not add up; the message names the field."""


def need(d: Mapping[str, Any], key: str, where: str) -> Any:
    """``d[key]``, or an error saying ``where.key`` is missing."""
    if key not in d:
        raise RecordError(f"{where}.{key} is missing")
    return d[key]


def as_dict(value: Any, where: str) -> Mapping[str, Any]:
    """``value`` when it is a JSON object."""
    if not isinstance(value, dict):
        raise RecordError(f"{where} must be an object")
    return value


def as_list(value: Any, where: str, length: int | None = None) -> list[Any]:
    """``value`` when it is a list (of exactly ``length`` items when given)."""
    if not isinstance(value, list):
        raise RecordError(f"{where} must be a list")
    if length is not None and len(value) != length:
        raise RecordError(f"{where} must hold {length} items")
    return value


def as_int(value: Any, where: str, low: int = 0, high: int = MAX_CENTS) -> int:
    """``value`` when it is a whole number in ``low..high`` (a bool is not a number)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise RecordError(f"{where} must be a whole number")
    if not low <= value <= high:
        raise RecordError(f"{where} must be {low}..{high}, got {value}")
    return value


def as_ints(
    value: Any, where: str, low: int = 0, high: int = MAX_CENTS, length: int | None = None
) -> tuple[int, ...]:
    """A list of whole numbers, each in ``low..high``, as a tuple."""
    items = as_list(value, where, length)
    if not set(map(type, items)) <= {int}:
        raise RecordError(f"{where} must hold whole numbers")
    if items and (min(items) < low or max(items) > high):
        raise RecordError(f"{where} must hold numbers {low}..{high}")
    return tuple(items)


def opt_int(value: Any, where: str) -> int | None:
    """``None``, or a whole number as :func:`as_int` reads it."""
    return None if value is None else as_int(value, where)


def as_bool(value: Any, where: str) -> bool:
    """``value`` when it is ``true`` or ``false``."""
    if not isinstance(value, bool):
        raise RecordError(f"{where} must be true or false")
    return value


def as_str(value: Any, where: str) -> str:
    """``value`` when it is text."""
    if not isinstance(value, str):
        raise RecordError(f"{where} must be text")
    return value


def check(condition: bool, message: str) -> None:
    """Raise :class:`RecordError` with ``message`` unless ``condition`` holds."""
    if not condition:
        raise RecordError(message)
