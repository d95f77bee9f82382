"""The ``log`` command: print a save folder's event log and say whether its chain holds.

It only reads (:func:`slotterm.session.log_check.read_log`).  A broken chain or a torn
last line is reported -- which file and line -- and never stops the command: every event
that can be read is printed (exit status 0).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from datetime import datetime
from pathlib import Path
from typing import Any

from slotterm.cli import UsageError
from slotterm.cli_output import output_is_utf
from slotterm.dates import player_time
from slotterm.games import get_game
from slotterm.money import format_cents
from slotterm.session.log_check import LogEntry, LogReport, read_log
from slotterm.session.opening import default_save_root, session_folder


def run_log(args: argparse.Namespace) -> int:
    """Print the event log of the player's (or a seeded) session folder."""
    game = get_game(args.game)
    root = Path(args.save_dir) if args.save_dir else default_save_root()
    folder = session_folder(root, game.id, args.seed)
    try:
        if not folder.is_dir():
            raise UsageError(f"no saved session in {folder}")
        os.lstat(os.path.join(folder, "."))  # the folder can be entered
    except OSError as exc:
        raise UsageError(f"cannot read {folder} ({exc.strerror or exc})") from None
    report = read_log(folder)
    if args.json:
        json.dump(
            log_document(report, game.id, folder),
            sys.stdout,
            indent=2,
            ensure_ascii=not output_is_utf(),
        )
        print()
        return 0
    for line in log_lines(report, game.id, folder):
        print(line)
    return 0


def log_document(report: LogReport, game: str, folder: Path) -> dict[str, Any]:
    """The ``--json`` document: every event read, and the chain's state."""
    return {
        "game": game,
        "folder": str(folder),
        "events": [
            {
                "n": e.number,
                "at": e.at,
                "event": e.event,
                "detail": e.detail,
                "file": e.file,
                "line": e.line,
            }
            for e in report.entries
        ],
        "chain": {
            "intact": report.intact,
            "torn": report.torn,
            "problems": [
                {"file": p.file, "line": p.line, "problem": p.problem, "torn": p.torn}
                for p in report.problems
            ],
        },
    }


def log_lines(report: LogReport, game: str, folder: Path) -> list[str]:
    """The log as text: one line per event, then what the chain check found."""
    if not report.entries and not report.problems:
        return [f"{game}: no events logged in {folder}"]
    lines = [f"{game}: event log in {folder}"]
    lines += [
        f"#{e.number:<4} {_when(e.at):<17}  {e.event:<18}  {describe(e)}" for e in report.entries
    ]
    if report.intact:
        lines.append(f"The chain holds: {len(report.entries)} events, none changed or missing.")
    for problem in report.problems:
        where = f"{problem.file}, line {problem.line}" if problem.line else problem.file
        if problem.torn:
            lines.append(f"Torn at its end ({where}): {problem.problem}.")
        else:
            lines.append(f"The chain is broken at {where}: {problem.problem}.")
    return lines


def _when(at: str) -> str:
    try:
        return player_time(datetime.fromisoformat(at))
    except ValueError:
        return at[:17]


def describe(entry: LogEntry) -> str:
    """One event in the player's words."""
    d = entry.detail

    def text(key: str) -> str:
        return str(d.get(key, "?"))

    def cents(key: str) -> str:
        value = d.get(key)
        return format_cents(value) if type(value) is int and value >= 0 else "?"

    words = {
        "recovered": lambda: (
            f"copy {text('damaged')} was damaged ({text('reason')}); "
            f"the game went on from {text('copy')} (#{text('sequence')})"
        ),
        "set_aside": lambda: (
            f"{', '.join(map(str, d.get('files') or []))} moved into "
            f"{text('folder')} ({text('why')})"
        ),
        "rollback_refused": lambda: (
            f"the save was put back (#{text('sequence')}, #{text('mark')} had been saved): refused"
        ),
        "settled": lambda: (
            f"round {text('round')} left since {_when(text('left'))}: "
            f"settled, {cents('paid')} credited"
        ),
        "settlement_refused": lambda: f"round {text('round')} not settled: {text('reason')}",
        "credited": lambda: f"round {text('round')}'s waiting win of {cents('paid')} credited",
        "save_failed": lambda: (
            f"step #{text('sequence')} could not be saved to {text('copy')} ({text('reason')})"
        ),
        "twin_failed": lambda: (
            f"the twin copy {text('copy')} of #{text('sequence')} could "
            f"not be written ({text('reason')})"
        ),
        "forced": lambda: (
            f"round {text('round')}'s step {text('step')} took the reel stops forced by --stops"
            if d.get("stops")
            else f"round {text('round')}'s spin was forced to start {text('force')}"
        ),
        "migrated": lambda: (
            f"{text('copy')} (#{text('sequence')}) read from format {text('format')}"
        ),
        "torn_tail": lambda: f"a log line cut short by a crash was cut off ({text('bytes')} bytes)",
    }
    say = words.get(entry.event)
    return "" if say is None else say()
