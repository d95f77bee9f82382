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
Nothing here does I/O.  The values live where they are defined:
:mod:`slotterm.engine.actions`, :mod:`slotterm.engine.records`,
:mod:`slotterm.engine.events`.
"""

from __future__ import annotations

from slotterm.engine.actions import (
    Action,
    ActionRefused,
    Bet,
    Collect,
    FeatureAction,
    Guess,
    Limits,
    Spin,
    StartGamble,
    TopUp,
)
from slotterm.engine.evaluate import strip_table
from slotterm.engine.events import (
    CardDrawn,
    Collected,
    CreditsAdded,
    Event,
    ReelsStopped,
    RoundClosed,
    Transition,
    WinOffered,
)
from slotterm.engine.feature import Feature, FeatureContext, Triggered
from slotterm.engine.gamble import CARD_COUNT, card_color
from slotterm.engine.model import GameDefinition
from slotterm.engine.records import (
    EndReason,
    FeatureFrame,
    GambleStep,
    GameState,
    Phase,
    Round,
    SpinResult,
    Step,
    evolve,
)
from slotterm.rng import RandomSource, RecordingSource, draw_each

RECENT_CARDS = 5
"""How many of the last gamble cards the machine remembers (and shows)."""

FORCE_TRIES = 1_000_000
"""How many base spins a forced spin may draw looking for its feature before it gives up."""


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


def feature_context(
    game: GameDefinition, round_: Round, inside: str | None = None
) -> FeatureContext:
    """What the round's features may know: its bet, limits and the room left under the cap."""
    return FeatureContext(
        game=game,
        bet=round_.bet,
        limits=round_.limits,
        room=game.max_win(round_.bet.total) - round_.round_win,
        inside=inside,
    )


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
        active = active_feature(game, state) if phase is Phase.FEATURE else None
        if active is None or state.round is None:
            return "no feature is under way"
        feature, frame = active
        if type(action) not in feature.actions.values():
            return f"the {feature.name.replace('_', ' ')} feature does not take that action"
        return feature.refusal(feature_context(game, state.round), frame.record, action)
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


def _spin_refusal(game: GameDefinition, state: GameState, action: Spin) -> str | None:
    if state.phase is not Phase.IDLE:
        return "finish the current round first"
    bet = action.bet
    lines = game.lines_refusal(bet.lines)
    if lines is not None:
        return lines
    if bet.bet_per_line < 1:
        return "the bet per line must be positive"
    if bet.bet_per_line * bet.lines > state.credits:
        return "not enough credits for this bet"
    limits = action.limits
    if (limits.gamble_limit or 0) < 0 or (limits.free_spin_limit or 0) < 0:
        return "operator limits must not be negative"
    force = action.force
    if force is not None and not game.has_feature(force):
        return f"this game has no feature {force!r} to force"
    return None


def is_allowed(game: GameDefinition, state: GameState, action: Action) -> bool:
    """Shorthand for ``refusal(...) is None``."""
    return refusal(game, state, action) is None


def apply(game: GameDefinition, state: GameState, action: Action, rng: RandomSource) -> Transition:
    """Run one transition; raises :class:`ActionRefused` if the action is not allowed.

    The draws the transition makes are recorded as a :class:`Step` on the open round, or
    on the record of the round it closes (carried by the :class:`RoundClosed` event).
    """
    if type(action) is Spin:
        reason = _spin_refusal(game, state, action)
        if reason is not None:
            raise ActionRefused(reason)
        return _spin(game, state, action, rng)
    if type(action) is Collect and state.phase is Phase.WIN_OFFERED:
        return _collect(state, action)
    reason = refusal(game, state, action)
    if reason is not None:
        raise ActionRefused(reason)
    if type(action) is Collect:
        return _collect(state, action)
    recorder = RecordingSource(rng)
    events: list[Event] = []
    if isinstance(action, FeatureAction):
        new_state = _feature_step(game, state, action, recorder, events)
    else:
        new_state = _core(state, action, recorder, events)
    return Transition(new_state, tuple(events))


