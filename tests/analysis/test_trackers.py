"""The walk's trackers and the spin law's pay terms against brute force on a tiny game.

CAULDRON stands on reels 1, 3 and 5 only: showing on each of them at once is the Lucky
Witch's Mystery-bonus trigger (:class:`ShowsOnEach`).  Every stop combination of the
short strips is enumerated and read directly from the window; the walk's joint counts of
(scatters, reels showing HI, CAULDRON on 1-3-5, line pay) must match them exactly, and a
spin law with a random bonus pay must match the brute-force convolution to 1e-12.
"""

from __future__ import annotations

import ast
import itertools
from collections import Counter
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from slotterm.analysis.exact import analyse_round
from slotterm.analysis.exact_lines import build_automaton
from slotterm.analysis.exact_walk import spin_counts
from slotterm.analysis.features.contract import NoExactLaw, feature_law, mix, modifier_law
from slotterm.analysis.spin_law import AwardRule, PayTerm, SpinRules, core_rules, spin_outcome
from slotterm.analysis.trackers import (
    ReelsShowing,
    ScatterCount,
    ShowsOnEach,
    Tracker,
    merge_trackers,
)
from slotterm.engine.evaluate import evaluate, window_at
from slotterm.engine.feature import Feature
from slotterm.engine.model import GameDefinition
from slotterm.engine.outcome import Window
from slotterm.engine.symbols import Symbol, SymbolKind
from slotterm.games import game_ids, get_game

CAULDRON = GameDefinition(
    id="tiny-cauldron",
    name="Tiny Cauldron",
    reels=5,
    rows=3,
    symbols=(
        Symbol("BOOK", SymbolKind.SCATTER, "Book"),
        Symbol("HI", SymbolKind.REGULAR, "High"),
        Symbol("LO", SymbolKind.REGULAR, "Low"),
        Symbol("CAULDRON", SymbolKind.BONUS, "Cauldron"),
    ),
    paytable={"HI": {2: 1, 3: 5, 4: 10, 5: 20}, "LO": {3: 1, 4: 2, 5: 4}},
    scatter_pays={3: 2, 4: 5},
    lines=((1, 1, 1, 1, 1), (0, 0, 0, 0, 0), (2, 2, 2, 2, 2), (0, 1, 2, 1, 0)),
    base_reels=tuple(
        tuple(s.split())
        for s in (
            "CAULDRON HI LO BOOK LO HI",
            "LO HI BOOK LO",
            "HI CAULDRON LO LO BOOK",
            "BOOK HI LO HI LO",
            "LO CAULDRON HI BOOK LO LO",
        )
    ),
    max_win_x_total_bet=5,
    wild_only_pays_as=None,
    bet_per_line_steps=(1,),
    published_rtp=0.9,
)
STRIPS = CAULDRON.base_reels
SCATTERS = ScatterCount(frozenset({"BOOK"}), 4)
HI_REELS = ReelsShowing("HI", 5)
BONUS = ShowsOnEach("CAULDRON", (0, 2, 4))
BONUS_LAW = np.array([0.0, 0.5, 0.0, 0.3, 0.2])  # × total bet: 1, 3 or 4


def windows() -> list[Window]:
    """Every window of the strips, one per stop combination."""
    return [
        window_at(STRIPS, stops, CAULDRON.rows)
        for stops in itertools.product(*(range(len(s)) for s in STRIPS))
    ]


def read(window: Window, lines: int) -> tuple[int, int, int, int]:
    """(scatters up to 4, reels showing HI, CAULDRON on reels 1, 3, 5, line pay)."""
    scatters = sum(column.count("BOOK") for column in window)
    hi = sum("HI" in column for column in window)
    bonus = all("CAULDRON" in window[r] for r in (0, 2, 4))
    pay = sum(w.multiplier for w in evaluate(CAULDRON, window, lines, 1).line_wins)
    return min(scatters, 4), hi, int(bonus), pay


@pytest.mark.parametrize("lines", [1, 4])
@pytest.mark.parametrize(
    "trackers",
    [(SCATTERS, HI_REELS, BONUS), (BONUS,), (HI_REELS, SCATTERS), ()],
    ids=["all three", "bonus only", "reels then scatters", "none"],
)
def test_the_walk_counts_every_tracker_as_brute_force(
    lines: int, trackers: tuple[Tracker, ...]
) -> None:
    automaton = build_automaton(CAULDRON)
    counts = spin_counts(CAULDRON, STRIPS, lines, automaton, trackers)
    order = {SCATTERS: 0, HI_REELS: 1, BONUS: 2}
    brute: Counter[tuple[int, ...]] = Counter()
    for window in windows():
        values = read(window, lines)
        brute[(*(values[order[t]] for t in trackers), values[3])] += 1
    got = {key: int(n) for key, n in np.ndenumerate(counts.counts) if n}
    assert got == dict(brute)
    assert counts.cycle == len(windows())


def test_the_bonus_trigger_happens_and_needs_all_three_reels() -> None:
    hits = [w for w in windows() if read(w, 1)[2]]
    assert 0 < len(hits) < len(windows())
    assert all(all("CAULDRON" in w[r] for r in (0, 2, 4)) for w in hits)


