"""The Magic Book: opens, flips through the symbols and lands on the special symbol."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from slotterm.engine.model import GameDefinition
from slotterm.tui.art.sizes import ArtSize
from slotterm.tui.symbols import art_text, symbol_art


class MagicBook(Static):
    """An open book showing one symbol; the scene that drives it sets the page."""

    can_focus = False

    def __init__(self, game: GameDefinition, *, id: str | None = None) -> None:
        super().__init__("", id=id)
        self.game = game
        """The game whose symbols the pages show."""
        self.border_title = "THE MAGIC BOOK"
        self.page: str | None = None
        self.landed = False

    def show_page(self, symbol: str, *, landed: bool, size: ArtSize = ArtSize.MEDIUM) -> None:
        """Show ``symbol`` on the page; ``landed`` marks it as the chosen special."""
        if (symbol, landed) == (self.page, self.landed):
            return
        self.page, self.landed = symbol, landed
        name = symbol_art(symbol, self.game).name.upper()
        text = Text(justify="center", no_wrap=True, end="")
        text.append("~ the pages turn ~\n\n" if not landed else "~ the book has chosen ~\n\n")
        text.append_text(art_text(symbol, size, self.game))
        text.append("\n\n")
        text.append(name, "bold reverse" if landed else "bold")
        self.set_class(landed, "-landed")
        self.border_subtitle = "special symbol for the free spins" if landed else ""
        self.update(text)
