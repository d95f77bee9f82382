"""Every rule row of DESIGN.md §2 (Lucky Witch), each with a hand-worked window and amount.

Windows are evaluated by the engine's own :func:`~slotterm.engine.evaluate.evaluate` on
the registered definition; round-level rules run through :func:`~slotterm.engine.round.apply`
on Lucky Witch's rules with test strips (stop ``3k`` shows window ``k``, see
:mod:`tests.engine.lucky_support`) and a scripted source.  Every amount is worked out by
hand in the test, in coins and in credits (cents), at a stated bet: coins per line × coin
size (cents) × lines.  The tables typed here are DESIGN.md §2's, not the code's.

Rows that are not engine rules (autoplay, options, statistics, the RTP and the design
figures) are the session's, the interface's and the analysis' tests.
"""

from __future__ import annotations

import dataclasses
import json
import math
from collections.abc import Mapping

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from slotterm.engine.actions import ActionRefused, Bet, FeatureAction, Limits, Spin, StartGamble
from slotterm.engine.definition_error import DefinitionError
from slotterm.engine.events import Collected, ReelsStopped, RoundClosed, WinOffered
from slotterm.engine.feature import FeatureContext, Triggered
from slotterm.engine.features.free_spins import FreeSpins
from slotterm.engine.features.free_spins_records import (
    FreeSpinsAwarded,
    FreeSpinsRecord,
    PlayFreeSpin,
    StartFeature,
)
from slotterm.engine.features.mystery_bonus import (
    BonusGameDrawn,
    MysteryBonus,
    MysteryBonusAwarded,
    OpenBonus,
)
from slotterm.engine.features.pick_game import ItemsRevealed, Pick, PickGameEnded
from slotterm.engine.features.pick_games.magic_potion import STOP, WIN_ALL, MagicPotion
from slotterm.engine.features.pick_games.pumpkin import Keep, PickAgain, Pumpkin
from slotterm.engine.features.pick_games.secret_vault import SecretVault
from slotterm.engine.features.pick_games.spell_book import SpellBook
from slotterm.engine.model import GameDefinition
from slotterm.engine.policy import next_action
from slotterm.engine.records import EndReason, FeatureFrame, GameState, Phase, SpinResult, evolve
from slotterm.engine.round import active_feature, feature_context, refusal
from slotterm.engine.strip_table import StripTable
from slotterm.engine.symbols import SymbolKind
from slotterm.rng import RecordingSource, SeededSource
from tests.engine.lucky_support import (
    BONUS,
    BONUS_AND_FREE,
    FILLER,
    LW,
    START,
    Scripted,
    Wager,
    at,
    idle,
    lucky_showing,
    on_line_1,
    pays,
    step,
    strips_showing,
    window,
    with_cells,
)

# DESIGN.md §2, typed from the table.
DESIGN_LINES = (
    "11111 00000 22222 01210 21012 00100 22122 12221 10001 01110 21112 10101 12121 01010 21212"
)
DESIGN_PAYS = {  # coins per coin bet per line, for 2/3/4/5
    "LUCKY": (5, 100, 1000, 10000),
    "WITCH": (2, 25, 150, 1000),
    "CAT": (2, 20, 100, 500),
    "OWL": (0, 15, 75, 300),
    "LIZARD": (0, 15, 75, 300),
    "PUMPKIN": (0, 10, 50, 200),
    "GOLEM": (0, 10, 40, 150),
    "CRYSTAL": (0, 5, 30, 125),
    "SCROLL": (0, 5, 25, 100),
}
DESIGN_SCATTER = {2: 1, 3: 5, 4: 20, 5: 100}  # × total coins bet
SUBSTITUTED = ("WITCH", "CAT", "OWL", "LIZARD")
NOT_SUBSTITUTED = ("PUMPKIN", "GOLEM", "CRYSTAL", "SCROLL")

ONE_COIN = Wager(coins=1, coin_size=5, lines=1)  # 1 coin per line × 0.05 × 1 line


def lines_of_design() -> list[tuple[int, ...]]:
    return [tuple(int(c) for c in line) for line in DESIGN_LINES.split()]


def line_1_win(line: str, wager: Wager = ONE_COIN) -> tuple[int, bool | None]:
    """What line 1 showing ``line`` pays (cents) and whether it was doubled (None: no win)."""
    evaluation = pays(on_line_1(line), wager)
    assert evaluation.scatter_win is None
    if not evaluation.line_wins:
        assert evaluation.total_win == 0
        return 0, None
    (win,) = evaluation.line_wins
    assert win.line == 1 and evaluation.total_win == win.win
    return win.win, win.doubled


# --- window, lines, the 15 lines ------------------------------------------------------------


def test_window_is_five_reels_of_three_rows_with_fifteen_lines() -> None:
    assert (LW.reels, LW.rows, len(LW.lines)) == (5, 3, 15)
    assert [LW.lines_refusal(n) for n in range(1, 16)] == [None] * 15
    for wrong in (0, 16, -1):
        assert LW.lines_refusal(wrong) is not None


def test_the_fifteen_lines_are_designs() -> None:
    assert list(LW.lines) == lines_of_design()


@pytest.mark.parametrize("k", range(1, 16))
def test_line_k_pays_where_designs_table_puts_it_and_only_the_first_n_lines_are_active(
    k: int,
) -> None:
    """CAT on the cells of line ``k`` only: line j reads CAT for as long as it runs with k.

    Wager 1 coin × 0.02 × N lines: line j pays CAT's pay for its common start with line k
    (2: 2, 3: 20, 4: 100, 5: 500 coins), if j <= N.
    """
    design = lines_of_design()
    target = design[k - 1]
    grid = [list(r) for r in FILLER]
    for reel, row in enumerate(target):
        grid[row][reel] = "CAT"
    cat = {2: 2, 3: 20, 4: 100, 5: 500}

    def common(a: tuple[int, ...], b: tuple[int, ...]) -> int:
        n = 0
        while n < 5 and a[n] == b[n]:
            n += 1
        return n

    for n_lines in range(1, 16):
        wager = Wager(coins=1, coin_size=2, lines=n_lines)
        evaluation = pays(grid, wager)
        expected = {
            j: cat[common(line, target)]
            for j, line in enumerate(design[:n_lines], 1)
            if common(line, target) >= 2
        }
        got = {w.line: w.win for w in evaluation.line_wins}
        assert got == {j: wager.credits(c) for j, c in expected.items()}, n_lines
        assert all(w.symbol == "CAT" and not w.doubled for w in evaluation.line_wins)
        assert (k in got) is (k <= n_lines)
        if k in got:
            assert got[k] == 1000  # 500 coins × 0.02


# --- the bet --------------------------------------------------------------------------------


def test_bet_is_1_to_20_coins_per_line_of_designs_coin_sizes() -> None:
    assert LW.coins is not None
    assert LW.coins.coins_per_line == (1, 20)
    assert LW.coins.coin_sizes == (1, 2, 5, 10, 20, 25, 50, 100)
    for size in LW.coins.coin_sizes:
        for coins in range(1, 21):
            assert LW.bet_refusal(coins * size, size) is None, (coins, size)


def test_total_coins_are_coins_per_line_times_lines_at_most_300() -> None:
    # 3 coins × 0.05 × 15 lines: 45 coins, 2.25 in credits
    bet = Wager(coins=3, coin_size=5, lines=15).bet
    assert (bet.coins, bet.total_coins, bet.bet_per_line, bet.total) == (3, 45, 15, 225)
    # the most: 20 coins × 15 lines = 300 coins; Bet Max at the top coin size 1.00 is 300.00
    assert LW.highest_bet_per_line() == 20 * 100
    top = Bet(LW.highest_bet_per_line(), len(LW.lines), 100)
    assert (top.total_coins, top.total) == (300, 30_000)


