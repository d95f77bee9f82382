"""The ``stops`` command: the reel stops that show a wanted window (issue 22).

``slotterm stops GAME --grid "A,K,Q,J,TEN/BOOK,.../..."`` (the grid as ``eval`` reads it:
rows top first, separated by ``/``) prints one stop per reel that shows the window on the
base strips (``--free``: the free-spin strips), ready for ``--stops``, and every stop of
each reel that shows its column.  When some reel shows its column nowhere, one line says
which and the exit status is 1.  ``--json``: ``{"game", "strips", "grid", "found",
"stops", "per_reel", "missing"}``.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from slotterm.cli import UsageError, game_of
from slotterm.commands.evaluate import RequestError, parse_grid
from slotterm.engine.evaluate import window_at
from slotterm.engine.features.free_spins import REEL_SET as FREE_SET
from slotterm.engine.outcome import Window

EXIT_NONE = 1
"""No stops show the window."""


def stops_showing(
    strips: Sequence[Sequence[str]], window: Window, rows: int
) -> tuple[tuple[int, ...], ...]:
    """Per reel, every stop whose column (``rows`` symbols from the stop down) is the
    window's column on that reel."""
    return tuple(
        tuple(
            stop
            for stop in range(len(strip))
            if window_at((strip,), (stop,), rows)[0] == tuple(column)
        )
        for strip, column in zip(strips, window, strict=True)
    )


def run_stops(args: argparse.Namespace) -> int:
    """Print the stops that show ``--grid`` (exit 1, one line, when there are none)."""
    game = game_of(args.game)
    label = FREE_SET if args.free else "base"
    sets = game.reel_sets
    if label not in sets:
        raise UsageError(f"{game.name} has no free-spin strips (leave out --free)")
    if args.grid is None:
        raise UsageError('give the window with --grid, e.g. "A,K,Q,J,TEN/.../..."')
    try:
        window = parse_grid(game, args.grid)
    except RequestError as exc:
        raise UsageError(str(exc)) from None
    per_reel = stops_showing(sets[label], window, game.rows)
    missing = [reel for reel, stops in enumerate(per_reel, 1) if not stops]
    found = not missing
    first = [stops[0] for stops in per_reel] if found else None
    if args.json:
        print(
            json.dumps(
                {
                    "game": game.id,
                    "strips": label,
                    "grid": [list(row) for row in zip(*window, strict=True)],
                    "found": found,
                    "stops": first,
                    "per_reel": [list(stops) for stops in per_reel],
                    "missing": missing,
                }
            )
        )
    if not found:
        column = ",".join(window[missing[0] - 1])
        print(
            f"slotterm: no stops show that window on the {label} strips: reel {missing[0]} "
            f"never shows {column} (top first)",
            file=sys.stderr,
        )
        return EXIT_NONE
    if not args.json:
        assert first is not None
        print(f"stops: {','.join(map(str, first))}")
        for reel, stops in enumerate(per_reel, 1):
            print(f"  reel {reel}: {', '.join(map(str, stops))}")
        prefix = "" if label == "base" else f"{label}:"
        print(
            f'force them: slotterm {args.game} --demo --stops "{prefix}{",".join(map(str, first))}"'
        )
    return 0
