"""Properties of the Mystery bonus and its four pick games, played through the real machine.

Each round spins a test window that always starts the Mystery bonus (CAULDRON on reels
1, 3 and 5, nothing else paying; :mod:`tests.engine.lucky_support`), forced to one pick
game (``mystery_bonus:LABEL``) or drawn as the game draws it, then plays to its end by a
policy.  For any seed, bet, policy, operator max win and bonus cap:

* the same seed gives the same layout and the same round;
* :func:`~slotterm.engine.replay.replay_round` rebuilds the round from its record;
* a restart at any step (every feature record through its ``encode`` -> JSON ->
  ``decode``) resumes the same layout and picks and ends with the same prize;
* no prize passes the bonus cap (in coins) or the room under the round cap;
* credits after = credits before - bet + paid;
* every policy ends the game within its bound of steps.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any, NamedTuple

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from slotterm.engine.actions import Limits, Spin
from slotterm.engine.events import Event, RoundClosed
from slotterm.engine.features.mystery_bonus import MysteryBonus, MysteryBonusAwarded
from slotterm.engine.features.pick_game import PickGameEnded
from slotterm.engine.model import GameDefinition
from slotterm.engine.policy import POLICIES, next_action
from slotterm.engine.records import FeatureFrame, GameState, Phase, Round, evolve
from slotterm.engine.replay import replay_round
from slotterm.engine.round import feature_context
from slotterm.rng import SeededSource
from tests.engine.lucky_support import (
    BONUS,
    BONUS_AND_FREE,
    FILLER,
    LW,
    START,
    Wager,
    idle,
    lucky_showing,
    step,
)

# DESIGN.md §6: the labels of --force mystery-bonus:NAME; "mystery": the game is drawn.
TARGETS = {
    "magic_potion": "potion",
    "pumpkin": "pumpkin",
    "spell_book": "spell-book",
    "secret_vault": "vault",
    "mystery": None,
}
# The most steps each game can take (DESIGN.md §2): 12 bottles; 4 pumpkins opened with 3
# give-ups between them; one book; 3 vaults chosen and 1 opened.
MOST_STEPS = {"magic_potion": 12, "pumpkin": 7, "spell_book": 1, "secret_vault": 4}
LAYOUT_FIELDS = {
    "magic_potion": ("layout",),
    "pumpkin": ("layout",),
    "spell_book": ("books", "imp"),
    "secret_vault": ("layout",),
}


def _lucky_bonus() -> MysteryBonus:
    bonus = LW.feature("mystery_bonus")
    assert isinstance(bonus, MysteryBonus)
    return bonus


BONUS_FEATURE = _lucky_bonus()
assert LW.coins is not None
COIN_SIZES = LW.coins.coin_sizes


@cache
def bonus_game(cap_coins: int) -> GameDefinition:
    """Lucky Witch's rules where every spin starts the Mystery bonus, capped at ``cap_coins``."""
    bonus = MysteryBonus(
        symbol="CAULDRON", reels=(1, 3, 5), games=BONUS_FEATURE.games, cap_coins=cap_coins
    )
    return lucky_showing([BONUS], bonus=bonus)


class Case(NamedTuple):
    """One round to play: the game, the bet, the seeds, the policy, the limits."""

    cap_coins: int
    wager: Wager
    seed: int
    policy: str
    chooser_seed: int
    max_win: int | None

    @property
    def game(self) -> GameDefinition:
        """The game with this case's bonus cap."""
        return bonus_game(self.cap_coins)

    @property
    def limits(self) -> Limits:
        """The operator limits of the round."""
        return Limits(max_win=self.max_win)


cases = st.builds(
    Case,
    cap_coins=st.sampled_from([30_000, 30_000, 1, 40, 500, 2_000]),
    wager=st.builds(
        Wager,
        coins=st.integers(1, 20),
        coin_size=st.sampled_from(COIN_SIZES),
        lines=st.integers(1, 15),
    ),
    seed=st.integers(0, 2**32),
    policy=st.sampled_from(POLICIES),
    chooser_seed=st.integers(0, 2**16),
    max_win=st.one_of(st.none(), st.integers(1, 20_000)),
)

PROPERTY = settings(max_examples=25, deadline=None)


class Played(NamedTuple):
    """A round played to its end: its record, the credits after, the steps, the prize event."""

    closed: Round
    credits: int
    feature_steps: int
    ended: PickGameEnded
    records: tuple[Any, ...]


