"""The synthetic game of the proof that a game is a file (issue 19): its tree, its file.

A game no Python module knows: 3 reels × 3 rows, 5 lines, strips of 10 to 12 stops of
different lengths, a JOKER wild that stands in for SUN and DOT only (not MOON), doubles
the wins it completes and pays on its own, a GEM scatter (on base reels 1 and 3, on every
free reel) whose two pay and award 3 free spins, 2 more on a free spin, every win of a
free spin × 2, and a round cap of 40 × the total bet that a feature reaches now and then.
Its exact RTP is about 95.7 % (feature 1 in 13.3 base spins).  The tests write it to a
temporary folder as TOML and run it through every command, a killed and resumed session,
and the screens.
"""

from __future__ import annotations

import copy
import subprocess
import sys
from pathlib import Path
from typing import Any

import tomli_w

REPO = Path(__file__).resolve().parent.parent.parent


def _strip(stops: str) -> list[str]:
    """A reel strip written as its symbols' ids, top to bottom."""
    return stops.split()


TREE: dict[str, Any] = {
    "game": "proof-toy",
    "title": "Proof Toy",
    "rows": 3,
    "symbols": [
        {"id": "JOKER", "kind": "wild", "name": "Joker"},
        {"id": "SUN", "kind": "regular", "name": "Sun"},
        {"id": "MOON", "kind": "regular", "name": "Moon"},
        {"id": "DOT", "kind": "regular", "name": "Dot"},
        {"id": "GEM", "kind": "scatter", "name": "Gem"},
    ],
    "paytable": {
        "JOKER": {"3": 20},
        "SUN": {"3": 6},
        "MOON": {"3": 3},
        "DOT": {"3": 1},
    },
    "scatter_pays": {"2": 1, "3": 4},
    "lines": [[1, 1, 1], [0, 0, 0], [2, 2, 2], [0, 1, 2], [2, 1, 0]],
    "reels": {
        "base": [
            _strip("SUN DOT MOON GEM DOT JOKER DOT MOON DOT SUN"),
            _strip("DOT MOON SUN DOT MOON SUN DOT JOKER DOT MOON SUN"),
            _strip("MOON DOT SUN GEM DOT MOON DOT JOKER DOT MOON SUN DOT"),
        ],
        "free": [
            _strip("SUN MOON DOT MOON GEM DOT MOON DOT MOON DOT"),
            _strip("MOON SUN DOT MOON DOT GEM MOON DOT MOON DOT MOON"),
            _strip("DOT MOON GEM MOON DOT JOKER MOON DOT MOON DOT SUN MOON"),
        ],
    },
    "wild": {"id": "JOKER", "substitutes": ["SUN", "DOT"], "multiplier": 2},
    "free_spins": {"award": 3, "trigger": 2, "retrigger": 2, "win_multiplier": 2},
    "max_win_x_total_bet": 40,
    "published_rtp": 0.9,
    "art": {"GEM": {"text": "G", "colour": "#30c0ff"}},
    "help": "Proof Toy is a test game: two gems or more anywhere award three free spins, "
    "and every win of a free spin is doubled.",
}
"""The game file's tree (as TOML and JSON hold it)."""

FILE_NAME = "proof-toy.toml"


def tree() -> dict[str, Any]:
    """A fresh copy of :data:`TREE`."""
    return copy.deepcopy(TREE)


def write_game(folder: Path, game: dict[str, Any] | None = None) -> Path:
    """The game written as TOML into ``folder`` (made if missing); its path."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / FILE_NAME
    path.write_text(tomli_w.dumps(tree() if game is None else game), encoding="utf-8")
    return path


def driver(
    game: Path, save_dir: Path, rounds: int, seed: int, *extra: str
) -> subprocess.Popen[str]:
    """The headless player of the kill campaign (:mod:`tests.session.kill_driver`) on the
    file game: one line per saved state (``LOADED``, ``STEP``, ``DONE``)."""
    return subprocess.Popen(
        [
            sys.executable,
            "-m",
            "tests.session.kill_driver",
            "--game",
            str(game),
            "--rounds",
            str(rounds),
            "--seed",
            str(seed),
            "--save-dir",
            str(save_dir),
            *extra,
        ],
        cwd=REPO,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def played(game: Path, save_dir: Path, rounds: int, seed: int) -> list[str]:
    """The driver's lines of a whole run (it must end cleanly)."""
    proc = driver(game, save_dir, rounds, seed)
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 0 and "Traceback" not in err, err
    return out.splitlines()
