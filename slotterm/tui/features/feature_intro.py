"""A feature's intro over the reels: its award in large block letters ("10" over "FREE
SPINS"), the game's scatter picture either side, sparkles, and a line of what comes.

:class:`FeatureIntro` is the overlay; :class:`IntroScene` writes the letters in (the
number counting up to the award, the words lit left to right) and ends on the whole
title, which stays up at rest until the next key.  The letters are drawn as large as
they fit the stage, from the 80×24 window to a 200×60 one.  It only shows what the
session already holds (the award), and Space skips it to its end frame with the rest of
the show (the feature's first step stays a key of its own).

While it is up it holds the keys as a real slot's intro does: a key that is none of
the machine's (X, say) does what Space does now (skip the intro while it is
written in, start the feature on its end frame, nothing during a hold), so no key is
lost and none skips past a decision; the machine's own keys (Help, Quit...) keep their
meaning.  :class:`TitleScene` writes any title in on the overlay
(a pick game named, say); :class:`IntroScene` is the one of a feature won (the bell
rings before it).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.console import RenderableType
from rich.style import Style
from rich.text import Text
from textual import events
from textual.widget import Widget

from slotterm.engine.model import GameDefinition
from slotterm.tui.art.font import FONT, glyphs, scaled
from slotterm.tui.art.shapes import HALVES
from slotterm.tui.art.sizes import SIZES_LARGEST_FIRST, ArtSize
from slotterm.tui.art.tiles import tile_text
from slotterm.tui.mono import no_colour
from slotterm.tui.presenter import Scene
from slotterm.tui.scenes import ANNOUNCE_SECONDS, AnnounceHold
from slotterm.tui.symbols import symbol_art
from slotterm.tui.textual_compat import bindings_of
from slotterm.tui.widgets.message_line import MessageLine

INTRO_SECONDS = 1.2
"""How long the title takes to be written in."""

SPARKLES = "✦✧⋆·"
"""The sparkles that twinkle around the title."""

BIG_SCALE = 2
"""The letters' scale a smaller picture beside them may make room for."""
Picture = Callable[[ArtSize, int], Text]
"""The picture beside a title: its tile at a size, on a step of the animation."""


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


def _inked(row: str, accent: Style, painted: bool) -> Text:
    """A row of block letters in ``accent``'s colour: full cells as coloured background
    (crisp at any font) when ``painted``, else as whole blocks (without colour a
    background would draw nothing); half cells as half blocks."""
    full = Style(bgcolor=accent.color) if painted and accent.color is not None else None
    text = Text(no_wrap=True, end="")
    for ch in row:
        if ch == "█" and full is not None:
            text.append(" ", full)
        else:
            text.append(ch, accent if ch != " " else None)
    return text


def _sparkle_line(width: int, row: int, frame: int, style: Style) -> Text:
    """A line of sparkles across ``width``, twinkling with ``frame``."""
    text = Text(no_wrap=True, end="")
    for x in range(width):
        seed = (x * 7 + row * 13 + frame * 5) % 23
        text.append(SPARKLES[seed % len(SPARKLES)] if seed < 3 else " ", style)
    return text


