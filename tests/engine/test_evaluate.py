"""Window evaluation by the core rules, the expansion beside it, and the fast stop tables."""

from __future__ import annotations

import random

import pytest

from slotterm.engine.actions import Bet, Limits
from slotterm.engine.evaluate import evaluate, window_at, window_from_rows
from slotterm.engine.feature import FeatureContext
from slotterm.engine.features import free_spins, free_spins_records
from slotterm.engine.features.expanding_symbol import (
    Expansion,
    expand,
    min_reels,
    reels_showing,
)
from slotterm.engine.features.free_spins_records import FreeSpinsRecord, PlayFreeSpin
from slotterm.engine.line_reading import read_line
from slotterm.engine.outcome import NO_WIN, GridError, LineReading, LineWin, ScatterWin
from slotterm.engine.records import SpinResult
from slotterm.engine.strip_table import evaluate_stops
from slotterm.rng import ReplaySource
from tests.engine.support import BOS, FREE_SPINS

GAME = BOS
CANDIDATES = FREE_SPINS.modifier.candidates  # type: ignore[union-attr]
DESIGN_ROWS = [r.split(",") for r in ("A,K,Q,J,TEN", "BOOK,BOOK,BOOK,A,A", "HAT,HAT,HAT,HAT,HAT")]
DESIGN_WINDOW = window_from_rows(DESIGN_ROWS)


def test_the_design_example_window() -> None:
    # nine lines at 10 cents (total bet 90), worked by hand:
    #   line 1  BOOK BOOK BOOK A A      A x5 (150) beats WITCH x3 (100)   1,500
    #   line 3  HAT x5                  750                               7,500
    #   line 5  HAT BOOK Q ...          HAT x2 (5)                           50
    #   line 6  BOOK HAT HAT HAT A      HAT x4 (100)                      1,000
    #   line 8  HAT HAT BOOK J TEN      HAT x3 (30)                         300
    #   lines 2, 4, 7, 9 pay nothing; three BOOKs scatter 2 x 90 =          180
    evaluation = evaluate(GAME, DESIGN_WINDOW, 9, 10)
    assert evaluation.line_wins == (
        LineWin(line=1, symbol="A", count=5, multiplier=150, win=1_500),
        LineWin(line=3, symbol="HAT", count=5, multiplier=750, win=7_500),
        LineWin(line=5, symbol="HAT", count=2, multiplier=5, win=50),
        LineWin(line=6, symbol="HAT", count=4, multiplier=100, win=1_000),
        LineWin(line=8, symbol="HAT", count=3, multiplier=30, win=300),
    )
    assert evaluation.scatter_win == ScatterWin(count=3, multiplier=2, win=180)
    assert evaluation.scatter_count == 3
    assert evaluation.total_win == 10_530
    assert FREE_SPINS.awarded_by(evaluation.scatter_count, retrigger=False) == 10
    assert expand(GAME, DESIGN_WINDOW, "HAT", 9, 10) is not None  # HAT shows on all five


def test_the_design_example_as_a_free_spin_with_special_a() -> None:
    # A shows on reels 1, 4 and 5: A x3 (5 x 10 = 50) on each of nine lines = 450, and
    # the retrigger award of 10; the regular wins (10,530) stand: 10,980 in all
    expansion = expand(GAME, DESIGN_WINDOW, "A", 9, 10)
    assert expansion == Expansion(
        symbol="A",
        reels=(0, 3, 4),
        wins=tuple(
            LineWin(line=n, symbol="A", count=3, multiplier=5, win=50) for n in range(1, 10)
        ),
        total=450,
    )
    evaluation = evaluate(GAME, DESIGN_WINDOW, 9, 10)
    assert evaluation.total_win + expansion.total == 10_980
    assert FREE_SPINS.awarded_by(evaluation.scatter_count, retrigger=True) == 10
    # the feature's modifier adds exactly that to a free spin showing the window
    modifier = FREE_SPINS.modifier
    assert modifier is not None
    ctx = FeatureContext(game=GAME, bet=Bet(10, 9), limits=Limits(), room=10**9)
    spin = SpinResult(stops=(0,) * 5, window=DESIGN_WINDOW, evaluation=evaluation)
    assert modifier.modify(ctx, "A", spin) == (expansion, 450)


def test_lines_and_bet() -> None:
    # one line at 5 cents: A x5 = 150 x 5 = 750, scatter 2 x 5 = 10
    evaluation = evaluate(GAME, DESIGN_WINDOW, 1, 5)
    assert evaluation.total_win == 760
    assert evaluation.scatter_win == ScatterWin(count=3, multiplier=2, win=10)


