"""A feature's intro over the reels: its award in large block letters ("10" over "FREE
SPINS"), the game's scatter picture either side, sparkles, and a line of what comes.

:class:`FeatureIntro` is the overlay; :class:`IntroScene` writes the letters in (the
number counting up to the award, the words lit left to right) and ends on the whole
title, which stays up at rest until the next key.  The letters are drawn as large as
they fit the stage, from the 80×24 window to a 200×60 one.  It only shows what the
session already holds (the award), and Space skips it to its end frame with the rest of
the show (the feature's first step stays a key of its own).
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import RenderableType
from rich.style import Style
from rich.text import Text
from textual.widget import Widget

from slotterm.engine.model import GameDefinition
from slotterm.tui.art.font import FONT, glyphs, scaled
from slotterm.tui.art.shapes import HALVES
from slotterm.tui.art.sizes import SIZES_LARGEST_FIRST
from slotterm.tui.presenter import Scene
from slotterm.tui.symbols import art_text, symbol_art

INTRO_SECONDS = 1.6
"""How long the title takes to be written in (the last quarter holds it whole)."""
SPARKLES = "✦✧⋆·"
"""The sparkles that twinkle around the title."""


def block_rows(word: str, scale: int) -> tuple[str, ...]:
    """``word`` (several words: three pixels apart) in the pixel font at ``scale``, as
    half-block text rows."""
    pixels: list[str] | None = None
    for part in word.split():
        rows = glyphs(part, FONT)
        if pixels is None:
            pixels = list(rows)
        else:
            pixels = [a + "..." + b for a, b in zip(pixels, rows, strict=True)]
    big = scaled(tuple(pixels or ("",) * 6), scale)
    return tuple(
        "".join(HALVES[a == "#", b == "#"] for a, b in zip(big[y], big[y + 1], strict=True))
        for y in range(0, len(big), 2)
    )


def fitted_rows(word: str, width: int, height: int) -> tuple[str, ...]:
    """``word`` in block letters as large as fits ``width`` × ``height`` (at least scale 1)."""
    for scale in (3, 2):
        rows = block_rows(word, scale)
        if len(rows[0]) <= width and len(rows) <= height:
            return rows
    return block_rows(word, 1)


def _inked(row: str, accent: Style) -> Text:
    """A row of block letters in ``accent``'s colour: full cells as coloured background
    (crisp at any font), half cells as half blocks."""
    full = Style(bgcolor=accent.color)
    text = Text(no_wrap=True, end="")
    for ch in row:
        text.append(" ", full) if ch == "█" else text.append(ch, accent if ch != " " else None)
    return text


def _sparkle_line(width: int, row: int, frame: int, style: Style) -> Text:
    """A line of sparkles across ``width``, twinkling with ``frame``."""
    text = Text(no_wrap=True, end="")
    for x in range(width):
        seed = (x * 7 + row * 13 + frame * 5) % 23
        text.append(SPARKLES[seed % len(SPARKLES)] if seed < 3 else " ", style)
    return text


class FeatureIntro(Widget):
    """The intro's overlay (hidden at rest until a feature is won)."""

    can_focus = False

    def __init__(self, game: GameDefinition, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.game = game
        """The game whose scatter stands beside the title."""
        self.words: tuple[str, ...] = ()
        """The title's lines ("10", "FREE SPINS")."""
        self.lines: tuple[str, ...] = ()
        """Small lines under the title (what comes, the key)."""
        self.lit = 1.0
        """How much of the title is written in (0 to 1)."""
        self.frame = 0
        """The sparkles' step."""

    def open(self, words: Sequence[str], lines: Sequence[str]) -> None:
        """Put the intro up for ``words`` (the title's lines) with ``lines`` under it."""
        self.words, self.lines = tuple(words), tuple(lines)
        self.border_title = " ".join(words)
        self.lit, self.frame = 0.0, 0
        self.display = True
        self.refresh()

    def draw(self, lit: float, frame: int) -> None:
        """Show ``lit`` of the title, sparkles at step ``frame``."""
        if (lit, frame) != (self.lit, self.frame):
            self.lit, self.frame = lit, frame
            self.refresh()

    def _shown_word(self, word: str, share: float) -> str:
        """``word`` as far as ``share`` of it is written (a number counts up to itself)."""
        if share >= 1.0:
            return word
        if word.isdigit():
            return str(max(1, round(int(word) * share)))
        return word[: max(1, round(len(word) * share))]

    def render(self) -> RenderableType:
        """Sparkles, the title in block letters (the scatter either side), the lines."""
        if not self.words:
            return Text("")
        width, height = self.content_size.width, self.content_size.height
        scatter = sorted(self.game.scatter_ids)[0] if self.game.scatter_ids else None
        accent = symbol_art(scatter, self.game).style if scatter else Style(bold=True)
        budget = max(3, (height - len(self.lines) - 4) // max(1, len(self.words)))
        for side in (*SIZES_LARGEST_FIRST, None) if scatter else (None,):
            room = width - (2 * (side.width + 4) if side else 0)
            rows = self._title_rows(room, budget)
            title_width = max(len(r) for r in rows)
            if side is None or (title_width <= room and side.height + 2 <= height):
                break
        title = [_inked(r.center(title_width), accent) for r in rows[:-1]]
        if side is not None and scatter is not None:
            picture = list(art_text(scatter, side, self.game).split("\n"))
            title = _beside(title, picture)
        lines = self.lines if self.lit >= 1 else (*self.lines[:-1], "")  # the key: at the end
        body = [*title, Text(""), *(Text(line, "bold", end="") for line in lines)]
        spare = max(0, height - len(body))
        out = Text(no_wrap=True, end="")
        for y in range(height):
            if y:
                out.append("\n")
            index = y - spare // 2
            if 0 <= index < len(body):
                line = body[index]
                line.truncate(width)
                pad = width - line.cell_len
                out.append(" " * (pad // 2))
                out.append_text(line)
                out.append(" " * (pad - pad // 2))
            else:
                out.append_text(_sparkle_line(width, y, self.frame, accent))
        return out

    def _title_rows(self, room: int, budget: int) -> list[str]:
        """The title's rows in block letters as large as fit ``room`` × ``budget`` a
        word, written in as far as :attr:`lit` says (a blank row after each word)."""
        rows: list[str] = []
        for i, word in enumerate(self.words):
            share = min(1.0, max(0.0, self.lit * len(self.words) - i))
            full = fitted_rows(word, room, budget)
            shown = self._shown_word(word, share)
            drawn = block_rows(shown, len(full) // 3) if share else ("",) * len(full)
            rows += [*(r.ljust(len(full[0])) for r in drawn), ""]
        return rows


def _beside(title: list[Text], picture: list[Text]) -> list[Text]:
    """``picture`` left and right of the ``title`` lines (all as wide), both centred
    on each other's height."""
    lines = max(len(title), len(picture))
    pic_top, title_top = (lines - len(picture)) // 2, (lines - len(title)) // 2
    pic_width = picture[0].cell_len if picture else 0
    title_width = title[0].cell_len if title else 0
    out = []
    for y in range(lines):
        inside = 0 <= y - pic_top < len(picture)
        pic = picture[y - pic_top] if inside else Text(" " * pic_width, end="")
        inside = 0 <= y - title_top < len(title)
        mid = title[y - title_top] if inside else Text(" " * title_width, end="")
        line = Text(no_wrap=True, end="")
        line.append_text(pic)
        line.append("    ")
        line.append_text(mid)
        line.append("    ")
        line.append_text(pic)
        out.append(line)
    return out


class IntroScene(Scene):
    """The intro written in: the number counts up, the words light, sparkles twinkle;
    its end frame (the whole title) stays up unless ``close_after`` (a show going on to
    another overlay takes it down at its end)."""

    def __init__(
        self,
        intro: FeatureIntro,
        words: Sequence[str],
        lines: Sequence[str],
        *,
        seconds: float = INTRO_SECONDS,
        close_after: bool = False,
    ) -> None:
        self.intro, self.words, self.lines = intro, tuple(words), tuple(lines)
        self.duration = seconds
        self.close_after = close_after

    def begin(self) -> None:
        """Put the intro up, nothing written yet."""
        self.intro.open(self.words, self.lines)

    def update(self, elapsed: float) -> None:
        """Write the title in over the first three quarters; sparkles all along."""
        lit = min(1.0, elapsed / (self.duration * 0.75)) if self.duration else 1.0
        self.intro.draw(lit, int(elapsed * 8))

    def finish(self) -> None:
        """The whole title (or, with ``close_after``, the intro gone)."""
        self.intro.open(self.words, self.lines)
        self.intro.draw(1.0, 0)
        if self.close_after:
            self.intro.display = False
