"""The exact calculator against brute force on small games that use every rule.

TINY has a wild-scatter BOOK; LUCKY a plain wild that doubles the line pay and stands in
for some symbols only.  Both have short strips, so every stop combination can be
enumerated and evaluated by the engine's own evaluator; the feature (retriggers, the round
cap) is then rebuilt from those enumerated spin outcomes by a simple spin-by-spin
recursion that knows nothing of the calculator's series.
"""

from __future__ import annotations

import itertools
import math
from collections import defaultdict
from functools import cache

import numpy as np
import pytest

from slotterm.analysis.exact import RoundAnalysis, analyse_round
from slotterm.analysis.exact_lines import build_automaton, line_reading_odds
from slotterm.analysis.exact_round import round_below_cap
from slotterm.analysis.features.free_spins_law import FreeSpinsAnalysis
from slotterm.analysis.spin_law import SpinOutcome, law_below
from slotterm.engine.evaluate import evaluate, window_at
from slotterm.engine.features import free_spins_records
from slotterm.engine.features.expanding_symbol import ExpandingSymbol, expand
from slotterm.engine.features.free_spins import FreeSpins
from slotterm.engine.line_reading import read_line
from slotterm.engine.model import GameDefinition
from slotterm.engine.symbols import Symbol, SymbolKind
from slotterm.games import get_game
from tests.analysis.brute_force import feature_by_recursion, feature_moments_by_recursion


def _strips(*texts: str) -> tuple[tuple[str, ...], ...]:
    return tuple(tuple(t.split()) for t in texts)


def _free_spins(*free: str) -> FreeSpins:
    """3 scatters award 3 spins, a retrigger 2; the Magic Book draws from HI, MID, LO."""
    return FreeSpins(
        trigger=3,
        award=3,
        retrigger=2,
        strips=_strips(*free),
        modifier=ExpandingSymbol(("HI", "MID", "LO")),
    )


# BOOK is wild and scatter; BOOK-only lines pay as HI; HI expands from 2 reels, MID and LO
# from 3; the trigger awards 3 spins, a retrigger 2; the cap (12 × total bet) bites often,
# in the base game too (5 HI on a line pays 20 × bet per line).
TINY = GameDefinition(
    id="tiny",
    name="Tiny",
    reels=5,
    rows=3,
    symbols=(
        Symbol("BOOK", SymbolKind.WILD_SCATTER, "Book"),
        Symbol("HI", SymbolKind.REGULAR, "High"),
        Symbol("MID", SymbolKind.REGULAR, "Middle"),
        Symbol("LO", SymbolKind.REGULAR, "Low"),
    ),
    paytable={
        "HI": {2: 1, 3: 4, 4: 10, 5: 20},
        "MID": {3: 2, 4: 5, 5: 10},
        "LO": {3: 1, 4: 2, 5: 4},
    },
    scatter_pays={3: 1, 4: 4, 5: 10},
    lines=((1, 1, 1, 1, 1), (0, 0, 0, 0, 0), (2, 2, 2, 2, 2), (0, 1, 2, 1, 0)),
    base_reels=_strips(
        "BOOK HI LO MID LO",
        "LO MID BOOK HI LO MID",
        "HI LO MID LO BOOK LO MID",
        "MID LO HI LO",
        "LO HI MID BOOK LO",
    ),
    features=(
        _free_spins(
            "BOOK HI LO MID LO LO",
            "LO MID HI LO MID",
            "HI LO BOOK MID LO LO MID",
            "MID LO HI LO BOOK",
            "LO HI MID LO",
        ),
    ),
    max_win_x_total_bet=12,
    wild_only_pays_as="HI",
    bet_per_line_steps=(1,),
    published_rtp=0.9,
)

