"""The rounds of a simulation: each played through the very state machine the game plays
with, and tallied.

:func:`play_rounds` plays one chunk of rounds with :func:`slotterm.engine.round.apply`:
Spin, then whatever :func:`slotterm.engine.policy.next_action` says until the round
closes (every feature played out, a pick game by the chosen policy, the win collected;
the gamble is never taken: it leaves the expected value unchanged).  What a round paid is
read from the credits, so the figures are exactly what a player's balance would show.
The base spins come in runs (:func:`~slotterm.engine.spin_run.spin_run`): the silent
ones, and those that only pay -- their win collected at once, as the policy would, and
their evaluation handed back for the tally -- are played without their records.
The ``random`` policy takes its choices from a second source (the *chooser*, seeded
apart from the game's: :func:`chooser_seed`), so a choice never moves the outcomes'
draws.  :mod:`slotterm.analysis.simulate` cuts a run into chunks and plays them, here or
across processes.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable

from slotterm.analysis.features.contract import FeatureLaw, simulation_law
from slotterm.analysis.sim_tally import (
    FEATURE_SOURCE,
    SOURCES,
    FrameCounts,
    SourceSplit,
    Tally,
)
from slotterm.engine.actions import Bet, Collect, Limits, Spin
from slotterm.engine.events import Event, RoundClosed
from slotterm.engine.model import GameDefinition
from slotterm.engine.outcome import Evaluation
from slotterm.engine.policy import next_action
from slotterm.engine.records import EndReason, GameState, Phase, Round
from slotterm.engine.round import apply
from slotterm.engine.round_end import collect
from slotterm.engine.spin_run import spin_run
from slotterm.rng import SeededSource

PROGRESS_ROUNDS = 2_000
"""Rounds between two progress reports of a chunk, unless the run asks for others."""

_START_CREDITS = 10**18


def chooser_seed(seed: int) -> int:
    """The seed of the ``random`` policy's chooser beside a chunk seeded ``seed``."""
    digest = hashlib.sha256(f"slotterm-simulate-chooser:{seed}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def play_rounds(
    game: GameDefinition,
    rounds: int,
    seed: int,
    bet: Bet,
    policy: str = "best",
    *,
    progress: Callable[[int], None] | None = None,
    every: int = PROGRESS_ROUNDS,
) -> Tally:
    """Play ``rounds`` full rounds at ``bet`` with ``SeededSource(seed)``; tally them.

    ``features`` counts rounds that started free spins, ``free_spins`` the free spins
    played; a pick game is played by ``policy`` (``random`` chooses with a source seeded
    by :func:`chooser_seed`).  A base spin "hits" when it pays anything or starts a
    feature (free spins or a bonus), as the PAR sheet counts it.  What each round
    paid is split by source (:data:`~slotterm.analysis.sim_tally.SOURCES`).
    ``progress``, if given, is called with the rounds played after every ``every`` of
    them (and the rest at the end).
    """
    rng = SeededSource(seed)
    chooser = SeededSource(chooser_seed(seed)) if policy == "random" else None
    spin = Spin(bet)
    idle = Phase.IDLE
    offered = Phase.WIN_OFFERED
    take = Collect()  # what next_action gives for a win on offer (the policy never gambles)
    cap_reason = EndReason.CAP
    total_bet = bet.total
    cap = game.max_win(total_bet, Limits())
    state = GameState(phase=Phase.IDLE, credits=_START_CREDITS)
    frame_tally = FrameCounts(game)
    split = SourceSplit()
    laws = {f.name: simulation_law(f) for f in game.all_features}
    paid_sum = squares = cubes = fourths = hits = features = capped = top = 0
    spins_played = spins_squares = 0
    play = apply  # the module's (a test may count the calls)
    run = spin_run
    wins: list[Evaluation] = []  # the spins of a run that only paid (collected at once)
    pays: list[int] = []  # what each round of a block paid (rounds that paid nothing left out)
    left = rounds
    while left:
        block = min(left, every) if every > 0 else left
        left -= block
        spins_left = block
        while spins_left:
            # the silent spins first (they pay nothing: nothing to tally), then the one
            # that pays or starts something
            silent, state, transition = run(game, state, spin, rng, spins_left, wins)
            spins_left -= silent
            if wins:  # spins that only paid, each a hit (under the cap: never capped)
                hits += len(wins)
                for evaluation in wins:
                    won = evaluation.total_win
                    pays.append(won)
                    split.add_win(won, evaluation)
                wins.clear()
            if transition is None:
                continue
            spins_left -= 1
            before = state.credits
            state = transition.state
            round_ = state.round
            if round_ is None:
                paid = state.credits - before + total_bet
                if not paid:
                    continue
                # a base win paid at once (no gamble): its record is in the events
                hits += 1
                if paid >= cap:
                    capped += 1
                split.add_base(_closed_round(transition.events))
            else:
                if round_.base_win:
                    split.add_base(round_)
                if round_.base_win or round_.frames:  # pays or awards a feature: a hit
                    hits += 1
                if round_.frames:
                    frame_tally.add_base(round_)
                    if any(laws[f.feature].source == FEATURE_SOURCE for f in round_.frames):
                        features += 1
                    state, round_ = _play_features(game, state, rng, policy, chooser, split, laws)
                    spun = sum(laws[f.feature].spins_played(f.record) for f in round_.frames)
                    spins_played += spun
                    spins_squares += spun * spun
                    frame_tally.add(round_)
                if state.phase is offered:  # apply's own Collect, without its dispatch
                    state = collect(state, take).state
                while state.phase is not idle:  # a win on offer: the policy collects it
                    action = next_action(game, state, policy, chooser)
                    assert action is not None
                    state = play(game, state, action, rng).state
                if round_.ended_by is cap_reason:
                    capped += 1
                paid = state.credits - before + total_bet
            pays.append(paid)
        for paid in pays:
            paid_sum += paid
            second = paid * paid
            squares += second
            cubes += second * paid
            fourths += second * second
            if paid > top:
                top = paid
        pays.clear()
        if progress is not None:
            progress(block)
    return Tally(
        rounds=rounds,
        staked=rounds * total_bet,
        paid=paid_sum,
        paid_squares=squares,
        paid_cubes=cubes,
        paid_fourths=fourths,
        base_hits=hits,
        features=features,
        free_spins=spins_played,
        free_spins_squares=spins_squares,
        capped=capped,
        top_win=top,
        frames=tuple(frame_tally.frames),
        frame_rounds=tuple(frame_tally.rounds),
        frame_paid=tuple(frame_tally.paid),
        base_frames=tuple(frame_tally.base),
        frame_paid_squares=tuple(frame_tally.paid_squares),
        frame_count_squares=tuple(frame_tally.count_squares),
        source_paid=tuple(split.paid),
        source_squares=tuple(split.squares),
    )


