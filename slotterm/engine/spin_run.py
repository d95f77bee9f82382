"""A run of base spins at one bet, played until one of them pays or starts a feature.

Most base spins pay nothing and start nothing: all such a spin changes is the credits
(the bet taken) and the count of rounds played, and the round it opens closes at once.
:func:`spin_run` plays up to ``most`` spins of one :class:`~slotterm.engine.actions.Spin`
exactly as as many calls of :func:`slotterm.engine.round.apply` would -- the same draws
from the same source, in the same order -- and stops after the first spin that pays or
starts something, whose transition it gives.  What it leaves out are the events and
records of the silent spins before it, which nobody who calls it reads (a simulation).

A simulation may also hand it a list for the spins that only pay (``wins``): such a spin
-- a win under the cap whose window lets no feature start -- is then played to its end
as well, its win collected at once (as the simulation's policy collects every win on
offer, and as a game without the gamble pays it), and the run goes on; the spin's
evaluation is appended to the list.  The state after it is the very state ``apply``'s
spin and collect leave.
"""

from __future__ import annotations

from slotterm.engine.actions import Spin
from slotterm.engine.base_spin import spin_drawn, spin_with
from slotterm.engine.events import Transition
from slotterm.engine.model import GameDefinition
from slotterm.engine.outcome import Evaluation
from slotterm.engine.records import GameState, Phase
from slotterm.engine.round import checked_spin
from slotterm.rng import RandomSource

_new = tuple.__new__


def spin_run(
    game: GameDefinition,
    state: GameState,
    action: Spin,
    rng: RandomSource,
    most: int,
    wins: list[Evaluation] | None = None,
) -> tuple[int, GameState, Transition | None]:
    """Play up to ``most`` spins of ``action`` from ``state``, stopping after the first that
    pays or starts a feature.

    Returns how many silent spins came first, the state after them, and the transition of
    the spin that ended the run (``None`` when the run ended without one: ``most`` silent
    spins, or too few credits left for another).  With ``wins``, the spins that only pay
    are played out too (see the module notes): they count with the silent spins, and
    each one's evaluation is appended to ``wins``.  Raises
    :class:`~slotterm.engine.actions.ActionRefused` when the first spin is not allowed; a
    forced spin is played alone.
    """
    if most < 1:
        return 0, state, None
    base = checked_spin(game, state, action)
    if action.force is not None:
        return 0, state, spin_with(base, state, action, rng)
    total = base.total
    if rng is not base.rng:
        base.bind(rng)
    draw, evaluation = base.draw, base.evaluation
    least, may_start, cap = base.least, base.gate_check, base.cap
    credits = state.credits
    silent = 0
    while silent < most and credits >= total:
        stops = draw()
        spun = evaluation(stops)
        scatters = spun.scatter_count
        win = spun.total_win
        if win or (scatters >= least and may_start(stops, scatters)):
            # (spin_drawn's test: a win under the cap opens its round when a gate lets by)
            if wins is None or not win or win >= cap or may_start(stops, scatters):
                before = _after(state, silent, credits)
                return silent, before, spin_drawn(base, before, action, rng, stops, spun)
            wins.append(spun)  # only pays: collected at once
            credits += win
        silent += 1
        credits -= total
    return silent, _after(state, silent, credits), None


def _after(state: GameState, silent: int, credits: int) -> GameState:
    """``state`` after ``silent`` silent spins left it ``credits``."""
    if not silent:
        return state
    # GameState(phase=IDLE, credits=, round=None, rounds_played=, recent_cards=)
    return _new(
        GameState,
        (Phase.IDLE, credits, None, state.rounds_played + silent, state.recent_cards),
    )
