"""The game history: the last closed rounds, newest first; Enter replays one step by step."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import DataTable, Static

from slotterm.dates import player_time
from slotterm.engine.model import GameDefinition
from slotterm.engine.records import EndReason, Round
from slotterm.money import format_cents
from slotterm.session.game_session import GameSession
from slotterm.tui.features.registry import FeatureViews
from slotterm.tui.replay_step import credits_after
from slotterm.tui.screens.dialog_css import DIALOG, HEIGHTS, WIDTHS, dialog_stylesheets
from slotterm.tui.screens.round_replay_screen import RoundReplayScreen
from slotterm.tui.widgets.key_bar import KeyBar

COLUMNS = ("Round", "Played", "Bet", "Win", "Credits before", "Credits after", "Features")
MONEY_COLUMNS = frozenset({2, 3, 4, 5})


ENDED_BY = {EndReason.CAP: "round cap reached", EndReason.LIMIT: "feature limit reached"}
"""Why a round's winnings were cut short, in the history's words."""


def round_features(game: GameDefinition, round_: Round) -> str:
    """What happened beyond the spin, one thing a line: the features, the gamble, a cap."""
    parts = FeatureViews(game).history_labels(round_)
    if round_.gamble:
        cards = len(round_.gamble)
        outcome = "won" if round_.gamble[-1].won else "lost"
        parts.append(f"gamble {outcome} ({cards} card{'' if cards == 1 else 's'})")
    if round_.ended_by is not None:
        parts.append(ENDED_BY[round_.ended_by])
    if round_.autoplay:
        parts.append("autoplay")
    return "\n".join(line for part in parts for line in part.split(", "))


def played_at(when: datetime | None) -> str:
    """When a round was played, in the player's time zone and words: ``"7 Mar 2026 18:45"``."""
    return "" if when is None else player_time(when)


def history_rows(
    rules_of: Callable[[int], GameDefinition],
    rounds: list[Round],
    closed_at: dict[int, datetime | None],
) -> list[tuple[str, ...]]:
    """One row of text per round, in the order given, each read under its own rules
    (``rules_of``: a round's number to the definition it was played under)."""
    rows: list[tuple[str, ...]] = []
    for r in rounds:
        when = closed_at.get(r.number)
        rows.append(
            (
                str(r.number),
                played_at(when),
                format_cents(r.bet.total),
                format_cents(r.paid),
                format_cents(r.credits_before),
                format_cents(credits_after(r)),
                round_features(rules_of(r.number), r),
            )
        )
    return rows


class RoundTable(DataTable[Text]):
    """The rounds table; its Enter (replay) is shown in the footer."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "select_cursor", "Replay", key_display="Enter"),
    ]


class HistoryScreen(ModalScreen[None]):
    """The closed rounds of this session (the last 100 at least), newest at the top."""

    DEFAULT_CLASSES = DIALOG
    CSS_PATH = dialog_stylesheets(__file__)
    HORIZONTAL_BREAKPOINTS = WIDTHS
    VERTICAL_BREAKPOINTS = HEIGHTS

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,y,Y,q,Q", "close", "Close", key_display="Esc/Y"),
    ]

    def __init__(self, session: GameSession) -> None:
        super().__init__()
        self.session = session
        self.rounds = list(reversed(session.history))

    def compose(self) -> ComposeResult:
        """A note line and the table of rounds."""
        with Vertical(id="history-dialog") as dialog:
            dialog.border_title = "Game history"
            if self.rounds:
                note = (
                    f"{len(self.rounds)} closed round{'s' if len(self.rounds) != 1 else ''}, "
                    "newest first. ↑/↓ to choose, Enter to replay a round step by step."
                )
            else:
                note = "No round has been played to the end yet."
            yield Static(note, id="history-note")
            yield RoundTable(id="history-table", cursor_type="row", zebra_stripes=True)
        yield KeyBar()

    def on_mount(self) -> None:
        """Fill the table and give it the keys."""
        table = self.query_one("#history-table", RoundTable)
        table.add_columns(*COLUMNS)
        times = {n: t.closed_at for n, t in self.session.round_times.items()}
        for r, row in zip(
            self.rounds, history_rows(self.session.rules_of, self.rounds, times), strict=True
        ):
            cells = [
                Text(c, justify="right") if n in MONEY_COLUMNS else Text(c)
                for n, c in enumerate(row)
            ]
            table.add_row(*cells, key=str(r.number), height=None)
        table.focus()

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        """Enter on a round: replay it."""
        event.stop()
        self._replay(int(str(event.row_key.value)))

    def _replay(self, number: int) -> None:
        round_ = next(r for r in self.rounds if r.number == number)
        self.app.push_screen(RoundReplayScreen(self.session.rules_of(number), round_))

    def action_close(self) -> None:
        """Back to the game."""
        self.dismiss(None)