def _core(state: GameState, action: Action, rng: RecordingSource, events: list[Event]) -> GameState:
    match action:
        case StartGamble():
            assert state.round is not None
            round_ = evolve(state.round, steps=_steps(state.round, action, rng))
            return _with_round(state, Phase.GAMBLE, round_)
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


def _steps(round_: Round | None, action: Action, rng: RecordingSource) -> tuple[Step, ...]:
    """The round's steps with this transition's step (its action and draws) appended."""
    step = Step(action=action, draws=tuple(rng.draws))
    return (*round_.steps, step) if round_ is not None else (step,)


def _with_round(state: GameState, phase: Phase, round_: Round | None) -> GameState:
    """The state in ``phase`` with ``round_`` open, credits and memory unchanged."""
    return GameState(phase, state.credits, round_, state.rounds_played, state.recent_cards)


# --- the base spin ---------------------------------------------------------------------------


def draw_spin(
    game: GameDefinition,
    strips: tuple[tuple[str, ...], ...],
    rng: RandomSource,
    lines: int,
    bet_per_line: int,
) -> SpinResult:
    """Draw one stop per reel of ``strips``, build the window, and evaluate it."""
    table = strip_table(game, strips)
    stops = draw_each(rng, table.lengths)
    window, evaluation = table.evaluate(stops, lines, bet_per_line)
    return SpinResult(stops, window, evaluation)


def _triggers(
    game: GameDefinition, ctx: FeatureContext, result: SpinResult, skip: str | None
) -> list[tuple[Feature, Triggered]]:
    """The features (other than ``skip``) that ``result`` starts, in the game's order."""
    started = []
    for feature in game.features:
        if feature.name != skip:
            triggered = feature.trigger(ctx, result)
            if triggered is not None:
                started.append((feature, triggered))
    return started


def _push(
    frames: tuple[FeatureFrame, ...],
    started: list[tuple[Feature, Triggered]],
    events: list[Event] | None,
) -> tuple[FeatureFrame, ...]:
    """``frames`` with the ``started`` ones pushed so that the first is played first."""
    if events is not None:
        for _, triggered in started:
            events.extend(triggered.events)
    pushed = tuple(
        FeatureFrame(feature.name, triggered.record, feature.finished(triggered.record))
        for feature, triggered in reversed(started)
    )
    return frames + pushed


class _BaseSpin:
    """What every base spin of a game at one bet needs, worked out once (the last is kept).

    The strip table, the cap, and the context the triggers see.
    """

    __slots__ = ("bet", "cap", "ctx", "features", "game", "lengths", "limits", "table")

    def __init__(self, game: GameDefinition, bet: Bet, limits: Limits) -> None:
        self.game = game
        self.bet = bet
        self.limits = limits
        self.table = strip_table(game, game.base_reels)
        self.lengths = self.table.lengths
        self.cap = game.max_win(bet.bet_per_line * bet.lines)
        self.features = game.features
        self.ctx = FeatureContext(game=game, bet=bet, limits=limits, room=self.cap)


_BASE_SPINS: dict[int, _BaseSpin] = {}


_LAST: list[tuple[Spin, GameDefinition, _BaseSpin]] = []


def _base_spin(game: GameDefinition, action: Spin) -> _BaseSpin:
    """The (cached) :class:`_BaseSpin` of ``game`` at the action's bet and limits."""
    if _LAST:
        last_action, last_game, last = _LAST[0]
        if last_action is action and last_game is game:
            return last
    bet, limits = action.bet, action.limits
    base = _BASE_SPINS.get(id(game))
    if base is None or base.game is not game or base.bet != bet or base.limits != limits:
        if len(_BASE_SPINS) > 64:
            _BASE_SPINS.clear()
        base = _BASE_SPINS[id(game)] = _BaseSpin(game, bet, limits)
    _LAST[:] = [(action, game, base)]
    return base


