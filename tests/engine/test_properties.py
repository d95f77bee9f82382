"""Properties of the engine that must hold for every round (hypothesis).

Rounds are played on Book of Spells and on a small definition with short, BOOK-heavy
strips (so features, retriggers, the cap and the limits come up often).
"""

from __future__ import annotations

import dataclasses
import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from slotterm.engine.actions import Action, Bet, Guess, Limits, Spin, StartGamble
from slotterm.engine.evaluate import evaluate, window_from_rows
from slotterm.engine.events import ReelsStopped, RoundClosed, Transition
from slotterm.engine.features import free_spins_records
from slotterm.engine.features.expanding_symbol import Expansion, expand
from slotterm.engine.gamble import CARD_COUNT, Color
from slotterm.engine.model import GameDefinition
from slotterm.engine.policy import next_action
from slotterm.engine.records import GameState, Phase, Round
from slotterm.engine.replay import replay_round
from slotterm.engine.round import apply, is_allowed
from slotterm.rng import ReplaySource, SeededSource
from tests.engine.support import BOS, FREE_SPINS, with_reels


def _strips(*texts: str) -> tuple[tuple[str, ...], ...]:
    return tuple(tuple(text.split()) for text in texts)


SMALL = with_reels(
    BOS,
    _strips(
        "BOOK WITCH A K BOOK Q",
        "WITCH BOOK HAT A",
        "BOOK CAULDRON WITCH J TEN",
        "K BOOK WITCH POTION",
        "WITCH HAT BOOK Q A",
    ),
    _strips(
        "WITCH HAT BOOK Q A",
        "K BOOK WITCH POTION",
        "BOOK CAULDRON WITCH J TEN",
        "WITCH BOOK HAT A",
        "BOOK WITCH A K BOOK Q",
    ),
    id="small",
    max_win_x_total_bet=500,
)
CANDIDATES = FREE_SPINS.modifier.candidates  # type: ignore[union-attr]
GAMES = st.sampled_from([BOS, SMALL])
SYMBOLS = [s.id for s in BOS.symbols]

spins = st.builds(
    Spin,
    bet=st.builds(Bet, st.sampled_from([1, 2, 5, 10, 200]), st.integers(1, 9)),
    autoplay=st.booleans(),
    force=st.sampled_from([None, free_spins_records.NAME]),
    limits=st.builds(
        Limits,
        gamble_limit=st.one_of(st.none(), st.integers(0, 100_000)),
        free_spin_limit=st.one_of(st.none(), st.integers(0, 20_000)),
    ),
)
# how a player answers a win: gamble up to n guesses with these colours, then collect
guesses = st.lists(st.sampled_from(list(Color)), max_size=6)


@dataclasses.dataclass
class PlayedRound:
    """A round played from idle to idle, with what it went through."""

    before: GameState
    after: GameState
    transitions: list[Transition]
    closed: Round


def play_round(
    game: GameDefinition, state: GameState, spin: Spin, rng: SeededSource, colours: list[Color]
) -> PlayedRound:
    """Play one round: the spin, any feature, then gamble ``colours`` while allowed.

    The policy (:func:`slotterm.engine.policy.next_action`) plays the feature and
    collects; the test's own choices open the gamble and guess.
    """
    before = state
    transitions = [apply(game, state, spin, rng)]
    state = transitions[-1].state
    pending = list(colours)
    while state.phase is not Phase.IDLE:
        action: Action | None
        if state.phase is Phase.WIN_OFFERED and pending and is_allowed(game, state, StartGamble()):
            action = StartGamble()
        elif state.phase is Phase.GAMBLE and pending:
            action = Guess(pending.pop(0))
        else:
            action = next_action(game, state)
        assert action is not None
        transitions.append(apply(game, state, action, rng))
        state = transitions[-1].state
    closed = [e.round for t in transitions for e in t.events if isinstance(e, RoundClosed)]
    assert len(closed) == 1
    return PlayedRound(before, state, transitions, closed[0])


@settings(max_examples=150, deadline=None)
@given(GAMES, spins, st.integers(0, 2**32), guesses)
def test_wins_are_never_negative(
    game: GameDefinition, spin: Spin, seed: int, colours: list[Color]
) -> None:
    played = play_round(game, GameState(Phase.IDLE, 10**9), spin, SeededSource(seed), colours)
    for t in played.transitions:
        for event in t.events:
            if isinstance(event, ReelsStopped):
                evaluation = event.result.evaluation
                assert event.win >= 0 and evaluation.total_win >= 0
                expanded = event.extra.wins if isinstance(event.extra, Expansion) else ()
                assert all(w.win >= 0 for w in evaluation.line_wins + expanded)
    r = played.closed
    assert min(r.base_win, r.feature_win, r.win, r.paid) >= 0
    record = free_spins_records.record_of(r)
    assert record is None or all(f.win >= 0 for f in record.spins)
    assert r.feature_win == sum(game.feature(f.feature).pay(f.record) for f in r.frames)