@pytest.mark.parametrize("lines", [1, 4])
def test_a_random_bonus_pay_and_an_award_give_the_brute_force_law(lines: int) -> None:
    bonus = PayTerm("bonus", (BONUS,), lambda on: BONUS_LAW if on else 0)
    award = AwardRule("free_spins", (ScatterCount(SCATTERS.symbols, 3),), lambda n: n >= 3)
    rules = core_rules(CAULDRON) + SpinRules(terms=(bonus,), awards=(award,))
    assert rules.all_trackers == (SCATTERS, BONUS)  # the award's count is answered by SCATTERS
    counts = spin_counts(CAULDRON, STRIPS, lines, build_automaton(CAULDRON), rules.all_trackers)
    outcome = spin_outcome(counts, rules)
    size = len(outcome.award)
    expect = {False: np.zeros(size), True: np.zeros(size)}
    scatter_mean = bonus_mean = 0.0
    n = len(windows())
    for window in windows():
        scatters, _, on, pay = read(window, lines)
        scatter = lines * CAULDRON.scatter_pay(scatters)
        law = np.zeros(1 + lines * (len(BONUS_LAW) - 1))
        if on:
            law[::lines] = BONUS_LAW
        else:
            law[0] = 1.0
        expect[scatters >= 3][pay + scatter : pay + scatter + len(law)] += law / n
        scatter_mean += scatter / n
        bonus_mean += on * lines * float((BONUS_LAW * np.arange(len(BONUS_LAW))).sum()) / n
    np.testing.assert_allclose(outcome.no_award, expect[False], rtol=0, atol=1e-12)
    np.testing.assert_allclose(outcome.award, expect[True], rtol=0, atol=1e-12)
    assert outcome.term_mean("scatter") == pytest.approx(scatter_mean, abs=1e-12)
    assert outcome.term_mean("bonus") == pytest.approx(bonus_mean, abs=1e-12)
    y = np.arange(size)
    assert outcome.mean == pytest.approx(float(((expect[False] + expect[True]) * y).sum()))
    assert outcome.award_probability == pytest.approx(float(expect[True].sum()), abs=1e-12)
    p_bonus = sum(read(w, lines)[2] for w in windows()) / n
    assert outcome.marginal(BONUS) == pytest.approx((1 - p_bonus, p_bonus), abs=1e-12)
    assert rules.awarding_values(SCATTERS) == frozenset({3, 4})


def test_a_game_whose_spins_award_nothing_is_its_base_spin_capped() -> None:
    lines = 4
    analysis = analyse_round(CAULDRON, lines)
    assert analysis.triggered is None and analysis.trigger_probability == 0
    cap = analysis.cap
    pays = [read(w, lines)[3] + lines * CAULDRON.scatter_pay(read(w, lines)[0]) for w in windows()]
    assert max(pays) > cap  # the cap bites
    assert analysis.capped_mean == pytest.approx(np.mean(np.minimum(pays, cap)), abs=1e-12)
    assert analysis.mean == pytest.approx(np.mean(pays), abs=1e-12)


def test_trackers_merge_into_the_finest_and_project_back() -> None:
    coarse = ScatterCount(frozenset({"BOOK"}), 3)
    fine = ScatterCount(frozenset({"BOOK"}), 5)
    assert merge_trackers([coarse, HI_REELS, fine, HI_REELS]) == (fine, HI_REELS)
    assert merge_trackers([fine, coarse]) == (fine,)
    assert [fine.project(v, coarse) for v in range(6)] == [0, 1, 2, 3, 3, 3]
    assert not fine.answers(ScatterCount(frozenset({"LO"}), 3))
    assert merge_trackers([BONUS, ShowsOnEach("CAULDRON", (0, 2))]) == (
        BONUS,
        ShowsOnEach("CAULDRON", (0, 2)),
    )
    with pytest.raises(ValueError):
        ShowsOnEach("CAULDRON", ())
    assert BONUS.step(1, ("HI", "LO", "BOOK")) == (0, 1)  # reel 2 is not asked about
    assert BONUS.step(2, ("HI", "LO", "BOOK")) == (0, 0)


def test_mixtures_of_equal_values_and_uniform_weights_are_exact() -> None:
    third = Fraction(1, 3)
    assert mix([0.1, 0.1, 0.1], [third] * 3) == 0.1
    assert mix([1.0, 2.0, 4.0], [third] * 3) == 7 / 3
    assert mix([1.0, 3.0], [Fraction(1, 4), Fraction(3, 4)]) == pytest.approx(2.5)


@pytest.mark.parametrize("game_id", game_ids())
def test_every_feature_of_every_game_has_an_exact_law(game_id: str) -> None:
    game = get_game(game_id)
    for feature in game.features:
        assert feature_law(feature).name == feature.name
        modifier = getattr(feature, "modifier", None)
        if modifier is not None:
            assert modifier_law(modifier).name == modifier.name


def test_a_feature_without_a_law_is_refused_by_name() -> None:
    class Jackpot(Feature):
        name = "jackpot"

    with pytest.raises(NoExactLaw, match="jackpot"):
        feature_law(Jackpot())


def test_the_engine_and_games_never_import_the_analysis() -> None:
    root = Path(__file__).resolve().parents[2] / "slotterm"
    offenders = []
    for path in [*(root / "engine").rglob("*.py"), *(root / "games").rglob("*.py")]:
        for node in ast.walk(ast.parse(path.read_text())):
            names = []
            if isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            elif isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            offenders += [f"{path.name}: {n}" for n in names if n.startswith("slotterm.analysis")]
    assert offenders == []
