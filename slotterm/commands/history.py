"""The ``history`` command: print the saved rounds (a table, or JSON with every step).

It only reads: a damaged copy is reported but never moved, nothing is written.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from slotterm.cli import ERROR_ROOM, WHOLE_MESSAGE_MAX, UsageError
from slotterm.cli_output import output_is_utf
from slotterm.commands.history_table import table_lines
from slotterm.engine.model import GameDefinition
from slotterm.engine.records import Round
from slotterm.games import get_game
from slotterm.money import format_cents
from slotterm.session.errors import SaveUnreadable
from slotterm.session.feature_reports import report_for
from slotterm.session.game_session import utc_now
from slotterm.session.history_view import frame_view, money, round_view
from slotterm.session.opening import default_save_root, session_folder
from slotterm.session.saved_rules import rules_of
from slotterm.session.store import LoadResult, SaveStore


def run_history(args: argparse.Namespace) -> int:
    """Print the history of the player's (or a seeded) session."""
    game = get_game(args.game)
    root = Path(args.save_dir) if args.save_dir else default_save_root()
    folder = session_folder(root, game.id, args.seed)
    store = SaveStore(folder, game, seed=args.seed)
    try:
        loaded = store.load(utc_now(), readonly=True)
    except SaveUnreadable as exc:
        shown = exc.fitted(ERROR_ROOM, longest=WHOLE_MESSAGE_MAX)
        raise UsageError(shown, most=WHOLE_MESSAGE_MAX) from None
    except OSError as exc:  # e.g. --save-dir names a file, or a folder that cannot be read
        where = exc.filename or folder
        raise UsageError(f"cannot read saves in {where} ({exc.strerror or exc})") from None
    if loaded is None:
        raise UsageError(f"no saved session in {folder}")
    if loaded.notice:
        print(f"slotterm: {loaded.notice}", file=sys.stderr)
    if args.json:
        document = history_document(loaded, game)
        json.dump(document, sys.stdout, indent=2, ensure_ascii=not output_is_utf())
        print()
    else:
        _print_table(loaded, game)
    return 0


def history_document(loaded: LoadResult, game: GameDefinition | None = None) -> dict[str, Any]:
    """The ``--json`` document: credits, the open round and every saved closed round.

    With the ``game`` (the file's definition now), each round's features also give their
    phase and win, read under the rules the round was played by, and each round names
    those rules: ``"rules"``, the fingerprint of its saved definition
    (:mod:`slotterm.session.saved_rules`).
    """
    record = loaded.record
    state = record.state

    def view(round_: Round, closed: bool) -> dict[str, Any]:
        times = record.round_times.get(round_.number)
        forced = record.forced_steps.get(round_.number, ())
        if game is None:
            return round_view(round_, times, closed=closed, forced_steps=forced)
        rules = record.rules_of(round_.number, game)
        shown = round_view(round_, times, closed=closed, game=rules, forced_steps=forced)
        return {**shown, "rules": rules_of(rules).fingerprint}

    return {
        "game": record.game_id,
        "save": str(loaded.path),
        "sequence": loaded.sequence,
        "credits": money(state.credits),
        "currency": record.currency,
        "phase": state.phase.value,
        "open_round": None if state.round is None else view(state.round, False),
        "rounds": [view(r, True) for r in record.history],
    }


def history_title(rounds: int) -> str:
    """``"no rounds yet"``, ``"1 round"``, ``"the last 100 rounds"``."""
    if rounds == 0:
        return "no rounds yet"
    return "1 round" if rounds == 1 else f"the last {rounds} rounds"


def feature_text(round_: Round, game: GameDefinition) -> str:
    """The features a round played, for the table: ``"12 free spins, HAT"``.

    Each feature's report tells its part (``table_text``,
    :mod:`slotterm.session.feature_report`); a feature it says nothing special of is
    written as its name and phase.
    """
    parts = []
    for frame in round_.frames:
        entry = frame_view(frame, game, round_.bet.total)
        text = report_for(frame.feature).table_text(round_, frame, entry)
        if text is None:
            phase = entry.get("phase")
            text = frame.feature.replace("_", " ") + (f" ({phase})" if phase else "")
        if text:
            parts.append(text)
    return "; ".join(parts)


FORCED_STOPS = "forced stops (a tester's)"
"""What the table says of a round that took stops forced by ``--stops``."""


def forced_text(features: str, forced: bool) -> str:
    """The features cell of a round, with :data:`FORCED_STOPS` when its stops were forced."""
    if not forced:
        return features
    return f"{features}; {FORCED_STOPS}" if features else FORCED_STOPS


def _print_table(loaded: LoadResult, game: GameDefinition) -> None:
    from rich.console import Console

    record = loaded.record
    console = Console(highlight=False)
    lines = table_lines(
        record,
        game,
        lambda r: forced_text(
            feature_text(r, record.rules_of(r.number, game)), r.number in record.forced_steps
        ),
        title=f"{record.game_id} — {history_title(len(record.history))}",
        width=console.width,
        ascii_only=console.options.ascii_only,
    )
    for n, line in enumerate(lines):  # the title, the column heads in bold, the rounds
        style = "italic" if n == 0 else "bold" if n == 1 else None
        console.print(line, style=style, markup=False, soft_wrap=True)
    state = record.state
    line = f"Credits: {format_cents(state.credits)} {record.currency}".rstrip()
    if state.round is not None:
        line += f" — round {state.round.number} is open ({state.phase.value})"
    console.print(line, markup=False, soft_wrap=True)
