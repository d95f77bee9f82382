"""Lucky Witch's pick games: each exact law against a brute force written here, by hand."""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterator, Mapping, Sequence
from fractions import Fraction

import pytest

from slotterm.analysis.features.pick_game_laws import (
    Law,
    convolve,
    law_mean,
    law_variance,
    magic_potion_law,
    mystery_law,
    pumpkin_keeps,
    pumpkin_law,
    pumpkin_thresholds,
    secret_vault_law,
    spell_book_law,
    weighted,
)

# DESIGN §2
POTION = {1: 30, 2: 25, 3: 20, 5: 15, 8: 10}
PUMPKIN = {2: 30, 4: 30, 6: 20, 10: 12, 20: 6, 50: 2}
BOOKS = {5: 30, 10: 30, 15: 20, 20: 12, 25: 8}
IMP = {5: 50, 10: 30, 25: 15, 50: 5}
IMP_P = Fraction(1, 4)
VAULTS = (3, 4, 5, 6, 8, 10, 12, 15, 20, 25, 40, 100)


def _add(out: dict[int, Fraction], value: int, p: Fraction) -> None:
    out[value] = out.get(value, Fraction(0)) + p


def _clean(law: Mapping[int, Fraction]) -> Law:
    return {v: p for v, p in law.items() if p != 0}


def _tuples(weights: Mapping[int, int], n: int) -> Iterator[tuple[tuple[int, ...], Fraction]]:
    """Every i.i.d. n-tuple of values with its probability."""
    total = sum(weights.values())
    for values in itertools.product(sorted(weights), repeat=n):
        yield values, Fraction(math.prod(weights[v] for v in values), total**n)


def _moments(weights: Mapping[int, int]) -> tuple[Fraction, Fraction]:
    total = sum(weights.values())
    return (
        Fraction(sum(v * w for v, w in weights.items()), total),
        Fraction(sum(v * v * w for v, w in weights.items()), total),
    )


def _assert_is_law(law: Law) -> None:
    assert law
    assert all(type(v) is int and type(p) is Fraction and p > 0 for v, p in law.items())
    assert sum(law.values()) == 1


# -- the basics ------------------------------------------------------------------


def test_weighted_mean_variance_convolve_on_dice() -> None:
    die = weighted({v: 1 for v in range(1, 7)})
    assert die == {v: Fraction(1, 6) for v in range(1, 7)}
    assert law_mean(die) == Fraction(7, 2)
    assert law_variance(die) == Fraction(35, 12)  # (6^2 - 1) / 12
    two: dict[int, Fraction] = {}
    for a, b in itertools.product(range(1, 7), repeat=2):
        _add(two, a + b, Fraction(1, 36))
    assert convolve(die, die) == two
    assert law_variance(convolve(die, die)) == 2 * law_variance(die)
    assert weighted({3: 0, 4: 2, 7: 6}) == {4: Fraction(1, 4), 7: Fraction(3, 4)}


def test_bad_parameters_are_refused() -> None:
    with pytest.raises(ValueError):
        weighted({1: 0})
    with pytest.raises(ValueError):
        weighted({1: -1, 2: 3})
    with pytest.raises(TypeError):
        weighted({1: 1.5})  # type: ignore[dict-item]
    with pytest.raises(ValueError):
        pumpkin_law(PUMPKIN, 3, "clever")
    with pytest.raises(ValueError):
        pumpkin_law(PUMPKIN, 5)  # 5 pumpkins: at most 4 give-ups
    with pytest.raises(ValueError):
        pumpkin_thresholds(PUMPKIN, 3, "keep-first")
    with pytest.raises(ValueError):
        pumpkin_keeps(4, 2, "best", (Fraction(3),))
    with pytest.raises(ValueError):
        magic_potion_law(POTION, -1)
    with pytest.raises(ValueError):
        spell_book_law(BOOKS, Fraction(5, 4), IMP)
    with pytest.raises(ValueError):
        secret_vault_law(VAULTS, 13)
    with pytest.raises(ValueError):
        mystery_law([])


# -- Magic Potion ----------------------------------------------------------------


