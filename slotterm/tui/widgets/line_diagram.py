"""A win line drawn as a small reels × rows grid: ● where the line passes, · elsewhere."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
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


def line_rows(line: Sequence[int], rows: int) -> list[str]:
    """The grid as text rows (top first): ``line[reel]`` is the row the line passes on reel."""
    return [
        " ".join(ON if line[reel] == row else OFF for reel in range(len(line)))
        for row in range(rows)
    ]


class LineDiagram(Widget):
    """One numbered line as a small grid, for the paytable."""

    DEFAULT_CSS = """
    LineDiagram {
        width: 11;
        height: 4;
    }
    """

    def __init__(self, number: int, line: Sequence[int], rows: int = 3) -> None:
        super().__init__()
        self.number = number
        self.line = tuple(line)
        self.rows = rows

    def render(self) -> Text:
        """The title ``Line N`` over the grid, the line in its own colour."""
        colour = LINE_COLOURS[(self.number - 1) % len(LINE_COLOURS)]
        text = Text(f"Line {self.number}".center(9) + "\n", style="bold", no_wrap=True)
        for n, row in enumerate(line_rows(self.line, self.rows)):
            for char in row:
                text.append(char, style=colour if char == ON else "dim")
            if n < self.rows - 1:
                text.append("\n")
        return text
