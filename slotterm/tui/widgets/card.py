"""The gamble's card widgets: the big card that turns over, the row of the last cards
drawn, and the big WON / LOST beside them.

Cards are the engine's integers ``0..51`` (:mod:`slotterm.engine.gamble`), drawn by
:mod:`slotterm.tui.art.card_faces` as large as the widget's room allows.  Red suits are
printed red, black ones black, on a white card; without colour (``NO_COLOR=1``) the suit
sign and the picture's shape keep them apart.  The widgets only draw: the flip's timing
is a scene of the gamble screen (:class:`FlipScene`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rich.text import Text
from textual.strip import Strip
from textual.widget import Widget

from slotterm.engine.gamble import Color, card_color, card_label, card_rank, card_suit
from slotterm.tui.art.card_faces import back_grid, card_size, face_grid, squeezed, strips
from slotterm.tui.art.font import FONT, glyphs
from slotterm.tui.art.shapes import HALVES, scaled
from slotterm.tui.mono import no_colour
from slotterm.tui.presenter import Scene

FLIP_SECONDS = 1.0
"""How long the card takes to turn over, at normal speed."""
EDGE_SHARE = 0.1
"""The share of the flip the card shows its edge (between back and face)."""
SMALL_CARD_WIDTH = 16
LABEL_RED = "#ff6b6b"
"""Red cards named in text on the table (bright enough on its green)."""
"""The widest a card in the row of last cards is drawn."""

_RANK_WORDS = {"J": "Jack", "Q": "Queen", "K": "King", "A": "Ace"}
_NUMBER_WORDS = ("Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten")


def card_name(card: int) -> str:
    """The card in words, such as "Queen of Hearts" or "Ten of Clubs"."""
    rank = card_rank(card)
    word = _RANK_WORDS.get(rank) or _NUMBER_WORDS[int(rank) - 2]
    return f"{word} of {card_suit(card).capitalize()}"


def card_text(card: int, *, mono: bool = False) -> Text:
    """A short label such as ``10♥``, bold, for lists of cards on the table: red cards in
    a bright red, black ones in the text's own colour (as without colour, ``mono``)."""
    red = not mono and card_color(card) is Color.RED
    return Text(card_label(card), style=f"bold {LABEL_RED}" if red else "bold")


class PlayingCard(Widget):
    """One big card, face down (``face_up`` False) or face up, drawn to fit its room;
    ``shown`` is the share of its width showing while it turns (1.0 at rest)."""

    DEFAULT_CSS = """
    PlayingCard {
        width: 1fr;
        height: 1fr;
    }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.card: int | None = None
        self.face_up = False
        self.shown = 1.0
        self._drawn: tuple[object, ...] = ()
        self._rows: list[Strip] = []

    def show(self, card: int | None, *, face_up: bool, shown: float = 1.0) -> None:
        """Draw ``card`` face up or down, ``shown`` of its width showing."""
        if (card, face_up, shown) != (self.card, self.face_up, self.shown):
            self.card, self.face_up, self.shown = card, face_up, shown
            self.refresh()

    def show_back(self) -> None:
        """Face down and still (ready for the next guess)."""
        self.show(self.card, face_up=False)

    def frame(self) -> list[Strip]:
        """The current picture, centred in the widget's size (drawn once per change)."""
        width, height = self.size
        mono = no_colour(self)
        key = (self.card, self.face_up, self.shown, width, height, mono, self.rich_style)
        if key != self._drawn:
            self._drawn = key
            self._rows = [row.apply_style(self.rich_style) for row in self._draw(mono)]
        return self._rows

    def _draw(self, mono: bool) -> list[Strip]:
        width, height = self.size
        if width < 4 or height < 3:
            return []
        w, h = card_size(width, height)
        face = self.face_up and self.card is not None
        grid = face_grid(self.card, w, h, mono=mono) if face and self.card is not None else None
        grid = grid or back_grid(w, h, mono=mono)
        grid = squeezed(grid, max(1, round(w * self.shown)))
        top = (height - h) // 2
        left = (width - w) // 2
        return [Strip.blank(width)] * top + [
            Strip.join([Strip.blank(left), row, Strip.blank(width - w - left)])
            for row in strips(grid)
        ]

    def render_line(self, y: int) -> Strip:
        """One row of the current picture (on the widget's own background)."""
        rows = self.frame()
        return rows[y] if y < len(rows) else Strip.blank(self.size.width, self.rich_style)


