"""How big a pick game's items are drawn: the largest pictures whose board fits the
terminal, the items a little taller where there is room, and the lines left over (which
put the game in the middle of a tall terminal).

The arithmetic only counts lines and columns; the screen (:mod:`.pick_screen`) applies it.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass

from slotterm.tui.art.sizes import SIZES_LARGEST_FIRST, ArtSize
from slotterm.tui.features.pick_cell import SMALLEST_TILE

PLATE_LINES = 2
"""Lines an item's tile keeps under its picture for the plate of what it held."""

FREE_LINE = 1
"""The line between the picture and the tile's bottom edge where the plate slides in."""

WIDEST = {ArtSize.COMPACT: ArtSize.MEDIUM.width - 1, ArtSize.MEDIUM: 24, ArtSize.LARGE: 40}
"""The widest an item gets at each picture size (wider would only add empty tile)."""

MORE_LINES = 2
"""Lines an item may grow beyond its size's least height when the terminal has room."""

CHROME_LINES = 6
"""Lines around the board besides the title, the rules and a game's extras: the board's
top padding, the status (margin and two lines), the message and the key bar (below
:data:`TALL` the status has no margin: one line fewer)."""

TALL = 30
"""From this many rows up the title gets its box."""


@dataclass(frozen=True, slots=True)
class BoardFit:
    """The board for one terminal: the picture ``size``, each item's ``width`` and
    ``height``, the ``gap`` lines between rows, how many ``rows``, and the lines ``left``
    over."""

    size: ArtSize
    width: int
    height: int
    gap: int
    rows: int
    left: int

    def board_columns(self, columns: int) -> int:
        """Columns of a board of ``columns`` items a row, one column apart."""
        return columns * (self.width + 1) - 1

    @property
    def board_lines(self) -> int:
        """Lines of the board's rows and the gaps between them."""
        return self.rows * self.height + self.gap * (self.rows - 1)


def fit_board(
    width: int, height: int, *, items: int, columns: int, story: str, extra_lines: int
) -> BoardFit:
    """The board of ``items`` items, ``columns`` a row, for a ``width`` × ``height``
    terminal whose screen also shows the rules (``story``) and ``extra_lines`` of a
    game's own (the small pictures always, as narrow as they get)."""
    rows = -(-items // columns)
    per_column = (width - 1) // columns - 1  # the board's margin: 1 each side
    title = 3 if height >= TALL else 1
    story_lines = len(textwrap.wrap(story, max(20, width - 4)))
    chrome = CHROME_LINES - (height < TALL)
    spare = height - title - story_lines - extra_lines - chrome
    size = ArtSize.COMPACT
    for size in SIZES_LARGEST_FIRST:
        least = size.height + FREE_LINE + PLATE_LINES
        if per_column >= size.width and rows * least <= spare:
            break
    least = size.height + FREE_LINE + PLATE_LINES
    gap = 1 if rows > 1 and spare - rows * least >= rows - 1 else 0
    more = max(0, min(MORE_LINES, (spare - rows * least - gap * (rows - 1)) // rows))
    item_width = max(SMALLEST_TILE[0] + 1, min(per_column, WIDEST[size]))
    left = spare - rows * (least + more) - gap * (rows - 1)
    return BoardFit(
        size=size, width=item_width, height=least + more, gap=gap, rows=rows, left=max(0, left)
    )