@settings(max_examples=300, deadline=None)
@given(
    GAMES,
    st.lists(st.lists(st.sampled_from(SYMBOLS), min_size=5, max_size=5), min_size=3, max_size=3),
    st.integers(1, 9),
    st.integers(1, 500),
    st.one_of(st.none(), st.sampled_from(CANDIDATES)),
)
def test_any_window_pays_a_non_negative_sum_of_its_parts(
    game: GameDefinition, rows: list[list[str]], lines: int, bet: int, special: str | None
) -> None:
    window = window_from_rows(rows)
    evaluation = evaluate(game, window, lines, bet)
    expansion = expand(game, window, special, lines, bet) if special is not None else None
    expanded = expansion.wins if expansion is not None else ()
    parts = [w.win for w in evaluation.line_wins]
    if evaluation.scatter_win is not None:
        parts.append(evaluation.scatter_win.win)
    assert all(p > 0 for p in parts)
    assert evaluation.total_win == sum(parts) >= 0
    assert all(w.win > 0 for w in expanded)
    assert expansion is None or expansion.total == sum(w.win for w in expanded)
    assert all(1 <= w.line <= lines for w in evaluation.line_wins + expanded)


@settings(max_examples=100, deadline=None)
@given(GAMES, spins, st.integers(0, 2**32), guesses)
def test_the_same_seed_plays_the_same_round(
    game: GameDefinition, spin: Spin, seed: int, colours: list[Color]
) -> None:
    start = GameState(Phase.IDLE, 10**9)
    first = play_round(game, start, spin, SeededSource(seed), colours)
    second = play_round(game, start, spin, SeededSource(seed), colours)
    assert first.transitions == second.transitions


@settings(max_examples=200, deadline=None)
@given(GAMES, st.lists(st.tuples(spins, guesses), min_size=1, max_size=8), st.integers(0, 2**32))
def test_money_is_conserved_across_bet_wins_collect_and_gamble(
    game: GameDefinition, rounds: list[tuple[Spin, list[Color]]], seed: int
) -> None:
    rng = SeededSource(seed)
    state = GameState(Phase.IDLE, 10**9)
    for spin, colours in rounds:
        played = play_round(game, state, spin, rng, colours)
        r = played.closed
        assert r.credits_before == played.before.credits
        assert played.after.credits == r.credits_before - spin.bet.total + r.paid
        gambled = r.gamble
        if gambled:  # the gamble moved the round's win from its start to what was paid
            assert gambled[0].stake == r.round_win
            for step, following in itertools.pairwise(gambled):
                assert following.stake == step.result
            for step in gambled:
                assert step.result == (2 * step.stake if step.won else 0)
            assert r.paid == gambled[-1].result
        else:
            assert r.paid == r.round_win
        for t in played.transitions[1:-1]:  # nothing is paid before the round closes
            assert t.state.credits == played.before.credits - spin.bet.total
        state = played.after


@settings(max_examples=50, deadline=None)
@given(st.integers(1, 10**7), st.sampled_from(list(Color)))
def test_the_gamble_leaves_the_expected_value_unchanged(stake: int, colour: Color) -> None:
    """Exactly: the average over all 52 cards of what one guess leaves equals the stake."""
    # one window: WITCH x3 on line 1 pays 100 x stake; no gamble limit
    strips = (("A", "WITCH", "K"),) * 3 + (("K", "Q", "J"),) * 2
    game = with_reels(BOS, strips, strips, id="one-window")
    spin = Spin(Bet(stake, 1), limits=Limits(gamble_limit=None))
    state = apply(game, GameState(Phase.IDLE, 10**12), spin, ReplaySource([0] * 5)).state
    assert state.round is not None
    offered = state.round.win
    assert offered == 100 * stake
    state = apply(game, state, StartGamble(), ReplaySource([])).state
    total = 0
    for card in range(CARD_COUNT):
        after = apply(game, state, Guess(colour), ReplaySource([card])).state
        total += after.round.win if after.round is not None else 0
    assert total == CARD_COUNT * offered


@settings(max_examples=150, deadline=None)
@given(GAMES, spins, st.integers(0, 2**32), guesses)
def test_a_replayed_round_record_gives_the_same_round(
    game: GameDefinition, spin: Spin, seed: int, colours: list[Color]
) -> None:
    played = play_round(game, GameState(Phase.IDLE, 10**9), spin, SeededSource(seed), colours)
    assert replay_round(game, played.closed) == played.closed
    # and every open state along the way replays to its open round
    for t in played.transitions:
        if t.state.round is not None:
            assert replay_round(game, t.state.round) == t.state.round
