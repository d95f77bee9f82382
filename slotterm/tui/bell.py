"""The terminal's bell on a big win or a feature won (the player's ``bell`` option, off
for a new player).

It rings as the show reaches the moment, never when the spin is drawn: a
:class:`BellScene` of no length stands in the show just before each celebration of a big
win and each fanfare of a feature won, so it rings when the player sees them (with
animations off too, as the show runs straight to its end; a skipped show rings once
as it lands on its end, its celebration included).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from slotterm.tui.celebration import CelebrationScene, FanfareScene
from slotterm.tui.features.feature_intro import IntroScene
from slotterm.tui.presenter import Scene

RINGS_BEFORE = (CelebrationScene, FanfareScene, IntroScene)
"""The scenes the bell rings before: a big win's celebration, a feature's fanfare or
intro."""


class BellScene(Scene):
    """Rings the bell once, as the show reaches it (no time of its own)."""

    def __init__(self, ring: Callable[[], None]) -> None:
        self.ring = ring
        self._rung = False

    def begin(self) -> None:
        """Ring (once, however the scene is reached)."""
        if not self._rung:
            self._rung = True
            self.ring()


def with_bell(scenes: Sequence[Scene], ring: Callable[[], None] | None) -> list[Scene]:
    """``scenes`` with a :class:`BellScene` before each big win's celebration and each
    feature's fanfare; unchanged when ``ring`` is ``None`` (the bell is off)."""
    if ring is None:
        return list(scenes)
    rung: list[Scene] = []
    for scene in scenes:
        if isinstance(scene, RINGS_BEFORE):
            rung.append(BellScene(ring))
        rung.append(scene)
    return rung