class CardRow(Widget):
    """The last cards drawn, oldest first, as small cards side by side."""

    DEFAULT_CSS = """
    CardRow {
        width: 1fr;
        height: 1fr;
    }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.cards: tuple[int, ...] = ()
        self._drawn: tuple[object, ...] = ()
        self._rows: list[Strip] = []

    def show(self, cards: Sequence[int]) -> None:
        """Show these cards (the last five of them)."""
        cards = tuple(cards)[-5:]
        if cards != self.cards:
            self.cards = cards
            self.refresh()

    def render_line(self, y: int) -> Strip:
        """One row of the cards."""
        width, height = self.size
        mono = no_colour(self)
        key = (self.cards, width, height, mono, self.rich_style)
        if key != self._drawn:
            self._drawn = key
            self._rows = self._draw(width, height, mono)
        return self._rows[y] if y < len(self._rows) else Strip.blank(width, self.rich_style)

    def _draw(self, width: int, height: int, mono: bool) -> list[Strip]:
        w, h = card_size(min(SMALL_CARD_WIDTH, (width - 4) // 5), height, tallest=SMALL_CARD_WIDTH)
        if not self.cards or w < 4:
            return []
        faces = [strips(face_grid(card, w, h, mono=mono)) for card in self.cards]
        rows = []
        for y in range(h):
            row = Strip.join([part for face in faces for part in (face[y], Strip.blank(1))])
            row = Strip.join([row, Strip.blank(max(0, width - row.cell_length))]).crop(0, width)
            rows.append(row.apply_style(self.rich_style))
        return rows


def block_letters(
    text: str,
    width: int,
    height: int,
    *,
    largest: int = 3,
    font: Mapping[str, tuple[str, ...]] = FONT,
) -> list[str]:
    """``text`` in big letters of half blocks (glyphs of ``font``), at the largest whole
    scale up to ``largest`` that fits ``width`` × ``height`` cells (the plain text when
    even the smallest does not)."""
    rows = glyphs(text, font)
    best: list[str] = [text]
    for scale in range(1, largest + 1):
        big = scaled(rows, scale, scale)
        if len(big[0]) > width or (len(big) + 1) // 2 > height:
            break
        if len(big) % 2:
            big = (*big, "." * len(big[0]))
        best = [
            "".join(HALVES[a == "#", b == "#"] for a, b in zip(big[y], big[y + 1], strict=True))
            for y in range(0, len(big), 2)
        ]
    return best


class Verdict(Widget):
    """WON or LOST in big letters once the card is face up (nothing while it is down)."""

    DEFAULT_CSS = """
    Verdict {
        width: 1fr;
        height: 1fr;
        content-align: center middle;
    }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.word = ""

    def say(self, word: str) -> None:
        """Show ``word`` ("WON", "LOST"), or nothing (``""``)."""
        if word != self.word:
            self.word = word
            self.set_class(word == "WON", "-won")
            self.set_class(word == "LOST", "-lost")
            self.refresh()

    def render(self) -> Text:
        """The word as large as it fits."""
        if not self.word:
            return Text("")
        width, height = self.content_size
        lines = block_letters(self.word, width, height)
        return Text("\n".join(lines), justify="center", no_wrap=True, end="")


class FlipScene(Scene):
    """The drawn card turns over: its back narrows to the edge, then its face widens."""

    def __init__(self, widget: PlayingCard, card: int, seconds: float = FLIP_SECONDS) -> None:
        self.widget, self.card = widget, card
        self.duration = seconds

    def begin(self) -> None:
        """The card face down, at full width."""
        self.widget.show(self.card, face_up=False)

    def update(self, elapsed: float) -> None:
        """The back narrowing, the edge, then the face widening."""
        share = elapsed / self.duration if self.duration else 1.0
        half = (1.0 - EDGE_SHARE) / 2
        if share < half:
            self.widget.show(self.card, face_up=False, shown=1.0 - share / half)
        elif share < half + EDGE_SHARE:
            self.widget.show(self.card, face_up=False, shown=0.0)
        else:
            self.widget.show(self.card, face_up=True, shown=(share - half - EDGE_SHARE) / half)

    def finish(self) -> None:
        """The card face up."""
        self.widget.show(self.card, face_up=True)
