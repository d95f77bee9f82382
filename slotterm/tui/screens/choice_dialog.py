"""A dialog of settings, one per row, each stepping through a fixed list of values.

↑ / ↓ move the highlight, Space or ← / → change the highlighted setting (the digits 1–9
pick a row directly and change it), Enter confirms, Escape cancels.  The options and the
autoplay settings are built on it (:mod:`.options_screen`, :mod:`.autoplay_screen`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, TypeVar

from rich.align import Align
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from slotterm.tui.screens.dialog_css import (
    DIALOG,
    HEIGHTS,
    ROOMY_HEIGHT,
    WIDTHS,
    dialog_stylesheets,
)
from slotterm.tui.widgets.key_bar import KeyBar

Result = TypeVar("Result")


@dataclass(frozen=True, slots=True)
class ChoiceRow:
    """One setting: its field ``name``, its ``label``, the values it steps through, and how
    a value is shown."""

    name: str
    label: str
    choices: tuple[Any, ...]
    show: Callable[[Any], str] = str


def on_off(value: Any) -> str:
    """``True`` -> ``"on"``."""
    return "on" if value else "off"


def step_value(row: ChoiceRow, value: Any, step: int) -> Any:
    """The value ``step`` places along ``row``'s choices from ``value`` (wrapping)."""
    choices = row.choices
    index = choices.index(value) if value in choices else -1
    return choices[(index + step) % len(choices)]


class ChoiceDialog(ModalScreen[Result | None], Generic[Result]):
    """Rows of settings; subclasses say what Enter returns (:meth:`result`).  In a tall
    terminal (the class ``-tall``) the rows are a line apart, the table centred."""

    DEFAULT_CLASSES = DIALOG
    CSS_PATH = dialog_stylesheets(__file__)
    HORIZONTAL_BREAKPOINTS = WIDTHS
    VERTICAL_BREAKPOINTS = HEIGHTS

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up,k,K", "move(-1)", "Choose", key_display="↑/↓"),
        Binding("down,j,J", "move(1)", "Down", show=False),
        Binding("space,right", "change(1)", "Change", key_display="Space/←/→"),
        Binding("left", "change(-1)", "Change back", show=False),
        *(Binding(str(n), f"row({n - 1})", f"Row {n}", show=False) for n in range(1, 10)),
        Binding("enter", "confirm", "OK", key_display="Enter"),
        Binding("escape", "cancel", "Cancel", key_display="Esc"),
    ]

    dialog_title = "Settings"
    """The dialog's border title."""
    confirm_word = "OK"
    """What Enter does, as the note under the rows says it."""

    def __init__(self, rows: Sequence[ChoiceRow], values: dict[str, Any], note: str = "") -> None:
        super().__init__()
        self.rows = list(rows)
        self.values = dict(values)
        """The values as chosen so far, by field name."""
        self.note = note
        self.highlighted = 0
        self._table = Static(id="choice-table")
        self._note = Static(id="choice-note")

    def compose(self) -> ComposeResult:
        """The rows, a note, the keys."""
        with Vertical(id="choice-dialog") as dialog:
            dialog.border_title = self.dialog_title
            yield self._table
            yield self._note
        yield KeyBar()

    def on_mount(self) -> None:
        """Draw the rows."""
        self.show()

    def on_resize(self) -> None:
        """Draw the rows again: spaced or not for the new height."""
        self.show()

    @property
    def roomy(self) -> bool:
        """True in a tall terminal (as the class ``-tall`` says, read from the terminal's
        size: a resize reaches this screen before its classes change)."""
        return self.app.size.height >= ROOMY_HEIGHT

    def show(self) -> None:
        """Redraw the rows with the highlight, and the note."""
        table = Table.grid(padding=(0, 2))
        table.add_column(no_wrap=True)
        table.add_column(no_wrap=True)
        table.add_column()
        for index, row in enumerate(self.rows):
            on = index == self.highlighted
            style = "reverse bold" if on else ""
            value = Text(
                f"‹ {row.show(self.values[row.name])} ›" if on else row.show(self.values[row.name])
            )
            if index and self.roomy:
                table.add_row("")  # a line between rows
            table.add_row(Text(f"{index + 1}.", style="dim"), Text(row.label, style=style), value)
        self._table.update(Align.center(table) if self.roomy else table)
        note = f"Enter: {self.confirm_word} · Esc: cancel"
        self._note.update(f"{self.note}\n{note}".strip())

    def action_move(self, step: int) -> None:
        """Highlight the next / previous row (wrapping)."""
        self.highlighted = (self.highlighted + step) % len(self.rows)
        self.show()

    def action_change(self, step: int) -> None:
        """Step the highlighted setting to its next / previous value."""
        row = self.rows[self.highlighted]
        self.values[row.name] = step_value(row, self.values[row.name], step)
        self.show()

    def action_row(self, index: int) -> None:
        """Highlight row ``index`` and change it."""
        if index < len(self.rows):
            self.highlighted = index
            self.action_change(1)

    def action_confirm(self) -> None:
        """Close with the chosen settings."""
        self.dismiss(self.result())

    def action_cancel(self) -> None:
        """Close without changing anything."""
        self.dismiss(None)

    def result(self) -> Result:
        """What Enter returns (the subclass builds it from :attr:`values`)."""
        raise NotImplementedError
