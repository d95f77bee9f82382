"""The four pick games of Lucky Witch's Mystery bonus, rule by rule (DESIGN.md §2).

Layouts are set by hand (or drawn from chosen draws) so every prize below is worked out
from the rule text, not read off the code: a prize is a whole multiple of the total bet,
cut to the bonus cap (30,000 coins) and to the room left under the round cap.
"""

from __future__ import annotations

import dataclasses
import itertools
from fractions import Fraction

import pytest

from slotterm.engine.actions import Bet, FeatureAction
from slotterm.engine.features.mystery_bonus import MysteryBonus
from slotterm.engine.features.pick_game import (
    ItemChosen,
    ItemGivenUp,
    ItemOpened,
    ItemsRevealed,
    Pick,
    PickGameEnded,
)
from slotterm.engine.features.pick_games.magic_potion import STOP, WIN_ALL
from slotterm.engine.features.pick_games.pumpkin import (
    Keep,
    PickAgain,
    PumpkinRecord,
    keep_thresholds,
)
from slotterm.engine.features.pick_games.secret_vault import VaultRecord
from slotterm.engine.features.pick_games.spell_book import ImpAppeared, SpellBookRecord
from slotterm.engine.features.pick_layouts import draw_weighted, shuffled
from slotterm.engine.records import EndReason
from slotterm.games import get_game
from slotterm.rng import ReplaySource, SeededSource
from tests.engine.pick_support import (
    BONUS,
    BOOK,
    POTION,
    PUMPKIN,
    SHELF,
    TOTAL,
    VAULT,
    VAULTS,
    ctx,
    patch,
    play,
    shelf,
    vaults,
)

LUCKY_WITCH = get_game("lucky-witch")

# --- the draws ----------------------------------------------------------------------------


def test_weighted_draws_follow_the_integer_cumulative_weights() -> None:
    table = POTION.amounts  # {1: 30, 2: 25, 3: 20, 5: 15, 8: 10}: tickets 0..99
    expect = {0: 1, 29: 1, 30: 2, 54: 2, 55: 3, 74: 3, 75: 5, 89: 5, 90: 8, 99: 8}
    for ticket, amount in expect.items():
        source = ReplaySource([ticket])
        assert draw_weighted(source, table) == amount
        assert source.remaining == 0


def test_the_shuffle_makes_every_order_exactly_once() -> None:
    # Fisher-Yates on 4 items: draws j3 in 0..3, j2 in 0..2, j1 in 0..1: 24 sequences
    orders = set()
    for j3, j2, j1 in itertools.product(range(4), range(3), range(2)):
        orders.add(shuffled(ReplaySource([j3, j2, j1]), "abcd"))
    assert len(orders) == 24


def test_the_same_seed_draws_the_same_layout() -> None:
    for game in (POTION, PUMPKIN, BOOK, VAULT):
        first = game.start(ctx(), SeededSource(7)).record
        again = game.start(ctx(), SeededSource(7)).record
        assert first == again
        layouts = {game.start(ctx(), SeededSource(s)).record for s in range(20)}
        assert len(layouts) > 1


# --- Magic Potion ---------------------------------------------------------------------------

# ten amounts 3 5 1 2 8 1 1 2 3 5 (sum 31); Stop in bottle 2, Win All in bottle 8


def test_potion_start_draws_ten_amounts_then_shuffles_in_win_all_and_stop() -> None:
    # tickets 0 30 55 75 90 ... give 1 2 3 5 8 1 2 3 5 8; then j = i at every step: no swap
    tickets = [0, 30, 55, 75, 90] * 2
    source = ReplaySource([*tickets, *range(11, 0, -1)])
    record = POTION.start(ctx(), source).record
    assert source.remaining == 0
    assert record.layout == (1, 2, 3, 5, 8, 1, 2, 3, 5, 8, WIN_ALL, STOP)
    assert POTION.phase(record) == "picking" and not POTION.finished(record)


def test_stop_opened_third_pays_the_two_amounts_and_one_per_bottle_left() -> None:
    record, steps = play(POTION, shelf(), Pick(0), Pick(1), Pick(2))
    # 3 + 5 found, 9 bottles left unopened: 3 + 5 + 9 = 17 total bets
    assert record.prize == 17 * TOTAL and steps[-1].win == 17 * TOTAL
    assert [s.win for s in steps[:-1]] == [0, 0]
    assert POTION.finished(record) and POTION.phase(record) == "done"
    assert POTION.pay(record) == 17 * TOTAL
    assert steps[0].events == (ItemOpened(game="magic_potion", index=0, content=3),)
    assert steps[-1].events[-1] == PickGameEnded(
        game="magic_potion", multiple=17, prize=17 * TOTAL, layout=SHELF, reason=None
    )


