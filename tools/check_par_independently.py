"""Check ``slotterm par --json`` against a second, deliberately simple calculation.

Nothing here comes from ``slotterm.analysis``: from the reel strips alone it works out,
with exact fractions,

* the line RTP (every line sees independent reels, so one line's mean pay per bet per
  line is the whole game's line RTP), reading each of the paytable's symbols in turn;
* the scatter RTP and the trigger odds, by convolving each reel's scatter count per stop;
* per free spin: regular lines, scatters, and the expansion of each special symbol
  (the number of reels whose window shows it, convolved reel by reel);
* spins per feature, 10 / (1 - 10 p) with p the retrigger odds, and so the free-spin RTP.

The round cap is left out (par reports ``rtp_uncapped`` and the cap effect apart; its
``rtp_base_lines`` carries the base game's cap loss, so that one figure may differ by up
to the cap effect, which matters at 1 line).

    python tools/check_par_independently.py [GAME] [--lines N]

Prints each figure beside par's and exits 1 if any differs by more than 1e-12.
"""

from __future__ import annotations

import argparse
import itertools
import json
import subprocess
import sys
from collections.abc import Sequence
from fractions import Fraction

from slotterm.engine.features import free_spins
from slotterm.engine.features.expanding_symbol import ExpandingSymbol
from slotterm.engine.features.free_spins import FreeSpins
from slotterm.engine.model import GameDefinition
from slotterm.games import get_game

Dist = dict[int, Fraction]


def line_pay(game: GameDefinition, symbols: Sequence[str]) -> int:
    """The best pay of one line (× bet per line), tried symbol by symbol."""
    wilds = game.wild_ids
    n = len(symbols)
    lead = next((i for i, s in enumerate(symbols) if s not in wilds), n)
    best = game.line_pay(game.wild_only_pays_as, lead) if game.wild_only_pays_as else 0
    for candidate in game.paytable:
        run = 0
        while run < n and (symbols[run] == candidate or symbols[run] in wilds):
            run += 1
        if run > lead:
            best = max(best, game.line_pay(candidate, run))
    return best


def line_mean(game: GameDefinition, strips: Sequence[Sequence[str]]) -> Fraction:
    """Mean pay of one line, by every combination of symbols with its probability."""
    odds = [{s: Fraction(strip.count(s), len(strip)) for s in set(strip)} for strip in strips]
    total = Fraction(0)
    for combo in itertools.product(*(o.items() for o in odds)):
        pay = line_pay(game, [s for s, _ in combo])
        if pay:
            p = Fraction(1)
            for _, q in combo:
                p *= q
            total += p * pay
    return total


def per_stop(strip: Sequence[str], rows: int, hit: set[str]) -> Dist:
    """How many cells of the window show a symbol of ``hit``, over the stops."""
    dist: Dist = {}
    for stop in range(len(strip)):
        n = sum(strip[(stop + i) % len(strip)] in hit for i in range(rows))
        dist[n] = dist.get(n, Fraction(0)) + Fraction(1, len(strip))
    return dist


def convolve(dists: Sequence[Dist]) -> Dist:
    """The distribution of the sum of independent counts."""
    total: Dist = {0: Fraction(1)}
    for d in dists:
        new: Dist = {}
        for a, p in total.items():
            for b, q in d.items():
                new[a + b] = new.get(a + b, Fraction(0)) + p * q
        total = new
    return total


def scatter_figures(
    game: GameDefinition, strips: Sequence[Sequence[str]]
) -> tuple[Fraction, Fraction]:
    """(mean scatter pay × total bet, probability of the trigger)."""
    counts = convolve([per_stop(s, game.rows, set(game.scatter_ids)) for s in strips])
    mean = sum((p * game.scatter_pay(n) for n, p in counts.items()), Fraction(0))
    trigger = sum((p for n, p in counts.items() if n >= rule_of(game).trigger_count), Fraction(0))
    return mean, trigger


def rule_of(game: GameDefinition) -> FreeSpins:
    """The game's free spins (trigger, award, retrigger, strips, Magic Book)."""
    feature = game.feature(free_spins.NAME)
    assert isinstance(feature, FreeSpins)
    return feature


def expansion_mean(game: GameDefinition, special: str) -> Fraction:
    """Mean expansion pay of one free spin (× total bet): pay[k] on every line."""
    reels = []
    for strip in rule_of(game).strips:
        shows = sum((p for n, p in per_stop(strip, game.rows, {special}).items() if n), Fraction(0))
        reels.append({0: 1 - shows, 1: shows})
    return sum((p * game.line_pay(special, k) for k, p in convolve(reels).items()), Fraction(0))


def main() -> int:
    """Compare and print; 1 when a figure differs."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="?", default="book-of-spells")
    parser.add_argument("--lines", type=int, default=None)
    args = parser.parse_args()
    game = get_game(args.game)
    command = [sys.executable, "-m", "slotterm", "par", game.id, "--json"]
    if args.lines is not None:
        command += ["--lines", str(args.lines)]
    par = json.loads(subprocess.run(command, capture_output=True, text=True, check=True).stdout)

    rule = rule_of(game)
    assert isinstance(rule.modifier, ExpandingSymbol)
    base_lines = line_mean(game, game.base_reels)
    base_scatter, trigger = scatter_figures(game, game.base_reels)
    free_lines = line_mean(game, rule.strips)
    free_scatter, retrigger = scatter_figures(game, rule.strips)
    specials = rule.modifier.candidates
    expansion = {s: expansion_mean(game, s) for s in specials}
    spins = rule.award / (1 - rule.retrigger * retrigger)
    features = trigger * spins
    mine = {
        "rtp_base_lines": base_lines,
        "rtp_scatter": base_scatter,
        "feature_frequency": trigger,
        "retrigger_probability": retrigger,
        "spins_per_feature": spins,
        "free_spins_lines": features * free_lines,
        "free_spins_scatter": features * free_scatter,
        "free_spins_expansion": features * sum(expansion.values()) / len(specials),
        "rtp_uncapped": base_lines
        + base_scatter
        + features * (free_lines + free_scatter + sum(expansion.values()) / len(specials)),
    }
    for entry in par["specials"]:
        mine[f"rtp_expansion[{entry['symbol']}]"] = (
            features * expansion[entry["symbol"]] / len(specials)
        )
        par[f"rtp_expansion[{entry['symbol']}]"] = entry["rtp_expansion"]
    worst = 0.0
    for key, value in mine.items():
        diff = abs(float(value) - par[key])
        if key == "rtp_base_lines":  # par charges a capped base spin's loss to its lines
            diff = max(0.0, diff - abs(par["cap_effect"]))
        worst = max(worst, diff)
        print(f"{key:28} mine {float(value):.15f}  par {par[key]:.15f}  diff {diff:.1e}")
    print(f"largest difference {worst:.1e}")
    return 0 if worst <= 1e-12 else 1


if __name__ == "__main__":
    sys.exit(main())
