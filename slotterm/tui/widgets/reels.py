"""The reel window: 5×3 symbol pictures, spinning reels, win lines drawn over it.

The widget only draws what it is told: the window (``window[reel][row]``), which reels
are spinning and where their strips are, which cells are marked, which line is being
shown, which reels are (partly) covered by one symbol (a feature filling them).  The main
screen and its scenes set these attributes; every change calls :meth:`refresh`.

The pictures are the game's (``art``); a symbol the game draws as a stack (Lucky Witch's
wild) is drawn as one tall box where the stopped reel shows it on adjacent rows.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from rich.style import Style
from rich.text import Text
from textual.widget import Widget

from slotterm.engine.outcome import Window
from slotterm.tui.symbols import BOOK_OF_SPELLS_ART, ArtSet, ArtSize

Cell = tuple[int, int]
"""A window position as ``(reel, row)``."""

CELL_PAD = 1
"""Blank columns on each side of a picture."""
GAP = 2
"""Columns between two reels (room for the line path)."""
MARGIN = 3
"""Columns left and right of the reels for line numbers."""
ROW_GAP = 1
"""Blank lines between two rows of pictures."""

_MARKED = Style(reverse=True, bold=True)
_DIM = Style(dim=True)
_PATH = Style(color="bright_yellow", bold=True)


class ReelsWindow(Widget):
    """Draws the window of a 5×3 slot with the game's symbol art."""

    can_focus = False

    def __init__(
        self,
        window: Window,
        *,
        art: ArtSet = BOOK_OF_SPELLS_ART,
        name: str | None = None,
        id: str | None = None,
    ) -> None:
        super().__init__(name=name, id=id)
        self.art = art
        """The game's pictures."""
        self.window: Window = window
        self.reel_count = len(window)
        self.row_count = len(window[0])
        self.strips: Sequence[Sequence[str]] = ()
        self.positions: list[float | None] = [None] * self.reel_count
        self.marked: frozenset[Cell] = frozenset()
        self.dim_unmarked = False
        self.path: tuple[int, ...] | None = None
        self.path_number: int | None = None
        self.fill_symbol: str | None = None
        self.fill_rows: dict[int, int] = {}
        self.force_size: ArtSize | None = None

    # --- what the scenes change -------------------------------------------------------

    def show_window(self, window: Window) -> None:
        """Stop every reel on ``window`` and clear marks, path and fill."""
        self.window = window
        self.positions = [None] * self.reel_count
        self.clear_marks()
        self.fill_symbol = None
        self.fill_rows = {}
        self.refresh()

    def clear_marks(self) -> None:
        """Remove marked cells and the line path."""
        self.marked = frozenset()
        self.dim_unmarked = False
        self.path = None
        self.path_number = None
        self.border_subtitle = ""
        self.refresh()

    def mark(
        self,
        cells: frozenset[Cell],
        *,
        dim_others: bool,
        path: tuple[int, ...] | None = None,
        number: int | None = None,
        label: str = "",
    ) -> None:
        """Mark ``cells``; optionally draw line ``number`` following ``path`` (row per reel)."""
        self.marked = cells
        self.dim_unmarked = dim_others
        self.path = path
        self.path_number = number
        self.border_subtitle = label
        self.refresh()

    def set_fill(self, symbol: str | None, rows: dict[int, int]) -> None:
        """Cover the top ``rows[reel]`` rows of each listed reel with ``symbol``."""
        self.fill_symbol = symbol
        self.fill_rows = dict(rows)
        self.refresh()

    def set_positions(self, strips: Sequence[Sequence[str]], positions: list[float | None]) -> None:
        """Show spinning reels: ``positions[r]`` is a strip position, ``None`` = stopped."""
        self.strips = strips
        self.positions = positions
        self.refresh()

    # --- drawing --------------------------------------------------------------------------

    def art_size(self) -> ArtSize:
        """The picture size that fits the widget's content area now."""
        if self.force_size is not None:
            return self.force_size
        size = self.content_size
        large = ArtSize.LARGE
        needed_w = self._grid_width(large)
        needed_h = self.row_count * large.height + (self.row_count - 1) * ROW_GAP
        if size.width >= needed_w and size.height >= needed_h:
            return large
        return ArtSize.COMPACT

    def _grid_width(self, size: ArtSize) -> int:
        cell = size.width + 2 * CELL_PAD
        return self.reel_count * cell + (self.reel_count - 1) * GAP + 2 * MARGIN

    def shown_symbol(self, reel: int, row: int) -> str:
        """The symbol drawn at a stopped cell (the fill symbol where a reel is covered)."""
        if self.fill_symbol is not None and row < self.fill_rows.get(reel, 0):
            return self.fill_symbol
        return self.window[reel][row]

    def render(self) -> Text:
        """The whole window as Rich text."""
        size = self.art_size()
        unit = size.height + ROW_GAP
        height = self.row_count * size.height + (self.row_count - 1) * ROW_GAP
        columns = [self._column(r, size, unit, height) for r in range(self.reel_count)]
        content = self.content_size
        indent = " " * max(0, (content.width - self._grid_width(size)) // 2)
        top = max(0, (content.height - height) // 2)
        out = Text("\n" * top, no_wrap=True, end="")
        for y in range(height):
            if y:
                out.append("\n")
            out.append(indent)
            out.append_text(self._margin(y, unit, size, left=True))
            for r, column in enumerate(columns):
                if r:
                    out.append_text(self._gap(r - 1, y, unit, size))
                out.append_text(column[y])
            out.append_text(self._margin(y, unit, size, left=False))
        return out

    def _column(self, reel: int, size: ArtSize, unit: int, height: int) -> list[Text]:
        position = self.positions[reel]
        cell_width = size.width + 2 * CELL_PAD
        blank = Text(" " * cell_width, end="")
        lines: list[Text] = []
        if position is None:
            for y in range(height):
                row, line = divmod(y, unit)
                if line >= size.height:
                    below = row + 1
                    joined = self._stacked(reel, row, below, size)
                    lines.append(
                        self._joint_line(reel, row, below, size) if joined is not None else blank
                    )
                    continue
                symbol = self.shown_symbol(reel, row)
                style = self._cell_style(reel, row)
                if line == 0 and self._stacked(reel, row - 1, row, size) is not None:
                    lines.append(self._joint_line(reel, row - 1, row, size))
                elif line == size.height - 1 and self._stacked(reel, row, row + 1, size):
                    lines.append(self._joint_line(reel, row, row + 1, size))
                else:
                    lines.append(self._art_line(symbol, size, line, style))
            return lines
        strip = self.strips[reel]
        start = math.floor(position * unit)
        for y in range(height):
            index, line = divmod(start + y, unit)
            if line >= size.height:
                lines.append(blank)
                continue
            symbol = strip[index % len(strip)]
            lines.append(self._art_line(symbol, size, line, None))
        return lines

    def _stacked(self, reel: int, upper: int, lower: int, size: ArtSize) -> str | None:
        """The joint between rows ``upper`` and ``lower`` when both show the same stacked
        symbol (``None`` otherwise)."""
        if upper < 0 or lower >= self.row_count:
            return None
        symbol = self.shown_symbol(reel, upper)
        if symbol not in self.art.stacked or self.shown_symbol(reel, lower) != symbol:
            return None
        return self.art.joint(size)

    def _joint_line(self, reel: int, upper: int, lower: int, size: ArtSize) -> Text:
        """Where two stacked symbols meet: the frame goes on (marked if either cell is)."""
        joint = self._stacked(reel, upper, lower, size) or ""
        art = self.art.art(self.shown_symbol(reel, upper))
        marked = {(reel, upper), (reel, lower)} & self.marked
        extra = _MARKED if marked else self._cell_style(reel, upper)
        style = art.style + extra if extra is not None else art.style
        pad = " " * CELL_PAD
        text = Text(pad, end="")
        text.append(joint, style)
        text.append(pad)
        return text

    def _cell_style(self, reel: int, row: int) -> Style | None:
        if (reel, row) in self.marked:
            return _MARKED
        if self.dim_unmarked:
            return _DIM
        return None

    def _art_line(self, symbol: str, size: ArtSize, line: int, extra: Style | None) -> Text:
        art = self.art.art(symbol)
        style = art.style + extra if extra is not None else art.style
        pad = " " * CELL_PAD
        text = Text(pad, end="")
        text.append(art.lines(size)[line], style)
        text.append(pad)
        return text

    def _path_row_at(self, reel: int) -> int | None:
        if self.path is None or any(p is not None for p in self.positions):
            return None
        return self.path[reel]

    def _gap(self, left_reel: int, y: int, unit: int, size: ArtSize) -> Text:
        a, b = self._path_row_at(left_reel), self._path_row_at(left_reel + 1)
        if a is None or b is None:
            return Text(" " * GAP, end="")
        mid = size.height // 2
        row, line = divmod(y, unit)
        if row == a and line == mid:
            glyph = "━" if a == b else ("╲" if b > a else "╱")
            return Text(glyph * GAP, style=_PATH, end="")
        return Text(" " * GAP, end="")

    def _margin(self, y: int, unit: int, size: ArtSize, *, left: bool) -> Text:
        reel = 0 if left else self.reel_count - 1
        row_of_path = self._path_row_at(reel)
        row, line = divmod(y, unit)
        if row_of_path is not None and row == row_of_path and line == size.height // 2:
            label = f"{self.path_number or ''}"
            text = f"{label:>2}▶" if left else f"◀{label:<2}"
            return Text(text, style=_PATH, end="")
        return Text(" " * MARGIN, end="")
