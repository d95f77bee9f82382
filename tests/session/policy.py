"""A deterministic way to play: the next action depends only on the session's state.

The kill campaign, the example saves and the benchmarks use it, so a run interrupted and
resumed from its save takes exactly the actions an uninterrupted run takes.
"""

from __future__ import annotations

from slotterm.engine.gamble import Color
from slotterm.engine.round import (
    Action,
    Collect,
    Guess,
    Phase,
    PlayFreeSpin,
    Spin,
    StartFeature,
    StartGamble,
)
from slotterm.session.game_session import GameSession

FEATURE_EVERY = 4
AUTOPLAY_EVERY = 5


def next_action(session: GameSession) -> Action:
    """The policy: force the feature every 4th round, autoplay every 5th, gamble every win."""
    phase = session.phase
    round_ = session.open_round
    if phase is Phase.IDLE or round_ is None:
        number = session.state.rounds_played + 1
        return Spin(
            session.bet,
            autoplay=number % AUTOPLAY_EVERY == 0,
            force_feature=number % FEATURE_EVERY == 2,
            limits=session.limits,
        )
    if phase is Phase.FEATURE_AWARDED:
        return StartFeature()
    if phase is Phase.FREE_SPINS:
        return PlayFreeSpin()
    if phase is Phase.WIN_OFFERED:
        if not round_.gamble and session.can(StartGamble()):
            return StartGamble()
        return Collect()
    if len(round_.gamble) < 2:
        return Guess(Color.RED if len(round_.gamble) % 2 == 0 else Color.BLACK)
    return Collect()


def play_until(session: GameSession, rounds: int) -> int:
    """Act by the policy until ``rounds`` rounds are closed; returns the actions taken."""
    taken = 0
    while session.state.rounds_played < rounds or session.phase is not Phase.IDLE:
        session.act(next_action(session))
        taken += 1
    return taken
