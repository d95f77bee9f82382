"""When each reel of a spin stops, and where it stands meanwhile (with anticipation).

Once two scatters have landed on the reels already stopped, the reels still spinning slow
down and stop one by one, each a moment after the one before: the player waits for a
third.  Nothing here decides the outcome: the window is the one the session already
drew, and the timing only says how long the picture takes to get there.  The stop key
still ends the spin at once (the scene's final picture).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

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
    ``slowed`` holds the reels that keep the player waiting.
    """

    stop_times: tuple[float, ...]
    slow_from: float | None
    slowed: frozenset[int]

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


def reel_timing(
    window: Window, scatters: Collection[str], stop_times: Sequence[float]
) -> ReelTiming:
    """The timing of a spin that lands on ``window``: the usual ``stop_times``, unless
    :data:`SCATTERS_NEEDED` of ``scatters`` are in sight on stopped reels while some
    reels still spin; those then stop one by one, :data:`WAIT_SECONDS` apart."""
    times = list(stop_times)
    seen = 0
    for reel in range(len(times) - 1):
        seen += sum(1 for symbol in window[reel] if symbol in scatters)
        if seen >= SCATTERS_NEEDED:
            landed = times[reel]
            for later in range(reel + 1, len(times)):
                times[later] = max(times[later], times[later - 1] + WAIT_SECONDS)
            return ReelTiming(
                stop_times=tuple(times),
                slow_from=landed,
                slowed=frozenset(range(reel + 1, len(times))),
            )
    return ReelTiming(stop_times=tuple(times), slow_from=None, slowed=frozenset())
