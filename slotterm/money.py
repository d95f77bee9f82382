"""Money is integer cents everywhere; these helpers convert at the edges only."""

from __future__ import annotations

import re

_AMOUNT = re.compile(r"\s*(?P<int>[0-9]{1,12})(?:[.,](?P<frac>[0-9]{1,2}))?\s*")


class MoneyFormatError(ValueError):
    """Text that is not a valid non-negative amount with at most two decimals."""


def format_cents(cents: int, *, grouping: bool = True) -> str:
    """``123456`` -> ``"1,234.56"`` (or ``"1234.56"`` without grouping)."""
    sign = "-" if cents < 0 else ""
    whole, frac = divmod(abs(cents), 100)
    whole_text = f"{whole:,}" if grouping else str(whole)
    return f"{sign}{whole_text}.{frac:02d}"


def parse_cents(text: str) -> int:
    """``"1.5"`` -> ``150``; rejects negatives, more than two decimals and junk.

    Only ASCII digits count: ``"١٠"`` or full-width ``"１０"`` are junk, not ten.
    """
    match = _AMOUNT.fullmatch(text)
    if match is None:
        shown = text if len(text) <= 24 else text[:20] + "…"
        raise MoneyFormatError(f"not an amount: {shown!r} (expected e.g. 0.10 or 2)")
    frac = (match.group("frac") or "").ljust(2, "0")
    return int(match.group("int")) * 100 + int(frac)
