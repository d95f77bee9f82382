"""Tune the Book of Spells reel strips against the exact PAR calculator.

Run: ``python tools/tune_reels.py`` (prints the strips and the exact figures per line
count; ``--write`` also rewrites the strips in ``slotterm/games/book-of-spells.toml``).

Method
------
1. Each strip is built from a *composition* (how many of each symbol) by a deterministic
   arrangement: copies spread evenly round the strip; on the base reels some low symbols
   sit in pairs (stacked), which lowers the hit frequency without changing the line RTP
   (line odds depend only on the symbol counts).  Constraints: BOOK at least 3 stops from
   WITCH and from any other BOOK, so a window column never shows BOOK with WITCH nor two
   BOOKs; on the free reels copies of one symbol are at least 3 stops apart, so the chance
   that a reel shows a symbol is exactly 3 × count / length.
2. The uncapped RTP is a function of the counts that costs milliseconds (line odds, the
   scatter convolution, the Poisson-binomial of the special reels); the exact capped RTP
   per line count comes from :func:`slotterm.analysis.exact.analyse_round`.
3. Coarse design by hand (the compositions below), then a fine search: every single
   symbol swap in the free compositions is scored, and the pair of swaps whose combined
   RTP lands nearest the target (0.9613 plus the mean cap loss over the line counts) is
   taken; the capped RTP is then checked exactly at every line count.
"""

from __future__ import annotations

import argparse
import itertools
import math
import sys
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from slotterm.analysis.exact import analyse_round, base_spin, law_context  # noqa: E402
from slotterm.analysis.exact_lines import build_automaton, line_reading_odds  # noqa: E402
from slotterm.commands.game_toml import toml_text, with_strips  # noqa: E402
from slotterm.engine.features import free_spins_records  # noqa: E402
from slotterm.engine.features.expanding_symbol import ExpandingSymbol  # noqa: E402
from slotterm.engine.features.free_spins import FreeSpins  # noqa: E402
from slotterm.engine.model import GameDefinition  # noqa: E402
from slotterm.games import get_game  # noqa: E402

GAME_FILE = ROOT / "slotterm" / "games" / "book-of-spells.toml"
BOOK_OF_SPELLS = get_game("book-of-spells")

TARGET = 0.9613
ORDER = ("BOOK", "WITCH", "CAULDRON", "POTION", "HAT", "A", "K", "Q", "J", "TEN")
LOWS = ("A", "K", "Q", "J", "TEN")

Composition = dict[str, int]


def _spread(units: list[tuple[str, int]], offset: float) -> list[str]:
    """Place units (symbol, size) evenly: unit i of n copies at (i + 0.5)/n + small key."""
    counts: dict[tuple[str, int], int] = {}
    for unit in units:
        counts[unit] = counts.get(unit, 0) + 1
    slots = []
    for (symbol, size), n in counts.items():
        for i in range(n):
            key = ((i + 0.5) / n + offset * ORDER.index(symbol) + 0.001 * size) % 1.0
            slots.append((key, symbol, size))
    slots.sort()
    sequence: list[str] = []
    for _, symbol, size in slots:
        sequence.extend([symbol] * size)
    return sequence


def _distance(strip: Sequence[str], a: str, b: str) -> int:
    """Smallest cyclic distance between a copy of ``a`` and a (different) copy of ``b``."""
    n = len(strip)
    pa = [i for i, s in enumerate(strip) if s == a]
    pb = [i for i, s in enumerate(strip) if s == b]
    best = n
    for i in pa:
        for j in pb:
            if i != j:
                d = abs(i - j)
                best = min(best, d, n - d)
    return best


def ok(strip: Sequence[str], free: bool) -> bool:
    """The arrangement constraints (see the module docstring)."""
    if _distance(strip, "BOOK", "WITCH") < 3 or _distance(strip, "BOOK", "BOOK") < 3:
        return False
    if free:
        return all(_distance(strip, s, s) >= 3 for s in set(strip))
    return True


