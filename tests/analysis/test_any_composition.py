"""``par`` is exact for any composition of today's features, against an independent count.

Small synthetic games, built here as definitions (no game file needed), each mixing the
rules differently: 3 to 6 reels, 1 to 4 rows, 1 to 4 lines; a wild that substitutes for
all or for a list, multiplies or not, has pays of its own; a wild-scatter; free spins with
and without retriggers, with a win multiplier and with the expanding symbol; the Mystery
bonus with a subset of its pick games or all four, alone or beside the free spins (one
spin may award both); a cap that binds.  Each is counted stop combination by stop
combination through the engine's evaluator and the features' definitions
(:mod:`tests.analysis.count_any_game`) and compared with ``compute_par`` to 1e-12.
"""

from __future__ import annotations

import math

import pytest

from slotterm.analysis.features.retrigger_series import scaled_series
from slotterm.analysis.par import compute_par
from slotterm.engine.features.expanding_symbol import ExpandingSymbol
from slotterm.engine.features.free_spins import FreeSpins
from slotterm.engine.features.mystery_bonus import MysteryBonus
from slotterm.engine.features.pick_games.magic_potion import MagicPotion
from slotterm.engine.features.pick_games.pumpkin import Pumpkin
from slotterm.engine.features.pick_games.secret_vault import SecretVault
from slotterm.engine.features.pick_games.spell_book import SpellBook
from slotterm.engine.model import GameDefinition
from slotterm.engine.symbols import Symbol, SymbolKind
from tests.analysis.count_any_game import CountedRound, count_round

TOLERANCE = 1e-12


def _strips(*texts: str) -> tuple[tuple[str, ...], ...]:
    return tuple(tuple(t.split()) for t in texts)


def _symbols(**kinds: SymbolKind) -> tuple[Symbol, ...]:
    return tuple(Symbol(s, kind, s.title()) for s, kind in kinds.items())


R, W, S, X, M = (
    SymbolKind.REGULAR,
    SymbolKind.WILD,
    SymbolKind.SCATTER,
    SymbolKind.WILD_SCATTER,
    SymbolKind.BONUS,
)

COMMON = {"bet_per_line_steps": (1, 2, 5), "published_rtp": 0.9}

# 3 reels of 1 row, 1 line: a wild for every symbol that doubles and pays on its own (a
# line of three wilds pays 50, over the 40 x total bet cap); free spins x3 with retriggers.
THREE_BY_ONE = GameDefinition(
    id="three-by-one",
    name="Three by one",
    reels=3,
    rows=1,
    symbols=_symbols(A=R, B=R, W=W, S=S),
    paytable={"A": {2: 2, 3: 10}, "B": {3: 5}, "W": {3: 50}},
    scatter_pays={2: 1, 3: 4},
    lines=((0, 0, 0),),
    base_reels=_strips("A B W S A", "A B S W", "B A W S A"),
    max_win_x_total_bet=40,
    wild_only_pays_as="W",
    wild_multiplier=2,
    features=(
        FreeSpins(
            trigger=2,
            award=3,
            retrigger=2,
            strips=_strips("A S B W", "B A S A", "W A B S"),
            win_multiplier=3,
        ),
    ),
    **COMMON,  # type: ignore[arg-type]
)

# 4 reels of 2 rows, 3 lines: a wild-scatter X standing in for A and B only, with pays of
# its own; free spins x2 without retriggers, the expanding symbol drawn from A and C.
FOUR_BY_TWO = GameDefinition(
    id="four-by-two",
    name="Four by two",
    reels=4,
    rows=2,
    symbols=_symbols(X=X, A=R, B=R, C=R),
    paytable={"A": {2: 1, 3: 5, 4: 20}, "B": {3: 4, 4: 10}, "C": {2: 1, 4: 8}, "X": {3: 10, 4: 40}},
    scatter_pays={2: 1, 3: 3, 4: 10},
    lines=((0, 0, 0, 0), (1, 1, 1, 1), (0, 1, 0, 1)),
    base_reels=_strips("A X B C", "C A B A", "B C X A", "A B C X"),
    max_win_x_total_bet=100,
    wild_only_pays_as="X",
    wild_substitutes=frozenset({"A", "B"}),
    features=(
        FreeSpins(
            trigger=3,
            award=2,
            retrigger=0,
            strips=_strips("A X C", "C A B", "X C A", "B C X"),
            modifier=ExpandingSymbol(("A", "C")),
            win_multiplier=2,
        ),
    ),
    **COMMON,  # type: ignore[arg-type]
)

