"""Tune the Orchard Sevens reel strips against the exact PAR calculator.

Run: ``python tools/tune_fruit.py`` (prints the strips' compositions and the exact figures
per line count; ``--write`` also rewrites the strips under ``[reels]`` in
``slotterm/games/orchard-sevens.toml``, keeping everything else in the file).

Method
------
1. Each strip is built from a *composition* (how many of each symbol) by a deterministic
   arrangement: the copies of each symbol spread evenly round the strip (symbols placed
   from the rarest up), then rotated until the constraints hold: copies of COIN and of
   STAR are at least 3 stops apart, so a reel window shows at most one of each and a reel
   shows COIN with probability exactly 3 × count / length.  On the base reels CHERRY,
   LEMON and ORANGE sit partly in pairs: pairs leave the line RTP unchanged (line odds
   depend only on symbol counts) but bunch line wins into fewer spins, which sets the hit
   frequency.
2. The figures come from :func:`slotterm.analysis.par.compute_par` of the game file with
   these strips, at every line count (1 to 10).
3. The compositions below were set by hand (coarse: the scatter counts for the feature
   frequency, the high symbols for the volatility), then the low fruit were moved one
   stop at a time until the exact RTP sat near the target at every line count.  The
   script reproduces the strips from the compositions alone.
"""

from __future__ import annotations

import argparse
import sys
import tomllib
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from slotterm.analysis.par import compute_par  # noqa: E402
from slotterm.commands.game_toml import with_strips  # noqa: E402
from slotterm.engine.model import GameDefinition  # noqa: E402
from slotterm.games.loader import load_tree  # noqa: E402

GAME_FILE = ROOT / "slotterm" / "games" / "orchard-sevens.toml"

ORDER = (
    "COIN", "STAR", "SEVEN", "BAR", "BELL", "MELON", "GRAPES", "PLUM", "ORANGE", "LEMON", "CHERRY",
)  # fmt: skip
"""Placement order: the rarest symbols are spread first."""

SPREAD_APART = ("COIN", "STAR")
"""Symbols whose copies stand at least 3 stops apart on every strip."""

Composition = dict[str, int]

# How many of each symbol per reel, in the order of ORDER:
#                    COIN STAR SEVEN BAR BELL MELON GRAPES PLUM ORANGE LEMON CHERRY
_BASE_COUNTS = (
    (1, 2, 1, 2, 2, 3, 3, 5, 6, 6, 3),  # 34 stops: few cherries, so 2 cherries pay less often
    (1, 2, 1, 2, 2, 3, 3, 4, 5, 6, 6),  # 35
    (1, 2, 1, 2, 2, 3, 3, 4, 7, 5, 6),  # 36
    (1, 2, 1, 2, 2, 3, 3, 4, 5, 5, 6),  # 34
    (1, 1, 1, 2, 2, 3, 3, 4, 5, 5, 6),  # 33
)
_FREE_COUNTS = (
    (1, 1, 1, 2, 2, 3, 3, 4, 5, 5, 6),  # 33
    (1, 3, 1, 2, 2, 3, 3, 4, 5, 5, 6),  # 35: three STARs on reels 2 to 4
    (1, 3, 1, 2, 2, 3, 3, 4, 5, 5, 6),  # 35
    (1, 3, 1, 2, 2, 3, 3, 4, 5, 5, 6),  # 35
    (1, 1, 1, 2, 2, 3, 3, 4, 5, 5, 6),  # 33
)

BASE: tuple[Composition, ...] = tuple(dict(zip(ORDER, row, strict=True)) for row in _BASE_COUNTS)
"""The base reels' compositions."""
FREE: tuple[Composition, ...] = tuple(dict(zip(ORDER, row, strict=True)) for row in _FREE_COUNTS)
"""The free-spin reels' compositions (no pairs)."""

LOWS_PAIRED = ("CHERRY", "LEMON", "ORANGE", "PLUM")
"""The low fruit that sit partly in pairs on the base reels."""


def _spread(units: Sequence[tuple[str, int]], offset: float) -> list[str]:
    """Place units (symbol, size) evenly: unit i of n at (i + 0.5) / n plus a small key."""
    counts: dict[tuple[str, int], int] = {}
    for unit in units:
        counts[unit] = counts.get(unit, 0) + 1
    slots = []
    for (symbol, size), n in counts.items():
        for i in range(n):
            key = ((i + 0.5) / n + offset * ORDER.index(symbol) + 0.001 * size) % 1.0
            slots.append((key, symbol, size))
    slots.sort()
    strip: list[str] = []
    for _, symbol, size in slots:
        strip.extend([symbol] * size)
    return strip


