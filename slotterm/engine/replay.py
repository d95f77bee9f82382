"""Rebuild a round from its record: the recorded steps fed back through the state machine.

A round's :attr:`~slotterm.engine.records.Round.steps` hold every action taken and every
draw made.  Replaying them with a :class:`~slotterm.rng.ReplaySource` must give the very
same round; anything else means the record (or the engine) is wrong.
"""

from __future__ import annotations

from slotterm.engine.events import RoundClosed, Transition
from slotterm.engine.model import GameDefinition
from slotterm.engine.records import GameState, Phase, Round
from slotterm.engine.round import apply
from slotterm.rng import ReplaySource


class ReplayMismatch(ValueError):
    """The record cannot be replayed as recorded (unused draws, or no round at all)."""


def replay_round(game: GameDefinition, record: Round) -> Round:
    """Replay ``record.steps`` from an idle machine and return the round they produce.

    The machine starts with the record's ``credits_before`` and round number, so the
    result equals ``record`` when the record is sound; open rounds (mid feature, mid
    gamble) replay to the same open round.  Raises :class:`ReplayMismatch` when a step
    leaves recorded draws unused, and whatever the engine raises for a step it refuses.
    """
    if not record.steps:
        raise ReplayMismatch("the record has no steps")
    state = GameState(
        phase=Phase.IDLE,
        credits=record.credits_before,
        round=None,
        rounds_played=record.number - 1,
    )
    replayed: Round | None = None
    for n, step in enumerate(record.steps, 1):
        source = ReplaySource(step.draws)
        transition: Transition = apply(game, state, step.action, source)
        if source.remaining:
            raise ReplayMismatch(f"step {n} left {source.remaining} recorded draws unused")
        state = transition.state
        for event in transition.events:
            if isinstance(event, RoundClosed):
                replayed = event.round
    if state.round is not None:
        replayed = state.round
    if replayed is None:  # pragma: no cover - every spin opens or closes a round
        raise ReplayMismatch("the steps did not play a round")
    return replayed