def _spin(game: GameDefinition, state: GameState, action: Spin, rng: RandomSource) -> Transition:
    bet = action.bet
    base = _base_spin(game, action)
    table = base.table
    stops = draws = draw_each(rng, base.lengths)
    window, evaluation = table.evaluate(stops, bet.lines, bet.bet_per_line)
    result = SpinResult(stops, window, evaluation)
    cap = base.cap
    win = evaluation.total_win
    started: list[tuple[Feature, Triggered]] = []
    if win < cap:
        ctx = base.ctx
        for feature in base.features:
            triggered = feature.trigger(ctx, result)
            if triggered is not None:
                started.append((feature, triggered))
    if action.force is not None:
        result, draws, started = _forced(game, base, action, rng, result, draws, started)
        window, evaluation, stops = result.window, result.evaluation, result.stops
        win = evaluation.total_win
    number = state.rounds_played + 1
    credits = state.credits - bet.bet_per_line * bet.lines
    recent = state.recent_cards
    if not win and not started:  # the common case: nothing to show but the reels

        def build() -> tuple[Event, ...]:
            round_ = _base_round(state, action, result, 0, (), None, draws)
            return ReelsStopped(result, "base", 0), RoundClosed(round_)

        return Transition(GameState(Phase.IDLE, credits, None, number, recent), build=build)
    ended_by: EndReason | None = None
    if win >= cap:
        win, ended_by = cap, EndReason.CAP
    events: list[Event] = [ReelsStopped(result, "base", win)]
    frames = _push((), started, events) if started else ()
    round_ = _base_round(state, action, result, win, frames, ended_by, draws)
    if frames:
        opened = GameState(Phase.FEATURE, credits, round_, number, recent)
    elif game.gamble:
        events.append(WinOffered(win, gamble_allowed(round_)))
        opened = GameState(Phase.WIN_OFFERED, credits, round_, number, recent)
    else:
        events.append(Collected(win))
        round_ = evolve(round_, paid=win)
        events.append(RoundClosed(round_))
        opened = GameState(Phase.IDLE, credits + win, None, number, recent)
    return Transition(opened, tuple(events))


def _forced(
    game: GameDefinition,
    base: _BaseSpin,
    action: Spin,
    rng: RandomSource,
    result: SpinResult,
    draws: tuple[int, ...],
    started: list[tuple[Feature, Triggered]],
) -> tuple[SpinResult, tuple[int, ...], list[tuple[Feature, Triggered]]]:
    """Redraw the base spin until it starts the feature ``action.force`` names (testers)."""
    bet = action.bet
    tries = 0
    while all(f.name != action.force for f, _ in started):
        tries += 1
        if tries > FORCE_TRIES:
            raise ActionRefused(f"no base spin in {FORCE_TRIES:,} started {action.force}")
        stops = draw_each(rng, base.lengths)
        draws += stops
        window, evaluation = base.table.evaluate(stops, bet.lines, bet.bet_per_line)
        result = SpinResult(stops, window, evaluation)
        started = _triggers(game, base.ctx, result, None) if evaluation.total_win < base.cap else []
    return result, draws, started


def _base_round(
    state: GameState,
    action: Spin,
    result: SpinResult,
    win: int,
    frames: tuple[FeatureFrame, ...],
    ended_by: EndReason | None,
    draws: tuple[int, ...],
) -> Round:
    """The round a base spin opens (``win`` already cut to the cap)."""
    return Round(
        number=state.rounds_played + 1,
        bet=action.bet,
        limits=action.limits,
        autoplay=action.autoplay,
        credits_before=state.credits,
        base=result,
        base_win=win,
        frames=frames,
        feature_win=0,
        win=win,
        ended_by=ended_by,
        gamble=(),
        gamble_closed=False,
        steps=(Step(action, draws),),
    )


