"""The round as a pure state machine: ``state + action (+ draws) -> new state + events``.

The core plays what every game has: the base spin (bet, lines, the round cap), collect
and the gamble.  Whatever else a round holds -- free spins, a symbol filling reels, a bonus
game -- is a feature (:mod:`slotterm.engine.feature`): the base spin asks each of the
game's features whether its window starts it, pushes a frame for each that does, and
hands the features' own actions to the frame on top until every frame is done; then
the round offers its win (or, in a game without the gamble, pays it at once).

Every transition draws its randomness through the :class:`~slotterm.rng.RandomSource` it
is given and records the draws on the round, so
:func:`slotterm.engine.replay.replay_round` rebuilds the round from its record alone.
How a round ends (its win offered, or paid and closed; collect) is in
:mod:`slotterm.engine.round_end`.  Nothing here does I/O.  The values live where they
are defined:
:mod:`slotterm.engine.actions`, :mod:`slotterm.engine.records`,
:mod:`slotterm.engine.events`.
"""

from __future__ import annotations

from typing import Any

from slotterm.engine.actions import (
    Action,
    ActionRefused,
    Collect,
    FeatureAction,
    Guess,
    Spin,
    StartGamble,
    TopUp,
)
from slotterm.engine.base_spin import may_trigger, push_frames, spin_with, triggered_features
from slotterm.engine.base_spin_setup import BaseSpin, base_spin
from slotterm.engine.events import (
    CardDrawn,
    CreditsAdded,
    Event,
    Transition,
    WinOffered,
)
from slotterm.engine.feature import Feature, FeatureContext, build_feature_context
from slotterm.engine.gamble import CARD_COUNT, card_color
from slotterm.engine.model import GameDefinition
from slotterm.engine.records import (
    EndReason,
    FeatureFrame,
    GambleStep,
    GameState,
    Phase,
    Round,
    build_feature_frame,
    evolve,
    gamble_allowed,
)
from slotterm.engine.round_end import close_round, collect, end_round, steps_with, with_round
from slotterm.rng import RandomSource, RecordingSource

_IDLE = Phase.IDLE
_CAP = EndReason.CAP
_LIMIT = EndReason.LIMIT
_WIN_OFFERED = Phase.WIN_OFFERED
_new = tuple.__new__
_new_object = object.__new__

RECENT_CARDS = 5
"""How many of the last gamble cards the machine remembers (and shows)."""

# --- rules ----------------------------------------------------------------------------------


def feature_context(
    game: GameDefinition, round_: Round, inside: str | None = None
) -> FeatureContext:
    """What the round's features may know: its bet, limits and the room left under the cap."""
    last = _LAST_CONTEXT
    if last[0] is round_ and last[1] is game and inside is None:
        context: FeatureContext = last[2]
        return context
    bet, limits = round_.bet, round_.limits
    cap = _LAST_CAP
    if not (cap[0] is game and cap[1] is bet and cap[2] is limits):
        cap[:] = [game, bet, limits, game.max_win(bet.total, limits)]
    room = cap[3] - round_.base_win - round_.feature_win
    ends = _CAP
    limit = limits.free_spin_limit
    if limit is not None and limit - round_.feature_win < room:  # the features' limit first
        room, ends = max(limit - round_.feature_win, 0), _LIMIT
    if inside is None:
        # the round's next step most often has the same room (a free spin that paid nothing)
        context = last[2]
        if not (
            context is not None
            and context.room == room
            and context.room_ends is ends
            and context.game is game
            and context.bet is bet
            and context.limits is limits
        ):
            context = build_feature_context(
                game=game, bet=bet, limits=limits, room=room, room_ends=ends
            )
        last[:] = [round_, game, context]
        return context
    return FeatureContext(
        game=game, bet=bet, limits=limits, room=room, inside=inside, room_ends=ends
    )


_LAST_CAP: list[Any] = [None, None, None, 0]
"""The game, bet and limits of the last round cap worked out, and the cap."""

_LAST_CONTEXT: list[Any] = [None, None, None]
"""The round, game and context :func:`feature_context` gave last (a feature step asks
for the same round's context several times: the policy, the refusal, the step); the
context (``inside`` and ``force`` unset) is given again to a round with the same room."""


def active_feature(game: GameDefinition, state: GameState) -> tuple[Feature, FeatureFrame] | None:
    """The feature being played and its frame, or ``None`` outside a feature."""
    round_ = state.round
    frame = round_.active if round_ is not None else None
    if frame is None:
        return None
    return game.feature(frame.feature), frame