# Lucky-Witch style: LUCKY is a plain wild that doubles the line pay when it is used, but
# stands in for HI and MID only (not LO); a line of LUCKY alone pays as HI, not doubled.
# BOOK is a plain scatter.  LUCKY LUCKY LUCKY LUCKY MID pays the wild-only 60, not the
# doubled MID 25 × 2; LUCKY LUCKY LUCKY MID pays MID 20 × 2.  HI LUCKY HI HI HI pays
# 2 × 100, more than the top of the paytable: with every line on it, a spin pays more
# than lines × top pay.
LUCKY = GameDefinition(
    id="tiny-lucky",
    name="Tiny Lucky",
    reels=5,
    rows=3,
    symbols=(
        Symbol("LUCKY", SymbolKind.WILD, "Lucky"),
        Symbol("BOOK", SymbolKind.SCATTER, "Book"),
        Symbol("HI", SymbolKind.REGULAR, "High"),
        Symbol("MID", SymbolKind.REGULAR, "Middle"),
        Symbol("LO", SymbolKind.REGULAR, "Low"),
    ),
    paytable={
        "HI": {2: 2, 3: 10, 4: 60, 5: 100},
        "MID": {3: 5, 4: 20, 5: 25},
        "LO": {3: 2, 4: 5, 5: 10},
    },
    scatter_pays={3: 2, 4: 10, 5: 50},
    lines=TINY.lines,
    base_reels=_strips(
        "LUCKY HI HI LO MID BOOK LO",
        "HI LUCKY HI MID LO BOOK",
        "HI HI LUCKY LO MID LO BOOK",
        "LUCKY HI HI MID LO",
        "HI LUCKY HI LO BOOK MID",
    ),
    features=(
        _free_spins(
            "LUCKY HI LO MID BOOK LO",
            "HI LUCKY MID LO BOOK",
            "HI LO LUCKY MID LO BOOK",
            "MID LO HI LUCKY BOOK",
            "LO HI MID LUCKY LO",
        ),
    ),
    max_win_x_total_bet=50,
    wild_only_pays_as="HI",
    bet_per_line_steps=(1,),
    published_rtp=0.9,
    wild_substitutes=frozenset({"HI", "MID"}),
    wild_multiplier=2,
)

GAMES = {"tiny": TINY, "tiny-lucky": LUCKY}

LINE_COUNTS = (1, 4)


def rule_of(game: GameDefinition) -> FreeSpins:
    """The game's free-spins feature."""
    feature = game.feature(free_spins_records.NAME)
    assert isinstance(feature, FreeSpins)
    return feature


def specials_of(game: GameDefinition) -> tuple[str, ...]:
    """The Magic Book's candidates."""
    modifier = rule_of(game).modifier
    assert isinstance(modifier, ExpandingSymbol)
    return modifier.candidates


def free_outcome(analysis: RoundAnalysis, special: str) -> SpinOutcome:
    """The free-spin law with ``special`` drawn."""
    triggered = analysis.triggered
    assert isinstance(triggered, FreeSpinsAnalysis)
    return next(v.spin for v in triggered.variants if v.variant.label == special)


@cache
def enumerate_spins(
    free: bool, lines: int, special: str | None, game: GameDefinition = TINY
) -> dict[tuple[int, int], float]:
    """Brute force: every stop combination through the engine -> P(pay, spins awarded).

    A free spin adds the expansion of ``special`` and awards the retrigger.
    """
    rule = rule_of(game)
    strips = game.reel_sets["free" if free else "base"]
    counts: dict[tuple[int, int], int] = defaultdict(int)
    total = 0
    for stops in itertools.product(*(range(len(s)) for s in strips)):
        window = window_at(strips, stops, game.rows)
        ev = evaluate(game, window, lines, 1)
        expansion = None if special is None else expand(game, window, special, lines, 1)
        win = ev.total_win + (0 if expansion is None else expansion.total)
        counts[(win, rule.awarded_by(ev.scatter_count, retrigger=free))] += 1
        total += 1
    return {key: n / total for key, n in counts.items()}


def test_automaton_reads_every_line_like_the_engine() -> None:
    for game in (TINY, LUCKY, get_game("book-of-spells")):
        automaton = build_automaton(game)
        ids = [s.id for s in game.symbols]
        for symbols in itertools.product(ids, repeat=game.reels):
            assert automaton.read(symbols) == read_line(game, symbols), symbols


