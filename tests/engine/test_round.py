"""The round state machine's mechanics: phases, refusals, events, recorded steps."""

from __future__ import annotations

import pytest

from slotterm.engine.actions import (
    Action,
    ActionRefused,
    Bet,
    Collect,
    Guess,
    Limits,
    Spin,
    StartGamble,
    TopUp,
)
from slotterm.engine.events import (
    CardDrawn,
    Collected,
    CreditsAdded,
    ReelsStopped,
    RoundClosed,
    WinOffered,
)
from slotterm.engine.features.expanding_symbol import SpecialChosen
from slotterm.engine.features.free_spins_records import (
    FeatureEnded,
    FreeSpinsAwarded,
    PlayFreeSpin,
    StartFeature,
)
from slotterm.engine.gamble import Color
from slotterm.engine.records import GameState, Phase, gamble_allowed
from slotterm.engine.round import apply, is_allowed, refusal
from slotterm.rng import ReplaySource, SeededSource
from tests.engine.support import FILLER, TRIGGER, WITCH3, at, fs, fs_phase, game_showing, play

GAME = game_showing(FILLER, WITCH3, TRIGGER)  # window 0 nothing, 1 pays 1,000, 2 triggers
BET = Bet(10, 1)
ACTIONS: list[Action] = [
    Spin(BET),
    TopUp(100),
    StartFeature(),
    PlayFreeSpin(),
    Collect(),
    StartGamble(),
    Guess(Color.RED),
]


# where a machine stands: its phase, and inside the feature where the free spins stand
STANDINGS = [
    (Phase.IDLE, None),
    (Phase.FEATURE, "awarded"),
    (Phase.FEATURE, "playing"),
    (Phase.WIN_OFFERED, None),
    (Phase.GAMBLE, None),
]


def state_in(phase: Phase, feature: str | None = None) -> GameState:
    """A machine in ``phase`` (reached by playing, never built by hand).

    In :attr:`Phase.FEATURE`, ``feature`` says where the free spins stand: ``awarded``
    (waiting to start) or ``playing``.
    """
    state = GameState(Phase.IDLE, 100_000)
    if phase is Phase.IDLE:
        return state
    if phase is Phase.FEATURE:
        state = play(GAME, state, Spin(BET), *at(2)).state
        if feature == "playing":
            state = play(GAME, state, StartFeature(), 0).state
        return state
    state = play(GAME, state, Spin(BET), *at(1)).state
    if phase is Phase.GAMBLE:
        state = play(GAME, state, StartGamble()).state
    return state


ALLOWED = {
    (Phase.IDLE, None): {"Spin", "TopUp"},
    (Phase.FEATURE, "awarded"): {"StartFeature"},
    (Phase.FEATURE, "playing"): {"PlayFreeSpin"},
    (Phase.WIN_OFFERED, None): {"Collect", "StartGamble"},
    (Phase.GAMBLE, None): {"Collect", "Guess"},
}


def test_the_standings_cover_every_phase() -> None:
    assert {phase for phase, _ in STANDINGS} == set(Phase)


@pytest.mark.parametrize(("phase", "feature"), STANDINGS)
def test_each_phase_allows_exactly_its_actions(phase: Phase, feature: str | None) -> None:
    state = state_in(phase, feature)
    assert state.phase is phase
    assert fs_phase(state) == feature
    allowed = {type(a).__name__ for a in ACTIONS if is_allowed(GAME, state, a)}
    assert allowed == ALLOWED[phase, feature]
    for action in ACTIONS:
        assert (refusal(GAME, state, action) is None) == (type(action).__name__ in allowed)


def test_a_refused_action_draws_nothing_and_changes_nothing() -> None:
    class NoDraws:
        def randbelow(self, n: int) -> int:
            raise AssertionError("a refused action must not draw")

    state = state_in(Phase.WIN_OFFERED)
    with pytest.raises(ActionRefused, match="finish the current round"):
        apply(GAME, state, Spin(BET), NoDraws())
    assert state.phase is Phase.WIN_OFFERED


def test_a_spin_without_a_win_closes_the_round_at_once() -> None:
    t = play(GAME, GameState(Phase.IDLE, 1_000), Spin(BET), *at(0))
    assert [type(e) for e in t.events] == [ReelsStopped, RoundClosed]
    assert t.state == GameState(
        phase=Phase.IDLE, credits=990, round=None, rounds_played=1, recent_cards=()
    )
    closed = t.events[1]
    assert isinstance(closed, RoundClosed)
    assert closed.round.number == 1 and closed.round.paid == 0 and closed.round.win == 0
    assert [s.draws for s in closed.round.steps] == [at(0)]


def test_a_win_is_offered_then_collected() -> None:
    t = play(GAME, GameState(Phase.IDLE, 1_000), Spin(BET), *at(1))
    assert [type(e) for e in t.events] == [ReelsStopped, WinOffered]
    assert t.state.phase is Phase.WIN_OFFERED and t.state.credits == 990
    t = play(GAME, t.state, Collect())
    assert [type(e) for e in t.events] == [Collected, RoundClosed]
    assert t.state.credits == 1_990 and t.state.round is None
    closed = t.events[1]
    assert isinstance(closed, RoundClosed)
    assert [type(s.action) for s in closed.round.steps] == [Spin, Collect]
    assert [s.draws for s in closed.round.steps] == [at(1), ()]