def arrange(comp: Composition, stacked: Sequence[str], free: bool, seed: int) -> tuple[str, ...]:
    """A deterministic strip for ``comp`` that meets the constraints."""
    units: list[tuple[str, int]] = []
    for symbol in ORDER:
        n = comp.get(symbol, 0)
        if symbol in stacked:
            units += [(symbol, 2)] * (n // 2) + [(symbol, 1)] * (n % 2)
        else:
            units += [(symbol, 1)] * n
    for attempt in range(400):
        offset = 0.013 + 0.0173 * ((seed * 7 + attempt) % 57)
        sequence = _spread(units, offset)
        shift = (seed * 5 + attempt * 3) % len(sequence)
        strip = tuple(sequence[shift:] + sequence[:shift])
        if ok(strip, free):
            return strip
    raise RuntimeError(f"no arrangement meets the constraints for {comp}")


@dataclass(frozen=True)
class Design:
    """Compositions and stacking of both reel sets."""

    base: tuple[Composition, ...]
    base_stacked: tuple[tuple[str, ...], ...]
    free: tuple[Composition, ...]

    def strips(self) -> tuple[tuple[tuple[str, ...], ...], tuple[tuple[str, ...], ...]]:
        """(base strips, free strips)."""
        pairs = enumerate(zip(self.base, self.base_stacked, strict=True))
        base = tuple(arrange(c, s, False, r) for r, (c, s) in pairs)
        free = tuple(arrange(c, (), True, r + 11) for r, c in enumerate(self.free))
        return base, free


def _free_spins(game: GameDefinition) -> FreeSpins:
    feature = game.feature(free_spins_records.NAME)
    assert isinstance(feature, FreeSpins)
    return feature


def game_with(base: Sequence[Sequence[str]], free: Sequence[Sequence[str]]) -> GameDefinition:
    """Book of Spells with other strips (the same free-spin rules and Magic Book)."""
    rule = _free_spins(BOOK_OF_SPELLS)
    feature = FreeSpins(
        trigger=rule.trigger_count,
        award=rule.award,
        retrigger=rule.retrigger,
        strips=tuple(tuple(s) for s in free),
        modifier=rule.modifier,
        win_multiplier=rule.win_multiplier,
    )
    return replace(
        BOOK_OF_SPELLS,
        base_reels=tuple(tuple(s) for s in base),
        features=tuple(feature if f is rule else f for f in BOOK_OF_SPELLS.features),
    )


def specials(game: GameDefinition) -> tuple[str, ...]:
    """The Magic Book's candidates."""
    modifier = _free_spins(game).modifier
    assert isinstance(modifier, ExpandingSymbol)
    return modifier.candidates


AUTOMATON = build_automaton(BOOK_OF_SPELLS)


def _window_presence(strip: Sequence[str], symbol: str, rows: int = 3) -> float:
    n = len(strip)
    return sum(1 for i in range(n) if symbol in (strip[(i + k) % n] for k in range(rows))) / n


def _scatter_law(strips: Sequence[Sequence[str]], rows: int = 3) -> list[float]:
    law = [1.0]
    for strip in strips:
        n = len(strip)
        per = [0.0] * (rows + 1)
        for i in range(n):
            per[sum(1 for k in range(rows) if strip[(i + k) % n] == "BOOK")] += 1 / n
        law = list(np.convolve(law, per))
    return law


def quick(base: Sequence[Sequence[str]], free: Sequence[Sequence[str]]) -> dict[str, float]:
    """Exact uncapped RTP and its parts, in milliseconds (no joint walk)."""
    game = game_with(base, free)
    out: dict[str, float] = {}
    for label, strips in game.reel_sets.items():
        odds, cycle = line_reading_odds(game, strips, AUTOMATON)
        out[f"{label}_lines"] = sum(o.multiplier * o.combinations for o in odds) / cycle
        law = _scatter_law(strips)
        out[f"{label}_scatter"] = sum(p * game.scatter_pay(b) for b, p in enumerate(law))
        out[f"{label}_award"] = sum(p for b, p in enumerate(law) if b >= 3)
    spins = 10 / (1 - 10 * out["free_award"])
    per_special = []
    for special in specials(game):
        law = [1.0]
        for strip in game.reel_sets["free"]:
            p = _window_presence(strip, special)
            law = list(np.convolve(law, [1 - p, p]))
        expansion = sum(p * game.line_pay(special, k) for k, p in enumerate(law))
        per_special.append(out["free_lines"] + out["free_scatter"] + expansion)
        out[f"spin_{special}"] = per_special[-1]
    out["spins"] = spins
    out["feature"] = float(np.mean(per_special)) * spins
    out["rtp_free"] = out["base_award"] * out["feature"]
    out["rtp"] = out["base_lines"] + out["base_scatter"] + out["rtp_free"]
    return out


def hit_frequency(base: Sequence[Sequence[str]], lines: int = 9) -> float:
    """Exact base hit frequency (a joint walk)."""
    game = game_with(base, base)
    return base_spin(law_context(game, lines, AUTOMATON))[0].hit_probability


def capped(base: Sequence[Sequence[str]], free: Sequence[Sequence[str]]) -> list[dict[str, float]]:
    """Exact figures at every line count."""
    game = game_with(base, free)
    rows = []
    for lines in range(1, len(game.lines) + 1):
        r = analyse_round(game, lines, AUTOMATON)
        rows.append(
            {
                "lines": lines,
                "rtp": r.capped_mean / lines,
                "rtp_uncapped": r.mean / lines,
                "hit": r.base.hit_probability,
                "feature_1_in": 1 / r.trigger_probability,
                "sd": math.sqrt(r.capped_second_moment - r.capped_mean**2) / lines,
                "cap_probability": r.cap_probability,
            }
        )
    return rows


def _moves(design: Design) -> list[tuple[int, str, str]]:
    """Single swaps in the free compositions: (reel, from, to)."""
    moves = []
    for r, comp in enumerate(design.free):
        for a in ORDER[1:]:
            if comp.get(a, 0) <= 1:
                continue
            for b in ORDER[1:]:
                if b != a:
                    moves.append((r, a, b))
    return moves


def _apply(design: Design, moves: Sequence[tuple[int, str, str]]) -> Design:
    free = [dict(c) for c in design.free]
    for r, a, b in moves:
        free[r][a] -= 1
        free[r][b] = free[r].get(b, 0) + 1
    return replace(design, free=tuple(free))


def fine_tune(design: Design, target: float) -> tuple[Design, float]:
    """Best single or double swap in the free compositions towards ``target``."""
    base, free = design.strips()
    start = quick(base, free)["rtp"]
    scored: list[tuple[float, tuple[int, str, str]]] = []
    for move in _moves(design):
        try:
            b2, f2 = _apply(design, [move]).strips()
        except RuntimeError:
            continue
        scored.append((quick(b2, f2)["rtp"] - start, move))
    need = target - start
    candidates: list[tuple[float, tuple[tuple[int, str, str], ...]]] = [(abs(need), ())]
    for delta, move in scored:
        candidates.append((abs(need - delta), (move,)))
    for (d1, m1), (d2, m2) in itertools.combinations(scored, 2):
        if m1[0] == m2[0] and (m1[1] == m2[2] or m1[2] == m2[1]):
            continue
        candidates.append((abs(need - d1 - d2), (m1, m2)))
    candidates.sort(key=lambda c: c[0])
    best_design, best_gap = design, abs(need)
    for _, moves in candidates[:40]:
        try:
            trial = _apply(design, moves)
            b2, f2 = trial.strips()
        except RuntimeError:
            continue
        gap = abs(quick(b2, f2)["rtp"] - target)
        if gap < best_gap:
            best_design, best_gap = trial, gap
    return best_design, best_gap


def C(**counts: int) -> Composition:
    """A composition from keyword counts."""
    return dict(counts)


_BASE_MIX = C(BOOK=1, WITCH=1, CAULDRON=2, POTION=2, HAT=2, A=5, K=5, Q=6, J=6, TEN=7)
_FREE_MIX = C(BOOK=1, WITCH=1, CAULDRON=2, POTION=3, HAT=3, A=4, K=4, Q=4, J=4, TEN=4)
_FREE_MIX_TENS = C(BOOK=1, WITCH=1, CAULDRON=2, POTION=3, HAT=3, A=4, K=4, Q=4, J=4, TEN=5)

DESIGN = Design(
    base=(_BASE_MIX,) * 5,
    base_stacked=(("Q", "J", "TEN", "K"),) * 3 + (("Q", "J", "TEN"),) * 2,
    free=(_FREE_MIX,) * 3 + (_FREE_MIX_TENS,) * 2,
)


def write_strips(base: Sequence[Sequence[str]], free: Sequence[Sequence[str]]) -> None:
    """Rewrite the strips under ``[reels]`` in the game file (its comments stay)."""
    text = GAME_FILE.read_text(encoding="utf-8")
    GAME_FILE.write_text(with_strips(text, {"base": base, "free": free}), encoding="utf-8")


def main(argv: Sequence[str] | None = None) -> int:
    """Tune, report, optionally write."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="rewrite the strips in the game file")
    parser.add_argument("--no-fine", action="store_true", help="skip the fine search")
    args = parser.parse_args(argv)
    design = DESIGN
    base, free = design.strips()
    print("coarse:", {k: round(v, 5) for k, v in quick(base, free).items()})
    print("hit frequency (9 lines):", round(hit_frequency(base), 5))
    loss = 0.0
    if not args.no_fine:
        for _ in range(2):
            target = TARGET + loss
            design, gap = fine_tune(design, target)
            base, free = design.strips()
            rows = capped(base, free)
            losses = [r["rtp_uncapped"] - r["rtp"] for r in rows]
            loss = (max(losses) + min(losses)) / 2
            print(f"fine: gap {gap:.2e}; cap loss {min(losses):.2e}..{max(losses):.2e}")
    rows = capped(base, free)
    for r in rows:
        print(
            f"lines {r['lines']}: rtp {r['rtp']:.7f} uncapped {r['rtp_uncapped']:.7f} "
            f"hit {r['hit']:.4f} feature 1 in {r['feature_1_in']:.1f} sd {r['sd']:.3f} "
            f"P(cap) {r['cap_probability']:.2e}"
        )
    print(toml_text({"reels": {"base": base, "free": free}}))
    print("free compositions:", design.free)
    if args.write:
        write_strips(base, free)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
