"""The exact analysis of a Lucky-Witch-style game against brute force, to 1e-12.

WITCHY uses every rule of Lucky Witch on short strips: a LUCKY wild that doubles the wins
it completes and stands in for HI and MID only (a line of LUCKY alone pays its own pays),
a POT scatter that pays from 2 and awards free spins with retriggers, a CAUL bonus symbol
on reels 1, 3 and 5 that starts the Mystery bonus (four small pick games) in the base game
and in free spins, and an absolute round cap that the bonus can reach.  Every stop
combination goes through the engine's own evaluator (``slotterm.engine.evaluate``); the
bonus is added from the pick games' laws (:mod:`slotterm.analysis.features.pick_game_laws`,
proved against enumeration in ``test_pick_game_laws.py``), built here from the tables given
to the engine objects; the feature and the cap are rebuilt spin by spin
(:mod:`tests.analysis.brute_force`).
"""

from __future__ import annotations

import dataclasses
import itertools
from collections import defaultdict
from fractions import Fraction
from functools import cache

import numpy as np
import pytest

from slotterm.analysis.exact import analyse_round
from slotterm.analysis.features.contract import NotWholeUnits
from slotterm.analysis.features.free_spins_law import FreeSpinsAnalysis
from slotterm.analysis.features.mystery_bonus_law import BONUS
from slotterm.analysis.features.pick_game_laws import (
    Law,
    law_mean,
    magic_potion_law,
    mystery_law,
    pumpkin_law,
    secret_vault_law,
    spell_book_law,
)
from slotterm.analysis.par import compute_par
from slotterm.analysis.spin_law import SpinOutcome
from slotterm.engine.evaluate import evaluate, window_at
from slotterm.engine.features.free_spins import FreeSpins
from slotterm.engine.features.mystery_bonus import MysteryBonus
from slotterm.engine.features.pick_games.magic_potion import MagicPotion
from slotterm.engine.features.pick_games.pumpkin import Pumpkin
from slotterm.engine.features.pick_games.secret_vault import SecretVault
from slotterm.engine.features.pick_games.spell_book import SpellBook
from slotterm.engine.model import CoinBet, GameDefinition
from slotterm.engine.outcome import Window
from slotterm.engine.symbols import Symbol, SymbolKind
from slotterm.games import get_game
from tests.analysis.brute_force import feature_by_recursion, feature_moments_by_recursion
from tests.analysis.rtp_pairs import check_sheet

POTION_TABLE = {1: 2, 3: 1}
PUMPKIN_TABLE = {2: 1, 6: 1, 20: 1}
BOOKS_TABLE = {5: 1, 10: 1}
IMP_TABLE = {5: 1, 25: 1}
VAULTS = (3, 4, 50)


def _strips(*texts: str) -> tuple[tuple[str, ...], ...]:
    return tuple(tuple(t.split()) for t in texts)


def witchy(cap_coins: int = 400) -> GameDefinition:
    """The small game (see the module notes); ``cap_coins`` is the bonus cap."""
    games = (
        MagicPotion(amounts=POTION_TABLE, amount_bottles=3, stop_bonus=1),
        Pumpkin(amounts=PUMPKIN_TABLE, pumpkins=3, give_ups=2),
        SpellBook(books=BOOKS_TABLE, imp=IMP_TABLE, imp_chance=(1, 3), book_count=2),
        SecretVault(amounts=VAULTS, chosen=1),
    )
    free = FreeSpins(
        trigger=3,
        award=2,
        retrigger=2,
        strips=_strips(
            "LUCKY HI CAUL LO MID HI",
            "HI LUCKY LUCKY POT LO MID",
            "CAUL LO POT HI LUCKY MID LO",
            "LUCKY LUCKY HI POT LO",
            "MID CAUL LO HI LO",
        ),
    )
    return GameDefinition(
        id="witchy",
        name="Witchy",
        reels=5,
        rows=3,
        symbols=(
            Symbol("LUCKY", SymbolKind.WILD, "Lucky"),
            Symbol("HI", SymbolKind.REGULAR, "High"),
            Symbol("MID", SymbolKind.REGULAR, "Middle"),
            Symbol("LO", SymbolKind.REGULAR, "Low"),
            Symbol("POT", SymbolKind.SCATTER, "Pot"),
            Symbol("CAUL", SymbolKind.BONUS, "Cauldron"),
        ),
        paytable={
            "LUCKY": {2: 3, 3: 10, 4: 40, 5: 100},
            "HI": {2: 2, 3: 8, 4: 30, 5: 60},
            "MID": {3: 4, 4: 10, 5: 25},
            "LO": {3: 2, 4: 5, 5: 10},
        },
        scatter_pays={2: 1, 3: 3, 4: 10, 5: 50},
        lines=((1, 1, 1, 1, 1), (0, 0, 0, 0, 0), (2, 2, 2, 2, 2), (0, 1, 2, 1, 0)),
        base_reels=_strips(
            "LUCKY HI CAUL LO MID POT LO",
            "HI LUCKY LUCKY MID LO POT",
            "CAUL HI LO MID POT LUCKY",
            "LUCKY HI MID LO POT",
            "HI CAUL LUCKY LO POT MID",
        ),
        max_win_x_total_bet=None,
        max_win_cents=240,  # 120 units at the top bet of 2 cents a line: 30x at 4 lines
        wild_only_pays_as="LUCKY",
        wild_substitutes=frozenset({"HI", "MID"}),
        wild_multiplier=2,
        bet_per_line_steps=(),
        coins=CoinBet(coins_per_line=(1, 2), coin_sizes=(1,)),
        published_rtp=0.9,
        gamble=False,
        features=(
            MysteryBonus(symbol="CAUL", reels=(1, 3, 5), games=games, cap_coins=cap_coins),
            free,
        ),
    )


