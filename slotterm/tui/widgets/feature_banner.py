"""The banner above the reels: the game's line between rounds, a feature's picture and
progress while one is under way.

A feature's progress may end on the feature win so far; the banner then counts it from
the Win box (:meth:`FeatureBanner.show_win`), so the two never disagree, even while a win
counts up or when a key cuts a win show short.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.widgets import Static

from slotterm.money import format_cents
from slotterm.tui.art.model import ArtSet
from slotterm.tui.art.tiles import sprite


@dataclass(frozen=True, slots=True)
class BannerPart:
    """What a feature shows in the banner: a symbol's picture (or none) and its labels."""

    symbol: str | None
    labels: tuple[str, ...]
    feature_win_from: int | None = None
    """When set, the last label goes on with "feature win X", X being the Win box's amount
    less this one (the round's base win): the banner counts along with the Win box."""


FEATURE_WIN = "  ·  feature win "
"""Between a feature's progress and its win so far in the banner."""

TITLE_SEPARATOR = "  ·  "
"""Between the parts of the title (the game's name, each feature's tagline)."""


def fit_title(parts: Sequence[str], width: int) -> str:
    """The title on one line of ``width`` columns: the game's name (``parts[0]``, always),
    then each tagline in turn that still fits whole; one that does not is left out."""
    title = parts[0] if parts else ""
    for tagline in parts[1:]:
        longer = f"{title}{TITLE_SEPARATOR}{tagline}"
        if cell_len(longer) <= width:
            title = longer
    return title


class FeatureBanner(Static):
    """Shows the title (``idle_parts``: the game's name, then the features' taglines, as
    many as fit), or a symbol's picture with the feature's labels beside it.

    ``symbol`` and ``labels`` hold what is shown (``None`` and ``()`` between features);
    the picture is the game's (``art``; without it, plain tiles).
    """

    can_focus = False

    def __init__(
        self,
        idle_parts: Sequence[str],
        *,
        art: ArtSet | None = None,
        id: str | None = None,
    ) -> None:
        super().__init__("", id=id)
        self.idle_parts = tuple(idle_parts)
        self.art = art if art is not None else ArtSet(game="", arts={})
        self.symbol: str | None = None
        self.labels: tuple[str, ...] = ()
        self._key: tuple[bool, str | None, tuple[str, ...], int] | None = None
        self._part: BannerPart | None = None
        self._win = 0
        self.show_feature(None, ())

    def on_resize(self, event: events.Resize) -> None:
        """Fit the title to the new width (between features)."""
        if not self.labels:
            self.show_feature(None, ())

    def show_part(self, part: BannerPart | None) -> None:
        """Show what a feature put in the banner (``None``: the idle line)."""
        self._part = part
        self._draw_part()

    def advance(self, part: BannerPart | None) -> None:
        """Show a feature's next step at once when only its progress changed (the same
        picture and labels before the last); anything new, a feature's symbol say, waits
        for :meth:`show_part` at rest so the banner never gives away a reveal."""
        now = self._part
        if (
            part is not None
            and now is not None
            and part.symbol == now.symbol
            and part.labels[:-1] == now.labels[:-1]
        ):
            self.show_part(part)

    def show_win(self, amount: int) -> None:
        """The Win box now shows ``amount``: a feature win in the banner follows it."""
        self._win = amount
        if self._part is not None and self._part.feature_win_from is not None:
            self._draw_part()

    def _draw_part(self) -> None:
        part = self._part
        if part is None:
            self.show_feature(None, ())
            return
        labels = part.labels
        if part.feature_win_from is not None and labels:
            won = format_cents(max(0, self._win - part.feature_win_from))
            labels = (*labels[:-1], f"{labels[-1]}{FEATURE_WIN}{won}")
        self.show_feature(part.symbol, labels)

    def show_feature(self, symbol: str | None, labels: tuple[str, ...]) -> None:
        """Show a feature (``labels`` beside ``symbol``'s picture); no labels: the idle line."""
        # the title is fitted to the width: drawn again when that changes
        key = (bool(labels), symbol, labels, 0 if labels else self.size.width)
        if self._key == key:
            return
        self._key = key
        self.symbol, self.labels = symbol, labels
        self.set_class(bool(labels), "-feature")
        if not labels:
            title = fit_title(self.idle_parts, self.size.width)
            self.update(Text(title, style="bold", justify="center", end=""))
            return
        text = Text(justify="center", no_wrap=True, end="")
        width = max(len(label) for label in labels)
        if symbol is None:
            text.append("\n".join(label.ljust(width) for label in labels), "bold")
            self.update(text)
            return
        art = self.art.art(symbol)
        for i, picture in enumerate(sprite(art)):
            if i:
                text.append("\n")
            text.append_text(picture)
            text.append("   ")
            text.append((labels[i] if i < len(labels) else "").ljust(width), "bold")
        self.update(text)
