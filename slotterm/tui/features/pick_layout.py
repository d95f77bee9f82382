"""Where a pick game's parts go in the window, as a real slot's bonus screen has them:
the title at the top (in big block letters where there is room), the board in the middle,
Credits / Bet / Win along the bottom, and the rows the board cannot use shared out as
room for the themed backdrop (:mod:`.pick_scenery`): some above the title, a little
between the rules and the board, the rest as a band under the game.

Only arithmetic on lines and columns (:func:`plan_room`); the screen applies it.
"""

from __future__ import annotations

from dataclasses import dataclass

from slotterm.tui.features.feature_intro import block_rows
from slotterm.tui.features.pick_board import TALL, BoardFit
from slotterm.tui.features.pick_money import money_lines
from slotterm.tui.features.pick_scenery import Stage

BOXED_LINES = 3
"""Lines the title takes on a tall window as the fit counts it (block letters at scale 1,
or the title's name in a box when even those are too wide)."""
BIG_SCALE_ROOM = 9
"""Spare lines from which the title's letters are drawn twice as large (3 more lines)."""
MOST_ABOVE = 2
"""The most lines between the rules and the board."""


@dataclass(frozen=True, slots=True)
class RoomPlan:
    """The title (``title_rows`` of block letters, or none: plain text, ``boxed`` or
    flat), the lines ``above_title`` and ``above_board``, and the backdrop's ``stage``."""

    title_rows: tuple[str, ...]
    boxed: bool
    above_title: int
    above_board: int
    stage: Stage


def title_letters(title: str, width: int, spare: int) -> tuple[str, ...]:
    """``title`` in block letters for a tall window ``width`` wide with ``spare`` lines
    free: twice as large when there is room, none when even the small ones are too wide."""
    for scale, room in ((2, BIG_SCALE_ROOM), (1, 0)):
        rows = block_rows(title, scale)
        if len(rows[0]) <= width - 4 and spare >= room:
            return rows
    return ()


def plan_room(
    title: str, fitted: BoardFit, board_columns: int, width: int, height: int
) -> RoomPlan:
    """Where the parts go on a ``width`` × ``height`` window whose board is ``fitted``
    (``board_columns`` wide)."""
    spare = fitted.left
    rows: tuple[str, ...] = ()
    if height >= TALL:
        rows = title_letters(title, width, spare)
        spare -= max(0, len(rows) - BOXED_LINES)
    above_title = spare // 3
    above_board = min(MOST_ABOVE, (spare - above_title) // 3)
    band = spare - above_title - above_board
    base = height - 1 - money_lines(height)  # the money row, then the key bar
    stage = Stage(
        width=width,
        height=height,
        side=max(0, (width - board_columns) // 2),
        top=above_title,
        floor=base - band,
        base=base,
    )
    return RoomPlan(
        title_rows=rows,
        boxed=height >= TALL and not rows,
        above_title=above_title,
        above_board=above_board,
        stage=stage,
    )
