"""The key bar at the foot of every screen: Textual's ``Footer``, drawn once and redrawn
only when the keys it shows change.

Textual's ``Footer`` composes empty, waits for its screen's first "bindings updated"
signal and then rebuilds itself, and rebuilds again on every later signal, whether or not
the keys it shows changed.  Each rebuild mounts a widget per key and costs its own frame
or two, so a window opened over the machine (help, paytable) kept drawing for about 60 ms
after its first frame, and the machine's bar was rebuilt at every step of a round.  The
:class:`KeyBar` shows its keys in its very first frame (when its screen can already say
which keys work) and rebuilds only when the keys, their labels or whether they work have
changed.

When the keys are wider than the bar (80 columns), the bar leaves out whole keys rather
than cutting one mid-word: the keys are declared most important first
(:data:`~slotterm.tui.keymap.GAME_BINDINGS`), and each is shown if it still fits after
the ones before it.  From :data:`PALETTE_FROM` columns on, the command palette's key
(Ctrl+P) stands at the right end, its room kept before the game's keys are fitted; below
that the game's keys have the whole bar (the palette still opens with Ctrl+P).
"""

from __future__ import annotations

from collections.abc import Hashable

from textual import events
from textual.app import ComposeResult
from textual.css.query import NoMatches
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Footer

from slotterm.tui.textual_compat import footer_key_width, footer_keys, mark_footer_bindings_ready

Shown = tuple[Hashable, ...]
"""What the bar shows: each shown key with its label, tooltip and whether it works."""

PALETTE_FROM = 100
"""The narrowest bar (in columns) that shows the command palette's key at its right end."""


class KeyBar(Footer):
    """A ``Footer`` that is right from its first frame and rebuilds only on a change."""

    def __init__(self, *, compact: bool = False) -> None:
        super().__init__(compact=compact)
        # Footer's own flag for "the screen has said which keys it has"; the screen's
        # bindings can be read as soon as the bar is mounted, so there is no need to wait.
        mark_footer_bindings_ready(self)
        self._shown: Shown | None = None

    def shown(self) -> Shown:
        """The keys the bar would show now, as something to compare."""
        return tuple(
            (binding.key, binding.action, binding.description, enabled, tooltip)
            for _, binding, enabled, tooltip in self.screen.active_bindings.values()
            if binding.show
        )

    def compose(self) -> ComposeResult:
        """Footer's keys, remembering which they are; none yet while the screen's own
        widgets are still being mounted (its ``check_action`` may look them up), the keys
        then come with the screen's first signal."""
        try:
            self._shown = self.shown()
        except NoMatches:
            self._shown = None
            return
        yield from super().compose()
        self.call_after_refresh(self.fit_keys)

    def on_resize(self, event: events.Resize) -> None:
        """Show the keys that fit the new width."""
        self.fit_keys()

    def fit_keys(self) -> None:
        """Show the palette's key when the bar is wide enough, then each other key, most
        important (leftmost) first, that fits whole in the room the ones before it left;
        hide the others."""
        room = self.size.width
        keys = footer_keys(self)
        for key in keys:
            if key.has_class("-command-palette"):
                shown = room >= PALETTE_FROM
                _show(key, shown)
                if shown:  # its border and padding are its own, not its label's; and a
                    # column between it and the game's keys, as between two keys
                    room -= footer_key_width(key) + key.styles.gutter.width + 1
        for key in keys:
            if key.has_class("-command-palette"):
                continue
            width = footer_key_width(key)
            fits = width <= room
            _show(key, fits)
            if fits:
                room -= width + key.styles.margin.right

    def bindings_changed(self, screen: Screen[object]) -> None:
        """Rebuild only when the keys to show are not the ones shown."""
        if self.is_attached and screen is self.screen and self.shown() == self._shown:
            return
        super().bindings_changed(screen)


def _show(key: Widget, shown: bool) -> None:
    """Show or hide ``key``, touching it only when that changes (setting ``display`` at
    all asks for a layout pass)."""
    if key.display != shown:
        key.display = shown