def _potion_brute(
    amounts: Mapping[int, int], n: int, bonus: int, order: Callable[[int], Sequence[int]]
) -> Law:
    """Every placement of Win All / Stop and every amount tuple, bottles opened in ``order``."""
    size = n + 2
    arrangements = [(w, s) for w in range(size) for s in range(size) if w != s]
    out: dict[int, Fraction] = {}
    for w, s in arrangements:
        for values, p in _tuples(amounts, n):
            slots: list[int | str] = list(values)
            for pos, mark in sorted(((w, "W"), (s, "S"))):
                slots.insert(pos, mark)
            opened = 0
            for count, pos in enumerate(order(size), start=1):
                bottle = slots[pos]
                if bottle == "W":
                    pay = sum(values)
                    break
                if bottle == "S":
                    pay = opened + bonus * (size - count)
                    break
                assert isinstance(bottle, int)
                opened += bottle
            else:  # pragma: no cover - a marked bottle is always met
                raise AssertionError("no marked bottle")
            _add(out, pay, p / len(arrangements))
    return _clean(out)


@pytest.mark.parametrize(("n", "bonus"), [(4, 1), (3, 3), (0, 2), (1, 0)])
def test_potion_equals_brute_force_on_small_instances(n: int, bonus: int) -> None:
    amounts = {1: 1, 2: 1, 5: 2}
    law = magic_potion_law(amounts, n, bonus)
    _assert_is_law(law)
    assert law == _potion_brute(amounts, n, bonus, lambda size: range(size))
    # the player's order does not matter: open from the right, or odd places first
    assert law == _potion_brute(amounts, n, bonus, lambda size: range(size - 1, -1, -1))
    assert law == _potion_brute(
        amounts, n, bonus, lambda size: [*range(1, size, 2), *range(0, size, 2)]
    )


def test_potion_full_size_moments_from_indicators() -> None:
    """Mean and variance by indicators, not by the law of k.

    Win All first (1/2): the pay is T = X_1 + ... + X_n, E[T] = n mu, E[T^2] = n s2 + (n mu)^2
    with s2 = Var X.  Stop first (1/2, independent of where the two marked bottles are):
    with I_i = [amount i comes before both marked bottles], P(I_i) = 1/3 (i first of the
    three items i, W, S), P(I_i I_j) = 2/4! = 1/6 (i, j the first two of four).  K = sum I_i
    amounts are opened and n + 1 - K bottles stay shut, so the pay is
    Z + b (n + 1) with Z = sum (X_i - b) I_i, E[Z] = n E[Y] / 3,
    E[Z^2] = n E[Y^2] / 3 + n (n - 1) E[Y]^2 / 6, Y = X - b.
    """
    n, b = 10, 1
    mu, m2 = _moments(POTION)
    s2 = m2 - mu**2
    ey, ey2 = mu - b, m2 - 2 * b * mu + b * b
    ez = n * ey / 3
    ez2 = n * ey2 / 3 + n * (n - 1) * ey**2 / 6
    c = b * (n + 1)
    stop_mean, stop_m2 = ez + c, ez2 + 2 * c * ez + c * c
    win_mean, win_m2 = n * mu, n * s2 + (n * mu) ** 2
    mean = (win_mean + stop_mean) / 2
    second = (win_m2 + stop_m2) / 2
    law = magic_potion_law(POTION)
    _assert_is_law(law)
    assert law_mean(law) == mean
    assert law_variance(law) == second - mean**2
    # by hand: E[X] = (30 + 50 + 60 + 75 + 80) / 100 = 2.95; Win All pays 29.5; Stop:
    # E[K] = 10 / 3, pay 11 + (2.95 - 1) * 10 / 3 = 17.5; so (29.5 + 17.5) / 2 = 23.5
    assert law_mean(law) == Fraction(47, 2)
    # the extremes: nothing before Stop pays 11 x 1; ten 8s then Win All or Stop: 80 / 81
    assert min(law) == 10 and max(law) == 81  # ten 1s under Win All is 10
    assert law == magic_potion_law(POTION, 10, 1)


# -- Pumpkin ---------------------------------------------------------------------

Decide = Callable[[int, int], bool]  # (pick index from 0, amount) -> keep


