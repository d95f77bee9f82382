"""The types that check the values of ``slotterm``'s options (DESIGN.md §6): whole
numbers, amounts, policies, ``--force`` events, memory and terminal sizes, deadlines.

Each refuses what ``int()`` or ``float()`` would take but a user did not mean
(``" 10 "``, ``1_0``, ``١٠``) with an argparse error of one line;
:mod:`slotterm.cli_parser` gives them to its options.
"""

from __future__ import annotations

import argparse
import re

_ASCII_WHOLE = re.compile(r"-?[0-9]+")
_ASCII_AMOUNT = re.compile(r"[0-9]+(?:\.[0-9]+)?")


def _shown_text(text: str) -> str:
    return repr(text if len(text) <= 24 else text[:20] + "…")


def whole_number(text: str, minimum: int) -> int:
    """``text`` as an int of at least ``minimum``, or an argparse error saying why not.

    Only plain ASCII digits with an optional leading ``-``: not ``" 10 "``, ``1_0`` or
    ``١٠``, all of which ``int()`` would take.
    """
    if not _ASCII_WHOLE.fullmatch(text):
        raise argparse.ArgumentTypeError(f"not a whole number: {_shown_text(text)}")
    digits = text.lstrip("-").lstrip("0")
    if len(digits) > len(str(_WHOLE_NUMBER_MAX)):  # before int(): no 4300-digit limit
        if text.startswith("-"):
            raise argparse.ArgumentTypeError(f"must be at least {minimum}, got a negative number")
        raise argparse.ArgumentTypeError(f"must be at most 10^30, got a {len(digits)}-digit number")
    value = int(text)
    if value < minimum:
        raise argparse.ArgumentTypeError(f"must be at least {minimum}, got {_shown_int(value)}")
    if value > _WHOLE_NUMBER_MAX:
        raise argparse.ArgumentTypeError(f"must be at most 10^30, got {_shown_int(value)}")
    return value


_WHOLE_NUMBER_MAX = 10**30
"""No option needs more (a reported 63-bit seed fits); beyond it only echoes get long."""


def _shown_int(value: int) -> str:
    """``value`` for an error message: in full up to 24 digits, else its digit count."""
    text = str(value)
    return text if len(text) <= 24 else f"a {len(text.lstrip('-'))}-digit number"


def positive_int(text: str) -> int:
    """``text`` as a whole number of at least 1, or an argparse error."""
    return whole_number(text, 1)


def non_negative_int(text: str) -> int:
    """``text`` as a whole number of at least 0, or an argparse error."""
    return whole_number(text, 0)


def amount(text: str) -> str:
    """An amount such as ``0.10``: ASCII digits and at most one ``.``, nothing else."""
    if not _ASCII_AMOUNT.fullmatch(text):
        raise argparse.ArgumentTypeError(
            f"not an amount: {_shown_text(text)} (expected e.g. 0.10 or 2)"
        )
    return text


def policy(text: str, exact: bool = False) -> str:
    """A pick-game policy name (``slotterm.engine.policy.POLICIES``; with ``exact``, one
    ``par`` computes, ``EXACT_POLICIES``), or an argparse error."""
    from slotterm.engine.policy import EXACT_POLICIES, POLICIES

    names = EXACT_POLICIES if exact else POLICIES
    if text not in names:
        shown = text if len(text) <= 24 else text[:20] + "…"
        raise argparse.ArgumentTypeError(f"must be one of {', '.join(names)}, got {shown!r}")
    return text


def exact_policy(text: str) -> str:
    """A policy ``par`` computes exactly, or an argparse error."""
    return policy(text, exact=True)


_FORCE_EVENT = re.compile(r"[a-z]+(?:-[a-z]+)*(?::[A-Za-z0-9 _+=,.-]{1,400})?")
"""What ``--force`` looks like: a lowercase EVENT, maybe ``:`` and a detail (a symbol, a
pick game and its layout); the game checks the rest (:func:`slotterm.force_kinds.parse_force`)."""


def force_event(text: str) -> str:
    """``--force EVENT[:DETAIL]`` of the right shape (the game checks the rest)."""
    if not _FORCE_EVENT.fullmatch(text):
        raise argparse.ArgumentTypeError(
            "must be an EVENT such as free-spins, mystery-bonus[:NAME[=LAYOUT]], retrigger, "
            f"five-of-a-kind:SYM or cap, got {_shown_text(text)}"
        )
    return text


_SIZE = re.compile(r"([0-9]+(?:\.[0-9]+)?)([KMGT]?)B?", re.IGNORECASE)
_SIZE_UNITS = {"": 1, "K": 2**10, "M": 2**20, "G": 2**30, "T": 2**40}
_SIZE_MOST = 2**50
"""The largest ``--max-memory`` taken (1024T): beyond it no budget means anything."""


def memory_size(text: str) -> int:
    """A memory size such as ``500M``, ``2G`` or ``1.5GB`` (K, M, G, T: powers of 1024;
    no unit: bytes) as a whole number of bytes, at least 1 MB; else an argparse error."""
    match = _SIZE.fullmatch(text)
    if match is None:
        raise argparse.ArgumentTypeError(
            f"not a memory size: {_shown_text(text)} (expected e.g. 500M or 2G)"
        )
    value = float(match[1]) * _SIZE_UNITS[match[2].upper()]
    if not value <= _SIZE_MOST:  # also inf, from hundreds of digits
        raise argparse.ArgumentTypeError(f"a memory size of at most 1024T, got {_shown_text(text)}")
    size = int(value)
    if size < 2**20:
        raise argparse.ArgumentTypeError(f"a memory size of at least 1M, got {_shown_text(text)}")
    return size


def terminal_size(text: str) -> tuple[int, int]:
    """A terminal size ``WIDTHxHEIGHT`` (``100x32``), each 10 to 1000."""
    width, x, height = text.partition("x")
    if not x or not _ASCII_WHOLE.fullmatch(width) or not _ASCII_WHOLE.fullmatch(height):
        raise argparse.ArgumentTypeError(f"not a size: {_shown_text(text)} (expected e.g. 100x32)")
    if not (10 <= int(width) <= 1000 and 10 <= int(height) <= 1000):
        raise argparse.ArgumentTypeError(f"{text}: each side must be 10 to 1000")
    return int(width), int(height)


def deadline_seconds(text: str) -> float:
    """A deadline in whole seconds, 1 to 3600."""
    value = whole_number(text, 1)
    if value > 3600:
        raise argparse.ArgumentTypeError(f"must be at most 3600 seconds, got {value}")
    return float(value)
