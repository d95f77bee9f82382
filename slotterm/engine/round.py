"""The round as a pure state machine: ``state + action (+ draws) -> new state + events``.

A round runs: spin -> (feature awarded -> Magic Book draws the special symbol -> free
spins one at a time, with retriggers) -> win offered -> collect, or gamble steps -> idle.
Every transition draws its randomness through the :class:`~slotterm.rng.RandomSource` it
is given and records the draws on the round, so
:func:`slotterm.engine.replay.replay_round` rebuilds the round from its record alone.
Nothing here does I/O.

The values it works on live in :mod:`slotterm.engine.actions` (what may be asked),
:mod:`slotterm.engine.records` (the round and the machine) and
:mod:`slotterm.engine.events` (what a transition reports); they are re-exported here, so
``from slotterm.engine.round import Spin, Round, ReelsStopped`` keeps working.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import fields
from typing import Any

from slotterm.engine.actions import (
    Action,
    ActionRefused,
    Bet,
    Collect,
    Guess,
    Limits,
    PlayFreeSpin,
    Spin,
    StartFeature,
    StartGamble,
    TopUp,
)
from slotterm.engine.evaluate import strip_table
from slotterm.engine.events import (
    CardDrawn,
    Collected,
    CreditsAdded,
    Event,
    FeatureEnded,
    FreeSpinsAwarded,
    ReelsStopped,
    RoundClosed,
    SpecialChosen,
    Transition,
    WinOffered,
)
from slotterm.engine.gamble import CARD_COUNT, card_color
from slotterm.engine.model import GameDefinition
from slotterm.engine.records import (
    EndReason,
    FreeSpin,
    GambleStep,
    GameState,
    Phase,
    Round,
    SpinResult,
    Step,
)
from slotterm.rng import RandomSource, RecordingSource, draw_each

__all__ = [
    "RECENT_CARDS",
    "Action",
    "ActionRefused",
    "Bet",
    "CardDrawn",
    "Collect",
    "Collected",
    "CreditsAdded",
    "EndReason",
    "Event",
    "FeatureEnded",
    "FreeSpin",
    "FreeSpinsAwarded",
    "GambleStep",
    "GameState",
    "Guess",
    "Limits",
    "Phase",
    "PlayFreeSpin",
    "ReelsStopped",
    "Round",
    "RoundClosed",
    "SpecialChosen",
    "Spin",
    "SpinResult",
    "StartFeature",
    "StartGamble",
    "Step",
    "TopUp",
    "Transition",
    "WinOffered",
    "apply",
    "draw_spin",
    "gamble_allowed",
    "is_allowed",
    "refusal",
]

RECENT_CARDS = 5
"""How many of the last gamble cards the machine remembers (and shows)."""


# --- rules ----------------------------------------------------------------------------------


def gamble_allowed(round_: Round) -> bool:
    """True when the offered win may be gambled (DESIGN.md §1, gamble row)."""
    limit = round_.limits.gamble_limit
    return (
        not round_.autoplay
        and round_.ended_by is None
        and not round_.gamble_closed
        and round_.win > 0
        and (limit is None or round_.win <= limit)
    )


def refusal(game: GameDefinition, state: GameState, action: Action) -> str | None:
    """Why ``action`` is not allowed now, or ``None`` when it is."""
    phase = state.phase
    match action:
        case Spin(bet=bet, limits=limits):
            if phase is not Phase.IDLE:
                return "finish the current round first"
            if not 1 <= bet.lines <= len(game.lines):
                return f"lines must be 1..{len(game.lines)}"
            if bet.bet_per_line < 1:
                return "the bet per line must be positive"
            if bet.total > state.credits:
                return "not enough credits for this bet"
            if (limits.gamble_limit or 0) < 0 or (limits.free_spin_limit or 0) < 0:
                return "operator limits must not be negative"
            return None
        case TopUp(amount=amount):
            if phase is not Phase.IDLE:
                return "credits can only be added between rounds"
            return None if amount > 0 else "a top-up must be positive"
        case StartFeature():
            return None if phase is Phase.FEATURE_AWARDED else "no feature is waiting to start"
        case PlayFreeSpin():
            return None if phase is Phase.FREE_SPINS else "no free spins to play"
        case Collect():
            return None if phase in (Phase.WIN_OFFERED, Phase.GAMBLE) else "no win to collect"
        case StartGamble():
            if phase is not Phase.WIN_OFFERED or state.round is None:
                return "no win to gamble"
            return None if gamble_allowed(state.round) else "this win cannot be gambled"
        case Guess():
            return None if phase is Phase.GAMBLE else "the gamble is not open"
    return "unknown action"  # pragma: no cover - exhaustive above


def is_allowed(game: GameDefinition, state: GameState, action: Action) -> bool:
    """Shorthand for ``refusal(...) is None``."""
    return refusal(game, state, action) is None


def apply(game: GameDefinition, state: GameState, action: Action, rng: RandomSource) -> Transition:
    """Run one transition; raises :class:`ActionRefused` if the action is not allowed.

    The draws the transition makes are recorded as a :class:`Step` on the open round, or
    on the record of the round it closes (carried by the :class:`RoundClosed` event).
    """
    reason = refusal(game, state, action)
    if reason is not None:
        raise ActionRefused(reason)
    recorder = RecordingSource(rng)
    events: list[Event] = []
    new_state = _dispatch(game, state, action, recorder, events)
    return Transition(new_state, tuple(events))


def _dispatch(
    game: GameDefinition,
    state: GameState,
    action: Action,
    rng: RecordingSource,
    events: list[Event],
) -> GameState:
    match action:
        case Spin():
            return _spin(game, state, action, rng, events)
        case Collect():
            round_ = state.round
            assert round_ is not None
            return _close(state, round_, round_.win, events, _steps(round_, action, rng))
        case PlayFreeSpin():
            return _free_spin(game, state, action, rng, events)
        case StartFeature():
            return _start_feature(game, state, action, rng, events)
        case StartGamble():
            assert state.round is not None
            round_ = _evolve(state.round, steps=_steps(state.round, action, rng))
            return _with_round(state, Phase.GAMBLE, round_)
        case Guess():
            return _guess(state, action, rng, events)
        case TopUp(amount=amount):
            events.append(CreditsAdded(amount))
            return GameState(
                state.phase,
                state.credits + amount,
                state.round,
                state.rounds_played,
                state.recent_cards,
            )
    raise ActionRefused("unknown action")  # pragma: no cover


def _steps(round_: Round | None, action: Action, rng: RecordingSource) -> tuple[Step, ...]:
    """The round's steps with this transition's step (its action and draws) appended."""
    step = Step(action, tuple(rng.draws))
    return (*round_.steps, step) if round_ is not None else (step,)


def _evolve(round_: Round, **changes: Any) -> Round:
    """A copy of ``round_`` with ``changes`` (a cheaper ``dataclasses.replace``)."""
    for name in _ROUND_FIELDS:
        if name not in changes:
            changes[name] = getattr(round_, name)
    return Round(**changes)


_ROUND_FIELDS = tuple(f.name for f in fields(Round))


def _with_round(state: GameState, phase: Phase, round_: Round | None) -> GameState:
    """The state in ``phase`` with ``round_`` open, credits and memory unchanged."""
    return GameState(phase, state.credits, round_, state.rounds_played, state.recent_cards)


def draw_spin(
    game: GameDefinition,
    strips: Sequence[Sequence[str]],
    rng: RandomSource,
    lines: int,
    bet_per_line: int,
    special: str | None = None,
) -> SpinResult:
    """Draw one stop per reel, build the window, and evaluate it."""
    table = strip_table(game, strips)
    stops = draw_each(rng, table.lengths)
    window, evaluation = table.evaluate(
        stops, lines, bet_per_line, special, free_spin=special is not None
    )
    return SpinResult(stops, window, evaluation)


def _spin(
    game: GameDefinition,
    state: GameState,
    action: Spin,
    rng: RecordingSource,
    events: list[Event],
) -> GameState:
    bet = action.bet
    result = draw_spin(game, game.base_reels, rng, bet.lines, bet.bet_per_line)
    while action.force_feature and result.evaluation.free_spins_awarded == 0:
        result = draw_spin(game, game.base_reels, rng, bet.lines, bet.bet_per_line)
    evaluation = result.evaluation
    total_bet = bet.bet_per_line * bet.lines
    cap = game.max_win_x_total_bet * total_bet  # game.max_win(total_bet)
    win = evaluation.total_win
    ended_by: EndReason | None = None
    awarded = evaluation.free_spins_awarded
    if win >= cap:
        win, ended_by, awarded = cap, EndReason.CAP, 0
    number = state.rounds_played + 1
    credits = state.credits - total_bet
    events.append(ReelsStopped(result, None, win))
    phase = Phase.FEATURE_AWARDED if awarded else Phase.WIN_OFFERED if win else Phase.IDLE
    round_ = Round(
        number,
        bet,
        action.limits,
        action.autoplay,
        state.credits,
        result,
        win,
        None,
        awarded,
        (),
        0,
        win,
        ended_by,
        (),
        False,
        (Step(action, tuple(rng.draws)),),
    )
    if phase is Phase.IDLE:
        events.append(RoundClosed(round_))
        return GameState(phase, credits, None, number, state.recent_cards)
    if awarded:
        events.append(FreeSpinsAwarded(awarded, retrigger=False))
    else:
        events.append(WinOffered(win, gamble_allowed(round_)))
    return GameState(phase, credits, round_, number, state.recent_cards)


def _start_feature(
    game: GameDefinition,
    state: GameState,
    action: StartFeature,
    rng: RecordingSource,
    events: list[Event],
) -> GameState:
    assert state.round is not None
    candidates = game.paying_symbols
    special = candidates[rng.randbelow(len(candidates))]
    events.append(SpecialChosen(special))
    round_ = _evolve(state.round, special=special, steps=_steps(state.round, action, rng))
    return _with_round(state, Phase.FREE_SPINS, round_)


def _free_spin(
    game: GameDefinition,
    state: GameState,
    action: PlayFreeSpin,
    rng: RecordingSource,
    events: list[Event],
) -> GameState:
    round_ = state.round
    assert round_ is not None and round_.special is not None
    bet = round_.bet
    result = draw_spin(game, game.free_reels, rng, bet.lines, bet.bet_per_line, round_.special)
    feature_total = round_.feature_win + result.evaluation.total_win
    ended_by: EndReason | None = None
    limit = round_.limits.free_spin_limit
    if limit is not None and feature_total > limit:
        feature_total, ended_by = limit, EndReason.LIMIT
    cap = game.max_win(bet.total)
    if round_.base_win + feature_total >= cap:
        feature_total, ended_by = cap - round_.base_win, EndReason.CAP
    awarded = round_.free_spins_awarded
    retrigger = result.evaluation.free_spins_awarded if ended_by is None else 0
    awarded += retrigger
    spin = FreeSpin(
        number=len(round_.free_spins) + 1,
        awarded_so_far=awarded,
        result=result,
        win=feature_total - round_.feature_win,
        feature_total=feature_total,
    )
    round_ = _evolve(
        round_,
        free_spins=(*round_.free_spins, spin),
        free_spins_awarded=awarded,
        feature_win=feature_total,
        win=round_.base_win + feature_total,
        ended_by=ended_by,
        steps=_steps(round_, action, rng),
    )
    events.append(ReelsStopped(result, spin.number, spin.win))
    if retrigger:
        events.append(FreeSpinsAwarded(retrigger, retrigger=True))
    if ended_by is None and round_.free_spins_left > 0:
        return _with_round(state, Phase.FREE_SPINS, round_)
    events.append(FeatureEnded(feature_total, len(round_.free_spins), ended_by))
    if round_.win > 0:
        events.append(WinOffered(round_.win, gamble_allowed(round_)))
        return _with_round(state, Phase.WIN_OFFERED, round_)
    return _close(state, round_, 0, events, round_.steps)


def _guess(state: GameState, action: Guess, rng: RecordingSource, events: list[Event]) -> GameState:
    round_ = state.round
    assert round_ is not None
    card = rng.randbelow(CARD_COUNT)
    won = card_color(card) is action.color
    result = round_.win * 2 if won else 0
    step = GambleStep(card, action.color, round_.win, won, result)
    recent = (*state.recent_cards, card)[-RECENT_CARDS:]
    events.append(CardDrawn(step))
    round_ = _evolve(
        round_, gamble=(*round_.gamble, step), win=result, steps=_steps(round_, action, rng)
    )
    state = GameState(state.phase, state.credits, round_, state.rounds_played, recent)
    if not won:
        return _close(state, round_, 0, events, round_.steps)
    if not gamble_allowed(round_):
        round_ = _evolve(round_, gamble_closed=True)
        events.append(WinOffered(result, False))
        return _with_round(state, Phase.WIN_OFFERED, round_)
    return state


def _close(
    state: GameState, round_: Round, paid: int, events: list[Event], steps: tuple[Step, ...]
) -> GameState:
    """Pay ``paid`` into credits and close the round, whose record ends with ``steps``."""
    if paid:
        events.append(Collected(paid))
    closed = Round(
        round_.number,
        round_.bet,
        round_.limits,
        round_.autoplay,
        round_.credits_before,
        round_.base,
        round_.base_win,
        round_.special,
        round_.free_spins_awarded,
        round_.free_spins,
        round_.feature_win,
        paid,
        round_.ended_by,
        round_.gamble,
        round_.gamble_closed,
        steps,
        paid,
    )
    events.append(RoundClosed(closed))
    return GameState(
        Phase.IDLE, state.credits + paid, None, state.rounds_played, state.recent_cards
    )