def test_lucky_wild_reads_as_the_engine_rules_say() -> None:
    def reading(line: str) -> tuple[str, int, int] | None:
        r = read_line(LUCKY, line.split())
        return None if r is None else (r.symbol, r.count, r.multiplier)

    assert reading("HI LUCKY HI HI HI") == ("HI", 5, 200)  # doubled: above the paytable top
    assert reading("LUCKY LUCKY LUCKY LUCKY HI") == ("HI", 5, 200)
    assert reading("HI HI HI HI HI") == ("HI", 5, 100)  # no wild used: not doubled
    assert reading("LUCKY LUCKY LUCKY LUCKY LUCKY") == ("LUCKY", 5, 100)  # wild-only: not doubled
    assert reading("LUCKY LUCKY LUCKY LUCKY MID") == ("LUCKY", 4, 60)  # beats MID 25 × 2
    assert reading("LUCKY LUCKY LUCKY MID LO") == ("MID", 4, 40)  # beats the wild-only 10
    assert reading("LO LUCKY LO LO LO") is None  # LUCKY does not stand in for LO
    assert reading("LUCKY LUCKY LO LO LO") == ("LUCKY", 2, 2)


@pytest.mark.parametrize("game_id", GAMES)
def test_line_odds_match_enumeration(game_id: str) -> None:
    game = GAMES[game_id]
    automaton = build_automaton(game)
    odds, cycle = line_reading_odds(game, game.base_reels, automaton)
    brute: dict[tuple[str, int, int], int] = defaultdict(int)
    strips = game.base_reels
    for symbols in itertools.product(*strips):  # one line: one symbol per reel
        reading = read_line(game, symbols)
        if reading is not None:
            brute[(reading.symbol, reading.count, reading.multiplier)] += 1
    assert cycle == math.prod(len(s) for s in strips)
    assert {(o.symbol, o.count, o.multiplier): o.combinations for o in odds} == dict(brute)
    assert any(o.symbol in game.wild_ids for o in odds)  # a wild-only reading occurs


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("lines", LINE_COUNTS)
@pytest.mark.parametrize("special", [None, "HI", "MID", "LO"])
def test_spin_distribution_equals_brute_force(
    game_id: str, lines: int, special: str | None
) -> None:
    game = GAMES[game_id]
    analysis = analyse_round(game, lines)
    outcome = analysis.base if special is None else free_outcome(analysis, special)
    brute = enumerate_spins(special is not None, lines, special, game)
    award = rule_of(game).award if special is None else rule_of(game).retrigger
    size = max(len(outcome.award), max(pay for pay, _ in brute) + 1)
    expect_no = np.zeros(size)
    expect_yes = np.zeros(size)
    for (pay, awarded), p in brute.items():
        assert awarded in (0, award)
        (expect_yes if awarded else expect_no)[pay] += p
    got_no = np.zeros(size)
    got_yes = np.zeros(size)
    got_no[: len(outcome.no_award)] = outcome.no_award
    got_yes[: len(outcome.award)] = outcome.award
    np.testing.assert_allclose(got_no, expect_no, rtol=0, atol=1e-12)
    np.testing.assert_allclose(got_yes, expect_yes, rtol=0, atol=1e-12)
    mean = sum(pay * p for (pay, _), p in brute.items())
    assert outcome.mean == pytest.approx(mean, abs=1e-12)
    second = sum(pay * pay * p for (pay, _), p in brute.items())
    assert outcome.second_moment == pytest.approx(second, rel=1e-12)
    assert outcome.hit_probability == pytest.approx(
        sum(p for (pay, _), p in brute.items() if pay > 0), abs=1e-12
    )
    if special is not None:
        assert outcome.term_mean("expansion") > 0


