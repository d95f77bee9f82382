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

Besides the free spins, every feature and feature part of the game is tallied (frames
played, rounds that played one, what they paid), in the order of
:attr:`~slotterm.engine.model.GameDefinition.all_features`: the Mystery bonus and each
of its pick games.
"""

from __future__ import annotations

import hashlib
import multiprocessing
import multiprocessing.context
import os
import secrets
import signal
from collections.abc import Callable, Iterator

from slotterm.analysis.sim_tally import SimulationResult, Tally
from slotterm.engine.actions import Bet, Limits, Spin
from slotterm.engine.events import RoundClosed
from slotterm.engine.features.free_spins import NAME as FREE_SPINS
from slotterm.engine.features.free_spins import PlayFreeSpin
from slotterm.engine.model import GameDefinition
from slotterm.engine.policy import POLICIES, next_action
from slotterm.engine.records import EndReason, GameState, Phase, Round
from slotterm.engine.round import apply
from slotterm.rng import SeededSource

__all__ = [
    "CHUNK_ROUNDS",
    "MAX_SPINS",
    "chooser_seed",
    "chunk_seed",
    "default_workers",
    "play_rounds",
    "simulate",
]

CHUNK_ROUNDS = 50_000
"""Rounds per chunk: the unit of work for a process and of progress reporting."""

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


class _FrameTally:
    """Per-feature counts of the rounds that played features (the rare rounds)."""

    __slots__ = ("base", "frames", "game", "index", "paid", "rounds")

    def __init__(self, game: GameDefinition) -> None:
        self.game = game
        self.index = {f.name: i for i, f in enumerate(game.all_features)}
        self.frames = [0] * len(self.index)
        self.rounds = [0] * len(self.index)
        self.paid = [0] * len(self.index)
        self.base = [0] * len(self.index)

    def add_base(self, round_: Round) -> None:
        """Count the frames a base spin started."""
        for frame in round_.frames:
            self.base[self.index[frame.feature]] += 1

    def add(self, round_: Round) -> None:
        """Count the frames of a finished round."""
        seen = set()
        for frame in round_.frames:
            i = self.index[frame.feature]
            self.frames[i] += 1
            self.paid[i] += self.game.feature(frame.feature).pay(frame.record)
            seen.add(i)
        for i in seen:
            self.rounds[i] += 1


def play_rounds(
    game: GameDefinition, rounds: int, seed: int, bet: Bet, policy: str = "best"
) -> Tally:
    """Play ``rounds`` full rounds at ``bet`` with ``SeededSource(seed)``; tally them.

    ``features`` counts rounds that started free spins, ``free_spins`` the free spins
    played; a pick game is played by ``policy`` (``random`` chooses with a source seeded
    by :func:`chooser_seed`).  A base spin "hits" when it pays anything.
    """
    rng = SeededSource(seed)
    chooser = SeededSource(chooser_seed(seed)) if policy == "random" else None
    spin = Spin(bet)
    idle = Phase.IDLE
    total_bet = bet.total
    cap = game.max_win(total_bet, Limits())
    state = GameState(Phase.IDLE, _START_CREDITS)
    frame_tally = _FrameTally(game)
    paid_sum = squares = hits = features = spins_played = capped = top = 0
    for _ in range(rounds):
        before = state.credits
        state = apply(game, state, spin, rng).state
        round_ = state.round
        if round_ is None:  # closed at once: it paid nothing, or (no gamble) its base win
            if state.credits > before - total_bet:
                hits += 1
                if state.credits - before + total_bet >= cap:
                    capped += 1
        else:
            if round_.base_win:
                hits += 1
            framed = bool(round_.frames)
            if framed:
                frame_tally.add_base(round_)
                if round_.frame(FREE_SPINS) is not None:
                    features += 1
            while state.phase is not idle:
                action = next_action(game, state, policy, chooser)
                assert action is not None
                if type(action) is PlayFreeSpin:
                    spins_played += 1
                transition = apply(game, state, action, rng)
                state = transition.state
                if state.round is not None:
                    round_ = state.round
                elif framed:  # closed by a feature's last step: its record is in the event
                    for event in transition.events:
                        if type(event) is RoundClosed:
                            round_ = event.round
            if framed:
                frame_tally.add(round_)
            if round_.ended_by is EndReason.CAP:
                capped += 1
        paid = state.credits - before + total_bet
        if paid:
            paid_sum += paid
            squares += paid * paid
            if paid > top:
                top = paid
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
    )


# --- running chunks, here or across processes ---------------------------------------------

_WORKER_GAME: GameDefinition | None = None


def _init_worker(game: GameDefinition | str, *, in_child: bool = False) -> None:
    global _WORKER_GAME
    if in_child:  # Ctrl-C is the parent's to handle: it stops the pool
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    if isinstance(game, str):
        from slotterm.games import get_game

        game = get_game(game)
    _WORKER_GAME = game


def _init_child(game: GameDefinition | str) -> None:
    _init_worker(game, in_child=True)


_Task = tuple[int, int, Bet, str]
"""Rounds, seed, bet, policy."""


def _run_chunk(task: _Task) -> Tally:
    rounds, seed, bet, policy = task
    assert _WORKER_GAME is not None
    return play_rounds(_WORKER_GAME, rounds, seed, bet, policy)


def _tasks(spins: int, seed: int, bet: Bet, policy: str) -> Iterator[_Task]:
    for chunk, start in enumerate(range(0, spins, CHUNK_ROUNDS)):
        rounds = min(CHUNK_ROUNDS, spins - start)
        yield rounds, chunk_seed(seed, chunk), bet, policy


def default_workers() -> int:
    """How many processes to use by default: the cores this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not on Linux
        return max(1, os.cpu_count() or 1)


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
    of the caps).  ``progress`` is called with the number of rounds
    each finished chunk played.  Pick games are played by ``policy`` (one of
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
            part = _run_chunk(task)
            tally += part
            if progress is not None:
                progress(part.rounds)
    else:
        methods = multiprocessing.get_all_start_methods()
        context: multiprocessing.context.BaseContext
        if "fork" in methods:
            context = multiprocessing.get_context("fork")
            init_arg: GameDefinition | str = game
        else:  # pragma: no cover - platforms without fork pass the registered id
            context = multiprocessing.get_context()
            init_arg = game.id
        with context.Pool(workers, initializer=_init_child, initargs=(init_arg,)) as pool:
            for part in pool.imap_unordered(_run_chunk, tasks):
                tally += part
                if progress is not None:
                    progress(part.rounds)
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
