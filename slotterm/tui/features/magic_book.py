"""The Magic Book: an open book in art (:mod:`slotterm.tui.art.open_book`) whose pages
turn over, a symbol glimpsed on each, until it lands on the special symbol.

The book fills the stage over the reels at every size: the largest symbol picture that
fits its right page is drawn there, so it grows from the 80×24 window to a 200×60 one.
"""

from __future__ import annotations

from rich.console import RenderableType
from rich.style import Style
from rich.text import Text
from textual.widget import Widget

from slotterm.engine.model import GameDefinition
from slotterm.tui.art.sizes import SIZES_LARGEST_FIRST, ArtSize
from slotterm.tui.mono import no_colour
from slotterm.tui.symbols import art_text, symbol_art


def page_art_size(width: int, height: int) -> ArtSize:
    """The largest symbol picture (with its name under it) that fits a page."""
    for size in SIZES_LARGEST_FIRST:
        if size.width + 2 <= width and size.height + 4 <= height:
            return size
    return ArtSize.COMPACT


class MagicBook(Widget):
    """The open book; the scene that drives it sets the page and how far it has turned."""

    can_focus = False

    def __init__(self, game: GameDefinition, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.game = game
        """The game whose symbols the pages show."""
        self.border_title = "THE MAGIC BOOK"
        self.page: str | None = None
        """The symbol on the right page (``None`` before the book opens)."""
        self.landed = False
        """True once the page shows the chosen special symbol."""
        self.flip: float | None = None
        """How far the page in the air has turned (0 to 1; ``None``: the book lies open)."""

    def show_page(
        self, symbol: str, *, landed: bool, flip: float | None = None, size: ArtSize | None = None
    ) -> None:
        """Show ``symbol`` on the right page, a page ``flip`` turned over it; ``landed``
        marks it as the chosen special (``size`` is chosen to fit unless given)."""
        flip = None if landed or flip is None else round(flip, 2)
        if (symbol, landed, flip) == (self.page, self.landed, self.flip):
            return
        self.page, self.landed, self.flip = symbol, landed, flip
        self.set_class(landed, "-landed")
        self.border_subtitle = "special symbol for the free spins" if landed else "the pages turn…"
        self.refresh()

    def render(self) -> RenderableType:
        """The book at the widget's size, the page's symbol on the right."""
        from slotterm.tui.art.open_book import PAGE, book_picture  # not needed at launch

        if self.page is None:
            return Text("")
        width, height = self.content_size.width, self.content_size.height
        page_width, page_height = (width - 4) // 2, height - 2
        size = page_art_size(page_width, page_height)
        art = symbol_art(self.page, self.game)
        name = Text(f" {art.name.upper()} ", "bold reverse" if self.landed else "bold", end="")
        right = [
            *art_text(self.page, size, self.game, mono=no_colour(self)).split("\n"),
            Text("", end=""),
            name,
        ]
        if self.landed:
            left = [
                Text("✦ THE BOOK HAS CHOSEN ✦", PAGE + Style(bold=True), end=""),
                Text("", end=""),
                Text(art.name.upper(), art.style, end=""),
                Text("", end=""),
                Text("expands on its reels", PAGE, end=""),
                Text("in every free spin", PAGE, end=""),
            ]
        else:
            left = [Text("~ the pages turn ~", PAGE, end="")]
        return book_picture(width, height, left=left, right=right, flip=self.flip)
