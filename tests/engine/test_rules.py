"""Every rule row of DESIGN.md §1, each with a hand-worked window and amount.

The rounds run through the real state machine (``apply``) on Book of Spells' own rules
(paytable, lines, scatter pays, wild, free spins, cap) with test reel strips built so
that stop ``3k`` on every reel shows window ``k`` (:mod:`tests.engine.support`); a
:class:`ReplaySource` with chosen draws forces each outcome.  Every expected amount is
worked out by hand, in cents, in the test itself (bet per line 10 cents unless said
otherwise).
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from slotterm.engine.actions import ActionRefused, Bet, Collect, Guess, Limits, Spin, StartGamble
from slotterm.engine.events import Collected, ReelsStopped, RoundClosed, Transition, WinOffered
from slotterm.engine.features.expanding_symbol import Expansion, expand
from slotterm.engine.features.free_spins_records import (
    FeatureEnded,
    FreeSpinsAwarded,
    PlayFreeSpin,
    StartFeature,
)
from slotterm.engine.gamble import CARD_COUNT, Color, card_color
from slotterm.engine.model import GameDefinition
from slotterm.engine.records import EndReason, GameState, Phase
from slotterm.engine.round import apply
from slotterm.engine.symbols import SymbolKind
from slotterm.rng import ReplaySource
from tests.engine.support import (
    BOS,
    BOTTOM,
    FILLER,
    MID,
    START,
    TOP,
    TRIGGER,
    WITCH3,
    at,
    fs,
    fs_phase,
    game_showing,
    idle,
    play,
)

SPECIAL_INDEX = {
    "WITCH": 0,
    "CAULDRON": 1,
    "POTION": 2,
    "HAT": 3,
    "A": 4,
    "K": 5,
    "Q": 6,
    "J": 7,
    "TEN": 8,
}


def base_spin(window: Sequence[str], lines: int = 1, bet: int = 10, **spin: object) -> Transition:
    """Spin the one window from an idle machine with ``START`` credits."""
    game = game_showing(window)
    return play(game, idle(), Spin(Bet(bet, lines), **spin), *at(0))  # type: ignore[arg-type]


def base_win(window: Sequence[str], lines: int = 1, bet: int = 10) -> int:
    """What the base spin of ``window`` wins, in cents."""
    event = base_spin(window, lines, bet).events[0]
    assert isinstance(event, ReelsStopped)
    return event.win


def row(symbols: Sequence[str]) -> str:
    return " ".join(symbols)


# --- window and symbols ---------------------------------------------------------------------


def test_window_is_five_reels_of_three_rows_read_down_the_strip_with_wrap() -> None:
    game = game_showing(FILLER, WITCH3)
    # stop 5 on every reel: the bottom row of window 1, then the top two rows of window 0
    result = play(game, idle(), Spin(Bet(10, 1)), 5, 5, 5, 5, 5).events[0]
    assert isinstance(result, ReelsStopped)
    assert result.result.window == (
        ("Q", "A", "K"),
        ("HAT", "J", "TEN"),
        ("A", "POTION", "CAULDRON"),
        ("J", "K", "Q"),
        ("K", "TEN", "A"),
    )


def test_symbols_and_their_roles() -> None:
    kinds = {s.id: s.kind for s in BOS.symbols}
    assert kinds == {
        "BOOK": SymbolKind.WILD_SCATTER,
        "WITCH": SymbolKind.REGULAR,
        "CAULDRON": SymbolKind.REGULAR,
        "POTION": SymbolKind.REGULAR,
        "HAT": SymbolKind.REGULAR,
        "A": SymbolKind.REGULAR,
        "K": SymbolKind.REGULAR,
        "Q": SymbolKind.REGULAR,
        "J": SymbolKind.REGULAR,
        "TEN": SymbolKind.REGULAR,
    }
    assert BOS.reels == 5 and BOS.rows == 3


# --- line pays ------------------------------------------------------------------------------

# (symbol, count, cents won on line 1 at 10 cents per line): pay × 10, from DESIGN §1.
LINE_PAYS = [
    ("WITCH", 2, 100), ("WITCH", 3, 1_000), ("WITCH", 4, 10_000), ("WITCH", 5, 50_000),
    ("CAULDRON", 2, 50), ("CAULDRON", 3, 400), ("CAULDRON", 4, 4_000), ("CAULDRON", 5, 20_000),
    ("POTION", 2, 50), ("POTION", 3, 300), ("POTION", 4, 1_000), ("POTION", 5, 7_500),
    ("HAT", 2, 50), ("HAT", 3, 300), ("HAT", 4, 1_000), ("HAT", 5, 7_500),
    ("A", 2, 0), ("A", 3, 50), ("A", 4, 400), ("A", 5, 1_500),
    ("K", 2, 0), ("K", 3, 50), ("K", 4, 400), ("K", 5, 1_500),
    ("Q", 2, 0), ("Q", 3, 50), ("Q", 4, 250), ("Q", 5, 1_000),
    ("J", 2, 0), ("J", 3, 50), ("J", 4, 250), ("J", 5, 1_000),
    ("TEN", 2, 0), ("TEN", 3, 50), ("TEN", 4, 250), ("TEN", 5, 1_000),
]  # fmt: skip


@pytest.mark.parametrize(("symbol", "count", "cents"), LINE_PAYS)
def test_line_pays_per_symbol_and_count(symbol: str, count: int, cents: int) -> None:
    breaker = "K" if symbol == "A" else "A"
    middle = [symbol] * count + [breaker] + MID.split()[count + 1 :]
    assert base_win((TOP, row(middle[:5]), BOTTOM)) == cents


def test_line_wins_start_on_reel_one_and_must_be_consecutive() -> None:
    assert base_win((TOP, "K A A A A", BOTTOM)) == 0  # four A from reel 2: nothing
    assert base_win((TOP, "A A K A A", BOTTOM)) == 0  # A A then a gap: two A pay nothing
    assert base_win((TOP, "WITCH WITCH K WITCH WITCH", BOTTOM)) == 100  # WITCH x2 only


def test_only_active_lines_pay() -> None:
    window = ("WITCH WITCH WITCH K TEN", MID, BOTTOM)  # WITCH x3 on line 2 (top row)
    assert base_win(window, lines=1) == 0
    assert base_win(window, lines=2) == 1_000


def test_only_the_highest_win_of_a_line_is_paid() -> None:
    # BOOK BOOK A A A: WITCH x2 (10) or A x5 (150): only 150 x 10 cents
    assert base_win((TOP, "BOOK BOOK A A A", BOTTOM)) == 1_500
    # BOOK BOOK A K Q: WITCH x2 (10) or A x3 (5): only 10 x 10 cents
    assert base_win((TOP, "BOOK BOOK A K Q", BOTTOM)) == 100


def test_wild_substitutes_for_every_paying_symbol() -> None:
    assert base_win((TOP, "WITCH BOOK WITCH K Q", BOTTOM)) == 1_000  # WITCH x3
    assert base_win((TOP, "A BOOK BOOK A K", BOTTOM)) == 400  # A x4
    assert base_win((TOP, "HAT BOOK K Q J", BOTTOM)) == 50  # HAT x2
    assert base_win((TOP, "TEN BOOK TEN BOOK TEN", BOTTOM)) == 1_000  # TEN x5


def test_a_line_of_books_only_pays_as_witch() -> None:
    assert base_win((TOP, "BOOK BOOK K Q J", BOTTOM)) == 100  # WITCH x2 beats K x3 (5)
    # Five BOOKs on line 1, nine lines at 10 cents (total bet 90):
    #   line 1  BOOK x5 as WITCH x5       5000 x 10 = 50,000
    #   line 4  A BOOK A BOOK TEN = A x4    40 x 10 =    400
    #   line 6  BOOK HAT A ... = HAT x2      5 x 10 =     50
    #   other lines pay nothing; five BOOKs scatter 200 x 90 = 18,000
    transition = base_spin((TOP, "BOOK BOOK BOOK BOOK BOOK", BOTTOM), lines=9)
    stopped = transition.events[0]
    assert isinstance(stopped, ReelsStopped)
    wins = {w.line: w.win for w in stopped.result.evaluation.line_wins}
    assert wins == {1: 50_000, 4: 400, 6: 50}
    assert stopped.win == 68_450


def test_books_leading_into_a_symbol_take_the_higher_reading() -> None:
    assert base_win((TOP, "BOOK BOOK WITCH K Q", BOTTOM)) == 1_000  # WITCH x3, not x2
    assert base_win((TOP, "BOOK A A A A", BOTTOM)) == 1_500  # A x5 beats nothing
    assert base_win((TOP, "BOOK BOOK K A Q", BOTTOM)) == 100  # WITCH x2 beats K x3


# --- scatter --------------------------------------------------------------------------------


def test_three_scatters_anywhere_pay_on_the_total_bet_and_award_ten_free_spins() -> None:
    transition = base_spin(TRIGGER, lines=1)
    assert transition.events[0] == ReelsStopped(transition.events[0].result, "base", 20)  # type: ignore[union-attr]
    assert FreeSpinsAwarded(10, retrigger=False) in transition.events
    assert transition.state.phase is Phase.FEATURE
    assert fs_phase(transition.state) == "awarded"
    record = fs(transition.state.round)
    assert record.awarded == 10 and not record.started and record.left == 10
    # nine lines (total bet 90): line 4 reads BOOK TEN BOOK Q = TEN x3 (5 x 10 = 50),
    # and the scatter pays 2 x 90 = 180
    assert base_win(TRIGGER, lines=9) == 230


@pytest.mark.parametrize(
    ("top", "bottom", "cents"),
    [
        ("BOOK J POTION K TEN", "Q HAT BOOK J K", 0),  # two BOOKs: nothing
        ("BOOK J POTION K BOOK", "Q BOOK BOOK J K", 200),  # four: 20 x 10
        ("BOOK J POTION BOOK BOOK", "Q BOOK BOOK J K", 2_000),  # five: 200 x 10
    ],
)
def test_scatter_pays_per_count(top: str, bottom: str, cents: int) -> None:
    transition = base_spin((top, MID, bottom), lines=1)
    assert transition.events[0].win == cents  # type: ignore[union-attr]
    awarded = [e for e in transition.events if isinstance(e, FreeSpinsAwarded)]
    assert awarded == ([] if cents == 0 else [FreeSpinsAwarded(10, retrigger=False)])


# --- lines ----------------------------------------------------------------------------------

LINE_ROWS = {
    1: (1, 1, 1, 1, 1),
    2: (0, 0, 0, 0, 0),
    3: (2, 2, 2, 2, 2),
    4: (0, 1, 2, 1, 0),
    5: (2, 1, 0, 1, 2),
    6: (1, 2, 2, 2, 1),
    7: (1, 0, 0, 0, 1),
    8: (2, 2, 1, 0, 0),
    9: (0, 0, 1, 2, 2),
}


def test_the_nine_lines_are_the_design_list_in_order() -> None:
    assert BOS.lines == tuple(LINE_ROWS[n] for n in range(1, 10))


def witch_line(number: int) -> tuple[str, str, str]:
    """The filler with WITCH on the five places of line ``number``."""
    rows = [r.split() for r in FILLER]
    for reel, r in enumerate(LINE_ROWS[number]):
        rows[r][reel] = "WITCH"
    return (row(rows[0]), row(rows[1]), row(rows[2]))


# WITCH x5 on line N pays 5000 x 10 = 50,000 when N is active.  Lines 8 and 9 share their
# first two places with lines 3 and 2, which then read WITCH x2 (10 x 10 = 100).
@pytest.mark.parametrize(
    ("number", "cents_with_n_lines", "cents_with_one_fewer"),
    [
        (1, 50_000, None),
        (2, 50_000, 0),
        (3, 50_000, 0),
        (4, 50_000, 0),
        (5, 50_000, 0),
        (6, 50_000, 0),
        (7, 50_000, 0),
        (8, 50_100, 100),
        (9, 50_100, 100),
    ],
)
def test_each_line_shape_and_lines_are_the_first_n(
    number: int, cents_with_n_lines: int, cents_with_one_fewer: int | None
) -> None:
    window = witch_line(number)
    assert base_win(window, lines=number) == cents_with_n_lines
    if cents_with_one_fewer is not None:
        assert base_win(window, lines=number - 1) == cents_with_one_fewer


# --- free spins -----------------------------------------------------------------------------


def start_feature(
    game: GameDefinition, special: str, *, lines: int = 1, limits: Limits | None = None
) -> GameState:
    """Spin window 0 (which must trigger) and open the Magic Book on ``special``."""
    spin = Spin(Bet(10, lines), limits=limits or Limits())
    state = play(game, idle(), spin, *at(0)).state
    assert state.phase is Phase.FEATURE and fs_phase(state) == "awarded"
    return play(game, state, StartFeature(), SPECIAL_INDEX[special]).state


def test_free_spins_same_bet_and_lines_retrigger_and_pay_at_the_end() -> None:
    # windows: 0 trigger, 1 WITCH x3 on lines 1 and 2, 2 filler, 3 TEN on reels 1, 2 and 5
    game = game_showing(TRIGGER, WITCH3, FILLER, ("TEN J POTION K TEN", MID, BOTTOM))
    state = start_feature(game, "TEN")  # one line at 10 cents; base spin won 20
    credits = START - 10
    assert state.credits == credits and state.round is not None
    assert fs(state.round).modifier == "TEN" and fs(state.round).left == 10

    # spin 1: WITCH x3 on line 1 only (line 2 is not active): 100 x 10 = 1,000
    t = play(game, state, PlayFreeSpin(), *at(1))
    assert t.events[0].win == 1_000  # type: ignore[union-attr]
    state = t.state
    # spin 2: three BOOKs again: 2 x 10 = 20 and 10 more spins
    t = play(game, state, PlayFreeSpin(), *at(0))
    assert t.events[0].win == 20  # type: ignore[union-attr]
    assert FreeSpinsAwarded(10, retrigger=True) in t.events
    state = t.state
    assert fs(state.round).awarded == 20
    for _ in range(17):  # spins 3..19 pay nothing
        state = play(game, state, PlayFreeSpin(), *at(2)).state
        assert state.credits == credits  # nothing is paid before the end
    # spin 20: TEN (still special) on three reels expands: 5 x 10 on the one line = 50
    t = play(game, state, PlayFreeSpin(), *at(3))
    assert t.events[0].win == 50  # type: ignore[union-attr]
    assert FeatureEnded(1_070, 20, None) in t.events
    assert WinOffered(1_090, True) in t.events  # 20 + 1,000 + 20 + 50
    state = t.state
    assert fs(state.round).modifier == "TEN"
    assert fs(state.round).left == 0 and len(fs(state.round).spins) == 20
    assert state.credits == credits
    state = play(game, state, Collect()).state
    assert state.credits == START - 10 + 1_090


def test_the_magic_book_draws_uniformly_from_the_nine_paying_symbols() -> None:
    game = game_showing(TRIGGER)
    state = play(game, idle(), Spin(Bet(10, 1)), *at(0)).state
    bounds: list[int] = []

    class Spy:
        def randbelow(self, n: int) -> int:
            bounds.append(n)
            return n - 1

    transition = apply(game, state, StartFeature(), Spy())
    assert bounds == [9]  # one draw, uniform over nine outcomes
    assert fs(transition.state.round).modifier == "TEN"
    chosen = [fs(play(game, state, StartFeature(), i).state.round).modifier for i in range(9)]
    assert chosen == ["WITCH", "CAULDRON", "POTION", "HAT", "A", "K", "Q", "J", "TEN"]
    with pytest.raises(ValueError, match="outside"):
        play(game, state, StartFeature(), 9)


# --- expansion ------------------------------------------------------------------------------


def neutral_filler(special: str) -> list[list[str]]:
    """A window (rows of symbols) without ``special`` or BOOK that pays on no line."""
    others = [s for s in ("A", "K", "Q", "J", "TEN", "HAT", "POTION", "CAULDRON", "WITCH")]
    others.remove(special)
    reels = [others[0:3], others[3:6], others[5:8], others[0:3], others[2:5]]
    return [[reels[reel][r] for reel in range(5)] for r in range(3)]


# special on the top row of the last k reels; nine lines at 10 cents:
# every line pays pay[special][k] x 10, so nine lines pay 9 x that
@pytest.mark.parametrize(
    ("special", "below", "at_threshold", "cents"),
    [
        ("WITCH", 1, 2, 9 * 10 * 10),
        ("CAULDRON", 1, 2, 9 * 5 * 10),
        ("POTION", 1, 2, 9 * 5 * 10),
        ("HAT", 1, 2, 9 * 5 * 10),
        ("A", 2, 3, 9 * 5 * 10),
        ("K", 2, 3, 9 * 5 * 10),
        ("Q", 2, 3, 9 * 5 * 10),
        ("J", 2, 3, 9 * 5 * 10),
        ("TEN", 2, 3, 9 * 5 * 10),
    ],
)
def test_expansion_thresholds(special: str, below: int, at_threshold: int, cents: int) -> None:
    windows = []
    for k in (below, at_threshold):
        rows = neutral_filler(special)
        for reel in range(5 - k, 5):
            rows[0][reel] = special
        windows.append(tuple(row(r) for r in rows))
    blank = tuple(row(r) for r in neutral_filler(special))
    game = game_showing(TRIGGER, *windows, blank)
    state = start_feature(game, special, lines=9)
    assert play(game, state, PlayFreeSpin(), *at(3)).events[0].win == 0  # type: ignore[union-attr]
    t = play(game, state, PlayFreeSpin(), *at(1))
    assert t.events[0].win == 0  # type: ignore[union-attr]
    assert t.events[0].extra is None  # type: ignore[union-attr]
    assert fs(t.state.round).spins[-1].extra is None
    t = play(game, state, PlayFreeSpin(), *at(2))
    stopped = t.events[0]
    assert isinstance(stopped, ReelsStopped)
    assert stopped.win == cents
    expansion = stopped.extra
    assert isinstance(expansion, Expansion) and expansion.symbol == special
    assert [w.line for w in expansion.wins] == list(range(1, 10))
    assert expansion.reels == tuple(range(5 - at_threshold, 5))
    assert expansion.total == cents and stopped.result.evaluation.total_win == 0
    assert fs(t.state.round).spins[-1].extra == expansion
    assert expand(game, stopped.result.window, special, 9, 10) == expansion


def test_expansion_pays_non_adjacent_reels_and_books_do_not_count() -> None:
    rows = neutral_filler("WITCH")
    rows[0][4] = "WITCH"  # WITCH on reel 5 ...
    rows[2][2] = "BOOK"  # ... and BOOKs on reels 3 and 4: still only one WITCH reel
    rows[1][3] = "BOOK"
    one = tuple(row(r) for r in rows)
    rows[2][0] = "WITCH"  # WITCH on reels 1 and 5, apart: k = 2
    two = tuple(row(r) for r in rows)
    game = game_showing(TRIGGER, one, two)
    state = start_feature(game, "WITCH", lines=9)
    below = play(game, state, PlayFreeSpin(), *at(1)).events[0]
    assert isinstance(below, ReelsStopped) and below.win == 0 and below.extra is None
    stopped = play(game, state, PlayFreeSpin(), *at(2)).events[0]
    assert isinstance(stopped, ReelsStopped)
    assert isinstance(stopped.extra, Expansion)
    assert stopped.extra.reels == (0, 4)
    assert stopped.win == 9 * 10 * 10  # WITCH x2 = 10 on each of nine lines


def test_regular_wins_stand_beside_the_expansion() -> None:
    window = (TOP, "WITCH WITCH WITCH Q A", BOTTOM)
    game = game_showing(TRIGGER, window)
    state = start_feature(game, "WITCH", lines=9)
    stopped = play(game, state, PlayFreeSpin(), *at(1)).events[0]
    assert isinstance(stopped, ReelsStopped)
    evaluation = stopped.result.evaluation
    # regular: line 1 WITCH x3 = 100 x 10 = 1,000; expansion on reels 1-3: 100 x 10 on
    # each of nine lines = 9,000
    assert [(w.line, w.win) for w in evaluation.line_wins] == [(1, 1_000)]
    expansion = stopped.extra
    assert isinstance(expansion, Expansion)
    assert sum(w.win for w in expansion.wins) == expansion.total == 9_000
    assert stopped.win == 10_000


# --- round cap and operator free-spin limit --------------------------------------------------


def test_the_round_cap_ends_the_feature_and_closes_the_gamble() -> None:
    rows = [r.split() for r in FILLER]
    rows[0] = ["WITCH"] * 5
    game = game_showing(TRIGGER, tuple(row(r) for r in rows))
    state = start_feature(game, "WITCH")  # one line at 10 cents: cap 5000 x 10 = 50,000
    t = play(game, state, PlayFreeSpin(), *at(1))
    # WITCH x5 expands: 5000 x 10 = 50,000, but the base spin already won 20
    assert t.events[0].win == 49_980  # type: ignore[union-attr]
    assert FeatureEnded(49_980, 1, EndReason.CAP) in t.events
    assert WinOffered(50_000, False) in t.events
    state = t.state
    with pytest.raises(ActionRefused):
        play(game, state, StartGamble())
    state = play(game, state, Collect()).state
    assert state.credits == START - 10 + 50_000


def test_the_round_cap_applies_to_the_base_spin_and_stops_the_award() -> None:
    # five BOOKs on line 1: 5000 x 10 + scatter 200 x 10 = 52,000, capped at 50,000
    t = base_spin((TOP, "BOOK BOOK BOOK BOOK BOOK", BOTTOM), lines=1)
    assert t.events[0].win == 50_000  # type: ignore[union-attr]
    assert not any(isinstance(e, FreeSpinsAwarded) for e in t.events)
    assert t.state.phase is Phase.WIN_OFFERED
    assert t.state.round is not None and t.state.round.ended_by is EndReason.CAP
    assert WinOffered(50_000, False) in t.events


def test_the_operator_free_spin_limit_is_paid_and_ends_the_feature() -> None:
    game = game_showing(TRIGGER, WITCH3)
    state = start_feature(game, "TEN", limits=Limits(free_spin_limit=1_500))
    state = play(game, state, PlayFreeSpin(), *at(1)).state  # 1,000: under the limit
    assert state.phase is Phase.FEATURE and fs_phase(state) == "playing"
    t = play(game, state, PlayFreeSpin(), *at(1))  # 2,000 > 1,500: the limit is paid
    assert t.events[0].win == 500  # type: ignore[union-attr]
    assert FeatureEnded(1_500, 2, EndReason.LIMIT) in t.events
    assert WinOffered(1_520, False) in t.events  # 20 base + 1,500; no gamble
    with pytest.raises(ActionRefused):
        play(game, t.state, StartGamble())


def test_reaching_the_free_spin_limit_exactly_does_not_end_the_feature() -> None:
    game = game_showing(TRIGGER, WITCH3)
    state = start_feature(game, "TEN", limits=Limits(free_spin_limit=2_000))
    state = play(game, state, PlayFreeSpin(), *at(1)).state
    state = play(game, state, PlayFreeSpin(), *at(1)).state  # exactly 2,000
    assert state.phase is Phase.FEATURE and fs_phase(state) == "playing"
    assert state.round is not None and state.round.feature_win == 2_000


# --- gamble ---------------------------------------------------------------------------------

RED_CARD = 13  # the two of diamonds
BLACK_CARD = 0  # the two of clubs


def won_1000(
    limits: Limits | None = None, autoplay: bool = False
) -> tuple[GameDefinition, GameState]:
    """A base spin winning WITCH x3 on line 1: 1,000 cents offered."""
    game = game_showing(WITCH3)
    spin = Spin(Bet(10, 1), autoplay=autoplay, limits=limits or Limits())
    t = play(game, idle(), spin, *at(0))
    assert t.state.phase is Phase.WIN_OFFERED
    return game, t.state


def test_the_deck_is_fair_and_colours_follow_the_suits() -> None:
    colours = [card_color(c) for c in range(CARD_COUNT)]
    assert CARD_COUNT == 52
    assert colours == [Color.BLACK] * 13 + [Color.RED] * 26 + [Color.BLACK] * 13


def test_a_right_guess_doubles_and_a_wrong_one_loses_everything() -> None:
    game, state = won_1000()
    state = play(game, state, StartGamble()).state
    state = play(game, state, Guess(Color.RED), RED_CARD).state
    assert state.round is not None and state.round.win == 2_000
    state = play(game, state, Guess(Color.BLACK), BLACK_CARD).state
    assert state.round is not None and state.round.win == 4_000
    t = play(game, state, Collect())
    assert Collected(4_000) in t.events
    assert t.state.credits == START - 10 + 4_000

    game, state = won_1000()
    state = play(game, state, StartGamble()).state
    t = play(game, state, Guess(Color.RED), BLACK_CARD)
    assert t.state.phase is Phase.IDLE
    assert t.state.credits == START - 10
    closed = [e for e in t.events if isinstance(e, RoundClosed)]
    assert len(closed) == 1 and closed[0].round.paid == 0


def test_the_gamble_needs_the_win_within_the_limit_and_ends_by_itself_above_it() -> None:
    game, state = won_1000(Limits(gamble_limit=999))
    with pytest.raises(ActionRefused):
        play(game, state, StartGamble())

    game, state = won_1000(Limits(gamble_limit=2_500))
    state = play(game, state, StartGamble()).state
    state = play(game, state, Guess(Color.RED), RED_CARD).state  # 2,000: still within
    assert state.phase is Phase.GAMBLE
    t = play(game, state, Guess(Color.RED), RED_CARD)  # 4,000 > 2,500: it ends
    assert WinOffered(4_000, False) in t.events
    assert t.state.phase is Phase.WIN_OFFERED
    with pytest.raises(ActionRefused):
        play(game, t.state, StartGamble())
    assert play(game, t.state, Collect()).state.credits == START - 10 + 4_000


def test_a_win_exactly_at_the_gamble_limit_may_be_gambled() -> None:
    game, state = won_1000(Limits(gamble_limit=1_000))
    assert play(game, state, StartGamble()).state.phase is Phase.GAMBLE


def test_no_gamble_in_autoplay() -> None:
    game = game_showing(WITCH3)
    t = play(game, idle(), Spin(Bet(10, 1), autoplay=True), *at(0))
    assert WinOffered(1_000, False) in t.events
    with pytest.raises(ActionRefused):
        play(game, t.state, StartGamble())


def test_the_gamble_is_offered_after_free_spins_that_ran_out() -> None:
    game = game_showing(TRIGGER, WITCH3, FILLER)
    state = start_feature(game, "TEN")
    for k in [1] + [2] * 9:  # 1,000 on the first spin, nothing on the other nine
        t = play(game, state, PlayFreeSpin(), *at(k))
        state = t.state
    assert WinOffered(1_020, True) in t.events
    assert play(game, state, StartGamble()).state.phase is Phase.GAMBLE


def test_the_last_five_cards_are_kept() -> None:
    game, state = won_1000(Limits(gamble_limit=10**9))
    state = play(game, state, StartGamble()).state
    for card in (13, 14, 15, 16, 17, 18):
        state = play(game, state, Guess(Color.RED), card).state
    assert state.recent_cards == (14, 15, 16, 17, 18)
    assert state.round is not None and state.round.win == 64_000  # 1,000 doubled 6 times


# --- bet, affordability, autoplay -----------------------------------------------------------


def test_total_bet_is_bet_per_line_times_lines_and_must_be_affordable() -> None:
    assert Bet(10, 9).total == 90
    game = game_showing(FILLER)
    state = play(game, idle(90), Spin(Bet(10, 9)), *at(0)).state  # exactly affordable
    assert state.credits == 0 and state.phase is Phase.IDLE
    with pytest.raises(ActionRefused, match="not enough credits"):
        apply(game, idle(89), Spin(Bet(10, 9)), ReplaySource(at(0)))


def test_bets_only_from_idle_and_the_offered_bet_steps() -> None:
    game, state = won_1000()
    with pytest.raises(ActionRefused):
        apply(game, state, Spin(Bet(10, 1)), ReplaySource(at(0)))
    assert BOS.bet_per_line_steps == (2, 5, 10, 20, 50, 100, 200)


def test_the_autoplay_flag_is_kept_on_the_round() -> None:
    game, state = won_1000(autoplay=True)
    assert state.round is not None and state.round.autoplay
    with pytest.raises(ActionRefused, match="cannot be gambled"):
        play(game, state, StartGamble())