def _pumpkin_play(
    weights: Mapping[int, int], give_ups: int, decide: Decide, pumpkins: int = 5
) -> Law:
    """Every amount tuple of all pumpkins, played step by step."""
    out: dict[int, Fraction] = {}
    for values, p in _tuples(weights, pumpkins):
        pick = 0
        while pick < give_ups and not decide(pick, values[pick]):
            pick += 1
        _add(out, values[pick], p)
    return _clean(out)


def _pumpkin_random(weights: Mapping[int, int], give_ups: int) -> Law:
    out: dict[int, Fraction] = {}
    for values, p in _tuples(weights, 5):
        # keep at pick j (j < give_ups) with 1/2^(j+1); the last pick with 1/2^give_ups
        for j in range(give_ups + 1):
            q = Fraction(1, 2 ** (j + 1)) if j < give_ups else Fraction(1, 2**give_ups)
            _add(out, values[j], p * q)
    return _clean(out)


def _search_mean(
    plays: Sequence[tuple[tuple[int, ...], int]], scale: int, give_ups: int, decide: Decide
) -> Fraction:
    """The mean of a policy over ``plays`` (the amounts of the pumpkins that can be opened,
    the rest are never seen, with integer weights summing to ``scale``)."""
    total = 0
    for values, w in plays:
        pick = 0
        while pick < give_ups and not decide(pick, values[pick]):
            pick += 1
        total += w * values[pick]
    return Fraction(total, scale)


def test_pumpkin_hand_figures() -> None:
    # E[X] = (60 + 120 + 120 + 120 + 120 + 100) / 100 = 6.4; P(X <= 8.52) = 0.8 and the
    # amounts above 6.4 give 10*.12 + 20*.06 + 50*.02 = 3.4, so V2 = 6.4*.8 + 3.4 = 8.52,
    # V3 = 8.52*.8 + 3.4 = 10.216, best = V4 = 10.216*.92 + (20*.06 + 50*.02) = 11.59872.
    assert pumpkin_thresholds(PUMPKIN, 3, "best") == (
        Fraction(32, 5),
        Fraction(852, 100),
        Fraction(10216, 1000),
    )
    assert law_mean(pumpkin_law(PUMPKIN)) == Fraction(1159872, 100000)
    # worst: W2 = 2*.3 + 4*.3 + 6*.2 + 6.4*.2 = 4.28, W3 = .6 + 1.2 + 4.28*.4 = 3.512,
    # game = .6 + 3.512*.7 = 3.0584
    assert pumpkin_thresholds(PUMPKIN, 3, "worst") == (
        Fraction(32, 5),
        Fraction(428, 100),
        Fraction(3512, 1000),
    )
    assert law_mean(pumpkin_law(PUMPKIN, 3, "worst")) == Fraction(30584, 10000)
    # keep-first is one draw: E[X^2] = (120 + 480 + 720 + 1200 + 2400 + 5000) / 100 = 99.2
    first = pumpkin_law(PUMPKIN, 3, "keep-first")
    assert law_mean(first) == Fraction(32, 5)
    assert law_variance(first) == Fraction(992, 10) - Fraction(32, 5) ** 2