def _end_round(
    game: GameDefinition, state: GameState, round_: Round, events: list[Event]
) -> GameState:
    """Every feature is done: offer the win (gamble games) or pay it and close the round."""
    if round_.win and game.gamble:
        events.append(WinOffered(round_.win, gamble_allowed(round_)))
        return _with_round(state, Phase.WIN_OFFERED, round_)
    return _close(state, round_, round_.win, events, round_.steps)


# --- feature steps ---------------------------------------------------------------------------


def _feature_step(
    game: GameDefinition,
    state: GameState,
    action: FeatureAction,
    rng: RecordingSource,
    events: list[Event],
) -> GameState:
    round_ = state.round
    assert round_ is not None
    frames = list(round_.frames)
    index = max(i for i, f in enumerate(frames) if not f.done)
    frame = frames[index]
    feature = game.feature(frame.feature)
    ctx = feature_context(game, round_)
    outcome = feature.step(ctx, frame.record, action, rng)
    if not 0 <= outcome.win <= ctx.room:  # pragma: no cover - a feature's own bug
        raise AssertionError(f"{feature.name} paid {outcome.win} with {ctx.room} left")
    events.extend(outcome.events)
    frames[index] = FeatureFrame(frame.feature, outcome.record, feature.finished(outcome.record))
    ended_by = round_.ended_by if outcome.ended_by is None else outcome.ended_by
    feature_win = round_.feature_win + outcome.win
    if ended_by is EndReason.CAP:
        frames = [f if f.done else FeatureFrame(f.feature, f.record, True) for f in frames]
    elif outcome.spin is not None:
        inner = FeatureContext(
            game=game,
            bet=round_.bet,
            limits=round_.limits,
            room=ctx.room - outcome.win,
            inside=feature.name,
        )
        started = _triggers(game, inner, outcome.spin, feature.name)
        if started:
            frames = list(_push(tuple(frames), started, events))
    total = round_.base_win + feature_win
    round_ = evolve(
        round_,
        frames=tuple(frames),
        feature_win=feature_win,
        win=total,
        ended_by=ended_by,
        steps=_steps(round_, action, rng),
    )
    if round_.active is not None:
        return _with_round(state, Phase.FEATURE, round_)
    return _end_round(game, state, round_, events)


# --- gamble and close ------------------------------------------------------------------------


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
        round_, gamble=(*round_.gamble, step), win=result, steps=_steps(round_, action, rng)
    )
    state = GameState(state.phase, state.credits, round_, state.rounds_played, recent)
    if not won:
        return _close(state, round_, 0, events, round_.steps)
    if not gamble_allowed(round_):
        round_ = evolve(round_, gamble_closed=True)
        events.append(WinOffered(result, False))
        return _with_round(state, Phase.WIN_OFFERED, round_)
    return state


def _close(
    state: GameState, round_: Round, paid: int, events: list[Event], steps: tuple[Step, ...]
) -> GameState:
    """Pay ``paid`` into credits and close the round, whose record ends with ``steps``."""
    if paid:
        events.append(Collected(paid))
    events.append(RoundClosed(evolve(round_, win=paid, steps=steps, paid=paid)))
    return GameState(
        Phase.IDLE, state.credits + paid, None, state.rounds_played, state.recent_cards
    )


def _collect(state: GameState, action: Collect) -> Transition:
    """Collect: the win goes into credits; the closed record is built when first asked for."""
    round_ = state.round
    assert round_ is not None
    paid = round_.win

    def build() -> tuple[Event, ...]:
        steps = (*round_.steps, Step(action, ()))
        closed = evolve(round_, win=paid, steps=steps, paid=paid)
        return (Collected(paid), RoundClosed(closed)) if paid else (RoundClosed(closed),)

    idle = GameState(
        Phase.IDLE, state.credits + paid, None, state.rounds_played, state.recent_cards
    )
    return Transition(idle, build=build)
