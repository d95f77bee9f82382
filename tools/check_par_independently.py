"""Check ``slotterm par --json`` against a second, deliberately simple calculation.

Nothing here comes from ``slotterm.analysis``: from the reel strips and the feature
tables alone it works out, with exact fractions,

* the line RTP (every line sees independent reels, so one line's mean pay per bet per
  line is the whole game's line RTP), reading each of the paytable's symbols in turn
  with the wild's rules (the symbols it stands in for, its multiplier for a win it
  completes, the wild-only pays);
* the scatter RTP and the trigger odds, by convolving each reel's scatter count per stop;
* per free spin: regular lines, scatters, and (Book of Spells) the expansion of each
  special symbol, the number of reels whose window shows it convolved reel by reel;
* (Lucky Witch) the Mystery bonus: its trigger as the product over its reels of the
  chance the window shows the bonus symbol, and its mean as the average of the pick
  games' means, each by its own short formula (Magic Potion: Win All or Stop first, 50/50,
  with n / 3 amounts opened on average before the first of them; Pumpkin: backward
  induction on keep-or-go-on; Spell Book: book plus the imp's chance times its mean;
  Secret Vault: the mean of the amounts); the RTP under keep-first and worst play;
* spins per feature, award / (1 - retrigger × p) with p the retrigger odds, and so the
  free-spin RTP (its own wins × ``free_spins.win_multiplier``, a bonus's not).

The round cap is left out: each figure is checked against par's game's own figure (the
``_uncapped`` one of a pair, where par has a pair).

    python tools/check_par_independently.py [GAME | FILE] [--lines N]

Prints each figure beside par's and exits 1 if any differs by more than 1e-12.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import subprocess
import sys
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction

from slotterm.engine.features import free_spins_records, mystery_bonus
from slotterm.engine.features.expanding_symbol import ExpandingSymbol
from slotterm.engine.features.free_spins import FreeSpins
from slotterm.engine.features.mystery_bonus import MysteryBonus
from slotterm.engine.features.pick_games.magic_potion import MagicPotion
from slotterm.engine.features.pick_games.pumpkin import Pumpkin
from slotterm.engine.features.pick_games.secret_vault import SecretVault
from slotterm.engine.features.pick_games.spell_book import SpellBook
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
        if candidate in wilds:
            continue
        stands_in = game.wild_substitutes_for(candidate)
        run = 0
        while run < n and (symbols[run] == candidate or (stands_in and symbols[run] in wilds)):
            run += 1
        if run <= lead:  # the run must reach a real candidate symbol
            continue
        pay = game.line_pay(candidate, run)
        if any(s in wilds for s in symbols[:run]):
            pay *= game.wild_multiplier
        best = max(best, pay)
    return best


def line_mean(game: GameDefinition, strips: Sequence[Sequence[str]]) -> Fraction:
    """Mean pay of one line, by every combination of symbols with its count of stops."""
    counts = [Counter(strip) for strip in strips]
    total = 0
    for combo in itertools.product(*(c.items() for c in counts)):
        pay = line_pay(game, [s for s, _ in combo])
        if pay:
            total += pay * math.prod(n for _, n in combo)
    return Fraction(total, math.prod(len(s) for s in strips))


def per_stop(strip: Sequence[str], rows: int, hit: set[str]) -> Dist:
    """How many cells of the window show a symbol of ``hit``, over the stops."""
    dist: Dist = {}
    for stop in range(len(strip)):
        n = sum(strip[(stop + i) % len(strip)] in hit for i in range(rows))
        dist[n] = dist.get(n, Fraction(0)) + Fraction(1, len(strip))
    return dist


def shows(strip: Sequence[str], rows: int, symbol: str) -> Fraction:
    """P(the window of ``strip`` shows ``symbol``)."""
    return sum((p for n, p in per_stop(strip, rows, {symbol}).items() if n), Fraction(0))


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
    feature = game.feature(free_spins_records.NAME)
    assert isinstance(feature, FreeSpins)
    return feature


def expansion_mean(game: GameDefinition, special: str) -> Fraction:
    """Mean expansion pay of one free spin (× total bet): pay[k] on every line."""
    reels = []
    for strip in rule_of(game).strips:
        p = shows(strip, game.rows, special)
        reels.append({0: 1 - p, 1: p})
    return sum((p * game.line_pay(special, k) for k, p in convolve(reels).items()), Fraction(0))


def _mean(table: Mapping[int, int]) -> Fraction:
    return Fraction(sum(v * w for v, w in table.items()), sum(table.values()))


def _pumpkin_mean(
    table: Mapping[int, int], give_ups: int, pick: Callable[..., Fraction]
) -> Fraction:
    """Backward induction: with k opens left, go on is worth V_k; keep-or-go-on by ``pick``."""
    total = sum(table.values())
    value = _mean(table)  # the last pumpkin opened is kept
    for _ in range(give_ups):
        value = sum((w * pick(Fraction(v), value) for v, w in table.items()), Fraction(0)) / total
    return value


def pick_game_means(game: object) -> dict[str, Fraction]:
    """A pick game's mean (× total bet) under best, keep-first and worst play."""
    if isinstance(game, MagicPotion):
        n, mu = game.amount_bottles, _mean(game.amounts)
        opened = Fraction(n, 3)  # amounts before the first of the two marked bottles
        mean = (n * mu + opened * mu + game.stop_bonus * (n + 1 - opened)) / 2
        return dict.fromkeys(("best", "keep-first", "worst"), mean)
    if isinstance(game, Pumpkin):
        return {
            "best": _pumpkin_mean(game.amounts, game.give_ups, max),
            "keep-first": _mean(game.amounts),
            "worst": _pumpkin_mean(game.amounts, game.give_ups, min),
        }
    if isinstance(game, SpellBook):
        mean = _mean(game.books) + Fraction(*game.imp_chance) * _mean(game.imp)
        return dict.fromkeys(("best", "keep-first", "worst"), mean)
    assert isinstance(game, SecretVault)
    return dict.fromkeys(("best", "keep-first", "worst"), Fraction(sum(game.amounts), game.vaults))


