"""Game files made bigger than the shipped ones, for ``bench_par_scaling.py``.

Each function takes a ``slotterm game-def GAME --json`` object and returns a new one
(the input is not changed), changed in one dimension:

* :func:`with_strips_times`: every reel strip of every reel set repeated ``times`` times
  (the same symbol frequencies, ``times`` times the stops);
* :func:`with_lines`: the game's lines, then more of the window's paths (every reel's row
  in turn, in a fixed order) until there are ``count``;
* :func:`with_rows`: a taller window (the lines keep their rows);
* :func:`with_reels`: more reels: the strips of the first reels that are not bonus reels
  again, each line carried on along its last row, and each line pay for the new counts
  twice the pay one symbol shorter.

Any game file's checks apply to the result: ``slotterm par`` refuses what is not a game.
"""

from __future__ import annotations

import copy
import itertools
from typing import Any

Definition = dict[str, Any]


def with_strips_times(definition: Definition, times: int) -> Definition:
    """Every strip repeated ``times`` times."""
    scaled = copy.deepcopy(definition)
    scaled["reels"] = {
        name: [strip * times for strip in strips] for name, strips in definition["reels"].items()
    }
    return scaled


def with_lines(definition: Definition, count: int) -> Definition:
    """The first ``count`` lines of: the game's own, then every other path of the window."""
    scaled = copy.deepcopy(definition)
    lines: list[list[int]] = scaled["lines"][:count]
    reels = len(definition["reels"]["base"])
    for path in itertools.product(range(definition["rows"]), repeat=reels):
        if len(lines) >= count:
            break
        if list(path) not in lines:
            lines.append(list(path))
    scaled["lines"] = lines
    return scaled


def with_rows(definition: Definition, rows: int) -> Definition:
    """A window of ``rows`` rows."""
    scaled = copy.deepcopy(definition)
    scaled["rows"] = rows
    return scaled


def with_reels(definition: Definition, reels: int) -> Definition:
    """``reels`` reels: the first strips again, lines carried on, pays for the new counts."""
    scaled = copy.deepcopy(definition)
    bonus_reels = (definition.get("bonus") or {}).get("reels", [])
    for name, strips in definition["reels"].items():
        # a new reel copies one the bonus symbol may not stand on (reels count from 1)
        sources = [n for n in range(len(strips)) if n + 1 not in bonus_reels] or [0]
        extra = [list(strips[sources[n % len(sources)]]) for n in range(reels - len(strips))]
        scaled["reels"][name] = [list(strip) for strip in strips[:reels]] + extra
    scaled["lines"] = [line + [line[-1]] * (reels - len(line)) for line in definition["lines"]]
    for pays in scaled["paytable"].values():
        longest = max(int(count) for count in pays)
        for count in range(longest + 1, reels + 1):
            pays[str(count)] = 2 * pays[str(count - 1)]
    return scaled