def refusal(game: GameDefinition, state: GameState, action: Action) -> str | None:
    """Why ``action`` is not allowed now, or ``None`` when it is."""
    phase = state.phase
    if isinstance(action, FeatureAction):
        return _feature_refusal(game, state, action)[0]
    match action:
        case Spin():
            return _spin_refusal(game, state, action)
        case TopUp(amount=amount):
            if phase is not Phase.IDLE:
                return "credits can only be added between rounds"
            return None if amount > 0 else "a top-up must be positive"
        case Collect():
            return None if phase in (Phase.WIN_OFFERED, Phase.GAMBLE) else "no win to collect"
        case StartGamble():
            if phase is not Phase.WIN_OFFERED or state.round is None:
                return "no win to gamble"
            return None if gamble_allowed(state.round) else "this win cannot be gambled"
        case Guess():
            return None if phase is Phase.GAMBLE else "the gamble is not open"
    return "unknown action"


def _feature_refusal(
    game: GameDefinition, state: GameState, action: FeatureAction
) -> tuple[str | None, int, Feature | None]:
    """Why the feature ``action`` is refused (or ``None``), the index of the active frame
    and its feature."""
    round_ = state.round
    if state.phase is not Phase.FEATURE or round_ is None:
        return "no feature is under way", -1, None
    frames = round_.frames
    index = len(frames) - 1
    while index >= 0 and frames[index].done:
        index -= 1
    if index < 0:
        return "no feature is under way", -1, None
    frame = frames[index]
    feature = game.feature_index[frame.feature]
    if type(action) not in feature.actions.values():
        name = feature.name.replace("_", " ")
        return f"the {name} feature does not take that action", index, feature
    return feature.refusal(feature_context(game, round_), frame.record, action), index, feature


_CHECKED_SPIN: list[Any] = [None, None, None]
"""The last Spin found allowed, its game and its base-spin setup: the same action needs
only its phase and credits checked again (a Spin's bet, lines and limits never change)."""


def _spin_refusal(game: GameDefinition, state: GameState, action: Spin) -> str | None:
    if state.phase is not Phase.IDLE:
        return "finish the current round first"
    bet = action.bet
    lines = game.lines_refusal(bet.lines)
    if lines is not None:
        return lines
    wrong_bet = game.bet_refusal(bet.bet_per_line, bet.coin_size)
    if wrong_bet is not None:
        return wrong_bet
    if bet.bet_per_line * bet.lines > state.credits:
        return "not enough credits for this bet"
    limits = action.limits
    if (limits.gamble_limit or 0) < 0 or (limits.free_spin_limit or 0) < 0:
        return "operator limits must not be negative"
    if limits.max_win is not None and limits.max_win < 1:
        return "the operator's max win must be positive"
    if action.force is not None:
        return force_refusal(game, action.force)
    return None


def checked_spin(game: GameDefinition, state: GameState, action: Spin) -> BaseSpin:
    """The :func:`base_spin` of ``action``, allowed in ``state``; raises
    :class:`ActionRefused` if it is not."""
    checked = _CHECKED_SPIN
    base: BaseSpin = checked[2]
    if (
        checked[0] is action
        and checked[1] is game
        and state.phase is _IDLE
        and base.total <= state.credits
    ):
        return base
    reason = _spin_refusal(game, state, action)
    if reason is not None:
        raise ActionRefused(reason)
    base = base_spin(game, action)
    checked[:] = [action, game, base]
    return base


def force_refusal(game: GameDefinition, force: str) -> str | None:
    """Why a tester's ``force`` (``"feature"`` or ``"feature:detail"``) is refused, or ``None``."""
    name, _, detail = force.partition(":")
    if all(feature.name != name for feature in game.features):
        return f"this game has no feature {name!r} to force"
    return game.feature(name).force_refusal(detail)


def forced_draws(game: GameDefinition, force: str) -> tuple[tuple[int, int], ...]:
    """The single draws an allowed ``force``'s detail asks of its feature
    (:meth:`~slotterm.engine.feature.Feature.forced_draws`: a pick game's layout)."""
    name, _, detail = force.partition(":")
    return game.feature(name).forced_draws(detail) if detail else ()


def is_allowed(game: GameDefinition, state: GameState, action: Action) -> bool:
    """Shorthand for ``refusal(...) is None``."""
    return refusal(game, state, action) is None


