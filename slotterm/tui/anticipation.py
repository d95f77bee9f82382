"""When each reel of a spin stops, and where it stands meanwhile (with anticipation).

Once two scatters have landed on the reels already stopped, the reels still spinning slow
down and stop one by one, each a moment after the one before: the player waits for a
third.  So too for a feature won by a symbol on given reels (its
:class:`~slotterm.engine.feature.TriggerHint`): once the symbol has landed on all of
those reels but the last, and that one still spins.  Nothing here decides the
outcome: the window is the one the session already drew, and the timing only says how
long the picture takes to get there.  The stop key still ends the spin at once (the
scene's final picture).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from slotterm.engine.feature import TriggerHint
from slotterm.engine.outcome import Window

SCATTERS_NEEDED = 2
"""Scatters on the stopped reels that make the others keep the player waiting."""
WAIT_SECONDS = 0.8
"""How much later each slowed reel stops than the reel before it."""
SLOW_SPEED = 5.0
"""Symbols per second passing on a slowed reel."""


@dataclass(frozen=True, slots=True)
class ReelTiming:
    """Stop times of the reels (seconds into the spin) and when anticipation begins.

    ``slow_from`` is the moment the slowed reels change pace (``None``: no anticipation);
    ``slowed`` holds the reels that keep the player waiting; ``waiting_for`` the symbols
    they may bring (the scatters, or a trigger's symbol), ``in_sight`` how many of them
    the stopped reels show when they slow.
    """

    stop_times: tuple[float, ...]
    slow_from: float | None
    slowed: frozenset[int]
    waiting_for: frozenset[str] = frozenset()
    in_sight: int = 0

    @property
    def duration(self) -> float:
        """When the last reel stops."""
        return max(self.stop_times, default=0.0)

    def position(self, reel: int, stop: int, elapsed: float, speed: float) -> float | None:
        """Where ``reel`` stands on its strip ``elapsed`` seconds in (``None``: stopped on
        ``stop``); it runs at ``speed`` symbols a second, a slowed reel at
        :data:`SLOW_SPEED` once anticipation began, so the picture never jumps."""
        stop_time = self.stop_times[reel]
        if elapsed >= stop_time:
            return None
        slow_from = self.slow_from
        if slow_from is None or reel not in self.slowed:
            return stop + speed * (stop_time - elapsed)
        if elapsed >= slow_from:
            return stop + SLOW_SPEED * (stop_time - elapsed)
        return stop + SLOW_SPEED * (stop_time - slow_from) + speed * (slow_from - elapsed)

    def anticipating(self, elapsed: float) -> bool:
        """True while slowed reels still spin after two scatters landed."""
        return self.slow_from is not None and self.slow_from <= elapsed < self.duration


def symbol_triggers(hints: Sequence[TriggerHint | None]) -> tuple[tuple[str, tuple[int, ...]], ...]:
    """The features' hints that name a symbol on given reels: (symbol, its reels, sorted)."""
    return tuple(
        (hint.symbol, tuple(sorted(hint.reels)))
        for hint in hints
        if hint is not None and hint.symbol is not None and len(hint.reels) > 1
    )


def _symbol_wait(
    window: Window, triggers: Sequence[tuple[str, tuple[int, ...]]]
) -> tuple[int, str, int] | None:
    """The earliest reel after which a trigger's symbol needs only its last reel (that
    reel, the symbol, and the reels it has landed on)."""
    best: tuple[int, str, int] | None = None
    for symbol, reels in triggers:
        ready = all(symbol in window[reel] for reel in reels[:-1])
        if ready and (best is None or reels[-2] < best[0]):
            best = (reels[-2], symbol, len(reels) - 1)
    return best


def reel_timing(
    window: Window,
    scatters: Collection[str],
    stop_times: Sequence[float],
    triggers: Sequence[tuple[str, tuple[int, ...]]] = (),
) -> ReelTiming:
    """The timing of a spin that lands on ``window``: the usual ``stop_times``, unless
    :data:`SCATTERS_NEEDED` of ``scatters`` are in sight on stopped reels while some
    reels still spin, or a trigger's symbol (``triggers``: :func:`symbol_triggers`)
    waits only for its last reel; the reels after then stop one by one,
    :data:`WAIT_SECONDS` apart."""
    times = list(stop_times)
    seen = 0
    after: tuple[int, frozenset[str], int] | None = None
    for reel in range(len(times) - 1):
        seen += sum(1 for symbol in window[reel] if symbol in scatters)
        if seen >= SCATTERS_NEEDED:
            after = (reel, frozenset(scatters), seen)
            break
    symbol_wait = _symbol_wait(window, triggers)
    if symbol_wait is not None and (after is None or symbol_wait[0] < after[0]):
        reel, symbol, count = symbol_wait
        after = (reel, frozenset({symbol}), count)
    if after is None:
        return ReelTiming(stop_times=tuple(times), slow_from=None, slowed=frozenset())
    reel, waiting_for, in_sight = after
    landed = times[reel]
    for later in range(reel + 1, len(times)):
        times[later] = max(times[later], times[later - 1] + WAIT_SECONDS)
    return ReelTiming(
        stop_times=tuple(times),
        slow_from=landed,
        slowed=frozenset(range(reel + 1, len(times))),
        waiting_for=waiting_for,
        in_sight=in_sight,
    )
