"""An independent count of a small game's round, for any composition of today's features.

Every stop combination of the base strips (and of the free-spin strips) is enumerated
and each window is evaluated by the engine's own evaluator; what the features add is
then taken from their definitions, not from :mod:`slotterm.analysis`:

* the expanding symbol: the special symbol ``E`` drawn uniformly from the candidates; on
  a free spin, ``k`` reels showing ``E`` anywhere pay ``pay[E][k]`` on every line;
* free spins: ``trigger`` scatters award ``award`` spins, the same on a free spin
  ``retrigger`` more; every own win of a free spin (lines, scatter, expansion) is
  multiplied by ``win_multiplier``; the feature is rebuilt spin by spin by a plain
  recursion over (spins left, total so far) (:mod:`tests.analysis.brute_force`);
* the Mystery bonus: its symbol on each of its reels pays one of its pick games, drawn
  alike, × total bet -- on a base spin and on a free spin (not multiplied); Secret Vault
  and Spell Book are taken from their rules here, Magic Potion and Pumpkin from
  :mod:`~slotterm.analysis.features.pick_game_laws` (proved against enumeration of every
  layout in ``test_pick_game_laws.py``);
* the round: ``X = B + 1_award F`` paid up to the cap.

Amounts are in bet-per-line units (a 1-cent bet per line); a spin's law is held in exact
fractions (so its moments are exact), the feature's recursion in floats.
"""

from __future__ import annotations

import itertools
import math
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from slotterm.analysis.features.pick_game_laws import magic_potion_law, pumpkin_law
from slotterm.engine.evaluate import evaluate, window_at
from slotterm.engine.features.free_spins import FreeSpins
from slotterm.engine.features.mystery_bonus import MysteryBonus
from slotterm.engine.features.pick_game import PickGame
from slotterm.engine.features.pick_games.magic_potion import MagicPotion
from slotterm.engine.features.pick_games.pumpkin import Pumpkin
from slotterm.engine.features.pick_games.secret_vault import SecretVault
from slotterm.engine.features.pick_games.spell_book import SpellBook
from slotterm.engine.model import GameDefinition
from tests.analysis.brute_force import feature_by_recursion, feature_moments_by_recursion

Law = dict[int, Fraction]
"""Amount -> probability."""


def _weights(table: dict[int, int]) -> Law:
    total = sum(table.values())
    return {value: Fraction(weight, total) for value, weight in table.items()}


def pick_prize(game: PickGame) -> Law:
    """What one pick game pays, × total bet."""
    if type(game) is SecretVault:  # the vault opened holds each amount alike
        law: Law = defaultdict(Fraction)
        for amount in game.amounts:
            law[amount] += Fraction(1, len(game.amounts))
        return dict(law)
    if type(game) is SpellBook:  # one book, plus the imp's multiplier with its chance
        q = Fraction(*game.imp_chance)
        law = defaultdict(Fraction)
        for book, p in _weights(dict(game.books)).items():
            law[book] += p * (1 - q)
            for imp, r in _weights(dict(game.imp)).items():
                law[book + imp] += p * q * r
        return dict(law)
    if type(game) is MagicPotion:
        exact = magic_potion_law(game.amounts, game.amount_bottles, game.stop_bonus)
    elif type(game) is Pumpkin:
        exact = pumpkin_law(game.amounts, game.give_ups, "best", game.pumpkins)
    else:
        raise AssertionError(f"no count for {game.name}")
    return dict(exact)


def bonus_prize(bonus: MysteryBonus) -> Law:
    """One of the bonus's pick games, drawn alike."""
    law: Law = defaultdict(Fraction)
    for game in bonus.games:
        for value, p in pick_prize(game).items():
            law[value] += p / len(bonus.games)
    return dict(law)


@dataclass(frozen=True)
class Counted:
    """One spin: ``law[(pay, awards)]``; the mean scatter pay and bonus pay (exact)."""

    law: dict[tuple[int, int], Fraction]
    scatter_mean: Fraction
    bonus_mean: Fraction

    @property
    def floats(self) -> dict[tuple[int, int], float]:
        """The law in floats (for the feature's recursion)."""
        return {key: float(p) for key, p in self.law.items()}