def test_win_all_pays_every_amount_opened_or_not() -> None:
    record, _ = play(POTION, shelf(), Pick(8))
    assert record.prize == 31 * TOTAL
    record, _ = play(POTION, shelf(), Pick(5), Pick(11), Pick(8))
    assert record.prize == 31 * TOTAL  # the 8 and 5 opened are counted once, in the 31


def test_stop_first_pays_one_per_bottle_left() -> None:
    record, _ = play(POTION, shelf(), Pick(2))
    assert record.prize == 11 * TOTAL


def test_potion_refusals() -> None:
    record, _ = play(POTION, shelf(), Pick(0))
    c = ctx()
    assert "already" in (POTION.refusal(c, record, Pick(0)) or "")
    assert "no item" in (POTION.refusal(c, record, Pick(12)) or "")
    assert "no item" in (POTION.refusal(c, record, Pick(-1)) or "")
    done, _ = play(POTION, record, Pick(2))
    assert "over" in (POTION.refusal(c, done, Pick(3)) or "")


# --- Pumpkin ----------------------------------------------------------------------------------


def test_pumpkin_keep_the_first() -> None:
    record, steps = play(PUMPKIN, patch(), Pick(0))
    assert PUMPKIN.phase(record) == "deciding" and steps[0].win == 0
    record, steps = play(PUMPKIN, record, Keep())
    assert record.prize == 4 * TOTAL and steps[0].win == 4 * TOTAL
    assert PUMPKIN.phase(record) == "done"


def test_pumpkin_a_given_up_amount_is_lost() -> None:
    record, steps = play(PUMPKIN, patch(), Pick(3), PickAgain(), Pick(0), Keep())
    assert record.prize == 4 * TOTAL  # the 50 given up is gone
    assert steps[1].events == (ItemGivenUp(game="pumpkin", index=3, content=50),)
    assert record.given_up == 1


def test_pumpkin_after_three_give_ups_the_fourth_is_kept() -> None:
    record, steps = play(
        PUMPKIN, patch(), Pick(0), PickAgain(), Pick(1), PickAgain(), Pick(2), PickAgain()
    )
    assert PUMPKIN.phase(record) == "picking"
    record, steps = play(PUMPKIN, record, Pick(3))
    assert PUMPKIN.phase(record) == "done" and record.prize == 50 * TOTAL
    assert steps[0].win == 50 * TOTAL
    c = ctx()
    assert "no give-ups left" in (PUMPKIN.refusal(c, record, PickAgain()) or "")
    assert "over" in (PUMPKIN.refusal(c, record, Pick(4)) or "")


def test_pumpkin_refusals() -> None:
    c = ctx()
    fresh = patch()
    assert "open a pumpkin first" in (PUMPKIN.refusal(c, fresh, Keep()) or "")
    assert "open a pumpkin first" in (PUMPKIN.refusal(c, fresh, PickAgain()) or "")
    assert "no item" in (PUMPKIN.refusal(c, fresh, Pick(5)) or "")
    opened, _ = play(PUMPKIN, fresh, Pick(1))
    assert "first" in (PUMPKIN.refusal(c, opened, Pick(2)) or "")
    given, _ = play(PUMPKIN, opened, PickAgain())
    assert "already" in (PUMPKIN.refusal(c, given, Pick(1)) or "")
    assert "open a pumpkin first" in (PUMPKIN.refusal(c, given, Keep()) or "")
    kept, _ = play(PUMPKIN, opened, Keep())
    assert "over" in (PUMPKIN.refusal(c, kept, PickAgain()) or "")


def test_pumpkin_thresholds_are_exact() -> None:
    # E[X] = (2*30 + 4*30 + 6*20 + 10*12 + 20*6 + 50*2) / 100 = 6.4; then by hand:
    # V2 = (6.4*80 + 10*12 + 20*6 + 50*2) / 100 = 8.52, V3 = (8.52*80 + 340) / 100 = 10.216
    # W2 = (2*30 + 4*30 + 6*20 + 6.4*20) / 100 = 4.28, W3 = (2*30 + 4*30 + 4.28*40) / 100
    amounts = PUMPKIN.amounts
    assert keep_thresholds(amounts, 3, "best") == (
        Fraction("6.4"),
        Fraction("8.52"),
        Fraction("10.216"),
    )
    assert keep_thresholds(amounts, 3, "worst") == (
        Fraction("6.4"),
        Fraction("4.28"),
        Fraction("3.512"),
    )
    with pytest.raises(ValueError):
        keep_thresholds(amounts, 3, "random")