# 5 reels of 3 rows, 3 lines: a wild for A and C that triples; the Mystery bonus (Secret
# Vault and Spell Book) on reels 1, 3 and 5 beside free spins x3 with retriggers -- one
# spin may award both, and the bonus plays inside the free spins too (not multiplied).
FIVE_BY_THREE = GameDefinition(
    id="five-by-three",
    name="Five by three",
    reels=5,
    rows=3,
    symbols=_symbols(W=W, S=S, M=M, A=R, B=R, C=R),
    paytable={"A": {3: 5, 4: 10, 5: 30}, "B": {3: 3, 5: 15}, "C": {2: 1, 3: 2}},
    scatter_pays={3: 2, 5: 20},
    lines=((1, 1, 1, 1, 1), (0, 0, 0, 0, 0), (2, 1, 0, 1, 2)),
    base_reels=_strips("A M B C S", "C A W B", "B M S A C", "A C B W", "M B A S C"),
    max_win_x_total_bet=200,
    wild_only_pays_as=None,
    wild_substitutes=frozenset({"A", "C"}),
    wild_multiplier=3,
    features=(
        MysteryBonus(
            symbol="M",
            reels=(1, 3, 5),
            games=(
                SecretVault(amounts=(1, 2, 5), chosen=2),
                SpellBook(books={1: 2, 3: 1}, imp={2: 1}, imp_chance=(1, 3)),
            ),
            cap_coins=1_000,
        ),
        FreeSpins(
            trigger=3,
            award=2,
            retrigger=2,
            strips=_strips("A S B M", "C W A B", "S B M C", "A C W B", "B M A S"),
            win_multiplier=3,
        ),
    ),
    **COMMON,  # type: ignore[arg-type]
)

# 6 reels of 4 rows, 4 lines, no scatter and no free spins: a wild for everything, and
# the Mystery bonus with all four pick games on reels 2 and 5.
SIX_BY_FOUR = GameDefinition(
    id="six-by-four",
    name="Six by four",
    reels=6,
    rows=4,
    symbols=_symbols(W=W, M=M, A=R, B=R),
    paytable={"A": {3: 2, 6: 50}, "B": {4: 5}},
    scatter_pays={},
    lines=((0,) * 6, (1,) * 6, (2,) * 6, (3,) * 6),
    base_reels=_strips(
        "A B A W B", "B M A A B", "A W B B A", "B A A W A", "A B M B A", "W A B A B"
    ),
    max_win_x_total_bet=500,
    wild_only_pays_as=None,
    features=(
        MysteryBonus(
            symbol="M",
            reels=(2, 5),
            games=(
                MagicPotion(amounts={1: 3, 2: 1}, amount_bottles=2, stop_bonus=1),
                Pumpkin(amounts={1: 2, 4: 1}, pumpkins=3, give_ups=2),
                SecretVault(amounts=(1, 3), chosen=1),
                SpellBook(books={2: 1}, imp={1: 1}, imp_chance=(1, 2)),
            ),
            cap_coins=1_000,
        ),
    ),
    **COMMON,  # type: ignore[arg-type]
)

GAMES = {g.id: g for g in (THREE_BY_ONE, FOUR_BY_TWO, FIVE_BY_THREE, SIX_BY_FOUR)}

FIGURES = ("rtp", "rtp_uncapped", "rtp_scatter", "hit_frequency", "cap_probability")

SPREADS = (("sd", "rtp"), ("sd_uncapped", "rtp_uncapped"))
"""Standard deviations and their means: compared as second moments, ``sd² + mean²`` (a
variance is a difference of two near numbers; the moments are what is exact to 1e-12)."""


def _close(got: float, want: float) -> bool:
    return got == pytest.approx(want, rel=TOLERANCE, abs=TOLERANCE)