@pytest.mark.parametrize("lines", LINE_COUNTS)
def test_lucky_line_wins_exceed_lines_times_top_pay(lines: int) -> None:
    """The doubling wild takes a spin's line wins past lines × the paytable's top pay."""
    top_pay = max(m for pays in LUCKY.paytable.values() for m in pays.values())
    strips = LUCKY.reel_sets["base"]
    line_top = max(
        sum(win.multiplier for win in evaluate(LUCKY, window, lines, 1).line_wins)
        for window in (
            window_at(strips, stops, LUCKY.rows)
            for stops in itertools.product(*(range(len(s)) for s in strips))
        )
    )
    assert line_top == lines * 2 * top_pay
    outcome = analyse_round(LUCKY, lines).base
    assert len(outcome.award) > line_top
    assert outcome.no_award[line_top] + outcome.award[line_top] > 0


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("lines", LINE_COUNTS)
def test_capped_round_equals_recursion(game_id: str, lines: int) -> None:
    game = GAMES[game_id]
    rule = rule_of(game)
    analysis = analyse_round(game, lines)
    triggered = analysis.triggered
    assert isinstance(triggered, FreeSpinsAnalysis)
    cap = game.max_win_x_total_bet * lines
    feature = np.zeros(cap + 1)
    means = []
    for special in specials_of(game):
        outcomes = enumerate_spins(True, lines, special, game)
        feature += feature_by_recursion(outcomes, rule.award, rule.retrigger, cap)
        means.append(feature_moments_by_recursion(outcomes, rule.award))
    feature /= len(specials_of(game))
    round_ = np.zeros(cap + 1)
    for (pay, awarded), p in enumerate_spins(False, lines, None, game).items():
        if pay >= cap:
            round_[cap] += p  # a capped base spin awards nothing
        elif not awarded:
            round_[pay] += p
        else:
            round_[pay:cap] += p * feature[: cap - pay]
            round_[cap] += p * feature[cap - pay :].sum()
    assert round_[cap] > 0.01  # the cap really bites in this game
    np.testing.assert_allclose(analysis.below_cap, round_[:cap], rtol=0, atol=1e-12)
    assert analysis.cap_probability == pytest.approx(round_[cap], abs=1e-12)
    t = np.arange(cap + 1, dtype=np.float64)
    assert analysis.capped_mean == pytest.approx(float((round_ * t).sum()), abs=1e-12 * cap)
    assert analysis.capped_second_moment == pytest.approx(
        float((round_ * t * t).sum()), abs=1e-12 * cap * cap
    )
    for variant, (e1, e2) in zip(triggered.variants, means, strict=True):
        assert variant.moments.mean == pytest.approx(e1, rel=1e-12)
        assert variant.moments.second_moment == pytest.approx(e2, rel=1e-12)
    assert analysis.neglected < 1e-12


@pytest.mark.parametrize("game_id", GAMES)
def test_base_cap_loss_is_the_base_spin_above_the_cap(game_id: str) -> None:
    game = GAMES[game_id]
    lines = 1
    cap = game.max_win_x_total_bet * lines
    brute = enumerate_spins(False, lines, None, game)
    loss = sum(max(pay - cap, 0) * p for (pay, _), p in brute.items())
    assert loss > 0
    assert analyse_round(game, lines).base_cap_loss == pytest.approx(loss, abs=1e-12)


@pytest.mark.parametrize("game_id", ["tiny", "book-of-spells"])
def test_spectral_round_equals_truncated_convolutions(game_id: str) -> None:
    game = TINY if game_id == "tiny" else get_game(game_id)
    lines = 1 if game_id != "tiny" else 4
    analysis = analyse_round(game, lines)
    base = law_below(analysis.base, analysis.cap)
    direct = round_below_cap(base, analysis.triggered, spectral=False)
    spectral = round_below_cap(base, analysis.triggered, spectral=True)
    assert direct.aliasing == 0
    assert spectral.aliasing < 1e-13
    np.testing.assert_allclose(spectral.below_cap, direct.below_cap, rtol=0, atol=1e-15)
