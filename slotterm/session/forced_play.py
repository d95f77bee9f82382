"""A tester's forced play in a session: the feature a ``--force`` names, what is left of the
forced stops and draws after an action, and whether a round was forced.

:class:`~slotterm.session.game_session.GameSession` keeps the forced stops (``--stops``,
a ``--force`` plan's) and draws (a pick game's forced layout) and hands them to the engine
through a :class:`~slotterm.forced_stops.ForcedStopsSource`; these are its rules for them.
"""

from __future__ import annotations

from dataclasses import replace

from slotterm.engine.actions import Spin
from slotterm.engine.events import RoundClosed, Transition
from slotterm.engine.model import GameDefinition
from slotterm.engine.records import Round
from slotterm.engine.round import forced_draws
from slotterm.force_kinds import Forcing
from slotterm.forced_stops import ForcedSpin, ForcedStopsSource, mark_forced

__all__ = ["Forced", "forced_feature", "left_after", "resumed_draws", "round_was_forced"]

Forced = tuple[list[ForcedSpin], list[tuple[int, int]], int]
"""The forced stops, the forced draws and how many of the stops are a plan's (its round's)."""


def forced_feature(spin: Spin, forcing: Forcing | None) -> Spin:
    """``spin`` forcing the feature ``forcing`` names (``--force free-spins``,
    ``mystery-bonus:NAME``...), unless it forces one itself or none is named."""
    if forcing is None or forcing.feature is None or spin.force is not None:
        return spin
    return replace(spin, force=forcing.feature)


def resumed_draws(game: GameDefinition, round_: Round | None) -> list[tuple[int, int]] | None:
    """The draws the open ``round_``'s forced spin asks for when its feature has not started
    the part that makes them yet, or ``None`` (no forced spin, or its part started)."""
    first = round_.steps[0].action if round_ is not None and round_.steps else None
    if round_ is None or not isinstance(first, Spin) or first.force is None:
        return None
    name = first.force.partition(":")[0]
    frames = [frame for frame in round_.frames if frame.feature == name]
    if frames and game.feature(name).started_part(frames[0].record) is None:
        return list(forced_draws(game, first.force))
    return None


def round_was_forced(round_: Round, forced_steps: dict[int, tuple[int, ...]]) -> bool:
    """Whether a tester forced ``round_``: its spin forced a feature (``--force``), or one
    of its steps took forced stops or draws (``forced_steps`` says, per round)."""
    first = round_.steps[0].action if round_.steps else None
    forced_spin = isinstance(first, Spin) and first.force is not None
    return forced_spin or round_.number in forced_steps


def left_after(
    transition: Transition,
    source: ForcedStopsSource | None,
    forced: Forced,
    forced_steps: dict[int, tuple[int, ...]],
) -> Forced:
    """What is left of the ``forced`` stops and draws once ``transition`` played them from
    ``source`` (``None``: nothing forced); marks the steps that took them in
    ``forced_steps``.  A round's close drops its plan's stops and every draw."""
    stops, draws, plan_left = forced
    if source is not None and source.forced_any:
        mark_forced(forced_steps, transition)
    if source is not None:
        used = source.used
        stops, draws = stops[used:], draws[source.draws_done :]
        plan_left = max(plan_left - used, 0)
    if any(isinstance(event, RoundClosed) for event in transition.events):
        stops, draws, plan_left = stops[plan_left:], [], 0  # a plan is for its round
    return stops, draws, plan_left