@pytest.mark.parametrize(
    ("bet_per_line", "coin_size", "why"),
    [
        (0, 5, "positive"),  # 0 coins
        (21 * 5, 5, "1..20"),  # 21 coins of 0.05
        (21, 1, "1..20"),  # 21 coins of 0.01
        (7, 5, "whole number of coins"),  # 0.07 a line is not whole 0.05 coins
        (10, None, "coin size"),  # a bet in this game needs a coin size
        (10, 0, "coin size"),
    ],
)
def test_bets_outside_the_rules_are_refused(
    bet_per_line: int, coin_size: int | None, why: str
) -> None:
    reason = LW.bet_refusal(bet_per_line, coin_size)
    assert reason is not None and why in reason
    spin = Spin(Bet(bet_per_line, 15, coin_size))
    assert refusal(LW, idle(), spin) == reason
    with pytest.raises(ActionRefused):
        step(LW, idle(), spin, Scripted([0] * 5))


def test_the_default_bet_is_the_lowest() -> None:
    assert LW.default_bet() == Bet(1, 15, 1)  # 1 coin × 0.01 × 15 lines


# --- symbols and line pays ------------------------------------------------------------------


def test_symbols_and_their_kinds() -> None:
    kinds = {s.id: s.kind for s in LW.symbols}
    assert kinds == {
        "LUCKY": SymbolKind.WILD,
        **{s: SymbolKind.REGULAR for s in (*SUBSTITUTED, *NOT_SUBSTITUTED)},
        "POTION": SymbolKind.SCATTER,
        "CAULDRON": SymbolKind.BONUS,
    }


def test_the_paytable_is_designs() -> None:
    table = {s: tuple(LW.line_pay(s, n) for n in (2, 3, 4, 5)) for s in LW.paytable}
    assert table == DESIGN_PAYS
    assert LW.line_pay("POTION", 5) == LW.line_pay("CAULDRON", 5) == 0
    assert dict(LW.scatter_pays) == DESIGN_SCATTER


@pytest.mark.parametrize(
    ("symbol", "count"),
    [(s, n) for s in DESIGN_PAYS if s != "LUCKY" for n in (2, 3, 4, 5)],
)
def test_each_line_pay_in_coins_and_credits(symbol: str, count: int) -> None:
    """``count`` of ``symbol`` from reel 1 on line 1, then a symbol that breaks the run.

    Wager 2 coins × 0.10 × 1 line: coins = pay × 2, credits = coins × 10 cents.
    """
    breaker = "GOLEM" if symbol == "SCROLL" else "SCROLL"
    line = " ".join([symbol] * count + [breaker] * (5 - count))
    wager = Wager(coins=2, coin_size=10, lines=1)
    coins = DESIGN_PAYS[symbol][count - 2] * 2
    win, doubled = line_1_win(line, wager)
    assert win == wager.credits(coins)
    assert doubled is (None if coins == 0 else False)


def test_wins_run_left_to_right_from_reel_1() -> None:
    assert line_1_win("SCROLL CAT CAT CAT CAT") == (0, None)
    assert line_1_win("CAT CAT SCROLL CAT CAT") == (2 * 5, False)  # CAT×2 = 2 coins


# --- the wild -------------------------------------------------------------------------------


def test_lucky_lucky_lucky_cat_cat_pays_cat_five_doubled() -> None:
    # CAT×5 = 500, doubled = 1000 coins (LUCKY×3 alone would be 100): 1 coin × 0.05
    evaluation = pays(on_line_1("LUCKY LUCKY LUCKY CAT CAT"), ONE_COIN)
    (win,) = evaluation.line_wins
    assert (win.symbol, win.count, win.doubled) == ("CAT", 5, True)
    assert win.multiplier == 1000
    assert win.win == ONE_COIN.credits(1000) == 5000


def test_lucky_lucky_pumpkin_pays_lucky_two_only() -> None:
    # LUCKY never stands in for PUMPKIN: LUCKY×2 = 5 coins
    evaluation = pays(on_line_1("LUCKY LUCKY PUMPKIN PUMPKIN PUMPKIN"), ONE_COIN)
    (win,) = evaluation.line_wins
    assert (win.symbol, win.count, win.doubled, win.win) == ("LUCKY", 2, False, 25)


def test_five_lucky_pay_10000_coins_not_doubled() -> None:
    # at 3 coins × 0.01: 30000 coins = 300.00
    wager = Wager(coins=3, coin_size=1, lines=1)
    evaluation = pays(on_line_1("LUCKY LUCKY LUCKY LUCKY LUCKY"), wager)
    (win,) = evaluation.line_wins
    assert (win.symbol, win.count, win.doubled) == ("LUCKY", 5, False)
    assert win.win == wager.credits(30_000) == 30_000


@pytest.mark.parametrize("symbol", SUBSTITUTED)
def test_lucky_substitutes_for_witch_cat_owl_and_lizard_and_doubles(symbol: str) -> None:
    pay5 = DESIGN_PAYS[symbol][3]
    assert line_1_win(f"{symbol} LUCKY {symbol} {symbol} {symbol}") == (5 * 2 * pay5, True)
    assert line_1_win(f"{symbol} {symbol} {symbol} {symbol} {symbol}") == (5 * pay5, False)


@pytest.mark.parametrize("symbol", NOT_SUBSTITUTED)
def test_lucky_never_substitutes_for_the_low_symbols(symbol: str) -> None:
    # with a substitution it would be symbol×5; without, the run stops at the LUCKY
    assert line_1_win(f"{symbol} LUCKY {symbol} {symbol} {symbol}") == (0, None)
    # leading LUCKYs pay their own LUCKY×2 = 5 coins, never symbol×5 doubled
    assert line_1_win(f"LUCKY LUCKY {symbol} {symbol} {symbol}") == (5 * 5, False)


@pytest.mark.parametrize("symbol", ["POTION", "CAULDRON"])
def test_lucky_never_substitutes_for_the_scatter_or_the_bonus_symbol(symbol: str) -> None:
    # the line pays LUCKY×2 (5 coins) and nothing for the symbol
    evaluation = pays(
        (FILLER[0], tuple(f"LUCKY LUCKY {symbol} CRYSTAL GOLEM".split()), FILLER[2]), ONE_COIN
    )
    assert [(w.symbol, w.count, w.win) for w in evaluation.line_wins] == [("LUCKY", 2, 25)]
    scatters = 1 if symbol == "POTION" else 0
    assert evaluation.scatter_count == scatters and evaluation.scatter_win is None


def test_doubling_applies_once_however_many_wilds() -> None:
    # WITCH×5 = 1000; with 1, 2, 3 or 4 LUCKY standing in it is 2000 coins, never more
    for line in (
        "WITCH LUCKY WITCH WITCH WITCH",
        "WITCH LUCKY WITCH LUCKY WITCH",
        "WITCH LUCKY LUCKY LUCKY WITCH",
        "WITCH LUCKY LUCKY LUCKY LUCKY",
        "LUCKY LUCKY LUCKY LUCKY WITCH",  # LUCKY×4 = 1000 is lower
    ):
        assert line_1_win(line) == (5 * 2000, True), line


def test_a_lucky_that_completes_nothing_doubles_nothing() -> None:
    # CAT×3 = 20 coins; the LUCKY after the run's end is not part of it
    assert line_1_win("CAT CAT CAT SCROLL LUCKY") == (5 * 20, False)
    assert line_1_win("CAT CAT LUCKY SCROLL LUCKY") == (5 * 40, True)  # CAT×3 doubled