def bonus_figures(game: GameDefinition) -> tuple[Fraction, Fraction, dict[str, Fraction]]:
    """(P(base spin triggers the bonus), P(free spin does), mean bonus by policy)."""
    bonus = game.feature(mystery_bonus.NAME)
    assert isinstance(bonus, MysteryBonus)
    odds = []
    for strips in (game.base_reels, rule_of(game).strips):
        p = Fraction(1)
        for r in bonus.reel_indices:
            p *= shows(strips[r], game.rows, bonus.symbol)
        odds.append(p)
    means = [pick_game_means(g) for g in bonus.games]
    by_policy = {p: sum((m[p] for m in means), Fraction(0)) / len(means) for p in means[0]}
    return odds[0], odds[1], by_policy


def main() -> int:
    """Compare and print; 1 when a figure differs."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("game", nargs="?", default="book-of-spells")
    parser.add_argument("--lines", type=int, default=None)
    args = parser.parse_args()
    game = get_game(args.game)
    command = [sys.executable, "-m", "slotterm", "par", args.game, "--json"]
    if args.lines is not None:
        command += ["--lines", str(args.lines)]
    par = json.loads(subprocess.run(command, capture_output=True, text=True, check=True).stdout)

    rule = rule_of(game)
    base_lines = line_mean(game, game.base_reels)
    base_scatter, trigger = scatter_figures(game, game.base_reels)
    free_lines = line_mean(game, rule.strips)
    free_scatter, retrigger = scatter_figures(game, rule.strips)
    spins = rule.award / (1 - rule.retrigger * retrigger)
    features = trigger * spins
    # every own win of a free spin (lines, scatters, the expansion) × the win multiplier;
    # a bonus a free spin starts pays its own prize, not multiplied
    multiplied = features * rule.win_multiplier
    mine: dict[str, Fraction] = {
        "rtp_base_lines": base_lines,
        "rtp_scatter": base_scatter,
        "feature_frequency": trigger,
        "retrigger_probability": retrigger,
        "spins_per_feature": spins,
        "free_spins_lines": multiplied * free_lines,
        "free_spins_scatter": multiplied * free_scatter,
    }
    uncapped = base_lines + base_scatter + multiplied * (free_lines + free_scatter)
    if isinstance(rule.modifier, ExpandingSymbol):
        specials = rule.modifier.candidates
        expansion = {s: expansion_mean(game, s) for s in specials}
        mine["free_spins_expansion"] = multiplied * sum(expansion.values()) / len(specials)
        uncapped += mine["free_spins_expansion"]
        for entry in par["specials"]:
            key = f"rtp_expansion[{entry['symbol']}]"
            mine[key] = multiplied * expansion[entry["symbol"]] / len(specials)
            par[key] = entry["rtp_expansion"]
    if game.has_feature(mystery_bonus.NAME):
        base_p, free_p, means = bonus_figures(game)
        mine["bonus_frequency"] = base_p
        mine["free_spins_bonus_frequency"] = free_p
        mine["bonus_mean"] = means["best"]
        mine["rtp_bonus"] = base_p * means["best"]
        mine["free_spins_mystery_bonus"] = features * free_p * means["best"]
        per_round = base_p + features * free_p
        uncapped += per_round * means["best"]
        for policy in ("keep-first", "worst"):
            key = f"rtp_{policy.replace('-', '_')}"
            mine[key] = uncapped + per_round * (means[policy] - means["best"])
        bonus = game.feature(mystery_bonus.NAME)
        assert isinstance(bonus, MysteryBonus)
        for entry, g in zip(par["pick_games"], bonus.games, strict=True):
            for policy, value in pick_game_means(g).items():
                key = f"{entry['label']}.mean_{policy.replace('-', '_')}"
                mine[key] = value
                par[key] = entry[f"mean_{policy.replace('-', '_')}"]
    mine["rtp_uncapped"] = uncapped
    worst = 0.0
    for name, value in mine.items():
        key = name + "_uncapped" if name + "_uncapped" in par else name  # the game's own
        diff = abs(float(value) - par[key])
        worst = max(worst, diff)
        print(f"{key:32} mine {float(value):.15f}  par {par[key]:.15f}  diff {diff:.1e}")
    print(f"largest difference {worst:.1e}")
    return 0 if worst <= 1e-12 else 1


if __name__ == "__main__":
    sys.exit(main())