def _apart(strip: Sequence[str], symbol: str) -> bool:
    """Whether every two copies of ``symbol`` stand at least 3 stops apart (cyclically)."""
    at = [i for i, s in enumerate(strip) if s == symbol]
    n = len(strip)
    return all(min(abs(a - b), n - abs(a - b)) >= 3 for a in at for b in at if a != b)


def arrange(comp: Mapping[str, int], paired: Sequence[str], seed: int) -> tuple[str, ...]:
    """A deterministic strip of ``comp`` that meets the constraints."""
    units: list[tuple[str, int]] = []
    for symbol in ORDER:
        n = comp.get(symbol, 0)
        if symbol in paired:
            units += [(symbol, 2)] * (n // 2) + [(symbol, 1)] * (n % 2)
        else:
            units += [(symbol, 1)] * n
    for attempt in range(400):
        offset = 0.013 + 0.0173 * ((seed * 7 + attempt) % 57)
        strip = _spread(units, offset)
        shift = (seed * 5 + attempt * 3) % len(strip)
        strip = strip[shift:] + strip[:shift]
        if all(_apart(strip, s) for s in SPREAD_APART):
            return tuple(strip)
    raise RuntimeError(f"no arrangement meets the constraints for {comp}")


def strips() -> dict[str, list[list[str]]]:
    """The base and free strips built from the compositions."""
    base = [list(arrange(c, LOWS_PAIRED, r)) for r, c in enumerate(BASE)]
    free = [list(arrange(c, (), r + 11)) for r, c in enumerate(FREE)]
    return {"base": base, "free": free}


def file_text(reel_sets: Mapping[str, Sequence[Sequence[str]]]) -> str:
    """The game file's text with these strips."""
    return with_strips(GAME_FILE.read_text(encoding="utf-8"), dict(reel_sets))


def game_of(text: str) -> GameDefinition:
    """The game a file's text defines."""
    return load_tree(tomllib.loads(text), GAME_FILE.parent)


def figures(game: GameDefinition, lines: int) -> Mapping[str, Any]:
    """The exact PAR figures at ``lines`` lines (those of ``slotterm par FILE --json``)."""
    return compute_par(game, lines).to_json()


RULE = "# =====  =========  ==========  ========  =====  =====  =====  ========"


def table_rows(game: GameDefinition, line_counts: Sequence[int]) -> list[str]:
    """The rows of the exact-figures table in the file's comments, one per line count."""
    rows = []
    for lines in line_counts:
        f = figures(game, lines)
        cap = f"{f['cap_probability']:.2e}" if f["cap_probability"] else "0"
        rows.append(
            f"# {lines:<5}  {f['rtp']:.7f}  {f['cap_effect']:+.2e}   {f['hit_frequency']:6.2%}"
            f"   {f['sd']:<5.2f}  {f['vi_90']:<5.2f}  {f['vi_95']:<5.2f}  {cap}"
        )
    return rows


def report(game: GameDefinition, line_counts: Sequence[int]) -> None:
    """Print the exact figures per line count (the table in the file's comments)."""
    print(RULE)
    print("# lines  RTP        cap effect  hit freq  sd     VI 90  VI 95  P(cap)")
    print(RULE)
    print("\n".join(table_rows(game, line_counts)))
    print(RULE)
    f = figures(game, max(line_counts))
    for key in (
        "rtp_uncapped",
        "rtp_base_lines",
        "rtp_scatter",
        "rtp_free_spins",
        "feature_one_in",
        "retrigger_probability",
        "spins_per_feature",
        "feature_value",
    ):
        print(f"{key:24} {f[key]:.7f}")


def main(argv: Sequence[str] | None = None) -> int:
    """Build the strips, report the exact figures, optionally write them to the file."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--write", action="store_true", help="rewrite the strips in the file")
    parser.add_argument("--lines", type=int, nargs="*", default=list(range(1, 11)))
    args = parser.parse_args(argv)
    reel_sets = strips()
    text = file_text(reel_sets)
    for name, sets in reel_sets.items():
        print(name, [len(s) for s in sets])
    report(game_of(text), args.lines)
    if args.write:
        GAME_FILE.write_text(text, encoding="utf-8")
        print(f"wrote {GAME_FILE.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
