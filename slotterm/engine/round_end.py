"""The end of a round: its win offered or paid, and its record closed.

:func:`end_round` is what happens once every feature of a round is done: the win is
offered (games with the gamble) or paid; :func:`close_round` pays a win into credits and
closes the record (a gamble lost closes it with nothing); :func:`collect` is the Collect
transition.  :func:`steps_with` and :func:`with_round` are the two small state updates
every transition of :mod:`slotterm.engine.round` makes.
"""

from __future__ import annotations

from slotterm.engine.actions import Action, Collect
from slotterm.engine.events import (
    Collected,
    DeferredTransition,
    Event,
    RoundClosed,
    Transition,
    WinOffered,
)
from slotterm.engine.model import GameDefinition
from slotterm.engine.records import GameState, Phase, Round, Step, evolve, gamble_allowed
from slotterm.rng import RecordingSource

_IDLE = Phase.IDLE
_new = tuple.__new__
_new_object = object.__new__


def steps_with(round_: Round | None, action: Action, rng: RecordingSource) -> tuple[Step, ...]:
    """The round's steps with this transition's step (its action and draws) appended."""
    step = _new(Step, (action, tuple(rng.draws)))  # Step(action=, draws=)
    return (*round_.steps, step) if round_ is not None else (step,)


def with_round(state: GameState, phase: Phase, round_: Round | None) -> GameState:
    """The state in ``phase`` with ``round_`` open, credits and memory unchanged."""
    # GameState(phase=, credits=, round=, rounds_played=, recent_cards=), by position
    return _new(GameState, (phase, state.credits, round_, state.rounds_played, state.recent_cards))


def end_round(
    game: GameDefinition, state: GameState, round_: Round, events: list[Event]
) -> GameState:
    """Every feature is done: offer the win (gamble games) or pay it and close the round."""
    if round_.win and game.gamble:
        events.append(WinOffered(round_.win, gamble_allowed(round_)))
        return with_round(state, Phase.WIN_OFFERED, round_)
    return close_round(state, round_, round_.win, events, round_.steps)


def close_round(
    state: GameState, round_: Round, paid: int, events: list[Event], steps: tuple[Step, ...]
) -> GameState:
    """Pay ``paid`` into credits and close the round, whose record ends with ``steps``."""
    if paid:
        events.append(Collected(paid))
    events.append(RoundClosed(evolve(round_, win=paid, steps=steps, paid=paid)))
    return GameState(
        phase=Phase.IDLE,
        credits=state.credits + paid,
        round=None,
        rounds_played=state.rounds_played,
        recent_cards=state.recent_cards,
    )


def collect(state: GameState, action: Collect) -> Transition:
    """Collect: the win goes into credits; the closed record is built when first asked for."""
    round_ = state.round
    assert round_ is not None
    # GameState(phase=, credits=, round=, rounds_played=, recent_cards=), by position
    idle = _new(
        GameState,
        (_IDLE, state.credits + round_.win, None, state.rounds_played, state.recent_cards),
    )
    # DeferredTransition(idle, _collected_events, round_, action) without its __init__
    collected = _new_object(DeferredTransition)
    collected.state = idle
    collected._events = _collected_events
    collected._args = (round_, action)
    return collected


def _collected_events(round_: Round, action: Collect) -> tuple[Event, ...]:
    """The events of a collect: the win paid (if any) and the closed round's record."""
    paid = round_.win
    closed = evolve(round_, win=paid, steps=(*round_.steps, Step(action, ())), paid=paid)
    return (Collected(paid), RoundClosed(closed)) if paid else (RoundClosed(closed),)