def decision(policy: str, amount: int, given_up: int) -> FeatureAction:
    """What ``policy`` does with ``amount`` open after ``given_up`` give-ups."""
    layout = (amount, 2, 2, 2, 2)
    opened = (*range(1, given_up + 1), 0)
    record = PumpkinRecord(
        layout=layout, opened=opened, given_up=given_up, kept=False, prize=0, ended_by=None
    )
    assert PUMPKIN.phase(record) == "deciding"
    return PUMPKIN.next_action(ctx(), record, policy)


@pytest.mark.parametrize(
    ("policy", "given_up", "kept"),
    [
        ("best", 0, {20, 50}),  # 3 opens left: keep >= 10.216
        ("best", 1, {10, 20, 50}),  # 2 left: keep >= 8.52
        ("best", 2, {10, 20, 50}),  # 1 left: keep >= 6.4
        ("worst", 0, {2}),  # keep <= 3.512
        ("worst", 1, {2, 4}),  # keep <= 4.28
        ("worst", 2, {2, 4, 6}),  # keep <= 6.4
        ("keep-first", 0, {2, 4, 6, 10, 20, 50}),
    ],
)
def test_pumpkin_policy_keeps_by_the_thresholds(policy: str, given_up: int, kept: set[int]) -> None:
    for amount in PUMPKIN.amounts:
        expect = Keep() if amount in kept else PickAgain()
        assert decision(policy, amount, given_up) == expect, amount


def test_pumpkin_random_policy_takes_its_choices_from_the_chooser() -> None:
    record, _ = play(PUMPKIN, patch(), Pick(0))
    assert PUMPKIN.next_action(ctx(), record, "random", ReplaySource([0])) == Keep()
    assert PUMPKIN.next_action(ctx(), record, "random", ReplaySource([1])) == PickAgain()
    assert PUMPKIN.next_action(ctx(), record, "random") == Keep()
    given, _ = play(PUMPKIN, record, PickAgain())
    # pumpkins 1..4 are closed: draw 2 of 4 picks the third of them
    assert PUMPKIN.next_action(ctx(), given, "random", ReplaySource([2])) == Pick(3)
    assert PUMPKIN.next_action(ctx(), given, "best") == Pick(1)


# --- Spell Book -------------------------------------------------------------------------------


def test_book_start_draws_books_then_the_imp() -> None:
    # books: tickets 0, 30, 99 of {5: 30, 10: 30, 15: 20, 20: 12, 25: 8} -> 5, 10, 25;
    # imp: 0 < 1 of 4 -> it comes; ticket 99 of {5: 50, 10: 30, 25: 15, 50: 5} -> 50
    source = ReplaySource([0, 30, 99, 0, 99])
    record = BOOK.start(ctx(), source).record
    assert source.remaining == 0
    assert record == SpellBookRecord(books=(5, 10, 25), imp=50, opened=None, prize=0, ended_by=None)
    source = ReplaySource([0, 0, 0, 1])  # 1 is not below 1 of 4: no imp, no imp draw
    assert BOOK.start(ctx(), source).record.imp is None
    assert source.remaining == 0


def test_book_without_the_imp_pays_the_book() -> None:
    record = SpellBookRecord(books=(5, 25, 10), imp=None, opened=None, prize=0, ended_by=None)
    done, steps = play(BOOK, record, Pick(1))
    assert done.prize == 25 * TOTAL and steps[0].win == 25 * TOTAL
    assert not any(isinstance(e, ImpAppeared) for e in steps[0].events)
    assert steps[0].events[-1] == PickGameEnded(
        game="spell_book", multiple=25, prize=25 * TOTAL, layout=(5, 25, 10), reason=None
    )


def test_book_with_the_imp_pays_book_plus_imp() -> None:
    record = SpellBookRecord(books=(5, 25, 10), imp=50, opened=None, prize=0, ended_by=None)
    done, steps = play(BOOK, record, Pick(2))
    assert done.prize == 60 * TOTAL
    assert ImpAppeared(50) in steps[0].events
    assert "over" in (BOOK.refusal(ctx(), done, Pick(0)) or "")
    assert "no item" in (BOOK.refusal(ctx(), record, Pick(3)) or "")


# --- Secret Vault -----------------------------------------------------------------------------


def test_vault_start_is_a_permutation_of_the_amounts() -> None:
    source = ReplaySource(range(11, 0, -1))  # j = i: no swap
    assert VAULT.start(ctx(), source).record.layout == VAULT.amounts
    assert source.remaining == 0
    for seed in range(5):
        layout = VAULT.start(ctx(), SeededSource(seed)).record.layout
        assert sorted(layout) == sorted(VAULT.amounts)