def test_the_feature_events_and_steps() -> None:
    state = GameState(Phase.IDLE, 1_000)
    t = play(GAME, state, Spin(BET), *at(2))
    assert [type(e) for e in t.events] == [ReelsStopped, FreeSpinsAwarded]
    t = play(GAME, t.state, StartFeature(), 3)
    assert t.events == (SpecialChosen("HAT"),)
    state = t.state
    for n in range(1, 11):
        t = play(GAME, state, PlayFreeSpin(), *at(0 if n < 10 else 1))
        state = t.state
        spin = fs(state.round).spins[-1]
        assert spin.number == n and spin.awarded_so_far == 10
    assert [type(e) for e in t.events] == [ReelsStopped, FeatureEnded, WinOffered]
    assert state.round is not None
    assert fs(state.round).left == 0 and state.round.frame("free_spins") is not None
    assert state.round.active is None and all(f.done for f in state.round.frames)
    assert state.round.round_win == 20 + 1_000
    assert [len(s.draws) for s in state.round.steps] == [5, 1] + [5] * 10


def test_a_forced_feature_redraws_the_base_spin_and_records_every_draw() -> None:
    state = GameState(Phase.IDLE, 1_000)
    t = play(GAME, state, Spin(BET, force="free_spins"), *at(0), *at(1), *at(2))
    assert t.state.phase is Phase.FEATURE and fs_phase(t.state) == "awarded"
    assert t.state.round is not None
    assert t.state.round.steps[0].draws == at(0) + at(1) + at(2)
    assert t.state.round.base.stops == at(2)


def test_gamble_steps_are_recorded_with_their_cards() -> None:
    state = state_in(Phase.GAMBLE)
    t = play(GAME, state, Guess(Color.BLACK), 40)  # a spade: right, 2,000
    assert [type(e) for e in t.events] == [CardDrawn]
    t = play(GAME, t.state, Guess(Color.BLACK), 20)  # a diamond: wrong
    assert [type(e) for e in t.events] == [CardDrawn, RoundClosed]
    closed = t.events[-1]
    assert isinstance(closed, RoundClosed)
    assert [(g.card, g.stake, g.won, g.result) for g in closed.round.gamble] == [
        (40, 1_000, True, 2_000),
        (20, 2_000, False, 0),
    ]
    assert [s.draws for s in closed.round.steps] == [at(1), (), (40,), (20,)]
    assert t.state.recent_cards == (40, 20)


def test_no_gamble_limit_means_any_win_may_be_gambled() -> None:
    t = play(GAME, GameState(Phase.IDLE, 1_000), Spin(BET, limits=Limits(None)), *at(1))
    assert t.state.round is not None and gamble_allowed(t.state.round)
    state = play(GAME, t.state, StartGamble()).state
    for _ in range(12):  # 1,000 doubled twelve times, never closed by a limit
        state = play(GAME, state, Guess(Color.RED), 13).state
    assert state.phase is Phase.GAMBLE
    assert state.round is not None and state.round.win == 1_000 * 2**12


def test_top_up_adds_credits_between_rounds_only() -> None:
    t = play(GAME, GameState(Phase.IDLE, 0), TopUp(500))
    assert t.events == (CreditsAdded(500),) and t.state.credits == 500
    with pytest.raises(ActionRefused, match="positive"):
        play(GAME, t.state, TopUp(0))
    with pytest.raises(ActionRefused, match="between rounds"):
        play(GAME, state_in(Phase.WIN_OFFERED), TopUp(500))


def test_bad_bets_are_refused() -> None:
    idle = GameState(Phase.IDLE, 10_000)
    for bet, message in ((Bet(10, 0), "lines"), (Bet(10, 10), "lines"), (Bet(0, 9), "positive")):
        with pytest.raises(ActionRefused, match=message):
            apply(GAME, idle, Spin(bet), ReplaySource(at(0)))


def test_negative_operator_limits_are_refused() -> None:
    # a free-spin limit of -1.00 once paid a feature win of -1.00
    idle = GameState(Phase.IDLE, 10_000)
    for limits in (Limits(free_spin_limit=-100), Limits(gamble_limit=-1)):
        with pytest.raises(ActionRefused, match="limits"):
            apply(GAME, idle, Spin(BET, limits=limits), ReplaySource(at(0)))
    assert is_allowed(GAME, idle, Spin(BET, limits=Limits(gamble_limit=0, free_spin_limit=0)))


def test_rounds_are_numbered_and_transitions_are_pure() -> None:
    state = GameState(Phase.IDLE, 10_000)
    again = apply(GAME, state, Spin(BET), SeededSource(3))
    assert again == apply(GAME, state, Spin(BET), SeededSource(3))
    for n in range(1, 4):
        state = play(GAME, state, Spin(BET), *at(0)).state
        assert state.rounds_played == n


def test_forcing_a_feature_the_game_does_not_have_is_refused() -> None:
    idle = GameState(Phase.IDLE, 10_000)
    with pytest.raises(ActionRefused, match="no feature 'mystery_bonus'"):
        apply(GAME, idle, Spin(BET, force="mystery_bonus"), ReplaySource(at(0)))
    assert is_allowed(GAME, idle, Spin(BET, force="free_spins"))
