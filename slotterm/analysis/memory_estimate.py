"""What the exact analysis of a game will need in memory, estimated before it starts.

``par --max-memory`` refuses early, with the figure, a game whose exact analysis would
need more than its budget (:func:`budget_refusal`).  The estimate reads the definition
only -- strips, lines, reels, the trackers each spin law keeps, the round cap -- never
the walk itself, so it costs milliseconds.  Its parts (bytes), each fitted to what
``benchmarks/bench_par_scaling.py`` measures (peak RSS, ``VmHWM``, of ``slotterm par``):

* ``process``: the interpreter, NumPy and the program, and the heap the walk leaves
  behind (:data:`PROCESS_BYTES`);
* ``walk``: the largest count table a spin law may fill -- (tracker values) × (line pay
  up to lines × top pay) floats, for each spin law the analysis builds (the base spin,
  then one per free-spin state,
  :meth:`~slotterm.analysis.features.contract.FeatureLaw.spin_walks`) -- times
  :data:`WALK_SHARE`, and once more for every reel past the fifth (the walk's live
  states multiply with the reels).  The bound on the line pay is loose, and more so the
  more lines there are; the walk's other arrays make up for it in the games measured;
* ``cap``: the spectral method's transforms, for a round with a feature and a long cap
  (:mod:`slotterm.analysis.exact_round`): three spectra of the first length tried
  (:data:`SPECTRAL_FACTOR` × the cap) and a fourth while one is made.

It is a central estimate, not a bound: within 1.5× of the measured peak either way over
those cases (0.75-1.3× when fitted), checked by ``tests/analysis/test_memory_budget.py``;
a definition far from them may need more.  :func:`guard` backs it with a hard limit on
the process's address space while the analysis runs, so that an allocation past the
budget fails (:class:`MemoryError`, one line) instead of the machine killing the
process.
"""

from __future__ import annotations

import math
import os
import resource
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass

from slotterm.analysis.exact import law_context
from slotterm.analysis.exact_lines import build_automaton
from slotterm.analysis.spin_law import SpinRules
from slotterm.engine.model import GameDefinition

PROCESS_BYTES = 42 * 2**20
"""The process before the analysis allocates anything (Python, NumPy, the program: about
36 MB measured), and the heap the walk leaves behind it."""

DEFAULT_MOST = 2 * 2**30
"""The default budget's ceiling: 2 GiB (or half the machine's memory if less)."""

WALK_SHARE = 0.6
"""The walk's peak as a share of its largest count table at the line-pay bound (fitted:
see the module notes)."""

SPECTRAL_FACTOR = 4
"""The first transform length of the spectral method, in multiples of the cap
(:mod:`slotterm.analysis.exact_round`; a longer one is tried only when its aliasing
bound asks for it)."""

SPECTRAL_BELOW = 4096
"""Caps (bet-per-line units) from which the round is convolved spectrally
(``exact_round._DIRECT_BELOW``)."""

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
    table = max(math.prod(t.size for t in rules.all_trackers) for _, rules in walks)
    walk = int(WALK_SHARE * table * pay_bound * _FLOAT * max(1, game.reels - 4))
    cap = ctx.cap
    spectral = len(walks) > 1 and cap >= SPECTRAL_BELOW
    transforms = 4 * (SPECTRAL_FACTOR * cap // 2 + 1) * _COMPLEX if spectral else 0
    return MemoryEstimate({"process": PROCESS_BYTES, "walk": walk, "cap": transforms})


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