def _free_spins(game: GameDefinition) -> FreeSpins:
    feature = game.features[1]
    assert isinstance(feature, FreeSpins)
    return feature


GAME = witchy()
RULE = _free_spins(GAME)
LINE_COUNTS = (1, 4)
POLICIES = ("best", "keep-first", "worst")


@cache
def bonus_law(policy: str) -> Law:
    """The Mystery bonus from the tables above, by the pick-game laws."""
    return mystery_law(
        [
            magic_potion_law(POTION_TABLE, 3, 1),
            pumpkin_law(PUMPKIN_TABLE, 2, policy),
            spell_book_law(BOOKS_TABLE, Fraction(1, 3), IMP_TABLE),
            secret_vault_law(VAULTS, 1),
        ]
    )


def bonus_shows(window: Window) -> bool:
    """CAUL anywhere on each of reels 1, 3 and 5."""
    return all("CAUL" in window[r] for r in (0, 2, 4))


@cache
def enumerate_spins(
    free: bool, lines: int, policy: str, bonus_cap: int | None = None
) -> dict[tuple[int, int], float]:
    """Every stop combination through the engine -> P(pay, spins awarded), bonus included
    (a prize cut to ``bonus_cap`` bets per line when given)."""
    strips = RULE.strips if free else GAME.base_reels
    law = bonus_law(policy)
    counts: dict[tuple[int, int], Fraction] = defaultdict(Fraction)
    total = 0
    for stops in itertools.product(*(range(len(s)) for s in strips)):
        window = window_at(strips, stops, GAME.rows)
        ev = evaluate(GAME, window, lines, 1)
        awarded = RULE.awarded_by(ev.scatter_count, retrigger=free)
        if bonus_shows(window):
            for multiple, p in law.items():
                prize = multiple * lines if bonus_cap is None else min(multiple * lines, bonus_cap)
                counts[(ev.total_win + prize, awarded)] += p
        else:
            counts[(ev.total_win, awarded)] += 1
        total += 1
    return {key: float(n / total) for key, n in counts.items()}


def free_outcome(lines: int, policy: str) -> SpinOutcome:
    """The analysis's free-spin law."""
    triggered = analyse_round(GAME, lines, policy=policy).triggered
    assert isinstance(triggered, FreeSpinsAnalysis)
    (variant,) = triggered.variants
    return variant.spin


@pytest.mark.parametrize("lines", LINE_COUNTS)
@pytest.mark.parametrize("free", [False, True])
@pytest.mark.parametrize("policy", POLICIES)
def test_spin_law_equals_brute_force(lines: int, free: bool, policy: str) -> None:
    if free:
        outcome = free_outcome(lines, policy)
    else:
        outcome = analyse_round(GAME, lines, policy=policy).base
    brute = enumerate_spins(free, lines, policy)
    top = max(pay for pay, _ in brute)
    assert len(outcome.award) > top  # sized for the doubled lines, scatter and bonus at once
    size = len(outcome.award)
    expect = {0: np.zeros(size), 1: np.zeros(size)}
    for (pay, awarded), p in brute.items():
        assert awarded in (0, RULE.retrigger if free else RULE.award)
        expect[int(awarded > 0)][pay] += p
    np.testing.assert_allclose(outcome.no_award, expect[0], rtol=0, atol=1e-12)
    np.testing.assert_allclose(outcome.award, expect[1], rtol=0, atol=1e-12)
    assert outcome.mean == pytest.approx(sum(y * p for (y, _), p in brute.items()), abs=1e-12)
    second = sum(y * y * p for (y, _), p in brute.items())
    assert outcome.second_moment == pytest.approx(second, rel=1e-12)
    # the bonus's share: P(bonus) × its mean × lines
    strips = RULE.strips if free else GAME.base_reels
    shows = [
        bonus_shows(window_at(strips, stops, GAME.rows))
        for stops in itertools.product(*(range(len(s)) for s in strips))
    ]
    expected = sum(shows) / len(shows) * float(law_mean(bonus_law(policy))) * lines
    assert outcome.term_mean(BONUS) == pytest.approx(expected, abs=1e-12)
    assert expected > 0