def restarted(game: GameDefinition, state: GameState) -> GameState:
    """``state`` with every feature record saved (encode -> JSON) and read back (decode)."""
    round_ = state.round
    assert round_ is not None
    ctx = feature_context(game, round_)
    frames = []
    for i, frame in enumerate(round_.frames):
        feature = game.feature(frame.feature)
        text = json.dumps(feature.encode(frame.record))
        record = feature.decode(ctx, json.loads(text), f"frames[{i}]")
        assert record == frame.record
        assert feature.finished(record) is frame.done
        frames.append(FeatureFrame(frame.feature, record, frame.done))
    return state._replace(round=evolve(round_, frames=tuple(frames)))


def run(
    game: GameDefinition, case: Case, force: str | None, restart_at: int | None, most: int
) -> tuple[Round, int, int, list[Event]]:
    """Spin at the case's bet and play the round out by its policy, restarting once.

    Returns the closed round, the credits after, the steps after the spin and every event.
    """
    rng = SeededSource(case.seed)
    chooser = SeededSource(case.chooser_seed) if case.policy == "random" else None
    spin = Spin(case.wager.bet, force=force, limits=case.limits)
    state, events = step(game, idle(), spin, rng)
    all_events: list[Event] = list(events)
    steps = 0
    while state.round is not None:
        assert state.phase is Phase.FEATURE
        if steps == restart_at:
            state = restarted(game, state)
        action = next_action(game, state, case.policy, chooser)
        assert action is not None
        state, events = step(game, state, action, rng)
        all_events += events
        steps += 1
        assert steps <= most, "the round did not end in its bound of steps"
    (closed,) = [e.round for e in all_events if isinstance(e, RoundClosed)]
    return closed, state.credits, steps, all_events


def play(case: Case, target: str, restart_at: int | None = None) -> Played:
    """Spin into the bonus (forced to ``target`` unless ``mystery``) and play it out."""
    label = TARGETS[target]
    force = None if label is None else f"mystery_bonus:{label}"
    most = 1 + max(MOST_STEPS.values())  # open the bonus, then the game's own steps
    closed, credits, steps, events = run(case.game, case, force, restart_at, most)
    (ended,) = [e for e in events if isinstance(e, PickGameEnded)]
    assert steps <= 1 + MOST_STEPS[ended.game]
    if target != "mystery":
        assert ended.game == target
    records = tuple(f.record for f in closed.frames)
    return Played(closed, credits, steps, ended, records)


def layout_of(played: Played) -> tuple[Any, ...]:
    """The pick game's hidden layout as recorded."""
    frame = played.closed.frame(played.ended.game)
    assert frame is not None
    return tuple(getattr(frame.record, f) for f in LAYOUT_FIELDS[played.ended.game])


TARGET = pytest.mark.parametrize("target", list(TARGETS))


@TARGET
@PROPERTY
@given(case=cases)
def test_the_same_seed_gives_the_same_layout_and_round(target: str, case: Case) -> None:
    first, second = play(case, target), play(case, target)
    assert layout_of(first) == layout_of(second)
    assert first.closed == second.closed


@TARGET
@PROPERTY
@given(case=cases)
def test_replay_rebuilds_the_round(target: str, case: Case) -> None:
    played = play(case, target)
    assert replay_round(case.game, played.closed) == played.closed


@TARGET
@PROPERTY
@given(case=cases, where=st.integers(0, 13))
def test_a_restart_at_any_step_resumes_the_same_game(target: str, case: Case, where: int) -> None:
    straight = play(case, target)
    resumed = play(case, target, restart_at=where % straight.feature_steps)
    assert layout_of(resumed) == layout_of(straight)
    assert resumed.closed == straight.closed  # the same picks, the same prize, the same pay
    assert resumed.ended == straight.ended


@TARGET
@PROPERTY
@given(case=cases)
def test_prizes_keep_to_the_caps_and_money_is_conserved(target: str, case: Case) -> None:
    played = play(case, target)
    ended, closed, bet = played.ended, played.closed, case.wager.bet
    cap = case.game.max_win(bet.total, case.limits)
    bonus_cap = case.cap_coins * case.wager.coin_size
    assert ended.prize <= bonus_cap
    assert closed.paid <= cap
    # the prize is the multiple of the total bet cut to the bonus cap, then to the room
    assert ended.prize == min(ended.multiple * bet.total, bonus_cap, cap - closed.base_win)
    assert closed.paid == closed.win == closed.base_win + ended.prize
    assert played.credits == START - bet.total + closed.paid
    assert (closed.ended_by is not None) == (closed.paid >= cap)