def apply(game: GameDefinition, state: GameState, action: Action, rng: RandomSource) -> Transition:
    """Run one transition; raises :class:`ActionRefused` if the action is not allowed.

    The draws the transition makes are recorded as a :class:`Step` on the open round, or
    on the record of the round it closes (carried by the :class:`RoundClosed` event).
    """
    if type(action) is Spin:
        return spin_with(checked_spin(game, state, action), state, action, rng)
    if type(action) is Collect and state.phase is _WIN_OFFERED:
        return collect(state, action)
    events: list[Event] = []
    if isinstance(action, FeatureAction):
        reason, index, feature = _feature_refusal(game, state, action)
        if reason is not None:
            raise ActionRefused(reason)
        assert feature is not None
        recording = RecordingSource(rng)
        new_state = _feature_step(game, state, index, feature, action, recording, events)
        return Transition(new_state, tuple(events))
    reason = refusal(game, state, action)
    if reason is not None:
        raise ActionRefused(reason)
    if type(action) is Collect:
        return collect(state, action)
    new_state = _core(state, action, RecordingSource(rng), events)
    return Transition(new_state, tuple(events))


def _core(state: GameState, action: Action, rng: RecordingSource, events: list[Event]) -> GameState:
    match action:
        case StartGamble():
            assert state.round is not None
            round_ = evolve(state.round, steps=steps_with(state.round, action, rng))
            return with_round(state, Phase.GAMBLE, round_)
        case Guess():
            return _guess(state, action, rng, events)
        case TopUp(amount=amount):
            events.append(CreditsAdded(amount))
            return GameState(
                phase=state.phase,
                credits=state.credits + amount,
                round=state.round,
                rounds_played=state.rounds_played,
                recent_cards=state.recent_cards,
            )
    raise ActionRefused("unknown action")  # pragma: no cover - refusal() stops it first


# --- feature steps ---------------------------------------------------------------------------


def _feature_step(
    game: GameDefinition,
    state: GameState,
    index: int,
    feature: Feature,
    action: FeatureAction,
    rng: RecordingSource,
    events: list[Event],
) -> GameState:
    """The allowed ``action`` played by ``feature``, of frame ``index`` (the active one)."""
    round_ = state.round
    assert round_ is not None
    frames = list(round_.frames)
    frame = frames[index]
    ctx = feature_context(game, round_)
    outcome = feature.step(ctx, frame.record, action, rng)
    if not 0 <= outcome.win <= ctx.room:  # pragma: no cover - a feature's own bug
        raise AssertionError(f"{feature.name} paid {outcome.win} with {ctx.room} left")
    events.extend(outcome.events)
    frames[index] = build_feature_frame(
        feature=frame.feature, record=outcome.record, done=feature.finished(outcome.record)
    )
    ended_by = round_.ended_by if outcome.ended_by is None else outcome.ended_by
    feature_win = round_.feature_win + outcome.win
    if ended_by is _CAP or ended_by is _LIMIT:  # nothing more can be paid: every feature ends
        frames = [f if f.done else FeatureFrame(f.feature, f.record, True) for f in frames]
    elif outcome.started:
        frames = list(push_frames(tuple(frames), list(outcome.started), events))
    elif (
        outcome.spin is not None
        and len(game.features) > 1
        and may_trigger(game, outcome.spin, feature.name)
    ):
        inner = FeatureContext(
            game=game,
            bet=round_.bet,
            limits=round_.limits,
            room=ctx.room - outcome.win,
            inside=feature.name,
            room_ends=ctx.room_ends,
        )
        started = triggered_features(game, inner, outcome.spin, feature.name)
        if started:
            frames = list(push_frames(tuple(frames), started, events))
    total = round_.base_win + feature_win
    round_ = evolve(
        round_,
        frames=tuple(frames),
        feature_win=feature_win,
        win=total,
        ended_by=ended_by,
        steps=steps_with(round_, action, rng),
    )
    if round_.active is not None:
        return with_round(state, Phase.FEATURE, round_)
    return end_round(game, state, round_, events)


# --- the gamble ------------------------------------------------------------------------------


def _guess(state: GameState, action: Guess, rng: RecordingSource, events: list[Event]) -> GameState:
    round_ = state.round
    assert round_ is not None
    card = rng.randbelow(CARD_COUNT)
    won = card_color(card) is action.color
    result = round_.win * 2 if won else 0
    step = GambleStep(card=card, guess=action.color, stake=round_.win, won=won, result=result)
    recent = (*state.recent_cards, card)[-RECENT_CARDS:]
    events.append(CardDrawn(step))
    round_ = evolve(
        round_, gamble=(*round_.gamble, step), win=result, steps=steps_with(round_, action, rng)
    )
    state = GameState(
        phase=state.phase,
        credits=state.credits,
        round=round_,
        rounds_played=state.rounds_played,
        recent_cards=recent,
    )
    if not won:
        return close_round(state, round_, 0, events, round_.steps)
    if not gamble_allowed(round_):
        round_ = evolve(round_, gamble_closed=True)
        events.append(WinOffered(result, False))
        return with_round(state, Phase.WIN_OFFERED, round_)
    return state
