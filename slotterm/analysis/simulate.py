"""Monte Carlo through the very state machine the game plays with.

Every round is played with :func:`slotterm.engine.round.apply`: Spin, then whatever
:func:`slotterm.engine.policy.next_action` says until the round closes (every feature
played out, a pick game by the chosen policy, the win collected; the gamble is never
taken: it leaves the expected value unchanged).  What a
round paid is read from the credits, so the figures are exactly what a player's balance
would show.

The rounds are cut into chunks of :data:`CHUNK_ROUNDS`; chunk ``i`` plays with its own
:class:`~slotterm.rng.SeededSource` whose seed is derived from the run's seed and ``i``.
All tallies are integers, so the result depends only on the seed and the number of
rounds, never on how many worker processes shared the chunks or in which order they
finished.  The ``random`` policy takes its choices from a second source per chunk (the
*chooser*, seeded apart from the game's), so a choice never moves the outcomes' draws.

Every feature and feature part of the game is tallied (frames played, rounds that
played one, what they paid), in the order of
:attr:`~slotterm.engine.model.GameDefinition.all_features`.  What a feature counts for
beyond that comes from the hooks of its law, found by its name
(:func:`~slotterm.analysis.features.contract.simulation_law`; a feature without an exact
law is simulated all the same, with the defaults): the source of the RTP split its pays
go to (``free_spins``, ``bonus``), and the spins it played.  A round "has the feature"
(``features``) when its base spin started one paying into the ``free_spins`` source.
"""

from __future__ import annotations

import hashlib
import multiprocessing
import multiprocessing.context
import os
import secrets
import signal
from collections.abc import Callable, Iterator
from typing import Any

from slotterm.analysis.features.contract import FeatureLaw, simulation_law
from slotterm.analysis.sim_tally import (
    FEATURE_SOURCE,
    SOURCES,
    FrameCounts,
    SimulationResult,
    SourceSplit,
    Tally,
)
from slotterm.engine.actions import Bet, Limits, Spin
from slotterm.engine.events import Event, RoundClosed
from slotterm.engine.model import GameDefinition
from slotterm.engine.policy import POLICIES, next_action
from slotterm.engine.records import EndReason, GameState, Phase, Round
from slotterm.engine.round import apply
from slotterm.rng import SeededSource

__all__ = [
    "CHUNK_ROUNDS",
    "MAX_SPINS",
    "PROGRESS_ROUNDS",
    "chooser_seed",
    "chunk_seed",
    "default_workers",
    "play_rounds",
    "progress_rounds",
    "simulate",
]

CHUNK_ROUNDS = 50_000
"""Rounds per chunk: the unit of work for a process (each chunk has its own seed)."""

PROGRESS_ROUNDS = 2_000
"""Rounds between two progress reports of a chunk, unless the run asks for others."""

MAX_SPINS = 10**11
"""The most rounds one run may ask for (weeks of work even on many cores); more is refused."""

_START_CREDITS = 10**18