@pytest.mark.parametrize(
    ("line", "coins", "symbol", "doubled"),
    [
        ("LUCKY LUCKY LUCKY LUCKY OWL", 1000, "LUCKY", False),  # LUCKY×4 1000 > OWL×5×2 600
        ("LUCKY LUCKY LUCKY OWL OWL", 600, "OWL", True),  # OWL×5×2 600 > LUCKY×3 100
        ("LUCKY LUCKY LUCKY OWL SCROLL", 150, "OWL", True),  # OWL×4×2 150 > LUCKY×3 100
        ("LUCKY LUCKY LUCKY LIZARD CRYSTAL", 150, "LIZARD", True),
        ("LUCKY LUCKY LUCKY SCROLL SCROLL", 100, "LUCKY", False),  # SCROLL not substituted
        ("LUCKY LUCKY CAT SCROLL GOLEM", 40, "CAT", True),  # CAT×3×2 40 > LUCKY×2 5
        ("LUCKY LUCKY OWL SCROLL GOLEM", 30, "OWL", True),  # OWL×3×2 30 > LUCKY×2 5
        ("LUCKY CAT SCROLL GOLEM CRYSTAL", 4, "CAT", True),  # CAT×2×2; LUCKY×1 pays nothing
        ("LUCKY OWL SCROLL GOLEM CRYSTAL", 0, None, None),  # OWL×2 pays nothing
        ("LUCKY LUCKY LUCKY LUCKY SCROLL", 1000, "LUCKY", False),
        ("LUCKY LUCKY LUCKY WITCH SCROLL", 300, "WITCH", True),  # WITCH×4×2 300 > 100
    ],
)
def test_one_win_per_line_the_highest_reading(
    line: str, coins: int, symbol: str | None, doubled: bool | None
) -> None:
    evaluation = pays(on_line_1(line), ONE_COIN)
    assert evaluation.total_win == ONE_COIN.credits(coins)
    assert [(w.symbol, w.doubled) for w in evaluation.line_wins] == (
        [(symbol, doubled)] if coins else []
    )


def test_lucky_stands_in_stacks_on_the_strips() -> None:
    """Every run of LUCKY on every strip (read round the strip) is at least 2 long."""
    for label, strips in LW.reel_sets.items():
        for r, strip in enumerate(strips, 1):
            n = len(strip)
            starts = [i for i in range(n) if strip[i] == "LUCKY" and strip[i - 1] != "LUCKY"]
            for i in starts:
                length = 0
                while strip[(i + length) % n] == "LUCKY":
                    length += 1
                assert length >= 2, (label, r, i)


def test_lucky_five_on_a_line_is_reachable_on_the_base_strips() -> None:
    # a stop of each base reel puts LUCKY in the middle row (line 1)
    for r, strip in enumerate(LW.base_reels, 1):
        assert any(strip[(s + 1) % len(strip)] == "LUCKY" for s in range(len(strip))), r


# --- the scatter ----------------------------------------------------------------------------

SCATTER_CELLS = ("r0c0", "r2c1", "r1c2", "r0c3", "r2c4")  # one POTION per reel, off line 1


@pytest.mark.parametrize("count", [1, 2, 3, 4, 5])
def test_potions_pay_times_total_coins_anywhere(count: int) -> None:
    # 3 coins × 0.05 × 15 lines = 45 coins; the filler pays no line
    wager = Wager(coins=3, coin_size=5, lines=15)
    grid = with_cells(FILLER, **dict.fromkeys(SCATTER_CELLS[:count], "POTION"))
    evaluation = pays(grid, wager)
    expected_coins = {1: 0, 2: 45, 3: 225, 4: 900, 5: 4500}[count]
    assert evaluation.line_wins == ()
    assert evaluation.scatter_count == count
    assert evaluation.total_win == wager.credits(expected_coins)
    if count >= 2:
        assert evaluation.scatter_win is not None
        assert evaluation.scatter_win.multiplier == DESIGN_SCATTER[count]


def test_scatter_wins_are_added_to_line_wins() -> None:
    # 2 coins × 0.10 × 1 line: CAT×3 = 40 coins; 2 POTIONs = 1 × 2 total coins = 2 coins
    wager = Wager(coins=2, coin_size=10, lines=1)
    grid = with_cells(on_line_1("CAT CAT CAT SCROLL GOLEM"), r0c3="POTION", r2c4="POTION")
    evaluation = pays(grid, wager)
    assert [w.win for w in evaluation.line_wins] == [wager.credits(40)]
    assert evaluation.total_win == wager.credits(40 + 2) == 420


def test_lucky_never_stands_in_for_potion() -> None:
    # 2 POTIONs and a reel full of LUCKY: still 2 scatters, 1 × total coins, no free spins
    wager = Wager(coins=1, coin_size=10, lines=15)
    grid = with_cells(FILLER, r0c2="LUCKY", r1c2="LUCKY", r2c2="LUCKY", r0c3="POTION")
    grid = with_cells(grid, r2c4="POTION")
    evaluation = pays(grid, wager)
    assert evaluation.scatter_count == 2
    assert evaluation.total_win == wager.credits(15)
    free = LW.feature("free_spins")
    result = SpinResult((0,) * 5, window(grid), evaluation)
    assert free.trigger(context(wager), result) is None


def context(wager: Wager, limits: Limits | None = None) -> FeatureContext:
    """The context a base spin's triggers see at ``wager``."""
    limits = Limits() if limits is None else limits
    bet = wager.bet
    return FeatureContext(game=LW, bet=bet, limits=limits, room=LW.max_win(bet.total, limits))


# --- free spins -----------------------------------------------------------------------------

TRIG = with_cells(FILLER, r0c2="POTION", r1c3="POTION", r2c4="POTION")
F_CAT = with_cells(FILLER, r1c0="CAT", r1c1="CAT", r1c2="CAT")  # CAT×3 on line 1
F_LINE_11 = with_cells(FILLER, r2c0="CAT", r1c1="CAT", r1c2="CAT", r1c3="CAT", r2c4="CAT")
FREE_WINDOWS = (FILLER, F_CAT, TRIG, F_LINE_11)  # stops 0, 3, 6, 9
FS_WAGER = Wager(coins=2, coin_size=5, lines=10)  # 20 total coins, 1.00 total bet


