"""The ``history`` command: print the saved rounds (a table, or JSON with every step).

It only reads: a damaged copy is reported but never moved, nothing is written.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from slotterm.cli import ERROR_ROOM, WHOLE_MESSAGE_MAX, UsageError, output_is_utf
from slotterm.dates import player_time
from slotterm.engine.features import free_spins, mystery_bonus
from slotterm.engine.gamble import card_label
from slotterm.engine.model import GameDefinition
from slotterm.engine.records import Round
from slotterm.games import get_game
from slotterm.money import format_cents
from slotterm.session.errors import SaveUnreadable
from slotterm.session.game_session import utc_now
from slotterm.session.history_view import frame_view, free_spins_view, money, round_view
from slotterm.session.opening import default_save_root, session_folder
from slotterm.session.pick_view import pick_text
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

    With the ``game``, each round's features also give their phase and win.
    """
    record = loaded.record
    state = record.state
    return {
        "game": record.game_id,
        "save": str(loaded.path),
        "sequence": loaded.sequence,
        "credits": money(state.credits),
        "currency": record.currency,
        "phase": state.phase.value,
        "open_round": None
        if state.round is None
        else round_view(
            state.round, record.round_times.get(state.round.number), closed=False, game=game
        ),
        "rounds": [
            round_view(r, record.round_times.get(r.number), closed=True, game=game)
            for r in record.history
        ],
    }


def history_title(rounds: int) -> str:
    """``"no rounds yet"``, ``"1 round"``, ``"the last 100 rounds"``."""
    if rounds == 0:
        return "no rounds yet"
    return "1 round" if rounds == 1 else f"the last {rounds} rounds"


def feature_text(round_: Round, game: GameDefinition) -> str:
    """The features a round played, for the table: ``"12 free spins, HAT"``."""
    parts = []
    for frame in round_.frames:
        if frame.feature == free_spins.NAME:
            view = free_spins_view(round_)
            if view["free_spins"]:
                special = f", {view['special']}" if view["special"] else ""
                parts.append(f"{len(view['free_spins'])} free spins{special}")
                continue
        view = frame_view(frame, game, round_.bet.total)
        if "pick_game" in view:
            parts.append(pick_text(view["pick_game"]))
            continue
        if frame.feature == mystery_bonus.NAME and frame.done:
            continue  # the pick game it drew says it all
        phase = view.get("phase")
        parts.append(frame.feature.replace("_", " ") + (f" ({phase})" if phase else ""))
    return "; ".join(parts)


def _print_table(loaded: LoadResult, game: GameDefinition) -> None:
    from rich.console import Console
    from rich.table import Table

    record = loaded.record
    table = Table(title=f"{record.game_id} — {history_title(len(record.history))}")
    for name in ("Round", "Started", "Bet", "Credits before", "Feature", "Gamble", "Paid"):
        justify = "right" if name in ("Round", "Bet", "Credits before", "Paid") else "left"
        wrap = name in ("Feature", "Gamble")  # dates and amounts stay on one line
        table.add_column(name, justify=justify, no_wrap=not wrap)  # type: ignore[arg-type]
    for r in reversed(record.history):
        times = record.round_times.get(r.number)
        feature = feature_text(r, game)
        gamble = " ".join(f"{card_label(g.card)}{'✓' if g.won else '✗'}" for g in r.gamble)
        table.add_row(
            str(r.number),
            "" if times is None else player_time(times.started_at),
            format_cents(r.bet.total),
            format_cents(r.credits_before),
            feature,
            gamble,
            format_cents(r.paid),
        )
    console = Console()
    console.print(table)
    state = record.state
    line = f"Credits: {format_cents(state.credits)} {record.currency}".rstrip()
    if state.round is not None:
        line += f" — round {state.round.number} is open ({state.phase.value})"
    console.print(line)
