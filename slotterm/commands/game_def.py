"""The ``game_def`` command (not built yet)."""

from __future__ import annotations

import argparse

from slotterm.cli import UsageError


def run_game_def(args: argparse.Namespace) -> int:
    """Not built yet: reports so and exits 2."""
    raise UsageError("this command is not available yet")