def test_the_game_uses_every_rule() -> None:
    brute = enumerate_spins(False, 4, "best")
    doubled = any(
        win.doubled
        for stops in itertools.product(*(range(len(s)) for s in GAME.base_reels))
        for win in evaluate(GAME, window_at(GAME.base_reels, stops, 3), 4, 1).line_wins
    )
    assert doubled
    assert sum(p for (_, awarded), p in brute.items() if awarded) > 0
    assert sum(p for (_, awarded), p in enumerate_spins(True, 4, "best").items() if awarded) > 0
    cap = analyse_round(GAME, 4).cap
    assert cap == 120
    assert sum(p for (pay, _), p in brute.items() if pay >= cap) > 0  # the cap bites


@pytest.mark.parametrize("lines", LINE_COUNTS)
def test_capped_round_equals_recursion(lines: int) -> None:
    analysis = analyse_round(GAME, lines)
    cap = analysis.cap
    free = enumerate_spins(True, lines, "best")
    feature = feature_by_recursion(free, RULE.award, RULE.retrigger, cap)
    round_ = np.zeros(cap + 1)
    for (pay, awarded), p in enumerate_spins(False, lines, "best").items():
        if pay >= cap:
            round_[cap] += p
        elif not awarded:
            round_[pay] += p
        else:
            round_[pay:cap] += p * feature[: cap - pay]
            round_[cap] += p * feature[cap - pay :].sum()
    np.testing.assert_allclose(analysis.below_cap, round_[:cap], rtol=0, atol=1e-12)
    assert analysis.cap_probability == pytest.approx(round_[cap], abs=1e-12)
    t = np.arange(cap + 1, dtype=np.float64)
    assert analysis.capped_mean == pytest.approx(float((round_ * t).sum()), abs=1e-12 * cap)
    e1, e2 = feature_moments_by_recursion(free, RULE.award)
    assert analysis.feature_mean == pytest.approx(e1, rel=1e-12)
    assert analysis.feature_second_moment == pytest.approx(e2, rel=1e-12)
    assert analysis.neglected < 1e-12


def test_policy_figures_equal_the_analysis_under_each_policy() -> None:
    sheet = compute_par(GAME, 4)
    assert sheet.policy == "best" and sheet.rtp_best_uncapped == sheet.rtp_uncapped
    for policy, figure in (
        ("keep-first", sheet.rtp_keep_first_uncapped),
        ("worst", sheet.rtp_worst_uncapped),
    ):
        other = analyse_round(GAME, 4, policy=policy)
        assert figure == pytest.approx(other.mean / 4, abs=1e-12)
    assert sheet.rtp_worst_uncapped is not None and sheet.rtp_keep_first_uncapped is not None
    assert sheet.rtp_worst_uncapped < sheet.rtp_keep_first_uncapped < sheet.rtp_uncapped
    # the split adds up, the bonus in the base game and inside free spins
    assert sheet.rtp_bonus is not None and sheet.free_spins_mystery_bonus is not None
    total = sheet.rtp_base_lines + sheet.rtp_scatter + sheet.rtp_free_spins + sheet.rtp_bonus
    assert total == pytest.approx(sheet.rtp, abs=1e-12)
    assert sheet.rtp_bonus_in_all_uncapped == pytest.approx(
        sheet.rtp_bonus_uncapped + sheet.free_spins_mystery_bonus_uncapped, abs=1e-15
    )
    means = {g.name: g.mean for g in sheet.pick_games}
    assert means["pumpkin"] == pytest.approx(float(law_mean(pumpkin_law(PUMPKIN_TABLE, 2))))
    assert sheet.bonus_mean == pytest.approx(float(law_mean(bonus_law("best"))), abs=1e-15)


BONUS_CAP_COINS = 100
"""A bonus cap that binds at 4 lines: 50 units of 2 cents a line (12.5x total bet)."""


