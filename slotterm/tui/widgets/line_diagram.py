"""The paytable's small pictures laid out as tiles in one widget: the win lines (each a
reels × rows grid, ● where the line passes, · elsewhere) and the symbols beside their pays.

One widget draws them all (:class:`Tiles`): a widget per line and per symbol cost the
paytable most of its opening time (each one styled, laid out and rendered on its own).
The tiles are laid out in rows as the width allows and the text is kept per width.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.text import Text
from textual.geometry import Size
from textual.widget import Widget

LINE_COLOURS = (
    "red",
    "green",
    "yellow",
    "magenta",
    "cyan",
    "bright_red",
    "bright_green",
    "bright_blue",
    "bright_magenta",
)
ON, OFF = "●", "·"
DIAGRAM_WIDTH = 11
"""Columns one line diagram takes (its title ``Line 15`` centred)."""


def line_rows(line: Sequence[int], rows: int) -> list[str]:
    """The grid as text rows (top first): ``line[reel]`` is the row the line passes on reel."""
    return [
        " ".join(ON if line[reel] == row else OFF for reel in range(len(line)))
        for row in range(rows)
    ]


def line_tile(number: int, line: Sequence[int], rows: int = 3) -> Text:
    """Line ``number`` as a tile: the title ``Line N`` over the grid, in the line's colour."""
    colour = LINE_COLOURS[(number - 1) % len(LINE_COLOURS)]
    text = Text(f"Line {number}".center(9) + "\n", style="bold", no_wrap=True, end="")
    for n, row in enumerate(line_rows(line, rows)):
        for char in row:
            text.append(char, style=colour if char == ON else "dim")
        if n < rows - 1:
            text.append("\n")
    return text


def side_by_side(left: Text, right: Text, left_width: int) -> Text:
    """Two multi-line texts as one: ``left`` padded to ``left_width``, then ``right``."""
    lefts, rights = left.split("\n"), right.split("\n")
    out = Text(no_wrap=True, end="")
    for n in range(max(len(lefts), len(rights))):
        if n:
            out.append("\n")
        piece = lefts[n].copy() if n < len(lefts) else Text()
        piece.truncate(left_width, pad=True)
        out.append_text(piece)
        if n < len(rights):
            out.append_text(rights[n])
    return out


Columns = Callable[[int, int], int]
"""How many tiles a row holds: ``columns(count, width)``."""


class Tiles(Widget):
    """``tiles`` (multi-line texts) in rows, each ``tile_width`` wide, ``gap`` apart.

    ``columns(count, width)`` says how many go in a row (default: as many as fit).
    """

    DEFAULT_CSS = """
    Tiles {
        height: auto;
    }
    """

    def __init__(
        self,
        tiles: Sequence[Text],
        *,
        tile_width: int,
        gap: int = 1,
        columns: Columns | None = None,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(id=id, classes=classes)
        self.tiles = tuple(tiles)
        self.tile_width = tile_width
        self.gap = gap
        self._columns = columns
        self._lines = [tile.split("\n") for tile in self.tiles]
        self._laid: dict[int, Text] = {}

    def columns(self, width: int) -> int:
        """Tiles in a row at ``width`` columns."""
        if self._columns is not None:
            return max(1, self._columns(len(self.tiles), width))
        return max(1, (width + self.gap) // (self.tile_width + self.gap))

    def laid_out(self, width: int) -> Text:
        """The tiles laid out ``width`` columns wide (worked out once per width)."""
        laid = self._laid.get(width)
        if laid is None:
            per_row = self.columns(width)
            step = self.tile_width + self.gap
            laid = Text(no_wrap=True, end="")
            first = True
            for start in range(0, len(self._lines), per_row):
                row = self._lines[start : start + per_row]
                for y in range(max(len(lines) for lines in row)):
                    if not first:
                        laid.append("\n")
                    first = False
                    for k, lines in enumerate(row):
                        piece = lines[y].copy() if y < len(lines) else Text()
                        if k < len(row) - 1:
                            piece.truncate(step, pad=True)
                        laid.append_text(piece)
            self._laid[width] = laid
        return laid

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """The rows of tiles at ``width``, each as tall as its tallest tile."""
        return len(self.laid_out(width).split("\n"))

    def render(self) -> Text:
        """The tiles at the widget's width."""
        return self.laid_out(self.size.width)