def count_spin(
    game: GameDefinition,
    strips: Sequence[Sequence[str]],
    lines: int,
    *,
    free: FreeSpins | None,
    inside: bool,
    special: str | None = None,
) -> Counted:
    """Every stop combination of ``strips``: the spin's pay and the spins it awards."""
    bonus = next((f for f in game.features if type(f) is MysteryBonus), None)
    prize = bonus_prize(bonus) if bonus is not None else {}
    times = free.win_multiplier if inside and free is not None else 1
    counts: dict[tuple[int, int], int] = defaultdict(int)
    scatter = shown = 0
    cycle = math.prod(len(s) for s in strips)
    for stops in itertools.product(*(range(len(s)) for s in strips)):
        window = window_at(strips, stops, game.rows)
        ev = evaluate(game, window, lines, 1)
        own = ev.total_win
        if special is not None:
            reels = sum(1 for column in window if special in column)
            own += game.line_pay(special, reels) * lines
        pay = own * times
        awards = 0
        if free is not None and ev.scatter_count >= free.trigger_count:
            awards = free.retrigger if inside else 1
        scatter += (ev.scatter_win.win if ev.scatter_win else 0) * times
        shows = bonus is not None and all(bonus.symbol in window[r - 1] for r in bonus.reels)
        # a window showing the bonus counts with its pay as the bonus's mark, -1 - pay
        counts[(-1 - pay if shows else pay, awards)] += 1
        shown += shows
    law: dict[tuple[int, int], Fraction] = defaultdict(Fraction)
    for (pay, awards), n in counts.items():
        if pay >= 0:
            law[(pay, awards)] += Fraction(n, cycle)
            continue
        for value, p in prize.items():
            law[(-1 - pay + value * lines, awards)] += Fraction(n, cycle) * p
    bonus_mean = sum((v * lines * p for v, p in prize.items()), Fraction(0))
    return Counted(dict(law), Fraction(scatter, cycle), Fraction(shown, cycle) * bonus_mean)


@dataclass(frozen=True)
class CountedRound:
    """The round's figures by the count (fractions of the total bet, as the PAR sheet)."""

    rtp: float
    rtp_uncapped: float
    rtp_scatter: float
    hit_frequency: float
    feature_frequency: float
    sd: float
    sd_uncapped: float
    cap_probability: float
    spins_per_feature: float | None
    feature_value: float | None
    rtp_bonus: float | None


def count_round(game: GameDefinition, lines: int | None = None) -> CountedRound:
    """The whole round by the count (see the module notes)."""
    lines = len(game.lines) if lines is None else lines
    cap = game.max_win(lines * game.highest_bet_per_line()) // game.highest_bet_per_line()
    free = next((f for f in game.features if type(f) is FreeSpins), None)
    has_bonus = any(type(f) is MysteryBonus for f in game.features)
    base = count_spin(game, game.base_reels, lines, free=free, inside=False)
    below = np.zeros(cap + 1)  # index cap: P(round >= cap)
    feature = np.zeros(cap + 1)
    feature[0] = 1.0
    mean_f = second_f = 0.0
    spins = None
    if free is not None:
        specials = free.modifier.candidates if free.modifier is not None else (None,)  # type: ignore[attr-defined]
        feature = np.zeros(cap + 1)
        spins = 0.0
        for special in specials:
            spin = count_spin(game, free.strips, lines, free=free, inside=True, special=special)
            law = spin.floats
            feature += feature_by_recursion(law, free.award, free.retrigger, cap) / len(specials)
            m1, m2 = feature_moments_by_recursion(law, free.award)
            mean_f += m1 / len(specials)
            second_f += m2 / len(specials)
            q = sum(p for (_, z), p in spin.law.items() if z)
            spins += float(free.award / (1 - free.retrigger * q)) / len(specials)
    award_p = float(sum(p for (_, a), p in base.law.items() if a))
    mean_b = float(sum(pay * p for (pay, _), p in base.law.items()))
    second_b = float(sum(pay * pay * p for (pay, _), p in base.law.items()))
    award_pay = float(sum(pay * p for (pay, a), p in base.law.items() if a))
    for (pay, awarded), p in base.floats.items():
        if not awarded or pay >= cap:
            below[min(pay, cap)] += p
            continue
        shifted = np.zeros(cap + 1)
        shifted[pay:] = feature[: cap + 1 - pay]
        shifted[cap] += feature[cap + 1 - pay :].sum()
        below += p * shifted
    t = np.arange(cap + 1, dtype=np.float64)
    capped = float((below * t).sum())
    capped_2 = float((below * t * t).sum())
    mean = mean_b + award_p * mean_f
    second = second_b + 2 * award_pay * mean_f + award_p * second_f
    hit = float(sum(p for (pay, _), p in base.law.items() if pay > 0))
    return CountedRound(
        rtp=capped / lines,
        rtp_uncapped=mean / lines,
        rtp_scatter=float(base.scatter_mean / lines),
        hit_frequency=hit,
        feature_frequency=award_p,
        sd=math.sqrt(max(capped_2 - capped**2, 0.0)) / lines,
        sd_uncapped=math.sqrt(max(second - mean**2, 0.0)) / lines,
        cap_probability=float(below[cap]),
        spins_per_feature=spins,
        feature_value=None if free is None else mean_f / lines,
        rtp_bonus=None if not has_bonus else float(base.bonus_mean / lines),
    )