def test_three_potions_award_13_free_spins_at_the_bet_and_lines_on_the_free_strips() -> None:
    """Base: 3 POTIONs pay 5 × 20 = 100 coins (5.00).  Free spins at 2 coins × 0.05 × 10:

    spin 1 CAT×3 on line 1 = 20 × 2 = 40 coins; spin 2 three POTIONs = 100 coins and 13
    more; spin 3 CAT×5 on line 11 (inactive at 10 lines) and CAT×2 on line 5 = 2 × 2 = 4
    coins; spins 4..26 nothing.  Total 244 coins = 12.20, paid when the spins end.
    """
    game = lucky_showing([TRIG], FREE_WINDOWS)
    spin = Spin(FS_WAGER.bet)
    state, events = step(game, idle(), spin, Scripted(at(0)))
    assert state.phase is Phase.FEATURE and state.credits == START - 100
    assert isinstance(events[0], ReelsStopped) and events[0].win == FS_WAGER.credits(100)
    assert FreeSpinsAwarded(13, retrigger=False) in events
    state, _ = step(game, state, StartFeature(), Scripted([]))
    wins = []
    script = [at(1), at(2), at(3)] + [at(0)] * 23
    all_events = list(events)
    for n, stops in enumerate(script, 1):
        assert state.phase is Phase.FEATURE, n
        source = Scripted(stops)
        state, events = step(game, state, PlayFreeSpin(), source)
        assert source.bounds == [12] * 5  # the free strips (4 windows), not the base (1)
        all_events += events
        (stopped,) = [e for e in events if isinstance(e, ReelsStopped)]
        assert stopped.reel_set == "free" and stopped.number == n
        assert stopped.result.window == window(FREE_WINDOWS[stops[0] // 3])
        wins.append(stopped.win)
        if n == 2:
            assert FreeSpinsAwarded(13, retrigger=True) in events
            assert state.round is not None
            record = state.round.frame("free_spins")
            assert record is not None and isinstance(record.record, FreeSpinsRecord)
            assert record.record.awarded == 26
        if n < len(script):
            assert state.credits == START - 100  # nothing is paid before the end
    assert wins[:3] == [FS_WAGER.credits(40), FS_WAGER.credits(100), FS_WAGER.credits(4)]
    assert sum(wins[3:]) == 0
    assert state.phase is Phase.IDLE and state.round is None
    assert state.credits == START - 100 + FS_WAGER.credits(244) == START - 100 + 1220
    (closed,) = [e for e in all_events if isinstance(e, RoundClosed)]
    assert closed.round.paid == 1220 and closed.round.ended_by is None
    assert not any(isinstance(e, WinOffered) for e in all_events)


def test_the_round_cap_cuts_the_free_spins_and_ends_the_round() -> None:
    """Operator max win 10.00: base 5.00, spin 1 2.00, spin 2 pays 3.00 of its 5.00, ends."""
    game = lucky_showing([TRIG], FREE_WINDOWS)
    spin = Spin(FS_WAGER.bet, limits=Limits(max_win=1000))
    state, _ = step(game, idle(), spin, Scripted(at(0)))
    state, _ = step(game, state, StartFeature(), Scripted([]))
    state, _ = step(game, state, PlayFreeSpin(), Scripted(at(1)))
    assert state.phase is Phase.FEATURE
    state, events = step(game, state, PlayFreeSpin(), Scripted(at(2)))
    assert state.phase is Phase.IDLE and state.credits == START - 100 + 1000
    (closed,) = [e for e in events if isinstance(e, RoundClosed)]
    assert closed.round.ended_by is EndReason.CAP and closed.round.paid == 1000
    assert not any(isinstance(e, FreeSpinsAwarded) for e in events)  # no retrigger once cut
    assert not any(isinstance(e, WinOffered) for e in events)


# --- the round cap and no gamble --------------------------------------------------------------


def test_the_default_round_cap_is_250_000_00() -> None:
    for total in (1, 15, 225, 30_000):
        assert LW.max_win(total) == 25_000_000
    assert LW.max_win(30_000, Limits(max_win=123_45)) == 123_45


def test_a_window_of_lucky_at_the_top_bet_pays_the_cap() -> None:
    """20 coins × 1.00 × 15 lines: each line LUCKY×5 = 10000 × 20 = 200,000 coins; 15 lines

    3,000,000 coins = 3,000,000.00 -- cut to 250,000.00 and the round ends, paid.
    """
    all_lucky = (("LUCKY",) * 5,) * 3
    game = lucky_showing([all_lucky])
    wager = Wager(coins=20, coin_size=100, lines=15)
    assert pays(all_lucky, wager).total_win == wager.credits(3_000_000)
    state, events = step(game, idle(), Spin(wager.bet), Scripted(at(0)))
    assert state.phase is Phase.IDLE and state.credits == START - 30_000 + 25_000_000
    (closed,) = [e for e in events if isinstance(e, RoundClosed)]
    assert closed.round.ended_by is EndReason.CAP and closed.round.paid == 25_000_000


def test_a_base_win_over_the_operator_max_win_is_cut_and_starts_nothing() -> None:
    # TRIG pays 100 coins = 5.00 at FS_WAGER; max win 3.00: paid 3.00, no free spins
    game = lucky_showing([TRIG])
    state, events = step(
        game, idle(), Spin(FS_WAGER.bet, limits=Limits(max_win=300)), Scripted(at(0))
    )
    assert state.phase is Phase.IDLE and state.credits == START - 100 + 300
    assert not any(isinstance(e, FreeSpinsAwarded) for e in events)


def test_no_gamble_a_win_goes_to_credits_when_the_round_ends() -> None:
    # CAT×3 on line 1 at 2 coins × 0.05 × 10 lines: 40 coins = 2.00
    game = lucky_showing([F_CAT])
    assert LW.gamble is False
    state, events = step(game, idle(), Spin(FS_WAGER.bet), Scripted(at(0)))
    assert state.phase is Phase.IDLE and state.round is None
    assert state.credits == START - 100 + FS_WAGER.credits(40)
    assert not any(isinstance(e, WinOffered) for e in events)
    assert Collected(200) in events
    assert refusal(game, state, StartGamble()) is not None


# --- the definition refuses what the rules forbid ---------------------------------------------


@pytest.mark.parametrize("reel", [2, 4])
def test_cauldron_on_reel_2_or_4_is_refused_at_load(reel: int) -> None:
    strips = list(LW.base_reels)
    strips[reel - 1] = (*strips[reel - 1], "CAULDRON")
    with pytest.raises(DefinitionError, match=rf"CAULDRON.*reels 1, 3, 5.*base reel {reel}"):
        dataclasses.replace(LW, base_reels=tuple(strips))
    with pytest.raises(DefinitionError, match=rf"CAULDRON.*free reel {reel}"):
        lucky_showing([FILLER], [with_cells(FILLER, **{f"r1c{reel - 1}": "CAULDRON"})])


def test_a_wild_substituting_for_an_unknown_symbol_is_refused() -> None:
    with pytest.raises(DefinitionError, match=r"wild_substitutes.*unknown"):
        dataclasses.replace(LW, wild_substitutes=frozenset({"WITCH", "DRAGON"}))


def test_a_pick_table_paying_over_100_total_bets_is_refused() -> None:
    bonus = LW.feature("mystery_bonus")
    assert isinstance(bonus, MysteryBonus)
    too_rich = (
        Pumpkin(amounts={2: 30, 101: 1}),  # 101 total bets
        SecretVault(amounts=(3, 4, 150)),
        SpellBook(books={5: 1, 60: 1}, imp={50: 1}),  # 60 + 50 = 110
        MagicPotion(amounts={1: 1, 10: 1}),  # Stop after ten 10s: 100 + 1 = 101
    )
    for game in too_rich:
        games = tuple(game if type(g) is type(game) else g for g in bonus.games)
        rich = MysteryBonus(symbol="CAULDRON", reels=(1, 3, 5), games=games, cap_coins=30_000)
        with pytest.raises(DefinitionError, match=r"over the 100x"):
            lucky_showing([FILLER], bonus=rich)


# --- the bonus symbol -------------------------------------------------------------------------


def trigger_of(grid: tuple[tuple[str, ...], ...]) -> Triggered | None:
    """The Mystery bonus's trigger on a hand-built window (any symbol anywhere)."""
    wager = Wager(coins=1, coin_size=1, lines=15)
    result = SpinResult((0,) * 5, window(grid), pays(grid, wager))
    return LW.feature("mystery_bonus").trigger(context(wager), result)


def test_cauldron_on_reels_1_3_and_5_at_once_starts_the_bonus() -> None:
    assert trigger_of(BONUS) is not None
    other_rows = with_cells(FILLER, r2c0="CAULDRON", r0c2="CAULDRON", r0c4="CAULDRON")
    assert trigger_of(other_rows) is not None


@pytest.mark.parametrize(
    "cells",
    [
        {"r0c0": "CAULDRON", "r1c1": "CAULDRON", "r2c2": "CAULDRON"},  # reels 1, 2, 3
        {"r0c0": "CAULDRON", "r2c2": "CAULDRON"},  # reels 1 and 3
        {"r2c2": "CAULDRON", "r1c4": "CAULDRON"},  # reels 3 and 5
        {"r0c0": "CAULDRON", "r1c0": "CAULDRON", "r2c2": "CAULDRON", "r0c3": "CAULDRON"},
        {"r0c0": "CAULDRON", "r2c2": "CAULDRON", "r1c4": "LUCKY"},  # LUCKY is no CAULDRON
    ],
)
def test_cauldron_elsewhere_starts_nothing(cells: dict[str, str]) -> None:
    assert trigger_of(with_cells(FILLER, **cells)) is None


def test_cauldron_stands_only_on_reels_1_3_and_5_and_pays_nothing() -> None:
    for label, strips in LW.reel_sets.items():
        on = [r for r, strip in enumerate(strips, 1) if "CAULDRON" in strip]
        assert set(on) <= {1, 3, 5}, label
    assert [r for r, s in enumerate(LW.base_reels, 1) if "CAULDRON" in s] == [1, 3, 5]
    # five CAULDRONs on line 1 at 1 coin × 0.05: no line pay, no scatter pay
    assert pays(on_line_1("CAULDRON CAULDRON CAULDRON CAULDRON CAULDRON"), ONE_COIN).total_win == 0


# --- the Mystery bonus and its pick games -----------------------------------------------------

GAME_ORDER = ("magic_potion", "pumpkin", "spell_book", "secret_vault")  # DESIGN's order
BONUS_WAGER = Wager(coins=2, coin_size=5, lines=15)  # 30 total coins = 1.50 total bet


def test_the_bonus_and_pick_tables_are_designs() -> None:
    bonus = LW.feature("mystery_bonus")
    assert isinstance(bonus, MysteryBonus)
    assert (bonus.symbol, bonus.reels, bonus.cap_coins) == ("CAULDRON", (1, 3, 5), 30_000)
    potion, pumpkin, book, vault = bonus.games
    assert [g.name for g in bonus.games] == list(GAME_ORDER)
    assert isinstance(potion, MagicPotion)
    assert dict(potion.amounts) == {1: 30, 2: 25, 3: 20, 5: 15, 8: 10}
    assert (potion.amount_bottles, potion.bottles, potion.stop_bonus) == (10, 12, 1)
    assert isinstance(pumpkin, Pumpkin)
    assert dict(pumpkin.amounts) == {2: 30, 4: 30, 6: 20, 10: 12, 20: 6, 50: 2}
    assert (pumpkin.pumpkins, pumpkin.give_ups) == (5, 3)
    assert isinstance(book, SpellBook)
    assert dict(book.books) == {5: 30, 10: 30, 15: 20, 20: 12, 25: 8}
    assert dict(book.imp) == {5: 50, 10: 30, 25: 15, 50: 5}
    assert (book.imp_chance, book.book_count) == ((1, 4), 3)
    assert isinstance(vault, SecretVault)
    assert sorted(vault.amounts) == [3, 4, 5, 6, 8, 10, 12, 15, 20, 25, 40, 100]
    assert (vault.vaults, vault.chosen) == (12, 3)
    # no game pays more than 100 total bets: 300 coins × 100 is exactly the 30,000-coin cap
    assert [g.max_prize() for g in bonus.games] == [81, 50, 75, 100]


def spin_into_bonus(
    game: GameDefinition, wager: Wager, limits: Limits | None = None, grid: int = 0
) -> GameState:
    """Spin window ``grid`` of ``game`` (it starts the Mystery bonus)."""
    spin = Spin(wager.bet, limits=Limits() if limits is None else limits)
    state, _ = step(game, idle(), spin, Scripted(at(grid)))
    assert state.phase is Phase.FEATURE
    active = active_feature(game, state)
    assert active is not None and active[1].feature == "mystery_bonus"
    return state


@pytest.mark.parametrize("value", range(4))
def test_the_bonus_draws_each_of_four_games_with_equal_weight(value: int) -> None:
    """The game is ``randbelow(4)``: each value gives its own game."""
    game = lucky_showing([BONUS])
    state = spin_into_bonus(game, BONUS_WAGER)
    source = Scripted([value], then=SeededSource(value))
    state, events = step(game, state, OpenBonus(), source)
    assert source.bounds[0] == 4
    drawn = [e for e in events if isinstance(e, BonusGameDrawn)]
    assert [(e.game, e.forced) for e in drawn] == [(GAME_ORDER[value], False)]
    active = active_feature(game, state)
    assert active is not None and active[1].feature == GAME_ORDER[value]


def test_the_game_drawn_covers_all_four() -> None:
    game = lucky_showing([BONUS])
    state = spin_into_bonus(game, BONUS_WAGER)
    drawn = set()
    for value in range(4):
        new, _ = step(game, state, OpenBonus(), Scripted([value], then=SeededSource(0)))
        active = active_feature(game, new)
        assert active is not None
        drawn.add(active[1].feature)
    assert drawn == set(GAME_ORDER)


def in_pick_game(
    name: str, layout: Mapping[str, object], game: GameDefinition | None = None, **spin: object
) -> tuple[GameDefinition, GameState]:
    """A round inside pick game ``name`` whose record is ``layout`` (as a save gives it)."""
    game = lucky_showing([BONUS]) if game is None else game
    state = spin_into_bonus(game, BONUS_WAGER, **spin)  # type: ignore[arg-type]
    state, _ = step(
        game, state, OpenBonus(), Scripted([GAME_ORDER.index(name)], then=SeededSource(5))
    )
    assert state.round is not None
    feature = game.feature(name)
    record = feature.decode(feature_context(game, state.round), layout, "test")
    frames = (*state.round.frames[:-1], FeatureFrame(name, record, False))
    return game, state._replace(round=evolve(state.round, frames=frames))


def pick_all(
    game: GameDefinition, state: GameState, actions: list[FeatureAction]
) -> tuple[GameState, list[object]]:
    """Take ``actions`` in turn (none may draw); the state and every event."""
    events: list[object] = []
    for action in actions:
        source = Scripted([])
        state, new = step(game, state, action, source)
        assert source.bounds == []  # a pick never draws
        events += new
    return state, events


POTION_SHELF = [1, 2, 3, 5, 8, WIN_ALL, 1, 1, 2, 3, STOP, 5]  # the amounts add up to 31


def potion(opened: list[int]) -> dict[str, object]:
    return {"layout": POTION_SHELF, "opened": opened, "prize": 0, "ended_by": None}


@pytest.mark.parametrize(
    ("picks", "total_bets"),
    [
        ([0, 3, 4, 10], 1 + 5 + 8 + 8),  # Stop after three: 14 + 1 × 8 bottles left unopened
        ([10], 11),  # Stop first: 1 × the 11 bottles left
        ([1, 5], 31),  # Win All: every amount, opened or not
        ([5], 31),
        ([0, 1, 2, 3, 4, 6, 7, 8, 9, 11, 10], 31 + 1),  # Stop last: all ten, Win All unopened
    ],
)
def test_magic_potion_pays_by_its_rules(picks: list[int], total_bets: int) -> None:
    """1.50 total bet (30 coins): the prize is total bets × 30 coins × 0.05."""
    game, state = in_pick_game("magic_potion", potion([]))
    state, events = pick_all(game, state, [Pick(i) for i in picks])
    (ended,) = [e for e in events if isinstance(e, PickGameEnded)]
    coins = total_bets * BONUS_WAGER.total_coins
    assert (ended.multiple, ended.prize) == (total_bets, BONUS_WAGER.credits(coins))
    assert ended.layout == tuple(POTION_SHELF)
    assert state.phase is Phase.IDLE and state.credits == START - 150 + BONUS_WAGER.credits(coins)


def test_magic_potion_refuses_a_bottle_twice_and_any_after_the_end() -> None:
    game, state = in_pick_game("magic_potion", potion([0]))
    assert refusal(game, state, Pick(0)) is not None
    assert refusal(game, state, Pick(12)) is not None
    assert refusal(game, state, Pick(1)) is None


PUMPKINS = [2, 4, 6, 10, 50]


@pytest.mark.parametrize(
    ("actions", "total_bets"),
    [
        ([Pick(4), Keep()], 50),
        ([Pick(3), PickAgain(), Pick(0), Keep()], 2),  # the 10 given up is lost
        # three give-ups: the fourth opened is kept at once, the fifth never opened
        ([Pick(0), PickAgain(), Pick(1), PickAgain(), Pick(2), PickAgain(), Pick(3)], 10),
    ],
)
def test_pumpkin_keep_or_give_up_at_most_three_times(
    actions: list[FeatureAction], total_bets: int
) -> None:
    layout = {"layout": PUMPKINS, "opened": [], "given_up": 0, "kept": False}
    game, state = in_pick_game("pumpkin", {**layout, "prize": 0, "ended_by": None})
    state, events = pick_all(game, state, actions)
    (ended,) = [e for e in events if isinstance(e, PickGameEnded)]
    coins = total_bets * BONUS_WAGER.total_coins
    assert (ended.multiple, ended.prize) == (total_bets, BONUS_WAGER.credits(coins))
    assert state.phase is Phase.IDLE and state.credits == START - 150 + BONUS_WAGER.credits(coins)


def test_pumpkin_refusals() -> None:
    fresh = {"layout": PUMPKINS, "opened": [], "given_up": 0, "kept": False}
    game, state = in_pick_game("pumpkin", {**fresh, "prize": 0, "ended_by": None})
    assert refusal(game, state, Keep()) is not None  # nothing open
    assert refusal(game, state, PickAgain()) is not None
    state, _ = pick_all(game, state, [Pick(0)])
    assert refusal(game, state, Pick(1)) is not None  # keep or give up first
    state, _ = pick_all(game, state, [PickAgain()])
    assert refusal(game, state, Pick(0)) is not None  # a given-up pumpkin stays given up
    state, _ = pick_all(game, state, [Pick(1), PickAgain(), Pick(2), PickAgain()])
    # three give-ups used, none open: neither keep nor give up; the next opened is kept
    assert refusal(game, state, PickAgain()) is not None
    assert refusal(game, state, Keep()) is not None
    state, events = pick_all(game, state, [Pick(4)])
    assert [e.multiple for e in events if isinstance(e, PickGameEnded)] == [50]


@pytest.mark.parametrize(("imp", "total_bets"), [(50, 25 + 50), (None, 25)])
def test_spell_book_pays_book_plus_imp_and_shows_the_others(
    imp: int | None, total_bets: int
) -> None:
    books = [5, 15, 25]
    record = {"books": books, "imp": imp, "opened": None, "prize": 0, "ended_by": None}
    game, state = in_pick_game("spell_book", record)
    state, events = pick_all(game, state, [Pick(2)])
    (ended,) = [e for e in events if isinstance(e, PickGameEnded)]
    coins = total_bets * BONUS_WAGER.total_coins
    assert (ended.multiple, ended.prize) == (total_bets, BONUS_WAGER.credits(coins))
    assert ended.layout == tuple(books)  # the other books are shown afterwards
    assert state.credits == START - 150 + BONUS_WAGER.credits(coins)


def test_spell_book_imp_comes_with_probability_one_in_four() -> None:
    """The start draws 3 books, then ``randbelow(4)``: one value of four brings the imp."""
    book = LW.feature("spell_book")
    ctx = context(BONUS_WAGER)
    comes = []
    for chance in range(4):
        source = Scripted([0, 0, 0, chance], then=SeededSource(0))
        record = book.start(ctx, source).record
        assert source.bounds[3] == 4
        comes.append(record.imp is not None)
    assert comes.count(True) == 1


VAULTS = [3, 4, 5, 6, 8, 10, 12, 15, 20, 25, 40, 100]


def test_secret_vault_choose_three_the_others_show_open_one() -> None:
    record = {"layout": VAULTS, "chosen": [], "opened": None, "prize": 0, "ended_by": None}
    game, state = in_pick_game("secret_vault", record)
    state, events = pick_all(game, state, [Pick(11), Pick(0), Pick(5)])
    (revealed,) = [e for e in events if isinstance(e, ItemsRevealed)]
    assert revealed.items == tuple((i, a) for i, a in enumerate(VAULTS) if i not in (11, 0, 5))
    assert refusal(game, state, Pick(7)) is not None  # not one of the three
    state, events = pick_all(game, state, [Pick(5)])
    (ended,) = [e for e in events if isinstance(e, PickGameEnded)]
    # 10 total bets = 300 coins = 15.00
    assert (ended.multiple, ended.prize) == (10, BONUS_WAGER.credits(300)) == (10, 1500)
    assert state.credits == START - 150 + 1500


def test_the_bonus_cap_is_30_000_coins() -> None:
    """A vault of 100 at the top bet (300 coins) is exactly 30,000 coins = 30,000.00.

    With a bonus capped at 2,000 coins, the 100 at 30 coins (3,000 coins) pays 2,000
    coins = 100.00 and the round goes on as usual.
    """
    top = Wager(coins=20, coin_size=100, lines=15)
    vault = LW.feature("secret_vault")
    assert isinstance(vault, SecretVault)
    assert vault.capped(context(top), 100) == top.credits(30_000) == 3_000_000
    bonus = LW.feature("mystery_bonus")
    assert isinstance(bonus, MysteryBonus)
    low = MysteryBonus(symbol="CAULDRON", reels=(1, 3, 5), games=bonus.games, cap_coins=2_000)
    record = {"layout": VAULTS, "chosen": [11, 0, 5], "opened": None, "prize": 0}
    game, state = in_pick_game(
        "secret_vault", {**record, "ended_by": None}, lucky_showing([BONUS], bonus=low)
    )
    state, events = pick_all(game, state, [Pick(11)])
    (ended,) = [e for e in events if isinstance(e, PickGameEnded)]
    assert (ended.multiple, ended.prize, ended.reason) == (100, BONUS_WAGER.credits(2_000), None)
    assert state.credits == START - 150 + 10_000


def test_the_round_cap_cuts_a_bonus_prize_and_ends_the_round() -> None:
    """Max win 10.00: base 3 POTIONs 5 × 30 = 150 coins (7.50); the vault of 100 (150.00)
    pays the 2.50 left and the round ends: its 13 free spins are never played."""
    game = lucky_showing([BONUS_AND_FREE], [FILLER])
    record = {"layout": VAULTS, "chosen": [11, 0, 5], "opened": None, "prize": 0}
    game, state = in_pick_game(
        "secret_vault", {**record, "ended_by": None}, game, limits=Limits(max_win=1000)
    )
    state, events = pick_all(game, state, [Pick(11)])
    (ended,) = [e for e in events if isinstance(e, PickGameEnded)]
    assert (ended.prize, ended.reason) == (250, EndReason.CAP)
    (closed,) = [e for e in events if isinstance(e, RoundClosed)]
    assert (closed.round.paid, closed.round.ended_by) == (1000, EndReason.CAP)
    assert state.phase is Phase.IDLE and state.credits == START - 150 + 1000
    frame = closed.round.frame("free_spins")
    assert frame is not None and frame.done and not frame.record.spins


# --- order inside one spin ----------------------------------------------------------------------


def test_order_line_and_scatter_wins_then_the_bonus_then_the_free_spins() -> None:
    """Base: BONUS_AND_FREE (150 coins = 7.50) starts both; the bonus comes first.

    Free spin 1 shows CAULDRON on reels 1, 3, 5 (no win): its bonus is played before free
    spin 2.  Everything is paid when the round ends.
    """
    game = lucky_showing([BONUS_AND_FREE], [FILLER, BONUS])
    state, events = step(game, idle(), Spin(BONUS_WAGER.bet), Scripted(at(0)))
    assert isinstance(events[0], ReelsStopped) and events[0].win == BONUS_WAGER.credits(150)
    assert [type(e) for e in events[1:]] == [MysteryBonusAwarded, FreeSpinsAwarded]
    free_stops = [at(1)] + [at(0)] * 12
    rng = Scripted(
        [v for stops in free_stops for v in stops], then=SeededSource(3)
    )  # the free spins' stops in order; the bonus draws from the seeded source after them
    order: list[str] = []
    prizes = 0
    spins_before_bonus: list[int] = []
    for _ in range(500):
        active = active_feature(game, state)
        if active is None:
            break
        name = active[1].feature
        if not order or order[-1] != name:
            order.append(name)
        if name == "mystery_bonus" and state.round is not None:
            fs = state.round.frame("free_spins")
            spins_before_bonus.append(len(fs.record.spins) if fs is not None else -1)
        action = next_action(game, state, "best")
        assert action is not None
        source = rng if isinstance(action, PlayFreeSpin) else SeededSource(len(order))
        state, new = step(game, state, action, source)
        prizes += sum(e.prize for e in new if isinstance(e, PickGameEnded))
        if state.phase is not Phase.IDLE:
            assert state.credits == START - 150
    assert order[0] == "mystery_bonus" and order[1] in GAME_ORDER
    assert order[2] == "free_spins" and order[3] == "mystery_bonus" and order[4] in GAME_ORDER
    assert order[5:] == ["free_spins"]
    assert spins_before_bonus == [0, 1]  # the second bonus comes right after free spin 1
    assert state.phase is Phase.IDLE
    assert state.credits == START - 150 + BONUS_WAGER.credits(150) + prizes
    assert prizes >= 2 * BONUS_WAGER.credits(30)  # two prizes of at least one total bet each


# --- pick draws ---------------------------------------------------------------------------------


@pytest.mark.parametrize("name", GAME_ORDER)
def test_a_pick_game_draws_its_layout_at_the_start_and_picks_draw_nothing(name: str) -> None:
    game = lucky_showing([BONUS])
    state = spin_into_bonus(game, BONUS_WAGER)
    state, _ = step(game, state, OpenBonus(), Scripted([GAME_ORDER.index(name)], SeededSource(9)))
    assert state.round is not None
    opened = state.round.steps[-1]
    assert len(opened.draws) > 1  # the game, then its layout
    feature = game.feature(name)
    while state.round is not None:
        active = active_feature(game, state)
        assert active is not None and active[1].feature == name
        ctx = feature_context(game, state.round)
        saved = json.loads(json.dumps(feature.encode(active[1].record)))
        assert feature.decode(ctx, saved, "save") == active[1].record  # a restart resumes it
        action = next_action(game, state, "best")
        assert action is not None
        state, _ = step(game, state, action, Scripted([]))  # no draw allowed


# --- the pick games draw by DESIGN's weights, in a uniform order --------------------------------


def counts(amounts: list[int]) -> dict[int, int]:
    return {a: amounts.count(a) for a in sorted(set(amounts))}


def test_pumpkin_amounts_are_drawn_by_designs_weights() -> None:
    """One ``randbelow(100)`` per pumpkin (the weights add up to 100): tickets -> weights."""
    pumpkin = LW.feature("pumpkin")
    drawn = []
    for ticket in range(100):
        source = Scripted([ticket] * 5)
        layout = pumpkin.start(context(BONUS_WAGER), source).record.layout
        assert source.bounds == [100] * 5 and len(set(layout)) == 1
        drawn.append(layout[0])
    assert counts(drawn) == {2: 30, 4: 30, 6: 20, 10: 12, 20: 6, 50: 2}


def test_magic_potion_amounts_by_designs_weights_with_win_all_and_stop() -> None:
    potion_game = LW.feature("magic_potion")
    drawn = []
    win_all_at, stop_at = set(), set()
    for ticket in range(100):
        source = Scripted([ticket] * 10, then=SeededSource(ticket))
        layout = potion_game.start(context(BONUS_WAGER), source).record.layout
        assert source.bounds[:10] == [100] * 10
        shuffle = 1
        for bound in source.bounds[10:]:
            shuffle *= bound
        assert shuffle == math.factorial(12)  # 12! equally likely orders
        amounts = [c for c in layout if isinstance(c, int)]
        assert len(layout) == 12 and len(amounts) == 10 and len(set(amounts)) == 1
        assert layout.count(WIN_ALL) == layout.count(STOP) == 1
        drawn.append(amounts[0])
        win_all_at.add(layout.index(WIN_ALL))
        stop_at.add(layout.index(STOP))
    assert counts(drawn) == {1: 30, 2: 25, 3: 20, 5: 15, 8: 10}
    assert win_all_at == stop_at == set(range(12))


def test_spell_book_books_and_imp_by_designs_weights() -> None:
    book = LW.feature("spell_book")
    books, imps = [], []
    for ticket in range(100):
        source = Scripted([ticket] * 3 + [3])  # 3 of 4: no imp
        record = book.start(context(BONUS_WAGER), source).record
        assert source.bounds == [100, 100, 100, 4] and record.imp is None
        books.append(record.books[0])
        source = Scripted([0, 0, 0, 0, ticket])  # 0 of 4: the imp comes
        record = book.start(context(BONUS_WAGER), source).record
        assert source.bounds == [100, 100, 100, 4, 100]
        imps.append(record.imp)
    assert counts(books) == {5: 30, 10: 30, 15: 20, 20: 12, 25: 8}
    assert counts(imps) == {5: 50, 10: 30, 25: 15, 50: 5}


def test_secret_vault_puts_the_amounts_in_a_uniformly_random_order() -> None:
    """12! equally likely draw sequences, each a different order of the twelve amounts."""
    vault = LW.feature("secret_vault")
    seen: dict[tuple[int, ...], tuple[int, ...]] = {}
    for seed in range(300):
        source = Scripted([], then=SeededSource(seed))
        recorder = RecordingSource(source)
        layout = vault.start(context(BONUS_WAGER), recorder).record.layout
        assert sorted(layout) == VAULTS
        shuffle = 1
        for bound in source.bounds:
            shuffle *= bound
        assert shuffle == math.factorial(12)
        draws = tuple(recorder.draws)
        assert seen.setdefault(draws, layout) == layout
    assert len(set(seen.values())) == len(seen)


def test_a_forced_game_is_not_drawn() -> None:
    game = lucky_showing([BONUS])
    spin = Spin(BONUS_WAGER.bet, force="mystery_bonus:pumpkin")
    state, _ = step(game, idle(), spin, Scripted(at(0)))
    source = Scripted([], then=SeededSource(1))
    state, events = step(game, state, OpenBonus(), source)
    assert source.bounds == [100] * 5  # the pumpkins' amounts only: no randbelow(4)
    assert [(e.game, e.forced) for e in events if isinstance(e, BonusGameDrawn)] == [
        ("pumpkin", True)
    ]
    for label in ("potion", "pumpkin", "spell-book", "vault"):  # DESIGN §6's labels
        assert refusal(game, idle(), Spin(BONUS_WAGER.bet, force=f"mystery_bonus:{label}")) is None
    assert refusal(game, idle(), Spin(BONUS_WAGER.bet, force="mystery_bonus:dragon")) is not None


# --- an independent reading of the line and scatter rules ---------------------------------------


def reference_pay(grid: tuple[tuple[str, ...], ...], wager: Wager) -> int:
    """DESIGN §2's rules read afresh: what ``grid`` pays, in coins, at ``wager``."""
    total = 0
    for line in lines_of_design()[: wager.lines]:
        symbols = [grid[row][reel] for reel, row in enumerate(line)]
        lead = 0
        while lead < 5 and symbols[lead] == "LUCKY":
            lead += 1
        best = DESIGN_PAYS["LUCKY"][lead - 2] if lead >= 2 else 0
        if lead < 5:
            first = symbols[lead]
            if first in DESIGN_PAYS and (lead == 0 or first in SUBSTITUTED):
                stand_in = {first, "LUCKY"} if first in SUBSTITUTED else {first}
                count = lead
                while count < 5 and symbols[count] in stand_in:
                    count += 1
                wild = "LUCKY" in symbols[:count]
                pay = DESIGN_PAYS[first][count - 2] * (2 if wild else 1) if count >= 2 else 0
                best = max(best, pay)
        total += best * wager.coins
    potions = sum(row.count("POTION") for row in grid)
    total += DESIGN_SCATTER.get(min(potions, 5), 0) * wager.total_coins
    return total


SYMBOL_IDS = ["LUCKY", "LUCKY", *SUBSTITUTED, *NOT_SUBSTITUTED, "POTION", "CAULDRON"]


@settings(max_examples=300, deadline=None)
@given(
    grid=st.lists(
        st.lists(st.sampled_from(SYMBOL_IDS), min_size=5, max_size=5), min_size=3, max_size=3
    ),
    coins=st.integers(1, 20),
    coin_size=st.sampled_from([1, 5, 25]),
    lines=st.integers(1, 15),
)
def test_every_window_pays_as_the_rules_read_afresh(
    grid: list[list[str]], coins: int, coin_size: int, lines: int
) -> None:
    """The engine's window evaluation and its per-stop tables (what rounds play with)
    both pay what an independent reading of DESIGN §2 pays."""
    rows = tuple(tuple(r) for r in grid)
    wager = Wager(coins=coins, coin_size=coin_size, lines=lines)
    expected = wager.credits(reference_pay(rows, wager))
    assert pays(rows, wager).total_win == expected
    table = StripTable(LW, strips_showing([rows]))
    assert table.evaluate([0] * 5, lines, coins * coin_size)[1].total_win == expected


# --- Pumpkin: the one real choice, by policy ----------------------------------------------------
# E[X] = (2·30 + 4·30 + 6·20 + 10·12 + 20·6 + 50·2) / 100 = 6.4.  Best play keeps an amount
# >= V_k with k opens still possible: V_1 = 6.4, V_2 = E[max(X, 6.4)] = 8.52,
# V_3 = E[max(X, 8.52)] = 10.216.  Worst play keeps one <= W_k: W_1 = 6.4,
# W_2 = E[min(X, 6.4)] = 4.28, W_3 = E[min(X, 4.28)] = 3.512.


@pytest.mark.parametrize(
    ("policy", "seen", "kept"),
    [
        ("best", [20], 20),  # 20 >= 10.216
        ("best", [10, 10], 10),  # 10 < 10.216: on; 10 >= 8.52: keep
        ("best", [10, 6, 10], 10),  # 6 < 8.52: on; 10 >= 6.4: keep
        ("best", [10, 6, 2, 4], 4),  # 2 < 6.4: on; the fourth is kept
        ("keep-first", [2], 2),
        ("worst", [2], 2),  # 2 <= 3.512
        ("worst", [4, 4], 4),  # 4 > 3.512: on; 4 <= 4.28: keep
        ("worst", [10, 6, 2], 2),  # 6 > 4.28: on; 2 <= 6.4: keep
        ("worst", [4, 6, 50, 20], 20),  # 50 > 6.4: on; the fourth is kept
    ],
)
def test_pumpkin_policies_keep_by_the_optimal_stopping_values(
    policy: str, seen: list[int], kept: int
) -> None:
    layout = [*seen, *[2] * (5 - len(seen))]
    fresh = {"layout": layout, "opened": [], "given_up": 0, "kept": False}
    game, state = in_pick_game("pumpkin", {**fresh, "prize": 0, "ended_by": None})
    decisions = []
    for index in range(len(seen)):
        state, events = pick_all(game, state, [Pick(index)])
        if state.phase is Phase.IDLE:  # the fourth pumpkin is kept without a choice
            break
        action = next_action(game, state, policy)
        assert isinstance(action, Keep | PickAgain)
        decisions.append(type(action))
        state, events = pick_all(game, state, [action])
    assert decisions == [PickAgain] * (len(seen) - 1) + ([Keep] if len(seen) < 4 else [])
    (ended,) = [e for e in events if isinstance(e, PickGameEnded)]
    assert ended.multiple == kept
    assert state.credits == START - 150 + BONUS_WAGER.credits(kept * 30)


def test_a_magic_potion_whose_early_stop_pays_over_100_total_bets_is_refused() -> None:
    """Stop opened first pays the bonus for all 11 other bottles: 11 × 10 = 110 total bets.

    (Its largest prize is max over k amounts opened of k × top + (11 - k) × stop bonus,
    at k = 10 or at k = 0.)
    """
    bonus = LW.feature("mystery_bonus")
    assert isinstance(bonus, MysteryBonus)
    rich = MagicPotion(amounts={1: 1}, amount_bottles=10, stop_bonus=10)
    assert rich.multiple((*[1] * 10, WIN_ALL, STOP), (11,)) == 110
    games = (rich, *bonus.games[1:])
    mystery = MysteryBonus(symbol="CAULDRON", reels=(1, 3, 5), games=games, cap_coins=30_000)
    with pytest.raises(DefinitionError, match=r"110x.*over the 100x"):
        lucky_showing([FILLER], bonus=mystery)


@pytest.mark.parametrize("odd", [True, 1.0, "1"])
def test_secret_vault_refuses_a_pick_that_is_no_vault_number_when_opening(odd: object) -> None:
    """Vault 1 is among the three chosen; a bool, a float or a text is still no vault number
    (choosing refuses them; opening must too, or the record holds ``opened=True`` that the
    save reader refuses, or the step crashes indexing the layout with a float)."""
    record = {"layout": VAULTS, "chosen": [1, 0, 5], "opened": None, "prize": 0, "ended_by": None}
    game, state = in_pick_game("secret_vault", record)
    fresh = {**record, "chosen": []}
    game, choosing = in_pick_game("secret_vault", fresh, game)
    assert refusal(game, choosing, Pick(odd)) is not None  # type: ignore[arg-type]
    assert refusal(game, state, Pick(odd)) is not None  # type: ignore[arg-type]


@pytest.mark.parametrize("count", [3, 4, 5])
def test_three_or_more_potions_award_13_and_13_more_in_the_free_spins(count: int) -> None:
    grid = with_cells(FILLER, **dict.fromkeys(SCATTER_CELLS[:count], "POTION"))
    result = SpinResult((0,) * 5, window(grid), pays(grid, FS_WAGER))
    free = LW.feature("free_spins")
    assert isinstance(free, FreeSpins)
    triggered = free.trigger(context(FS_WAGER), result)
    assert triggered is not None and triggered.record.awarded == 13
    assert free.awarded_by(count, retrigger=True) == 13
    assert free.awarded_by(2, retrigger=True) == free.awarded_by(2, retrigger=False) == 0


def test_the_published_rtp_is_designs() -> None:
    assert LW.published_rtp == 0.9630  # the exact figure is the analysis' (par) to prove
