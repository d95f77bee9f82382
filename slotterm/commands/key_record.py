"""``play --record FILE``: the keys of a live tester's session written as a key script
(:mod:`slotterm.commands.key_script`), which ``slotterm script`` plays again.

The file starts with the session's ``@seed`` (and ``@demo``), and the ``--force`` and
``--stops`` of the command line as ``@force`` and ``@stops`` lines; the app then writes
the terminal's ``@size`` and each key (:class:`~slotterm.tui.key_recorder.KeyRecorder`).
Only a seeded session can be played again: ``--record`` needs ``--seed``.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from slotterm.cli import UsageError
from slotterm.forced_stops import ForcedSpin
from slotterm.session.game_session import GameSession
from slotterm.tui.key_recorder import KeyRecorder


def check_record(args: argparse.Namespace) -> None:
    """A :class:`UsageError` when ``--record`` is given outside a seeded tester's game."""
    if getattr(args, "record", None) is None:
        return
    if args.seed is None:
        raise UsageError("--record is for testers: use it with --seed N (a seeded session replays)")
    if args.game is None:
        raise UsageError("--record needs a GAME (e.g. slotterm GAME --seed 1 --record keys.txt)")


def open_recorder(args: argparse.Namespace, session: GameSession) -> KeyRecorder:
    """The recorder of ``--record FILE``, its first lines written; a :class:`UsageError`
    when the file cannot be written."""
    path = Path(args.record)
    try:
        file = path.open("w", encoding="utf-8")
    except OSError as exc:
        raise UsageError(
            f"--record {args.record}: cannot write it ({exc.strerror or exc})"
        ) from None
    recorder = KeyRecorder(file)
    recorder.line(f"# keys of slotterm {session.game.id}, recorded with --record")
    recorder.line(f"# play it again: slotterm script {session.game.id} --keys {path.name}")
    if session.state.rounds_played or session.state.round is not None:
        recorder.line(
            f"# the save had played {session.state.rounds_played} rounds before: a replay "
            "starts afresh, so it may not end the same"
        )
    recorder.line(f"@seed {args.seed}")
    if args.demo:
        recorder.line("@demo")
    if args.force is not None:
        recorder.line(f"@force {force_text(args.force)}")
    for spin in getattr(args, "stops", None) or ():
        recorder.line(f"@stops {stops_text(spin)}")
    return recorder


def force_text(force: str) -> str:
    """``--force`` as the tester wrote it, from the engine's force (``free_spins`` ->
    ``free-spins``, ``mystery_bonus:pumpkin`` -> ``mystery-bonus:pumpkin``)."""
    event, colon, detail = force.partition(":")
    return event.replace("_", "-") + colon + detail


def stops_text(spin: ForcedSpin) -> str:
    """One forced spin as ``--stops`` reads it (``free:`` before the stops of other strips)."""
    stops = ",".join(map(str, spin.stops))
    return stops if spin.strips == "base" else f"{spin.strips}:{stops}"
