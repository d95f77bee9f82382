"""Monte Carlo through the very state machine the game plays with.

Every round is played with :func:`slotterm.engine.round.apply`, by
:func:`~slotterm.analysis.sim_rounds.play_rounds` (:mod:`slotterm.analysis.sim_rounds`):
Spin, then whatever :func:`slotterm.engine.policy.next_action` says until the round
closes (the gamble is never taken: it leaves the expected value unchanged).  What a
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
import os
import secrets
import signal
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

from slotterm.analysis.sim_rounds import PROGRESS_ROUNDS, play_rounds
from slotterm.analysis.sim_tally import SimulationResult, Tally
from slotterm.engine.actions import Bet
from slotterm.engine.model import GameDefinition
from slotterm.engine.policy import POLICIES

if TYPE_CHECKING:
    import multiprocessing.context

__all__ = [
    "CHUNK_ROUNDS",
    "MAX_SPINS",
    "chunk_seed",
    "default_workers",
    "progress_rounds",
    "simulate",
]

CHUNK_ROUNDS = 50_000
"""Rounds per chunk: the unit of work for a process (each chunk has its own seed)."""

MAX_SPINS = 10**11
"""The most rounds one run may ask for (weeks of work even on many cores); more is refused."""


def chunk_seed(seed: int, chunk: int) -> int:
    """The seed of chunk ``chunk`` of a run seeded with ``seed`` (64 bits, stable)."""
    digest = hashlib.sha256(f"slotterm-simulate:{seed}:{chunk}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


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
    """Play the chunks in ``workers`` processes; ``progress`` hears of the rounds played.

    ``multiprocessing`` is imported here: a run on one worker never needs it."""
    import multiprocessing

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