def test_vault_choose_three_see_the_others_open_one() -> None:
    record, steps = play(VAULT, vaults(), Pick(0), Pick(5))
    assert VAULT.phase(record) == "choosing"
    assert steps[1].events == (ItemChosen(game="secret_vault", index=5),)
    record, steps = play(VAULT, record, Pick(11))
    assert VAULT.phase(record) == "opening"
    revealed = [e for e in steps[0].events if isinstance(e, ItemsRevealed)]
    assert revealed == [
        ItemsRevealed(
            game="secret_vault",
            items=((1, 40), (2, 25), (3, 20), (4, 15), (6, 10), (7, 8), (8, 6), (9, 5), (10, 4)),
        )
    ]
    c = ctx()
    assert "one of the vaults you chose" in (VAULT.refusal(c, record, Pick(1)) or "")
    done, steps = play(VAULT, record, Pick(5))
    assert done.prize == 12 * TOTAL and steps[0].win == 12 * TOTAL
    assert "over" in (VAULT.refusal(c, done, Pick(0)) or "")


def test_vault_refuses_a_vault_chosen_twice_or_out_of_range() -> None:
    record, _ = play(VAULT, vaults(), Pick(3))
    assert "already" in (VAULT.refusal(ctx(), record, Pick(3)) or "")
    assert "no item" in (VAULT.refusal(ctx(), record, Pick(12)) or "")


def test_the_exchangeable_games_pick_the_lowest_free_item() -> None:
    assert VAULT.next_action(ctx(), vaults(), "best") == Pick(0)
    record, _ = play(VAULT, vaults(), Pick(7), Pick(2), Pick(9))
    assert VAULT.next_action(ctx(), record, "worst") == Pick(2)
    assert VAULT.next_action(ctx(), record, "random", ReplaySource([2])) == Pick(9)
    potion, _ = play(POTION, shelf(), Pick(0), Pick(1))
    assert POTION.next_action(ctx(), potion, "keep-first") == Pick(2)


# --- caps -------------------------------------------------------------------------------------

TOP_BET = Bet(20 * 100, 15, 100)
"""20 coins per line of 1.00 on 15 lines: 300 coins, 300.00 a spin."""


def test_a_100x_prize_at_the_highest_bet_is_exactly_the_bonus_cap() -> None:
    # 100 x 300 coins = 30,000 coins = 30,000.00 at 1.00 a coin: the cap, reached not cut
    assert BONUS.prize_cap(TOP_BET) == 30_000 * 100
    chosen = VaultRecord(layout=VAULTS, chosen=(0, 1, 2), opened=None, prize=0, ended_by=None)
    done, steps = play(VAULT, chosen, Pick(0), at=ctx(bet=TOP_BET))
    assert done.prize == 3_000_000 and done.ended_by is None
    assert steps[0].ended_by is None


def test_a_smaller_bonus_cap_cuts_the_prize_without_ending_the_round() -> None:
    small = MysteryBonus(symbol="CAULDRON", reels=(1, 3, 5), games=BONUS.games, cap_coins=1_000)
    features = tuple(small if f is BONUS else f for f in LUCKY_WITCH.features)
    game = dataclasses.replace(LUCKY_WITCH, id="small-cap", features=features)
    chosen = VaultRecord(layout=VAULTS, chosen=(0, 1, 2), opened=None, prize=0, ended_by=None)
    at = ctx(bet=TOP_BET, game=game)
    done, _ = play(VAULT, chosen, Pick(0), at=at)
    assert done.prize == 1_000 * 100 and done.ended_by is None  # 1,000 coins of 1.00
    assert VAULT.decode(at, VAULT.encode(done), "x") == done


def test_the_room_under_the_round_cap_cuts_the_prize_and_ends_the_round() -> None:
    chosen = VaultRecord(layout=VAULTS, chosen=(0, 1, 2), opened=None, prize=0, ended_by=None)
    done, steps = play(VAULT, chosen, Pick(1), at=ctx(room=1_000))
    assert done.prize == 1_000 and done.ended_by is EndReason.CAP
    assert steps[0].win == 1_000 and steps[0].ended_by is EndReason.CAP


def test_a_game_bet_in_cents_has_no_coin_cap() -> None:
    assert BONUS.prize_cap(Bet(10, 9)) is None


def test_pumpkin_refuses_an_unknown_policy() -> None:
    with pytest.raises(ValueError, match="policy"):
        decision("greedy", 10, 0)