def test_pumpkin_keeps_rule_at_its_edges() -> None:
    best = pumpkin_thresholds(PUMPKIN, 3, "best")  # 6.4, 8.52, 10.216
    worst = pumpkin_thresholds(PUMPKIN, 3, "worst")  # 6.4, 4.28, 3.512
    # no pumpkin left to open: keep, whatever the amount and the policy
    assert pumpkin_keeps(2, 0, "best", best)
    assert pumpkin_keeps(50, 0, "worst", worst)
    assert pumpkin_keeps(2, 0, "best", ())
    assert pumpkin_keeps(2, 3, "keep-first", ())
    assert [pumpkin_keeps(a, 3, "best", best) for a in (10, 11, 20)] == [False, True, True]
    assert [pumpkin_keeps(a, 1, "best", best) for a in (6, 7)] == [False, True]
    assert [pumpkin_keeps(a, 3, "worst", worst) for a in (3, 4)] == [True, False]
    # a tie keeps: {1, 2, 3} uniform has V1 = 2, V2 = E[max(X, 2)] = 7/3
    tie = {1: 1, 2: 1, 3: 1}
    th = pumpkin_thresholds(tie, 2, "best")
    assert th == (Fraction(2), Fraction(7, 3))
    assert pumpkin_keeps(2, 1, "best", th)
    assert not pumpkin_keeps(2, 2, "best", th)
    assert pumpkin_keeps(2, 1, "worst", pumpkin_thresholds(tie, 1, "worst"))
    # by play: pick 1 keeps a 3 only (>= 7/3); pick 2 keeps a 2 or a 3 (>= 2); pick 3 keeps
    # anything.  P(3) = 1/3 + 2/3 * 1/3 + 2/3 * 1/3 * 1/3 = 17/27,
    # P(2) = 2/3 * 1/3 + 2/3 * 1/3 * 1/3 = 8/27, P(1) = 2/3 * 1/3 * 1/3 = 2/27;
    # mean 69/27 = 23/9 = V3 = E[max(X, 7/3)] = (2 * 7/3 + 3) / 3
    expect = {1: Fraction(2, 27), 2: Fraction(8, 27), 3: Fraction(17, 27)}
    assert law_mean(expect) == Fraction(23, 9)
    assert pumpkin_law(tie, 2, "best") == expect


@pytest.mark.parametrize("policy", ["best", "keep-first", "worst"])
def test_pumpkin_equals_step_by_step_play(policy: str) -> None:
    thresholds = pumpkin_thresholds(PUMPKIN, 3, policy) if policy != "keep-first" else ()

    def decide(pick: int, amount: int) -> bool:
        return pumpkin_keeps(amount, 3 - pick, policy, thresholds)

    law = pumpkin_law(PUMPKIN, 3, policy)
    _assert_is_law(law)
    assert law == _pumpkin_play(PUMPKIN, 3, decide)


def test_pumpkin_random_and_other_give_up_counts() -> None:
    law = pumpkin_law(PUMPKIN, 3, "random")
    _assert_is_law(law)
    assert law == _pumpkin_random(PUMPKIN, 3)
    # giving up at random is a fresh draw: the law of one pumpkin
    assert law == weighted(PUMPKIN)
    small = {1: 2, 3: 1, 9: 1}
    for give_ups in range(5):
        for policy in ("best", "worst"):
            th = pumpkin_thresholds(small, give_ups, policy)

            def decide(
                pick: int,
                amount: int,
                g: int = give_ups,
                p: str = policy,
                th: tuple[Fraction, ...] = th,
            ) -> bool:
                return pumpkin_keeps(amount, g - pick, p, th)

            assert pumpkin_law(small, give_ups, policy) == _pumpkin_play(small, give_ups, decide)
        assert pumpkin_law(small, give_ups, "random") == _pumpkin_random(small, give_ups)
    assert pumpkin_law(small, 0, "best") == weighted(small)


def test_pumpkin_best_and_worst_beat_every_fixed_and_threshold_policy() -> None:
    best = law_mean(pumpkin_law(PUMPKIN, 3, "best"))
    first = law_mean(pumpkin_law(PUMPKIN, 3, "keep-first"))
    rand = law_mean(pumpkin_law(PUMPKIN, 3, "random"))
    worst = law_mean(pumpkin_law(PUMPKIN, 3, "worst"))
    assert best > first >= rand > worst
    plays = [
        (values, math.prod(PUMPKIN[v] for v in values))
        for values in itertools.product(sorted(PUMPKIN), repeat=4)
    ]
    scale = sum(PUMPKIN.values()) ** 4
    assert _search_mean(plays, scale, 3, lambda pick, amount: True) == first
    # the 2^3 fixed plans: keep or give up at picks 1..3 whatever the amount
    for plan in itertools.product((True, False), repeat=3):
        mean = _search_mean(plays, scale, 3, lambda pick, amount, plan=plan: plan[pick])
        assert worst <= mean <= best
        assert mean == Fraction(32, 5)  # a plan blind to the amounts keeps one fresh draw
    # every threshold policy "keep iff amount >= t_pick" (t an amount, or inf: never keep)
    # and "keep iff amount <= t_pick" (t an amount, or -inf: never keep)
    highs = [*sorted(PUMPKIN), math.inf]
    lows = [-math.inf, *sorted(PUMPKIN)]
    found_best = {
        ts: _search_mean(plays, scale, 3, lambda pick, a, ts=ts: a >= ts[pick])
        for ts in itertools.product(highs, repeat=3)
    }
    found_worst = {
        ts: _search_mean(plays, scale, 3, lambda pick, a, ts=ts: a <= ts[pick])
        for ts in itertools.product(lows, repeat=3)
    }
    assert max(found_best.values()) == best
    assert min(found_worst.values()) == worst
    assert all(worst <= m <= best for m in [*found_best.values(), *found_worst.values()])
    # the optimum found by search: V3 = 10.216, V2 = 8.52, V1 = 6.4 (pumpkin_hand_figures),
    # so keep 20+ at pick 1, then 10+ at picks 2 and 3; the worst keeps 4- (W3 = 3.512),
    # then 4- (W2 = 4.28), then 6- (W1 = 6.4)
    assert [ts for ts, m in found_best.items() if m == best] == [(20, 10, 10)]
    assert [ts for ts, m in found_worst.items() if m == worst] == [(2, 4, 6)]


