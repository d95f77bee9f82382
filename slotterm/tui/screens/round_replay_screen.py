"""One closed round replayed step by step from its record: the spin, each step of its
features (from their views), each gamble card, and the credits before and after.

Everything shown is read from the :class:`~slotterm.engine.records.Round` record; nothing
is drawn or evaluated again.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from slotterm.engine.gamble import card_color, card_label
from slotterm.engine.model import GameDefinition
from slotterm.engine.outcome import Window
from slotterm.engine.records import Round
from slotterm.money import format_cents
from slotterm.tui.art.sizes import ArtSize
from slotterm.tui.art.tiles import TileState, tile_text
from slotterm.tui.features.registry import FeatureViews
from slotterm.tui.replay_step import (
    Position,
    ReplayStep,
    carry_windows,
    credits_after,
    spin_step,
)
from slotterm.tui.screens.dialog_css import DIALOG, dialog_stylesheets
from slotterm.tui.symbols import art_set
from slotterm.tui.widgets.key_bar import KeyBar
from slotterm.tui.widgets.line_diagram import side_by_side

CELL_WIDTH = ArtSize.COMPACT.width + 1
"""Columns for one symbol's tile (and the gap after it) in the replayed window."""


def replay_steps(game: GameDefinition, round_: Round) -> tuple[ReplayStep, ...]:
    """Every step of a closed round, in the order it was played (the features' steps from
    their views)."""
    views = FeatureViews(game)
    bet = round_.bet
    staked = round_.credits_before - bet.total
    steps: list[ReplayStep] = []
    first = [
        f"Bet {format_cents(bet.total)} ({format_cents(bet.bet_per_line)} × {bet.lines} lines)"
        f"{', autoplay' if round_.autoplay else ''}.",
        f"Credits {format_cents(round_.credits_before)} before the spin, "
        f"{format_cents(staked)} after the bet.",
    ]
    then = views.replay_notes(round_)
    if round_.ended_by is not None and not round_.frames:
        then.append("The spin reached the maximum win for a round.")
    steps.append(spin_step(game, "Spin", round_.base, (first, then), round_.base_win, staked))
    steps += views.replay_steps(round_, staked)
    for n, g in enumerate(round_.gamble, 1):
        outcome = (
            f"right: the win is now {format_cents(g.result)}."
            if g.won
            else f"wrong: {format_cents(g.stake)} lost."
        )
        steps.append(
            ReplayStep(
                title=f"Gamble card {n}",
                window=None,
                marks=frozenset(),
                details=(
                    f"Stake {format_cents(g.stake)}, guessed {g.guess}.",
                    f"The card was {card_label(g.card)} ({card_color(g.card)}): {outcome}",
                ),
                win=g.result,
                credits=staked,
            )
        )
    after = credits_after(round_)
    steps.append(
        ReplayStep(
            title="Round closed",
            window=None,
            marks=frozenset(),
            details=(
                f"Paid {format_cents(round_.paid)}.",
                f"Credits {format_cents(round_.credits_before)} before, "
                f"{format_cents(after)} after "
                f"({'+' if after >= round_.credits_before else ''}"
                f"{format_cents(after - round_.credits_before)}).",
            ),
            win=round_.paid,
            credits=after,
        )
    )
    return tuple(carry_windows(steps))


def window_text(
    window: Window, marks: frozenset[Position], game: GameDefinition, *, mono: bool = False
) -> Text:
    """The window in the game's own pictures (:func:`art_set`), each cell
    a compact tile; winning cells in the bright frame of a win (their picture still shown).
    ``mono``: drawn by shape alone (``NO_COLOR``)."""
    art = art_set(game)
    text = Text(no_wrap=True, end="")
    rows = len(window[0]) if window else 0
    for row in range(rows):
        if row:
            text.append("\n")
        line = Text(no_wrap=True, end="")
        for reel, column in enumerate(window):
            state = TileState.MARKED if (reel, row) in marks else TileState.NORMAL
            tile = tile_text(art.art(column[row]), ArtSize.COMPACT, state, mono=mono)
            line = tile if reel == 0 else side_by_side(line, tile, reel * CELL_WIDTH)
        text.append_text(line)
    return text


class RoundReplayScreen(ModalScreen[None]):
    """Step through one closed round with ←/→ (or Space/Enter for the next step)."""

    DEFAULT_CLASSES = DIALOG
    CSS_PATH = dialog_stylesheets(__file__)

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right,space,enter,n,N", "step(1)", "Next", key_display="→"),
        Binding("left,backspace,b,B", "step(-1)", "Back", key_display="←"),
        Binding("home", "jump(0)", "First", show=False),
        Binding("end", "jump(-1)", "Last", show=False),
        Binding("escape,q,Q", "close", "Close", key_display="Esc"),
    ]

    def __init__(self, game: GameDefinition, round_: Round) -> None:
        super().__init__()
        self.game = game
        self.round = round_
        self.steps = replay_steps(game, round_)
        self.index = 0

    def compose(self) -> ComposeResult:
        """Step title, the window (when the step has one), the boxes, the details."""
        with Vertical(id="replay-dialog") as dialog:
            dialog.border_title = f"Round {self.round.number}"
            yield Static(id="replay-title")
            yield Static(id="replay-window")
            yield Static(id="replay-boxes")
            with VerticalScroll(id="replay-details"):
                yield Static(id="replay-text")
        yield KeyBar()

    def on_mount(self) -> None:
        """Show the first step."""
        self._show()

    def action_step(self, delta: int) -> None:
        """Go to the next or previous step."""
        self.index = max(0, min(len(self.steps) - 1, self.index + delta))
        self._show()

    def action_jump(self, index: int) -> None:
        """Go to the first (0) or last (-1) step."""
        self.index = index % len(self.steps)
        self._show()

    def action_close(self) -> None:
        """Back to the list."""
        self.dismiss(None)

    def _show(self) -> None:
        step = self.steps[self.index]
        self.query_one("#replay-title", Static).update(
            f"Step {self.index + 1} of {len(self.steps)}: {step.title}"
        )
        if step.window is not None:
            drawn = window_text(step.window, step.marks, self.game, mono=self.app.no_color)
            self.query_one("#replay-window", Static).update(drawn)
        self.query_one("#replay-boxes", Static).update(
            f"Win {format_cents(step.win)}    Credits {format_cents(step.credits)}"
        )
        self.query_one("#replay-text", Static).update("\n".join(step.details))