def test_a_window_that_pays_nothing() -> None:
    rows = [r.split(",") for r in ("A,J,POTION,K,TEN", "K,TEN,CAULDRON,Q,A", "Q,HAT,A,J,K")]
    window = window_from_rows(rows)
    assert evaluate(GAME, window, 9, 10) == NO_WIN
    # as a free spin: A shows on reels 1, 3 and 5, K on 1, 4 and 5 (three reels: 5 x 10
    # on each of nine lines = 450); Q, J and TEN on two reels, HAT, POTION, CAULDRON on
    # one: nothing; WITCH not at all
    assert reels_showing(window, "A") == (0, 2, 4)
    assert reels_showing(window, "K") == (0, 3, 4)
    assert reels_showing(window, "WITCH") == ()
    for special, reels in (("A", (0, 2, 4)), ("K", (0, 3, 4))):
        assert expand(GAME, window, special, 9, 10) == Expansion(
            symbol=special,
            reels=reels,
            wins=tuple(
                LineWin(line=n, symbol=special, count=3, multiplier=5, win=50) for n in range(1, 10)
            ),
            total=450,
        )
    assert all(expand(GAME, window, s, 9, 10) is None for s in CANDIDATES if s not in ("A", "K"))


def test_expansion_thresholds_per_symbol() -> None:
    assert {s: min_reels(GAME, s) for s in CANDIDATES} == {
        "WITCH": 2, "CAULDRON": 2, "POTION": 2, "HAT": 2,
        "A": 3, "K": 3, "Q": 3, "J": 3, "TEN": 3,
    }  # fmt: skip
    assert min_reels(GAME, "BOOK") is None


# --- the evaluator itself ----------------------------------------------------------------


def test_read_line_readings() -> None:
    assert read_line(GAME, ["BOOK"] * 5) == LineReading("BOOK", 5, 5000)
    assert read_line(GAME, ["BOOK", "BOOK", "A", "A", "A"]) == LineReading("A", 5, 150)
    assert read_line(GAME, ["BOOK", "BOOK", "A", "K", "Q"]) == LineReading("BOOK", 2, 10)
    assert read_line(GAME, ["K", "BOOK", "K", "BOOK", "Q"]) == LineReading("K", 4, 40)
    assert read_line(GAME, ["A", "A", "K", "K", "K"]) is None


def test_evaluate_refuses_bad_line_counts() -> None:
    for lines in (0, 10):
        with pytest.raises(GridError):
            evaluate(GAME, DESIGN_WINDOW, lines, 10)


@pytest.mark.parametrize("reels", ["base", free_spins.REEL_SET])
def test_the_stop_tables_agree_with_evaluating_the_window(reels: str) -> None:
    """The fast path the state machine uses gives exactly what ``evaluate`` gives.

    On the free-spin strips the spin is played through the feature itself, so its
    expansion is checked against :func:`expand` of the same window as well.
    """
    strips = GAME.reel_sets[reels]
    chooser = random.Random(reels)
    seen_win = seen_nothing = seen_expansion = 0
    for _ in range(20_000):
        stops = tuple(chooser.randrange(len(s)) for s in strips)
        lines = chooser.randint(1, 9)
        bet = chooser.choice([1, 2, 10, 200])
        window, fast = evaluate_stops(GAME, strips, stops, lines, bet)
        assert window == window_at(strips, stops, GAME.rows)
        slow = evaluate(GAME, window, lines, bet)
        assert fast == slow
        seen_win += fast.total_win > 0
        seen_nothing += fast == NO_WIN
        if reels == free_spins.REEL_SET:
            special = chooser.choice(CANDIDATES)
            expansion = expand(GAME, window, special, lines, bet)
            played = free_spin(stops, special, Bet(bet, lines))
            assert played.result == SpinResult(stops, window, slow)
            assert played.extra == expansion
            assert played.win == slow.total_win + (expansion.total if expansion else 0)
            seen_expansion += expansion is not None
    assert seen_win > 1_000 and seen_nothing > 1_000
    assert reels == "base" or seen_expansion > 1_000


def free_spin(stops: tuple[int, ...], special: str, bet: Bet) -> free_spins_records.FreeSpin:
    """The first free spin of a started feature on ``special``, drawn at ``stops``."""
    ctx = FeatureContext(game=GAME, bet=bet, limits=Limits(None, None), room=10**12)
    record = FreeSpinsRecord(
        awarded=10, started=True, modifier=special, spins=(), win=0, ended_by=None
    )
    source = ReplaySource(stops)
    step = FREE_SPINS.step(ctx, record, PlayFreeSpin(), source)
    assert source.remaining == 0
    return step.record.spins[0]  # type: ignore[no-any-return]