def chunk_seed(seed: int, chunk: int) -> int:
    """The seed of chunk ``chunk`` of a run seeded with ``seed`` (64 bits, stable)."""
    digest = hashlib.sha256(f"slotterm-simulate:{seed}:{chunk}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


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
    by :func:`chooser_seed`).  A base spin "hits" when it pays anything.  What each round
    paid is split by source (:data:`~slotterm.analysis.sim_tally.SOURCES`).
    ``progress``, if given, is called with the rounds played after every ``every`` of
    them (and the rest at the end).
    """
    rng = SeededSource(seed)
    chooser = SeededSource(chooser_seed(seed)) if policy == "random" else None
    spin = Spin(bet)
    idle = Phase.IDLE
    cap_reason = EndReason.CAP
    total_bet = bet.total
    cap = game.max_win(total_bet, Limits())
    state = GameState(phase=Phase.IDLE, credits=_START_CREDITS)
    frame_tally = FrameCounts(game)
    split = SourceSplit()
    laws = {f.name: simulation_law(f) for f in game.all_features}
    paid_sum = squares = hits = features = spins_played = capped = top = 0
    play = apply  # the module's (a test may count the calls)
    left = rounds
    while left:
        block = min(left, every) if every > 0 else left
        left -= block
        for _ in range(block):
            before = state.credits
            transition = play(game, state, spin, rng)
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
                    hits += 1
                    split.add_base(round_)
                if round_.frames:
                    frame_tally.add_base(round_)
                    if any(laws[f.feature].source == FEATURE_SOURCE for f in round_.frames):
                        features += 1
                    state, round_ = _play_features(game, state, rng, policy, chooser, split, laws)
                    spins_played += sum(
                        laws[f.feature].spins_played(f.record) for f in round_.frames
                    )
                    frame_tally.add(round_)
                while state.phase is not idle:  # a win on offer: the policy collects it
                    action = next_action(game, state, policy, chooser)
                    assert action is not None
                    state = play(game, state, action, rng).state
                if round_.ended_by is cap_reason:
                    capped += 1
                paid = state.credits - before + total_bet
            paid_sum += paid
            squares += paid * paid
            if paid > top:
                top = paid
        if progress is not None:
            progress(block)
    return Tally(
        rounds=rounds,
        staked=rounds * total_bet,
        paid=paid_sum,
        paid_squares=squares,
        base_hits=hits,
        features=features,
        free_spins=spins_played,
        capped=capped,
        top_win=top,
        frames=tuple(frame_tally.frames),
        frame_rounds=tuple(frame_tally.rounds),
        frame_paid=tuple(frame_tally.paid),
        base_frames=tuple(frame_tally.base),
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


# --- running chunks, here or across processes ---------------------------------------------

_WORKER_GAME: GameDefinition | None = None
_WORKER_COUNTER: Any = None
"""A worker's shared count of the rounds played (``multiprocessing.Value``), or ``None``."""


def _init_worker(game: GameDefinition | str, *, in_child: bool = False) -> None:
    global _WORKER_GAME
    if in_child:  # Ctrl-C is the parent's to handle: it stops the pool
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    if isinstance(game, str):
        from slotterm.games import get_game

        game = get_game(game)
    _WORKER_GAME = game


def _init_child(game: GameDefinition | str, counter: Any = None) -> None:
    global _WORKER_COUNTER
    _init_worker(game, in_child=True)
    _WORKER_COUNTER = counter


_Task = tuple[int, int, Bet, str, int]
"""Rounds, seed, bet, policy, rounds between progress reports."""


def _run_chunk(task: _Task, progress: Callable[[int], None] | None = None) -> Tally:
    rounds, seed, bet, policy, every = task
    assert _WORKER_GAME is not None
    if progress is None and _WORKER_COUNTER is not None:
        progress = _count_in(_WORKER_COUNTER)
    if progress is None:
        return play_rounds(_WORKER_GAME, rounds, seed, bet, policy)
    return play_rounds(_WORKER_GAME, rounds, seed, bet, policy, progress=progress, every=every)


def _count_in(counter: Any) -> Callable[[int], None]:
    """A progress callback adding to a shared counter."""

    def add(rounds: int) -> None:
        with counter.get_lock():
            counter.value += rounds

    return add


def _tasks(spins: int, seed: int, bet: Bet, policy: str) -> Iterator[_Task]:
    every = progress_rounds(spins)
    for chunk, start in enumerate(range(0, spins, CHUNK_ROUNDS)):
        rounds = min(CHUNK_ROUNDS, spins - start)
        yield rounds, chunk_seed(seed, chunk), bet, policy, every


