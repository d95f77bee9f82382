"""The exact joint outcome of one spin, by walking the reels left to right.

Every stop combination of a strip set is counted, but never one by one: the walk keeps,
after each reel, only what still matters for the rest of the window -- the state of every
line still reading (:class:`~slotterm.analysis.exact_lines.LineAutomaton`), the line pay
already settled, the scatters seen and the reels that showed the special symbol -- and
merges equal states, adding their multiplicities.  Lines that share their rows so far
share one state.  States whose lines have all settled only collect scatters and special
reels from then on, so they move through the remaining reels by groups of columns.

The result, :class:`SpinCounts`, is the exact number of stop combinations for every
(scatter count, special reels, total line pay) -- everything a spin pays is a function of
these three -- from which all spin quantities follow.  Counts are whole numbers held in
float64, exact while the cycle stays below 2**53.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from slotterm.analysis.exact_lines import SETTLED, WAITING, LineAutomaton
from slotterm.engine.model import GameDefinition

_EXACT_LIMIT = 2**53

Array = Any
"""A NumPy array (NumPy ships no precise array types for mypy here)."""


@dataclass(frozen=True, eq=False)
class SpinCounts:
    """Stop combinations of one spin by (scatters, special reels, line pay).

    ``counts[b, k, p]``: combinations showing ``b`` scatters (the last index means "that
    many or more"), the special symbol on ``k`` reels (always 0 without a special), and
    line wins adding up to ``p`` × bet per line over the first ``lines`` lines.
    """

    counts: Array
    cycle: int
    lines: int
    special: str | None

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
    scatters: Array  # (columns,) scatter symbols in the column

    def showing(self, special: str | None) -> Array:
        """1 for the columns that show ``special``, else 0."""
        return np.array([int(special is not None and special in c) for c in self.columns])


def _reel_columns(game: GameDefinition, strip: Sequence[str], index: dict[str, int]) -> _Reel:
    rows = game.rows
    length = len(strip)
    columns = Counter(
        tuple(strip[(stop + i) % length] for i in range(rows)) for stop in range(length)
    )
    keys = list(columns)
    scatters = game.scatter_ids
    return _Reel(
        tuple(keys),
        np.array([[index[s] for s in column] for column in keys], dtype=np.intp),
        np.array([columns[c] for c in keys], dtype=np.float64),
        np.array([sum(1 for s in c if s in scatters) for c in keys], dtype=np.int64),
    )


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


_Settled = tuple[Array, Array, Array, Array]


def scatter_slots(game: GameDefinition) -> int:
    """Scatter counts that behave differently: 0 .. this value (the last means 'or more')."""
    top = max(game.scatter_pays, default=0)
    return max(top, game.free_spins.trigger_count)


def spin_counts(
    game: GameDefinition,
    strips: Sequence[Sequence[str]],
    lines: int,
    automaton: LineAutomaton,
    special: str | None = None,
) -> SpinCounts:
    """Count every stop combination of ``strips`` by (scatters, special reels, line pay)."""
    return next(spin_counts_many(game, strips, lines, automaton, (special,)))


@dataclass(frozen=True)
class _ShapeStep:
    """One reel for every shape: the pay it settles and the shape it leads to."""

    gain: Array  # (shapes, columns): line pay settled (on the last reel: all of it)
    next_shape: Array | None  # (shapes * columns,): new shape id (None on the last reel)
    settled_shape: int  # id of the all-settled shape after this reel, or -1


def _shape_steps(
    reels: Sequence[_Reel], groups: Sequence[_Groups], automaton: LineAutomaton
) -> list[_ShapeStep]:
    """Walk the line states alone; they do not depend on scatters or the special symbol."""
    next_state = np.array(automaton.next_state, dtype=np.int64)
    settle_pay = np.array(
        [[r.multiplier if r else 0 for r in row] for row in automaton.settle_reading],
        dtype=np.int64,
    )
    final_pay = np.array([r.multiplier if r else 0 for r in automaton.final_reading])
    shapes: Array = np.full((1, 1), WAITING, dtype=np.int64)
    steps: list[_ShapeStep] = []
    for j, (reel, grp) in enumerate(zip(reels, groups, strict=True)):
        sym = reel.symbols[:, grp.row][None, :, :]  # (1, columns, groups)
        parents = shapes[:, grp.parent][:, None, :]  # (shapes, 1, groups)
        new_shapes = next_state[parents, sym]  # (shapes, columns, groups)
        gain = (settle_pay[parents, sym] * grp.size).sum(axis=2)
        if j == len(reels) - 1:
            gain = gain + (final_pay[new_shapes] * grp.size).sum(axis=2)
            steps.append(_ShapeStep(gain, None, -1))
            break
        ids, shapes = _distinct_rows(new_shapes.reshape(-1, len(grp.size)))
        steps.append(_ShapeStep(gain, ids, _settled_row(shapes)))
    return steps


def spin_counts_many(
    game: GameDefinition,
    strips: Sequence[Sequence[str]],
    lines: int,
    automaton: LineAutomaton,
    specials: Sequence[str | None],
) -> Iterator[SpinCounts]:
    """:func:`spin_counts` for several special symbols, sharing the line-state walk.

    Yields one result at a time (each is a large array): use it before asking for the next.
    """
    cycle = 1
    for strip in strips:
        cycle *= len(strip)
    if cycle >= _EXACT_LIMIT:
        raise ValueError("the reel cycle is too long for exact counting in float64")
    index = {s: i for i, s in enumerate(automaton.symbols)}
    reels = [_reel_columns(game, strip, index) for strip in strips]
    steps = _shape_steps(reels, _line_groups(game.lines[:lines], game.reels), automaton)
    top_b = scatter_slots(game)
    # every line settles once, on one reading: sized by the top reading, multiplier included
    max_pay = lines * automaton.top_pay
    for special in specials:
        k_dim = game.reels + 1 if special is not None else 1
        shown = [reel.showing(special) for reel in reels]
        yield SpinCounts(
            _count_states(reels, shown, steps, top_b, k_dim, max_pay + 1), cycle, lines, special
        )


def _count_states(
    reels: Sequence[_Reel],
    shown: Sequence[Array],
    steps: Sequence[_ShapeStep],
    top_b: int,
    k_dim: int,
    pay_dim: int,
) -> Array:
    """Move the states (shape, scatters, special reels, pay, weight) through the reels."""
    size = (top_b + 1) * k_dim * pay_dim

    def code(b: Array, k: Array, p: Array) -> Array:
        return (b * k_dim + k) * pay_dim + p

    us: Array = np.zeros(1, dtype=np.int64)
    bs: Array = np.zeros(1, dtype=np.int64)
    ks: Array = np.zeros(1, dtype=np.int64)
    ps: Array = np.zeros(1, dtype=np.int64)
    ws: Array = np.ones(1)
    # settled states: only scatters, special reels, pay and weight
    settled: _Settled = (np.zeros(0, dtype=np.int64),) * 3 + (np.zeros(0),)
    for reel, special, step in zip(reels, shown, steps, strict=True):
        settled = _advance_settled(settled, reel, special, top_b)
        columns = len(reel.count)
        pick = (us[:, None] * columns + np.arange(columns)[None, :]).ravel()
        pay = (ps[:, None] + step.gain.ravel()[pick].reshape(len(us), columns)).ravel()
        b = np.minimum(bs[:, None] + reel.scatters[None, :], top_b).ravel()
        k = (ks[:, None] + special[None, :]).ravel()
        w = (ws[:, None] * reel.count[None, :]).ravel()
        if step.next_shape is None:
            sb, sk, sp, sw = settled
            result = np.bincount(
                np.concatenate((code(sb, sk, sp), code(b, k, pay))),
                weights=np.concatenate((sw, w)),
                minlength=size,
            )
            return result.reshape(top_b + 1, k_dim, pay_dim)
        u = step.next_shape[pick]
        done = u == step.settled_shape
        sb, sk, sp, sw = settled
        settled = _merge_settled(
            (
                np.concatenate((sb, b[done])),
                np.concatenate((sk, k[done])),
                np.concatenate((sp, pay[done])),
                np.concatenate((sw, w[done])),
            ),
            code,
            k_dim,
            pay_dim,
        )
        live = ~done
        _, first, inverse = np.unique(
            code(b[live], k[live], pay[live]) + u[live] * size,
            return_index=True,
            return_inverse=True,
        )
        ws = np.bincount(inverse.ravel(), weights=w[live])
        us, bs, ks, ps = (a[live][first] for a in (u, b, k, pay))
    raise AssertionError("a game has at least one reel")  # pragma: no cover


def _distinct_rows(rows: Array) -> tuple[Array, Array]:
    """Ids of the distinct rows of a small-integer matrix, and the distinct rows."""
    codes = np.zeros(len(rows), dtype=np.int64)
    scale = 1
    for column in rows.T:
        values, inverse = np.unique(column, return_inverse=True)
        scale *= len(values)
        if scale >= 2**62:
            distinct, ids = np.unique(rows, axis=0, return_inverse=True)
            return ids.ravel(), distinct
        codes = codes * len(values) + inverse.ravel()
    _, first, ids = np.unique(codes, return_index=True, return_inverse=True)
    return ids.ravel(), rows[first]


def _settled_row(shapes: Array) -> int:
    """Index of the all-settled shape, or -1."""
    hits = np.flatnonzero((shapes == SETTLED).all(axis=1))
    return int(hits[0]) if len(hits) else -1


def _advance_settled(settled: _Settled, reel: _Reel, shown: Array, top_b: int) -> _Settled:
    """Move settled states through one reel: they only collect scatters and special reels."""
    sb, sk, sp, sw = settled
    if len(sw) == 0:
        return settled
    pairs: Counter[tuple[int, int]] = Counter()
    for db, dk, n in zip(reel.scatters.tolist(), shown.tolist(), reel.count.tolist(), strict=True):
        pairs[(db, dk)] += n
    db = np.array([p[0] for p in pairs], dtype=np.int64)
    dk = np.array([p[1] for p in pairs], dtype=np.int64)
    dn = np.array(list(pairs.values()))
    b = np.minimum(sb[:, None] + db[None, :], top_b).ravel()
    k = (sk[:, None] + dk[None, :]).ravel()
    p = np.repeat(sp, len(dn))
    w = (sw[:, None] * dn[None, :]).ravel()
    return b, k, p, w


def _merge_settled(settled: _Settled, code: Any, k_dim: int, pay_dim: int) -> _Settled:
    sb, sk, sp, sw = settled
    if len(sw) == 0:
        return settled
    keys, inverse = np.unique(code(sb, sk, sp), return_inverse=True)
    weights = np.bincount(inverse.ravel(), weights=sw)
    p = keys % pay_dim
    rest = keys // pay_dim
    return rest // k_dim, rest % k_dim, p, weights