# -- Spell Book ------------------------------------------------------------------


def test_spell_book_equals_enumeration() -> None:
    law = spell_book_law(BOOKS, IMP_P, IMP)
    _assert_is_law(law)
    imp_total = sum(IMP.values())
    for opened in range(3):
        out: dict[int, Fraction] = {}
        for books, p in _tuples(BOOKS, 3):
            book = books[opened]
            _add(out, book, p * (1 - IMP_P))
            for extra, w in IMP.items():
                _add(out, book + extra, p * IMP_P * Fraction(w, imp_total))
        assert law == _clean(out)
    # by hand: E[book] = (150 + 300 + 300 + 240 + 200) / 100 = 11.9,
    # E[imp] = (250 + 300 + 375 + 250) / 100 = 11.75, mean = 11.9 + 11.75 / 4 = 14.8375
    assert law_mean(law) == Fraction(148375, 10000)
    assert spell_book_law(BOOKS, Fraction(0), IMP) == weighted(BOOKS)
    assert max(law) == 75


# -- Secret Vault ----------------------------------------------------------------


def test_secret_vault_equals_enumeration() -> None:
    law = secret_vault_law(VAULTS)
    _assert_is_law(law)
    # the vaults that land in the 3 chosen places: every ordered triple, equally likely
    triples = list(itertools.permutations(range(len(VAULTS)), 3))
    for opened in range(3):
        out: dict[int, Fraction] = {}
        for t in triples:
            _add(out, VAULTS[t[opened]], Fraction(1, len(triples)))
        assert law == _clean(out)
    assert law_mean(law) == Fraction(248, 12)  # 3+4+5+6+8+10+12+15+20+25+40+100 = 248
    # a small instance with a repeated amount: every order of the vaults
    small = (3, 3, 5, 7, 10)
    orders = list(itertools.permutations(small))
    for chosen in (1, 2, 5):
        for opened in range(chosen):
            out = {}
            for order in orders:
                _add(out, order[opened], Fraction(1, len(orders)))
            assert secret_vault_law(small, chosen) == _clean(out)


# -- Mystery ---------------------------------------------------------------------


def test_mystery_is_the_equal_mixture() -> None:
    games = [
        magic_potion_law(POTION),
        pumpkin_law(PUMPKIN),
        spell_book_law(BOOKS, IMP_P, IMP),
        secret_vault_law(VAULTS),
    ]
    law = mystery_law(games)
    _assert_is_law(law)
    out: dict[int, Fraction] = {}
    for game in games:
        for v, p in game.items():
            _add(out, v, p / 4)
    assert law == _clean(out)
    mean = sum(law_mean(g) for g in games) / 4
    second = sum(law_variance(g) + law_mean(g) ** 2 for g in games) / 4
    assert law_mean(law) == mean
    assert law_variance(law) == second - mean**2
    assert max(law) <= 100  # DESIGN: no game pays more than 100 x total bet
