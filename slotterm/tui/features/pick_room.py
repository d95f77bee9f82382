"""A pick screen's parts placed as :func:`.pick_layout.plan_room` says: the board (its
items sized by the screen), the title, the plates of words, the money row and the
themed backdrop around them all (:func:`arrange_room`)."""

from __future__ import annotations

from typing import Any

from textual.containers import Grid
from textual.screen import Screen

from slotterm.tui.features.pick_backdrop import PickBackdrop
from slotterm.tui.features.pick_board import TALL, BoardFit
from slotterm.tui.features.pick_layout import plan_room
from slotterm.tui.features.pick_money import FRAMED_FROM, PickMoney
from slotterm.tui.features.pick_plate import Plate

BOXED_WIDTH = 40
"""The least width of a title written in a box (no room for block letters)."""


def arrange_room(
    screen: Screen[Any], title: str, fitted: BoardFit, columns: int, width: int, height: int
) -> None:
    """Place the parts of ``screen`` (a pick screen titled ``title`` whose board of
    ``columns`` columns is ``fitted``) on a ``width`` × ``height`` window."""
    board_columns = fitted.board_columns(columns)
    plan = plan_room(title, fitted, board_columns, width, height)
    board = screen.query_one("#pick-board", Grid)
    board.styles.width = board_columns
    board.styles.height = fitted.board_lines + 1  # and its top padding
    board.styles.grid_gutter_horizontal = fitted.gap  # between rows
    board.styles.margin = (plan.above_board, 0, 0, (width - board_columns) // 2)
    heading = screen.query_one("#pick-title", Plate)
    heading.set_class(height < TALL, "-flat")
    heading.set_class(bool(plan.title_rows), "-block")
    heading.least = BOXED_WIDTH if plan.boxed else 0
    heading.place(width, plan.above_title)
    heading.update("\n".join(plan.title_rows) or title)
    side = max(1, plan.stage.side)
    money = screen.query_one(PickMoney)
    money.set_flat(height < FRAMED_FROM)
    money.styles.width = width - 2 * side
    money.styles.margin = (0, 0, 1, side)  # the key bar under it
    for plate in screen.query(Plate):
        plate.place(width, int(height >= TALL) if plate.id == "pick-status" else None)
    screen.query_one(PickBackdrop).set_stage(plan.stage)