def progress_rounds(spins: int) -> int:
    """Rounds between two progress reports in a run of ``spins``: at most 1 % of the run,
    and never more than :data:`PROGRESS_ROUNDS` (a few hundredths of a second's play)."""
    return max(1, min(PROGRESS_ROUNDS, spins // 100))


def default_workers() -> int:
    """How many processes to use by default: the cores this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not on Linux
        return max(1, os.cpu_count() or 1)


def _in_pool(
    game: GameDefinition,
    workers: int,
    tasks: Iterator[_Task],
    progress: Callable[[int], None] | None,
) -> Tally:
    """Play the chunks in ``workers`` processes; ``progress`` hears of the rounds played."""
    methods = multiprocessing.get_all_start_methods()
    context: multiprocessing.context.BaseContext
    if "fork" in methods:
        context = multiprocessing.get_context("fork")
        init_arg: GameDefinition | str = game
    else:  # pragma: no cover - platforms without fork pass the registered id
        context = multiprocessing.get_context()
        init_arg = game.id
    counter = context.Value("q", 0) if progress is not None else None
    reported = 0
    tally = Tally()
    with context.Pool(workers, initializer=_init_child, initargs=(init_arg, counter)) as pool:
        parts = pool.imap_unordered(_run_chunk, tasks)
        while True:
            try:
                tally += parts.next(timeout=_POLL_SECONDS)
            except multiprocessing.TimeoutError:
                pass
            except StopIteration:
                break
            if counter is not None and progress is not None:
                played = counter.value
                if played > reported:
                    progress(played - reported)
                    reported = played
    if progress is not None and tally.rounds > reported:
        progress(tally.rounds - reported)
    return tally


_POLL_SECONDS = 0.1
"""How often the parent of a pool reads the workers' count of rounds played."""


def simulate(
    game: GameDefinition,
    spins: int,
    *,
    seed: int | None = None,
    lines: int | None = None,
    bet_per_line: int | None = None,
    coin_size: int | None = None,
    workers: int = 1,
    progress: Callable[[int], None] | None = None,
    policy: str = "best",
) -> SimulationResult:
    """Play ``spins`` rounds and measure RTP, hit and feature frequency.

    ``seed`` ``None`` picks a random seed (reported in the result, so the run can be
    repeated).  ``lines`` defaults to all lines, ``bet_per_line`` (and, in a game bet in
    coins, ``coin_size``) to the game's lowest bet (the RTP does not depend on it, short
    of the caps).  ``progress`` is called with the number of rounds played since its
    last call, at least every 1 % of the run (:func:`progress_rounds`) and, across
    processes, as often as the parent reads the workers' count; the numbers add up to
    ``spins``.  Pick games are played by ``policy`` (one of
    :data:`~slotterm.engine.policy.POLICIES`).
    """
    if not 1 <= spins <= MAX_SPINS:
        raise ValueError(f"spins must be 1..{MAX_SPINS:,}, got {spins:,}")
    if workers < 1:
        raise ValueError("workers must be at least 1")
    if policy not in POLICIES:
        raise ValueError(f"policy must be one of {', '.join(POLICIES)}, got {policy!r}")
    lines = len(game.lines) if lines is None else lines
    refusal = game.lines_refusal(lines)
    if refusal is not None:
        raise ValueError(f"{refusal}, got {lines}")
    seed = secrets.randbits(63) if seed is None else seed
    bet = game.default_bet(lines)
    if bet_per_line is not None or coin_size is not None:
        size = bet.coin_size if coin_size is None else coin_size
        bet = Bet(bet.bet_per_line if bet_per_line is None else bet_per_line, lines, size)
    wrong = game.bet_refusal(bet.bet_per_line, bet.coin_size)
    if wrong is not None:
        raise ValueError(wrong)
    tasks = _tasks(spins, seed, bet, policy)
    workers = min(workers, -(-spins // CHUNK_ROUNDS))
    tally = Tally()
    if workers == 1:
        _init_worker(game)
        for task in tasks:
            tally += _run_chunk(task, progress)
    else:
        tally = _in_pool(game, workers, tasks, progress)
    return SimulationResult(
        game_id=game.id,
        seed=seed,
        lines=lines,
        bet_per_line=bet.bet_per_line,
        workers=workers,
        tally=tally,
        policy=policy,
        coin_size=bet.coin_size,
        feature_names=tuple(f.name for f in game.all_features),
    )
