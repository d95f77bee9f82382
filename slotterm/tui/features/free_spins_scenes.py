"""The free spins' own scenes: their intro when won, more won announced, and the outro.

The intro (:class:`~slotterm.tui.features.feature_intro.IntroScene`) writes "10 / FREE
SPINS" over the reels; its announcement on the message line holds after it when the
show was skipped to it (:class:`~slotterm.tui.features.feature_intro.IntroHold`), so no key
opens the feature before the player has seen it.  More free spins won again are told by
:class:`RetriggerScene` (the banner counts them only then).  The outro
(:class:`OutroScene`) puts the summary up as the last free spin's show ends, its feature
win counting up to the exact amount; at rest the summary shows the whole sum.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text

from slotterm.tui.features.feature_intro import FeatureIntro, IntroHold, IntroScene
from slotterm.tui.features.feature_summary import FeatureSummary
from slotterm.tui.features.view import Stage
from slotterm.tui.presenter import Scene
from slotterm.tui.scenes import AnnounceScene

OUTRO_SECONDS = 1.5
"""How long the outro counts the feature's win (the last fifth holds it)."""


class RetriggerScene(AnnounceScene):
    """More free spins won, announced: from now on the banner counts them
    (``told(count)``, once)."""

    def __init__(self, stage: Stage, count: int, told: Callable[[int], None]) -> None:
        super().__init__(stage.message, f"+{count} FREE SPINS! The feature goes on.")
        self.count, self.told = count, told
        self._said = False

    def shown(self) -> None:
        """Count them in the banner (once, at the fanfare or the announcement)."""
        if not self._said:
            self._said = True
            self.told(self.count)


def won_scenes(stage: Stage, intro: FeatureIntro, count: int, what: str, key: str) -> list[Scene]:
    """Free spins won: the intro ("``count`` / FREE SPINS", ``what`` comes with them,
    Space to ``key``), then its announcement held."""
    lines = [what.strip().capitalize(), "", f"Space: {key}"] if what else ["", f"Space: {key}"]
    shown = IntroScene(intro, (str(count), "FREE SPINS"), lines)
    return [shown, IntroHold(stage.message, f"{count} FREE SPINS WON!")]


class OutroScene(Scene):
    """The summary up over the reels, its feature win counting from 0 to ``total``."""

    def __init__(
        self,
        summary: FeatureSummary,
        spins: int,
        extra: Text | None,
        total: int,
        seconds: float = OUTRO_SECONDS,
    ) -> None:
        self.summary, self.spins, self.extra, self.total = summary, spins, extra, total
        self.duration = seconds

    def begin(self) -> None:
        """Put the summary up at 0."""
        self.summary.display = True
        self.update(0.0)

    def update(self, elapsed: float) -> None:
        """Count the feature win up (ease out), then hold it."""
        share = min(1.0, elapsed / (self.duration * 0.8)) if self.duration else 1.0
        counted = int(self.total * (1 - (1 - share) ** 2))
        self._show(counted)

    def finish(self) -> None:
        """The summary on the exact feature win."""
        self.summary.display = True
        self._show(self.total)

    def _show(self, counted: int) -> None:
        self.summary.show_summary(
            spins=self.spins, extra=self.extra, total=self.total, reason=None, counted=counted
        )