def _compare(game: GameDefinition, counted: CountedRound, lines: int | None = None) -> None:
    sheet = compute_par(game, lines)
    for name in FIGURES:
        assert _close(getattr(sheet, name), getattr(counted, name)), name
    for sd, mean in SPREADS:
        got = getattr(sheet, sd) ** 2 + getattr(sheet, mean) ** 2
        assert _close(got, getattr(counted, sd) ** 2 + getattr(counted, mean) ** 2), sd
    split = sheet.rtp_base_lines + sheet.rtp_scatter + sheet.rtp_free_spins
    assert split + (sheet.rtp_bonus or 0.0) == pytest.approx(sheet.rtp, abs=TOLERANCE)
    if counted.feature_value is None:
        assert sheet.feature_frequency is None and sheet.rtp_free_spins == 0.0
    else:
        assert sheet.feature_frequency == pytest.approx(counted.feature_frequency, abs=TOLERANCE)
        assert sheet.feature_value == pytest.approx(counted.feature_value, rel=TOLERANCE)
        assert sheet.spins_per_feature == pytest.approx(counted.spins_per_feature, rel=TOLERANCE)
    if counted.rtp_bonus is None:
        assert sheet.rtp_bonus is None
    else:
        assert sheet.rtp_bonus == pytest.approx(counted.rtp_bonus, abs=TOLERANCE)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_par_is_exact_for_the_composition(name: str) -> None:
    game = GAMES[name]
    counted = count_round(game)
    assert 0 < counted.rtp < 100 and counted.sd > 0  # a game that pays, and varies
    _compare(game, counted)


def test_par_is_exact_at_fewer_lines() -> None:
    _compare(FOUR_BY_TWO, count_round(FOUR_BY_TWO, 2), 2)


def test_the_cases_exercise_what_they_claim() -> None:
    """The cap binds where it should, the features pay, a spin may award both features."""
    three = count_round(THREE_BY_ONE)
    assert three.cap_probability > 1e-4 and three.rtp < three.rtp_uncapped
    five = compute_par(FIVE_BY_THREE)
    assert five.free_spins_mystery_bonus > 0 and five.rtp_bonus > 0  # bonus in both
    # retriggers so frequent (r q = 0.84) that the series' weights pass 10^308
    q = five.retrigger_probability
    assert 2 * q > 0.8 and scaled_series(2, 2, q, 1e-13)[2] != 1.0
    four = compute_par(FOUR_BY_TWO)
    assert four.free_spins_expansion > 0 and four.retrigger_probability == 0
    assert [s.symbol for s in four.specials] == ["A", "C"]
    six = compute_par(SIX_BY_FOUR)
    assert {g.name for g in six.pick_games} == {
        "magic_potion",
        "pumpkin",
        "secret_vault",
        "spell_book",
    }
    assert six.cycle_base == 5**6 and math.isclose(six.rtp, six.rtp_uncapped, abs_tol=0.05)


def test_the_win_multiplier_scales_the_free_spins_share_exactly() -> None:
    """Free spins x3 are worth three times free spins x1 (lines, scatter, expansion) when
    no bonus is inside them and the cap never binds; the base game is unchanged."""
    plain = _with_multiplier(FOUR_BY_TWO, 1)
    tripled = _with_multiplier(FOUR_BY_TWO, 3)
    one, three = compute_par(plain), compute_par(tripled)
    assert one.cap_probability < 1e-15 and three.cap_probability < 1e-15
    assert three.feature_value == pytest.approx(3 * one.feature_value, rel=1e-13)
    for name in ("free_spins_lines", "free_spins_scatter", "free_spins_expansion"):
        assert getattr(three, name) == pytest.approx(3 * getattr(one, name), rel=1e-13)
    assert three.rtp_base_lines == one.rtp_base_lines and three.rtp_scatter == one.rtp_scatter
    assert three.free_spins_win_multiplier == 3 and "free_spins_win_multiplier" not in (
        one.to_json()
    )


def _with_multiplier(game: GameDefinition, times: int) -> GameDefinition:
    import dataclasses

    (free,) = game.features
    assert isinstance(free, FreeSpins)
    feature = FreeSpins(
        trigger=free.trigger_count,
        award=free.award,
        retrigger=free.retrigger,
        strips=free.strips,
        modifier=free.modifier,
        win_multiplier=times,
    )
    return dataclasses.replace(game, features=(feature,), max_win_x_total_bet=10_000)
