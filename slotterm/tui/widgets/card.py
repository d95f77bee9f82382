"""Playing-card art for the gamble: a face-down deck card that flips to a face.

Cards are the engine's integers ``0..51`` (see :mod:`slotterm.engine.gamble`). Red cards
are drawn red, black cards in the default colour; the suit sign (♥ ♦ ♣ ♠) and the word
RED / BLACK keep them apart without colour (``NO_COLOR=1``).
"""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual.reactive import reactive
from textual.timer import Timer
from textual.widget import Widget

from slotterm.engine.gamble import Color, card_color, card_label, card_rank, card_suit

CARD_INNER_WIDTH = 9
CARD_HEIGHT = 7
SUIT_SIGNS = {"clubs": "♣", "diamonds": "♦", "hearts": "♥", "spades": "♠"}
FLIP_FRAMES: tuple[tuple[bool, int], ...] = ((False, 5), (False, 1), (True, 1), (True, 5))
"""Frames between the back and the face: (face shown, inner width)."""
FLIP_FRAME_SECONDS = 0.08

RED_STYLE = "bold red"
BLACK_STYLE = "bold"
BACK_STYLE = "blue"


def card_style(card: int) -> str:
    """Rich style for a card's face: red suits red, black suits plain bold."""
    return RED_STYLE if card_color(card) is Color.RED else BLACK_STYLE


def card_text(card: int) -> Text:
    """A short coloured label such as ``10♥`` for lists of cards."""
    return Text(card_label(card), style=card_style(card))


def _face_rows(card: int, inner: int) -> list[str]:
    rank, suit = card_rank(card), SUIT_SIGNS[card_suit(card)]
    if inner < CARD_INNER_WIDTH:
        middle = (rank + suit)[:inner].center(inner)
        blank = " " * inner
        return [blank, blank, middle, blank, blank]
    return [
        rank.ljust(inner),
        suit.ljust(inner),
        suit.center(inner),
        suit.rjust(inner),
        rank.rjust(inner),
    ]


def _back_rows(inner: int) -> list[str]:
    rows = []
    for y in range(CARD_HEIGHT - 2):
        rows.append("".join("╱" if (x + y) % 2 == 0 else "╲" for x in range(inner)))
    return rows


def card_art(card: int | None, inner: int = CARD_INNER_WIDTH) -> list[str]:
    """The card as ``CARD_HEIGHT`` lines of text, face up (``card``) or face down (``None``).

    ``inner`` narrows the card for the flip; the lines are always centred in the full
    card width so the picture does not jump.
    """
    body = _back_rows(inner) if card is None else _face_rows(card, inner)
    lines = ["┌" + "─" * inner + "┐", *("│" + row + "│" for row in body), "└" + "─" * inner + "┘"]
    width = CARD_INNER_WIDTH + 2
    return [line.center(width) for line in lines]


class PlayingCard(Widget):
    """One card, face down (``card is None``) or face up, that can flip over."""

    DEFAULT_CSS = """
    PlayingCard {
        width: 11;
        height: 7;
    }
    """

    card: reactive[int | None] = reactive(None)
    inner: reactive[int] = reactive(CARD_INNER_WIDTH)
    face_up: reactive[bool] = reactive(False)

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._flip_timer: Timer | None = None
        self._flip_frame = 0
        self._flip_done: Callable[[], None] | None = None

    @property
    def animating(self) -> bool:
        """True while a flip is running."""
        return self._flip_timer is not None

    def render(self) -> Text:
        """Draw the current frame."""
        shown = self.card if self.face_up else None
        style = BACK_STYLE if shown is None else card_style(shown)
        return Text("\n".join(card_art(shown, self.inner)), style=style, no_wrap=True)

    def show_back(self) -> None:
        """Turn the card face down again (ready for the next guess)."""
        self.finish()
        self.face_up = False
        self.inner = CARD_INNER_WIDTH

    def flip_to(self, card: int, on_done: Callable[[], None]) -> None:
        """Flip over to show ``card``, then call ``on_done`` (at once without animation)."""
        self.finish()
        self.card = card
        self._flip_done = on_done
        if self.app.animation_level == "none":
            self._land()
            return
        self._flip_frame = 0
        self._advance()

    def finish(self) -> None:
        """Complete a running flip at once (no-op when none runs)."""
        if self._flip_timer is not None:
            self._flip_timer.stop()
            self._flip_timer = None
            self._land()

    def _advance(self) -> None:
        """Show the next frame and schedule the one after (one-shot timers, never stopped
        from inside their own callback)."""
        self._flip_timer = None
        if self._flip_frame >= len(FLIP_FRAMES):
            self._land()
            return
        self.face_up, self.inner = FLIP_FRAMES[self._flip_frame]
        self._flip_frame += 1
        self._flip_timer = self.set_timer(FLIP_FRAME_SECONDS, self._advance)

    def _land(self) -> None:
        self.face_up, self.inner = True, CARD_INNER_WIDTH
        done, self._flip_done = self._flip_done, None
        if done is not None:
            done()