class FeatureIntro(Widget):
    """The intro's overlay (hidden at rest until a feature is won); beside its title
    the game's scatter, or the :attr:`picture` a scene puts there."""

    can_focus = True

    def __init__(self, game: GameDefinition, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.game = game
        """The game whose scatter stands beside the title (unless :attr:`picture`)."""
        self.picture: Picture | None = None
        """The picture beside the title (``None``: the game's scatter)."""
        self.accent: Style | None = None
        """The letters' colour (``None``: the scatter's)."""
        self.words: tuple[str, ...] = ()
        """The title's lines ("10", "FREE SPINS")."""
        self.lines: tuple[str, ...] = ()
        """Small lines under the title (what comes, the key)."""
        self.lit = 1.0
        """How much of the title is written in (0 to 1)."""
        self.frame = 0
        """The sparkles' step."""

    def open(self, words: Sequence[str], lines: Sequence[str]) -> None:
        """Put the intro up for ``words`` (the title's lines) with ``lines`` under it,
        and take the keys."""
        self.words, self.lines = tuple(words), tuple(lines)
        self.border_title = " ".join(words)
        self.lit, self.frame = 0.0, 0
        self.display = True
        self.refresh()
        self.call_after_refresh(self._take_keys)

    def _take_keys(self) -> None:
        if self.display and self.is_attached and self.words:
            self.focus(scroll_visible=False)

    def close(self) -> None:
        """Take the intro down and give the keys back to the machine."""
        self.display = False
        if self.has_focus:
            self.blur()

    async def on_key(self, event: events.Key) -> None:
        """A key that is none of the machine's does what Space does now (skip, start the
        feature, nothing during a hold); the machine's own keys go on to it (those that
        mean nothing now, + or 7 during a feature, still do nothing)."""
        own = event.key in bindings_of(self.screen).key_to_bindings
        if not self.display or own or not event.is_printable:
            return
        bindings = self.app.active_bindings
        event.stop()
        event.prevent_default()
        space = bindings.get("space")
        if space is not None and space.enabled:
            await self.app.run_action(space.binding.action, space.node)

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
        picture = self.picture or self._scatter_picture()
        accent = self.accent or self._scatter_accent()
        budget = max(3, (height - len(self.lines) - 4) // max(1, len(self.words)))
        side, rows = self._layout(picture is not None, width, height, budget)
        title_width = max(len(r) for r in rows)
        painted = not no_colour(self)
        title = [_inked(r.center(title_width), accent, painted) for r in rows[:-1]]
        if side is not None and picture is not None:
            title = _beside(title, list(picture(side, self.frame).split("\n")))
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

    def _layout(
        self, pictured: bool, width: int, height: int, budget: int
    ) -> tuple[ArtSize | None, list[str]]:
        """The picture's size and the title's rows: the largest picture the title fits
        beside at twice the font (a smaller one only when it lets the letters grow to
        that), else the title alone (``pictured``: there is a picture)."""
        best: tuple[int, ArtSize, list[str]] | None = None
        enough = len(self.words) * (3 * BIG_SCALE + 1)  # each word's rows and a blank
        for side in SIZES_LARGEST_FIRST if pictured else ():
            room = width - 2 * (side.width + 4)
            rows = self._title_rows(room, budget)
            fits = max(len(r) for r in rows) <= room and side.height + 2 <= height
            score = min(len(rows), enough)
            if fits and (best is None or score > best[0]):
                best = (score, side, rows)
        return (best[1], best[2]) if best else (None, self._title_rows(width, budget))

    def _scatter_picture(self) -> Picture | None:
        """The game's (first) scatter's tile, if it has one."""
        if not self.game.scatter_ids:
            return None
        scatter = sorted(self.game.scatter_ids)[0]
        art = symbol_art(scatter, self.game)  # by shape alone without colour
        return lambda size, _frame: tile_text(art, size, mono=no_colour(self))

    def _scatter_accent(self) -> Style:
        """The scatter's colour (bold when the game has none)."""
        if not self.game.scatter_ids:
            return Style(bold=True)
        return symbol_art(sorted(self.game.scatter_ids)[0], self.game).style

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


class TitleScene(Scene):
    """A title written in on the intro's overlay: the number counts up, the words light,
    sparkles twinkle (``picture`` beside it: the game's scatter when ``None``); its end
    frame (the whole title) stays up unless ``close_after`` (a show going on to another
    overlay takes it down at its end)."""

    def __init__(
        self,
        intro: FeatureIntro,
        words: Sequence[str],
        lines: Sequence[str],
        *,
        seconds: float = INTRO_SECONDS,
        close_after: bool = False,
        picture: Picture | None = None,
        accent: Style | None = None,
        held: float = 0.0,
    ) -> None:
        self.intro, self.words, self.lines = intro, tuple(words), tuple(lines)
        self.held = held
        """The share of the scene that holds the whole title (its end frame before the
        show goes on by itself; 0: the end frame holds at rest, for a key)."""
        self.duration = seconds
        self.close_after = close_after
        self.picture, self.accent = picture, accent

    def begin(self) -> None:
        """Put the intro up, nothing written yet."""
        self.intro.picture, self.intro.accent = self.picture, self.accent
        self.intro.open(self.words, self.lines)

    def update(self, elapsed: float) -> None:
        """Write the title in over the first three quarters; sparkles all along."""
        writing = self.duration * (1 - self.held)
        lit = min(1.0, elapsed / writing) if writing > 0 else 1.0
        self.intro.draw(lit, int(elapsed * 8))

    def finish(self) -> None:
        """The whole title (or, with ``close_after``, the intro gone)."""
        self.begin()
        self.intro.draw(1.0, 0)
        if self.close_after:
            self.intro.close()


class IntroScene(TitleScene):
    """A feature won, its intro written in (the bell rings before it: :mod:`~slotterm.tui.bell`)."""


class IntroHold(AnnounceHold):
    """The announcement after an intro, held (no key takes the feature's first step)
    only when the show was skipped to it (:func:`~slotterm.tui.scenes.skip_to_hold`):
    keys mashed to hurry the spin then start nothing unseen.  An intro watched to its
    end frame needs no hold, so a key on it starts the feature at once (none is lost).

    A skip finishes the hold once, then plays it from its start: that second start is
    how it knows."""

    def __init__(self, message: MessageLine, text: str, seconds: float = ANNOUNCE_SECONDS) -> None:
        self._seconds = seconds
        self._finished = self._skipped = False
        super().__init__(message, text, seconds)

    @property
    def duration(self) -> float:
        """The hold's length: none unless the show was skipped to it."""
        return self._seconds if self._skipped else 0.0

    @duration.setter
    def duration(self, seconds: float) -> None:
        self._seconds = seconds

    def begin(self) -> None:
        """Say the announcement (started again after its finish: the show was skipped)."""
        self._skipped = self._skipped or self._finished
        super().begin()

    def finish(self) -> None:
        """Leave the announcement up."""
        self._finished = True
        super().finish()
