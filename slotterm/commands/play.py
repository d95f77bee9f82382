"""The ``play`` command: open a session and run the Textual game."""

from __future__ import annotations

import argparse

from slotterm.cli import UsageError
from slotterm.games import get_game
from slotterm.rng import RandomSource, SecureSource, SeededSource
from slotterm.session.game_session import demo_session


def run_play(args: argparse.Namespace) -> int:
    """Open the session the arguments ask for and play until the player quits."""
    if args.force is not None and args.seed is None and not args.demo:
        raise UsageError("--force is for testers: use it with --seed or --demo")
    game = get_game(args.game)
    rng: RandomSource = SeededSource(args.seed) if args.seed is not None else SecureSource()
    session = demo_session(game, rng)
    from slotterm.tui.app import SlotApp

    SlotApp(session, force_feature=args.force == "free-spins").run()
    return 0