@TARGET
@PROPERTY
@given(case=cases)
def test_every_policy_ends_within_the_bound(target: str, case: Case) -> None:
    played = play(case, target)  # play() fails past the bound
    assert 1 <= played.feature_steps <= 1 + MOST_STEPS[played.ended.game]
    assert played.ended.multiple >= 1  # every game pays at least one total bet


# --- bonuses inside free spins ------------------------------------------------------------------
# The base window starts the bonus and 13 free spins; the free strips show FILLER or BONUS
# (no POTION: no retrigger), so a free spin starts a bonus when CAULDRON shows on reels 1, 3
# and 5 of its window.  At most: the base bonus, then start + 13 spins, each with a bonus.

FREE_MOST = (1 + max(MOST_STEPS.values())) * 14 + 1 + 13


@cache
def free_game(cap_coins: int) -> GameDefinition:
    """The bonus and free spins on the base spin; bonuses now and then in the free spins."""
    bonus = MysteryBonus(
        symbol="CAULDRON", reels=(1, 3, 5), games=BONUS_FEATURE.games, cap_coins=cap_coins
    )
    return lucky_showing([BONUS_AND_FREE], [FILLER, BONUS], bonus=bonus)


@PROPERTY
@given(case=cases, where=st.integers(0, 10_000))
def test_bonuses_in_free_spins_replay_restart_and_conserve_money(case: Case, where: int) -> None:
    game = free_game(case.cap_coins)
    closed, credits, steps, events = run(game, case, None, None, FREE_MOST)
    assert replay_round(game, closed) == closed
    if steps:  # (a max win below the base spin's pay ends the round at once)
        again = run(game, case, None, where % steps, FREE_MOST)
        assert again[0] == closed and again[1] == credits
    bet = case.wager.bet
    cap = game.max_win(bet.total, case.limits)
    prizes = [e.prize for e in events if isinstance(e, PickGameEnded)]
    assert prizes or closed.ended_by is not None  # the base spin's bonus, unless capped
    assert all(p <= case.cap_coins * case.wager.coin_size for p in prizes)
    assert closed.paid == closed.win == closed.base_win + closed.feature_win <= cap
    assert credits == START - bet.total + closed.paid
    spins = [f for f in closed.frames if f.feature == "free_spins"]
    assert [f.done for f in spins] == ([] if steps == 0 else [True])
    bonuses = sum(1 for f in closed.frames if f.feature == "mystery_bonus")
    assert bonuses == len(prizes) or closed.ended_by is not None
    # a bonus in the free spins pays at the bet of the spin that started them
    for ended in (e for e in events if isinstance(e, PickGameEnded) and e.reason is None):
        assert ended.prize == min(ended.multiple * bet.total, case.cap_coins * case.wager.coin_size)
    awarded = [e.inside for e in events if isinstance(e, MysteryBonusAwarded)]
    assert awarded[:1] == ([None] if steps else []) and set(awarded[1:]) <= {"free_spins"}


@pytest.mark.parametrize("label", ["potion", "pumpkin", "spell-book", "vault", None])
@pytest.mark.parametrize("seed", range(3))
def test_forced_bonuses_on_the_real_strips_replay_and_pay(label: str | None, seed: int) -> None:
    """The registered definition: a spin forced to the bonus (redrawn until CAULDRON shows
    on reels 1, 3 and 5), played by each policy, replays exactly and pays what it says."""
    force = "mystery_bonus" if label is None else f"mystery_bonus:{label}"
    for policy in POLICIES:
        case = Case(30_000, Wager(coins=3, coin_size=5, lines=15), seed, policy, seed, None)
        closed, credits, _, events = run(LW, case, force, None, 2_000)
        assert replay_round(LW, closed) == closed
        assert credits == START - 225 + closed.paid
        bonus = closed.frame("mystery_bonus")
        assert bonus is not None and bonus.done
        if label is not None:
            assert (
                bonus.record.game
                == {
                    "potion": "magic_potion",
                    "pumpkin": "pumpkin",
                    "spell-book": "spell_book",
                    "vault": "secret_vault",
                }[label]
            )
        assert any(isinstance(e, PickGameEnded) for e in events)