@pytest.mark.parametrize("free", [False, True])
def test_a_binding_bonus_cap_equals_brute_force(free: bool) -> None:
    game = witchy(cap_coins=BONUS_CAP_COINS)
    analysis = analyse_round(game, 4)
    outcome = analysis.base
    if free:
        assert isinstance(analysis.triggered, FreeSpinsAnalysis)
        outcome = analysis.triggered.variants[0].spin
    brute = enumerate_spins(free, 4, "best", BONUS_CAP_COINS // 2)
    assert max(bonus_law("best")) * 4 > BONUS_CAP_COINS // 2  # the cap cuts the top prizes
    expect = {0: np.zeros(len(outcome.award)), 1: np.zeros(len(outcome.award))}
    for (pay, awarded), p in brute.items():
        expect[int(awarded > 0)][pay] += p
    np.testing.assert_allclose(outcome.no_award, expect[0], rtol=0, atol=1e-12)
    np.testing.assert_allclose(outcome.award, expect[1], rtol=0, atol=1e-12)
    uncapped = enumerate_spins(free, 4, "best")
    assert outcome.mean < sum(y * p for (y, _), p in uncapped.items()) - 1e-6  # it binds


def test_a_binding_bonus_cap_rounds_equal_recursion() -> None:
    game = witchy(cap_coins=BONUS_CAP_COINS)
    analysis = analyse_round(game, 4)
    cap = analysis.cap
    bonus_cap = BONUS_CAP_COINS // 2
    free = enumerate_spins(True, 4, "best", bonus_cap)
    feature = feature_by_recursion(free, RULE.award, RULE.retrigger, cap)
    round_ = np.zeros(cap + 1)
    for (pay, awarded), p in enumerate_spins(False, 4, "best", bonus_cap).items():
        if pay >= cap:
            round_[cap] += p
        elif not awarded:
            round_[pay] += p
        else:
            round_[pay:cap] += p * feature[: cap - pay]
            round_[cap] += p * feature[cap - pay :].sum()
    np.testing.assert_allclose(analysis.below_cap, round_[:cap], rtol=0, atol=1e-12)
    e1, _ = feature_moments_by_recursion(free, RULE.award)
    assert analysis.feature_mean == pytest.approx(e1, rel=1e-12)
    sheet = compute_par(game, 4)
    capped = Fraction(sum(min(m * 4, bonus_cap) * p for m, p in bonus_law("best").items()), 4)
    assert sheet.bonus_mean == pytest.approx(float(capped), abs=1e-15)
    total = sheet.rtp_base_lines + sheet.rtp_scatter + sheet.rtp_free_spins + sheet.rtp_bonus
    assert total == pytest.approx(sheet.rtp, abs=1e-12)


def test_a_bonus_cap_of_no_whole_bets_per_line_bounds_the_sheet() -> None:
    game = witchy(cap_coins=399)  # 199.5 bets per line at 2 coins a line
    with pytest.raises(NotWholeUnits, match="bonus cap"):
        analyse_round(game, 4)  # no exact law in bets per line
    assert analyse_round(game, 1).base.mean > 0  # 100 coins at 1 line: never binds
    sheet = compute_par(game, 4)
    assert sheet.rtp_bounded_by is not None and "bonus cap" in sheet.rtp_bounded_by
    # rounded down and up the cap is 398 and 400 coins, whole bets per line: exact sheets
    low, high = compute_par(witchy(cap_coins=398), 4), compute_par(witchy(cap_coins=400), 4)
    assert low.rtp_lower is None and high.rtp_lower is None
    assert sheet.rtp == sheet.rtp_lower == pytest.approx(low.rtp, abs=1e-15)
    assert sheet.rtp_upper == pytest.approx(high.rtp, abs=1e-15)
    assert sheet.rtp_uncapped == pytest.approx(low.rtp_uncapped, abs=1e-15)
    assert low.rtp_uncapped < high.rtp_uncapped  # the bound is not empty before the round cap
    assert sheet.to_json()["rtp_upper"] == sheet.rtp_upper
    assert sheet.kind == "bounded" and low.kind == "exact"
    from slotterm.commands.par_formats import sheet_markdown
    from slotterm.commands.par_html import report_html

    for text in (sheet_markdown(sheet), report_html(sheet)):
        assert "bounded PAR sheet" in text and "exact PAR sheet" not in text


def test_lucky_witch_at_20_lines_binds_its_bonus_cap_and_keeps_every_promise() -> None:
    game = get_game("lucky-witch")
    lines = list(game.lines)
    for path in itertools.product(range(game.rows), repeat=game.reels):  # more paths
        if len(lines) == 20:
            break
        if path not in lines:
            lines.append(path)
    sheet = compute_par(dataclasses.replace(game, lines=tuple(lines)))
    assert sheet.lines == 20 and sheet.rtp_lower is None  # exact: 1,500 bets per line
    own = compute_par(game)
    assert sheet.bonus_mean < own.bonus_mean  # 30,000 coins is 75x total bet at 20 lines
    assert check_sheet(sheet) == []
