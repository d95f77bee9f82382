"""The exact joint outcome of one spin, by walking the reels left to right.

Every stop combination of a strip set is counted, but never one by one: the walk keeps,
after each reel, only what still matters for the rest of the window -- the state of every
line still reading (:class:`~slotterm.analysis.exact_lines.LineAutomaton`), the line pay
already settled and the joint value of the spin's trackers
(:mod:`slotterm.analysis.trackers`: scatters seen, reels showing a symbol, ...) -- and
merges equal states, adding their multiplicities.  Lines that share their rows so far
share one state.  States whose lines have all settled only move their trackers from then
on, so they go through the remaining reels by groups of columns that move the trackers
alike.

The result, :class:`SpinCounts`, is the exact number of stop combinations for every
(tracker values, total line pay) -- everything a spin pays is a function of these -- from
which all spin quantities follow (:mod:`slotterm.analysis.spin_law`).  Counts are whole
numbers held in float64, exact while the cycle stays below 2**53.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from slotterm.analysis.exact_lines import SETTLED, WAITING, LineAutomaton
from slotterm.analysis.trackers import Tracker
from slotterm.engine.model import GameDefinition

_EXACT_LIMIT = 2**53

Array = Any
"""A NumPy array (NumPy ships no precise array types for mypy here)."""

Strips = Sequence[Sequence[str]]
"""One strip per reel."""


@dataclass(frozen=True, eq=False)
class SpinCounts:
    """Stop combinations of one spin by (tracker values, line pay).

    ``counts[t_1, ..., t_m, p]``: combinations on which tracker ``i`` of ``trackers`` ends
    at ``t_i`` and the line wins add up to ``p`` × bet per line over the first ``lines``
    lines.
    """

    counts: Array
    cycle: int
    lines: int
    trackers: tuple[Tracker, ...]

    def __post_init__(self) -> None:
        total = float(self.counts.sum())
        if total != float(self.cycle):
            raise AssertionError(f"walk lost combinations: {total} of {self.cycle}")


@dataclass(frozen=True)
class _Reel:
    """The distinct window columns of one strip, as arrays."""

    columns: tuple[tuple[str, ...], ...]
    symbols: Array  # (columns, rows) symbol indices
    count: Array  # (columns,) stops showing the column


def _reel_columns(game: GameDefinition, strip: Sequence[str], index: dict[str, int]) -> _Reel:
    rows = game.rows
    length = len(strip)
    columns = Counter(
        tuple(strip[(stop + i) % length] for i in range(rows)) for stop in range(length)
    )
    keys = list(columns)
    return _Reel(
        tuple(keys),
        np.array([[index[s] for s in column] for column in keys], dtype=np.intp),
        np.array([columns[c] for c in keys], dtype=np.float64),
    )


@dataclass(frozen=True)
class _Moves:
    """How the joint tracker value moves on each reel.

    The joint value is ``sum(t_i * stride_i)`` (the first tracker most significant);
    ``by_column[r][t, c]`` is the new joint value after column ``c`` of reel ``r``.
    ``grouped[r]`` is the same for the distinct moves only, with their stop counts.
    """

    size: int
    start: int
    by_column: tuple[Array, ...]
    grouped: tuple[tuple[Array, Array], ...]


def _tracker_moves(
    trackers: Sequence[Tracker], reels: Sequence[_Reel], tables: dict[Tracker, list[Array]]
) -> _Moves:
    """Joint moves of ``trackers``; ``tables`` caches each tracker's per-reel step tables."""
    sizes = [t.size for t in trackers]
    size = math.prod(sizes)
    strides = [math.prod(sizes[i + 1 :]) for i in range(len(sizes))]
    joint = np.arange(size)
    digits = [(joint // stride) % n for stride, n in zip(strides, sizes, strict=True)]
    start = sum(t.start * stride for t, stride in zip(trackers, strides, strict=True))
    by_column: list[Array] = []
    grouped: list[tuple[Array, Array]] = []
    for r, reel in enumerate(reels):
        moved = np.zeros((size, len(reel.columns)), dtype=np.int64)
        for tracker, stride, digit in zip(trackers, strides, digits, strict=True):
            if tracker not in tables:
                tables[tracker] = [
                    np.array([tracker.step(i, c) for c in one.columns], dtype=np.int64).T
                    for i, one in enumerate(reels)
                ]
            moved += tables[tracker][r][digit] * stride
        by_column.append(moved)
        groups: dict[bytes, int] = {}
        firsts: list[int] = []
        counts: list[float] = []
        for c, column in enumerate(moved.T):
            key = column.tobytes()
            if key not in groups:
                groups[key] = len(firsts)
                firsts.append(c)
                counts.append(0.0)
            counts[groups[key]] += float(reel.count[c])
        grouped.append((np.ascontiguousarray(moved[:, firsts]), np.array(counts)))
    return _Moves(size=size, start=int(start), by_column=tuple(by_column), grouped=tuple(grouped))


@dataclass(frozen=True)
class _Groups:
    """Lines sharing their rows up to one reel: parent group, row, and how many lines."""

    parent: Array
    row: Array
    size: Array


def _line_groups(line_rows: Sequence[Sequence[int]], reels: int) -> list[_Groups]:
    groups: list[_Groups] = []
    previous: dict[tuple[int, ...], int] = {(): 0}
    for reel in range(reels):
        sizes = Counter(tuple(rows[: reel + 1]) for rows in line_rows)
        prefixes = sorted(sizes)
        groups.append(
            _Groups(
                np.array([previous[p[:-1]] for p in prefixes], dtype=np.intp),
                np.array([p[-1] for p in prefixes], dtype=np.intp),
                np.array([sizes[p] for p in prefixes], dtype=np.int64),
            )
        )
        previous = {p: i for i, p in enumerate(prefixes)}
    return groups


_Settled = tuple[Array, Array, Array]  # joint tracker value, pay, weight


def spin_counts(
    game: GameDefinition,
    strips: Strips,
    lines: int,
    automaton: LineAutomaton,
    trackers: Sequence[Tracker] = (),
) -> SpinCounts:
    """Count every stop combination of ``strips`` by (tracker values, line pay)."""
    return next(spin_counts_many(game, strips, lines, automaton, (tuple(trackers),)))


@dataclass(frozen=True)
class _ShapeStep:
    """One reel for every shape: the pay it settles and the shape it leads to."""

    gain: Array  # (shapes, columns): line pay settled (on the last reel: all of it)
    next_shape: Array | None  # (shapes * columns,): new shape id (None on the last reel)
    settled_shape: int  # id of the all-settled shape after this reel, or -1


def _shape_steps(
    reels: Sequence[_Reel], groups: Sequence[_Groups], automaton: LineAutomaton
) -> list[_ShapeStep]:
    """Walk the line states alone; they do not depend on the trackers.

    One line group at a time: the pay settled is summed group by group, so what is held
    at once is the new shapes (small state ids) and one (shapes, columns) table, not one
    such table per group (memory about flat in the number of lines).
    """
    states = len(automaton.next_state)
    state_type = np.int16 if states < 2**15 else np.int32
    next_state = np.array(automaton.next_state, dtype=state_type)
    settle_pay = np.array(
        [[r.multiplier if r else 0 for r in row] for row in automaton.settle_reading],
        dtype=np.int64,
    )
    final_pay = np.array([r.multiplier if r else 0 for r in automaton.final_reading])
    shapes: Array = np.full((1, 1), WAITING, dtype=state_type)
    steps: list[_ShapeStep] = []
    for j, (reel, grp) in enumerate(zip(reels, groups, strict=True)):
        last = j == len(reels) - 1
        columns = len(reel.columns)
        gain = np.zeros((len(shapes), columns), dtype=np.int64)
        new_shapes = None if last else np.empty((len(shapes), columns, len(grp.size)), state_type)
        for g, (parent, row, size) in enumerate(zip(grp.parent, grp.row, grp.size, strict=True)):
            before = shapes[:, parent][:, None]  # (shapes, 1)
            sym = reel.symbols[:, row][None, :]  # (1, columns)
            after = next_state[before, sym]  # (shapes, columns)
            gain += settle_pay[before, sym] * size
            if new_shapes is None:
                gain += final_pay[after] * size
            else:
                new_shapes[:, :, g] = after
        if new_shapes is None:
            steps.append(_ShapeStep(gain, None, -1))
            break
        ids, shapes = _distinct_rows(new_shapes.reshape(-1, len(grp.size)))
        del new_shapes
        steps.append(_ShapeStep(gain, ids, _settled_row(shapes)))
    return steps


def spin_counts_many(
    game: GameDefinition,
    strips: Strips,
    lines: int,
    automaton: LineAutomaton,
    tracker_sets: Sequence[tuple[Tracker, ...]],
) -> Iterator[SpinCounts]:
    """:func:`spin_counts` for several sets of trackers, sharing the line-state walk.

    Yields one result at a time (each is a large array): use it before asking for the next.
    """
    cycle = math.prod(len(strip) for strip in strips)
    if cycle >= _EXACT_LIMIT:
        raise ValueError("the reel cycle is too long for exact counting in float64")
    index = {s: i for i, s in enumerate(automaton.symbols)}
    reels = [_reel_columns(game, strip, index) for strip in strips]
    steps = _shape_steps(reels, _line_groups(game.lines[:lines], game.reels), automaton)
    # every line settles once, on one reading: sized by the top reading, multiplier included
    pay_dim = lines * automaton.top_pay + 1
    tables: dict[Tracker, list[Array]] = {}
    for trackers in tracker_sets:
        sizes = tuple(t.size for t in trackers)
        moves = _tracker_moves(trackers, reels, tables)
        # no name keeps the table alive here while the caller uses it
        yield SpinCounts(
            counts=_count_states(reels, moves, steps, pay_dim).reshape(*sizes, -1),
            cycle=cycle,
            lines=lines,
            trackers=trackers,
        )


_CHUNK = 1 << 16
"""The most (state, column) pairs a reel expands at once (more lines: more chunks)."""

_States = tuple[Array, Array, Array, Array]  # shape, joint tracker value, pay, weight


def _count_states(
    reels: Sequence[_Reel], moves: _Moves, steps: Sequence[_ShapeStep], pay_dim: int
) -> Array:
    """Move the states (shape, trackers, pay, weight) through the reels: the counts by
    (joint tracker value, line pay), pays up to the most reached (``pay_dim`` bounds it).

    Each reel takes the states in chunks of at most :data:`_CHUNK` (state, column) pairs,
    each chunk merged on its own and then all together; the weights are whole numbers
    (exact in float64), so the sums do not depend on how they are grouped."""
    size = moves.size * pay_dim
    states: _States = (
        np.zeros(1, dtype=np.int64),
        np.full(1, moves.start, dtype=np.int64),
        np.zeros(1, dtype=np.int64),
        np.ones(1),
    )
    settled: _Settled = (np.zeros(0, dtype=np.int64),) * 2 + (np.zeros(0),)
    for r, (reel, step) in enumerate(zip(reels, steps, strict=True)):
        settled = _advance_settled(settled, moves.grouped[r])
        rows = max(1, _CHUNK // len(reel.count))
        if step.next_shape is None:
            return _final_counts(reel, step, moves.by_column[r], moves.size, settled, states, rows)
        done: list[_Settled] = [settled]
        keys: list[Array] = [np.zeros(0, dtype=np.int64)]
        weights: list[Array] = [np.zeros(0)]
        for start in range(0, len(states[0]), rows):
            chunk = tuple(a[start : start + rows] for a in states)
            u, t, pay, w = _expand(reel, step, moves.by_column[r], chunk)
            ended = u == step.settled_shape
            done.append((t[ended], pay[ended], w[ended]))
            live = ~ended
            key, weight = _summed(t[live] * pay_dim + pay[live] + u[live] * size, w[live])
            keys.append(key)
            weights.append(weight)
        st, sp, sw = (np.concatenate(part) for part in zip(*done, strict=True))
        settled = _merge_settled((st, sp, sw), pay_dim)
        key, weight = _summed(np.concatenate(keys), np.concatenate(weights))
        shape, rest = np.divmod(key, size)
        states = (shape, *np.divmod(rest, pay_dim), weight)
    raise AssertionError("a game has at least one reel")  # pragma: no cover


def _expand(reel: _Reel, step: _ShapeStep, by_column: Array, states: tuple[Array, ...]) -> _States:
    """Every (state, column) pair of one reel: its next shape (``-1`` on the last reel),
    tracker value, pay and weight."""
    us, ts, ps, ws = states
    columns = len(reel.count)
    pick = (us[:, None] * columns + np.arange(columns)[None, :]).ravel()
    pay = (ps[:, None] + step.gain.ravel()[pick].reshape(len(us), columns)).ravel()
    t = by_column[ts].ravel()
    w = (ws[:, None] * reel.count[None, :]).ravel()
    u = np.full(len(pick), -1) if step.next_shape is None else step.next_shape[pick]
    return u, t, pay, w


def _final_counts(
    reel: _Reel,
    step: _ShapeStep,
    by_column: Array,
    trackers: int,
    settled: _Settled,
    states: _States,
    rows: int,
) -> Array:
    """The last reel: counts by (joint tracker value, line pay), pays up to the most the
    spin's lines pay (not the bound), the states taken in chunks of ``rows``."""
    st, sp, sw = settled
    us, _, ps, _ = states
    most = int(sp.max(initial=0))
    if len(us):
        most = max(most, int((ps + step.gain.max(axis=1)[us]).max()))
    dim = most + 1
    counts = np.bincount(st * dim + sp, weights=sw, minlength=trackers * dim)
    for start in range(0, len(us), rows):
        chunk = tuple(a[start : start + rows] for a in states)
        _, t, pay, w = _expand(reel, step, by_column, chunk)
        np.add.at(counts, t * dim + pay, w)  # no second table: whole numbers, any order
    return counts.reshape(trackers, dim)


def _distinct_rows(rows: Array) -> tuple[Array, Array]:
    """Ids of the distinct rows of a small-integer matrix, and the distinct rows.

    Each row gets a code in base (largest entry + 1), column by column (the entries are
    state ids, never negative); when the next column would take the code past 2**62,
    the codes so far are renumbered densely first (equal prefixes keep equal codes).
    """
    codes = np.zeros(len(rows), dtype=np.int64)
    radix = int(rows.max(initial=0)) + 1 if rows.size else 1
    scale = 1
    for column in rows.T:
        if scale * radix >= 2**62:
            _, codes = np.unique(codes, return_inverse=True)
            codes = codes.ravel().astype(np.int64)
            scale = int(codes.max()) + 1
        scale *= radix
        codes = codes * radix + column
    _, first, ids = np.unique(codes, return_index=True, return_inverse=True)
    return ids.ravel(), rows[first]


def _settled_row(shapes: Array) -> int:
    """Index of the all-settled shape, or -1."""
    hits = np.flatnonzero((shapes == SETTLED).all(axis=1))
    return int(hits[0]) if len(hits) else -1


def _advance_settled(settled: _Settled, grouped: tuple[Array, Array]) -> _Settled:
    """Move settled states through one reel: only their trackers move."""
    st, sp, sw = settled
    if len(sw) == 0:
        return settled
    moved, counts = grouped  # (joint values, groups), (groups,)
    t = moved[st].ravel()
    p = np.repeat(sp, len(counts))
    w = (sw[:, None] * counts[None, :]).ravel()
    return t, p, w


def _merge_settled(settled: _Settled, pay_dim: int) -> _Settled:
    st, sp, sw = settled
    if len(sw) == 0:
        return settled
    keys, weights = _summed(st * pay_dim + sp, sw)
    return keys // pay_dim, keys % pay_dim, weights


def _summed(keys: Array, weights: Array) -> tuple[Array, Array]:
    """The distinct keys, in order, and the weight of each."""
    distinct, inverse = np.unique(keys, return_inverse=True)
    return distinct, np.bincount(inverse.ravel(), weights=weights)
