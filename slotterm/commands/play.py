"""The ``play`` command (not built yet)."""

from __future__ import annotations

import argparse

from slotterm.cli import UsageError


def run_play(args: argparse.Namespace) -> int:
    """Not built yet: reports so and exits 2."""
    raise UsageError("this command is not available yet")
