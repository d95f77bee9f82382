"""What the exact analysis of a game will need in memory, estimated before it starts.

``par --max-memory`` refuses early, with the figure, a game whose exact analysis would
need more than its budget (:func:`budget_refusal`).  The estimate reads the definition
only -- strips, lines, rows, reels, the trackers each spin law keeps, the round cap --
never the walk itself, so it costs milliseconds.  Its parts (bytes):

* ``process``: the interpreter, NumPy and the program (:data:`PROCESS_BYTES`);
* ``walk``: for each spin law the analysis builds (the base spin, then one per free-spin
  state, :meth:`~slotterm.analysis.features.contract.FeatureLaw.spin_walks`), its count
  table by (tracker values, line pay up to lines × top pay) and the walk's live states
  (at most the distinct columns of two reels times the tracker values, per line pay
  column), one law at a time;
* ``laws``: the pay distributions of every spin law, all held (two arrays each);
* ``cap``: the round below the cap -- each law cut to the cap, and the transforms of the
  spectral method (up to :data:`SPECTRAL_FACTOR` × the cap in bet-per-line units).

It is an estimate from above for the games and game files measured by
``benchmarks/bench_par_scaling.py`` (which prints it beside the measured peak), not a
proof: a definition far from them may need more.  :func:`guard` backs it with a hard
limit on the process's address space while the analysis runs, so that an allocation
past the budget fails (:class:`MemoryError`, one line) instead of the machine killing
the process.
"""

from __future__ import annotations

import math
import os
import resource
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass

from slotterm.analysis.exact import law_context
from slotterm.analysis.exact_lines import build_automaton
from slotterm.analysis.spin_law import SpinRules
from slotterm.engine.model import GameDefinition

PROCESS_BYTES = 90 * 2**20
"""The process before the analysis allocates anything (Python, NumPy, the program)."""

DEFAULT_MOST = 2 * 2**30
"""The default budget's ceiling: 2 GiB (or half the machine's memory if less)."""

SPECTRAL_FACTOR = 16
"""The longest transform of the spectral method, in multiples of the cap (its largest
try, :mod:`slotterm.analysis.exact_round`)."""

_FLOAT = 8
_COMPLEX = 16


@dataclass(frozen=True)
class MemoryEstimate:
    """The estimated peak of the exact analysis, in bytes, and its parts by name."""

    parts: Mapping[str, int]

    @property
    def total(self) -> int:
        """The estimated peak in bytes."""
        return sum(self.parts.values())


def default_budget() -> int:
    """Half the machine's physical memory, at most :data:`DEFAULT_MOST`."""
    try:
        physical = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (ValueError, OSError, AttributeError):  # pragma: no cover - not on Linux
        return DEFAULT_MOST
    return min(DEFAULT_MOST, physical // 2)


def format_bytes(size: int) -> str:
    """``size`` bytes for people: ``512 MB``, ``2.0 GB``."""
    if size >= 2**30:
        return f"{size / 2**30:.1f} GB"
    return f"{math.ceil(size / 2**20):,} MB"


def estimate_memory(game: GameDefinition, lines: int, policy: str = "best") -> MemoryEstimate:
    """The estimated peak memory of ``compute_par(game, lines, policy)`` (module notes)."""
    automaton = build_automaton(game)
    # rounded down: the same arrays as the exact law, or as each bound of a bounded sheet
    ctx = law_context(game, lines, automaton, policy=policy, rounding="down")
    pay_bound = lines * automaton.top_pay + 1
    walks: list[tuple[str, SpinRules]] = [("base", ctx.spin_rules(None))]
    for law in ctx.laws.values():
        walks.extend(law.spin_walks(ctx))
    walk = 0
    laws = 0
    for reel_set, rules in walks:
        values = math.prod(t.size for t in rules.all_trackers)
        columns = sorted(_columns(strip, game.rows) for strip in ctx.reel_sets[reel_set])
        live = columns[-1] * columns[-2] * values
        table = values * pay_bound
        walk = max(walk, (3 * table + 4 * live) * _FLOAT)
        laws += 2 * (pay_bound * rules.line_scale) * _FLOAT
    cap = ctx.cap
    below = 2 * len(walks) * cap * _FLOAT
    spectral = 4 * (SPECTRAL_FACTOR * cap // 2 + 1) * _COMPLEX if len(walks) > 1 else 0
    return MemoryEstimate(
        {
            "process": PROCESS_BYTES,
            "walk": walk,
            "laws": laws,
            "cap": below + spectral,
        }
    )


def _columns(strip: Sequence[str], rows: int) -> int:
    """The distinct windows of one reel (at most its stops)."""
    length = len(strip)
    return len({tuple(strip[(stop + i) % length] for i in range(rows)) for stop in range(length)})


def budget_refusal(estimate: MemoryEstimate, budget: int) -> str | None:
    """Why the analysis does not fit ``budget`` bytes, or ``None`` when it does."""
    if estimate.total <= budget:
        return None
    return (
        f"the exact analysis would need about {format_bytes(estimate.total)}, "
        f"more than the budget of {format_bytes(budget)} (raise it with --max-memory)"
    )


_LIMIT_MOST = 2**62
"""The highest address-space limit set (``setrlimit`` takes a C long)."""


@contextmanager
def guard(budget: int) -> Iterator[None]:
    """Limit the process's address space to what it has now plus ``budget`` less what is
    already resident, while the block runs; the limit before is put back after."""
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    size, resident = _vm_now()
    limit = size + max(budget - resident, 0)
    if hard != resource.RLIM_INFINITY:
        limit = min(limit, hard)
    if soft != resource.RLIM_INFINITY:
        limit = min(limit, soft)
    limit = min(limit, _LIMIT_MOST)
    resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


def _vm_now() -> tuple[int, int]:
    """The process's address space and resident memory now, in bytes (Linux; elsewhere
    the resident peak for both)."""
    try:
        with open("/proc/self/statm", encoding="ascii") as statm:
            size, resident = (int(x) for x in statm.read().split()[:2])
        page = os.sysconf("SC_PAGE_SIZE")
        return size * page, resident * page
    except (OSError, ValueError):  # pragma: no cover - not on Linux
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
        return peak, peak