def _closed_round(events: tuple[Event, ...]) -> Round:
    """The record a :class:`RoundClosed` among ``events`` carries."""
    for event in events:
        if type(event) is RoundClosed:
            return event.round
    raise AssertionError("the round closed without its record")  # pragma: no cover


def _play_features(
    game: GameDefinition,
    state: GameState,
    rng: SeededSource,
    policy: str,
    chooser: SeededSource | None,
    split: SourceSplit,
    laws: dict[str, FeatureLaw],
) -> tuple[GameState, Round]:
    """Play the features of the open round to their end; ``split`` takes what they paid.

    Returns the state after the features (idle, or a win on offer) and the round's
    record.  A step's win goes to the source (its law's) of the frame the base spin
    started that the step's frame descends from (free spins, or a bonus).
    """
    round_ = state.round
    assert round_ is not None
    roots = [SOURCES.index(laws[frame.feature].source) for frame in round_.frames]
    won = [0] * len(SOURCES)
    while state.phase is Phase.FEATURE:
        frames = round_.frames
        index = len(frames) - 1
        while frames[index].done:
            index -= 1
        root = roots[index]
        action = next_action(game, state, policy, chooser)
        assert action is not None
        before = round_.feature_win
        transition = apply(game, state, action, rng)
        state = transition.state
        round_ = state.round if state.round is not None else _closed_round(transition.events)
        won[root] += round_.feature_win - before
        if len(round_.frames) > len(roots):  # frames the step started
            roots += [root] * (len(round_.frames) - len(roots))
    split.add_features(won)
    return state, round_
