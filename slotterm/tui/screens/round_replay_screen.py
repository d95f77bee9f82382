"""One closed round replayed step by step from its record: the spin, the Magic Book, each
free spin, each gamble card, and the credits before and after.

Everything shown is read from the :class:`~slotterm.engine.round.Round` record; nothing
is drawn or evaluated again.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from slotterm.engine.evaluate import Evaluation, Window
from slotterm.engine.gamble import card_color, card_label
from slotterm.engine.model import GameDefinition
from slotterm.engine.round import EndReason, Round, SpinResult
from slotterm.money import format_cents
from slotterm.tui.screens.dialog_css import dialog_css
from slotterm.tui.symbols import symbol_art

CELL_WIDTH = 10
"""Columns for one symbol name in the replayed window."""

Position = tuple[int, int]
"""(reel, row) in the window, row 0 at the top."""


@dataclass(frozen=True, slots=True)
class ReplayStep:
    """One step of a replayed round: what to show and the boxes' values at that moment."""

    title: str
    window: Window | None
    marks: frozenset[Position]
    details: tuple[str, ...]
    win: int
    credits: int


def credits_after(round_: Round) -> int:
    """Credits once the closed round paid out."""
    return round_.credits_before - round_.bet.total + round_.paid


def winning_positions(game: GameDefinition, window: Window, ev: Evaluation) -> frozenset[Position]:
    """The cells that take part in a win: line wins, scatters and expanded reels."""
    marks: set[Position] = set()
    for win in ev.line_wins:
        line = game.lines[win.line - 1]
        marks.update((reel, line[reel]) for reel in range(win.count))
    if ev.scatter_win is not None:
        marks.update(
            (reel, row)
            for reel, column in enumerate(window)
            for row, symbol in enumerate(column)
            if symbol in game.scatter_ids
        )
    marks.update((reel, row) for reel in ev.expanded_reels for row in range(game.rows))
    return frozenset(marks)


def expanded_window(window: Window, ev: Evaluation, special: str | None) -> Window:
    """The window after the special symbol filled its reels (unchanged without expansion)."""
    if special is None or not ev.expanded_reels:
        return window
    return tuple(
        tuple(special for _ in column) if reel in ev.expanded_reels else column
        for reel, column in enumerate(window)
    )


def win_details(ev: Evaluation) -> list[str]:
    """Each win of one spin as a line of text."""
    lines = [
        f"Line {w.line}: {w.count} × {w.symbol} pays {format_cents(w.win)}" for w in ev.line_wins
    ]
    if ev.scatter_win is not None:
        s = ev.scatter_win
        lines.append(f"{s.count} scatters pay {s.multiplier}× the total bet: {format_cents(s.win)}")
    if ev.expanding_wins:
        first = ev.expanding_wins[0]
        reels = ", ".join(str(r + 1) for r in ev.expanded_reels)
        lines.append(
            f"{first.symbol} expands on reels {reels}: {format_cents(first.win)} on each of "
            f"{len(ev.expanding_wins)} lines"
        )
    return lines


def _spin_step(
    game: GameDefinition,
    title: str,
    result: SpinResult,
    special: str | None,
    notes: tuple[list[str], list[str]],
    win: int,
    credits: int,
) -> ReplayStep:
    """A spin step: ``notes`` go before and after the list of wins."""
    ev = result.evaluation
    window = expanded_window(result.window, ev, special)
    found = win_details(ev) or ["No win."]
    details = (*notes[0], *found, *notes[1])
    return ReplayStep(title, window, winning_positions(game, window, ev), details, win, credits)


def replay_steps(game: GameDefinition, round_: Round) -> tuple[ReplayStep, ...]:
    """Every step of a closed round, in the order it was played."""
    bet = round_.bet
    staked = round_.credits_before - bet.total
    steps: list[ReplayStep] = []
    first = [
        f"Bet {format_cents(bet.total)} ({format_cents(bet.bet_per_line)} × {bet.lines} lines)"
        f"{', autoplay' if round_.autoplay else ''}.",
        f"Credits {format_cents(round_.credits_before)} before the spin, "
        f"{format_cents(staked)} after the bet.",
    ]
    award = round_.base.evaluation.free_spins_awarded
    then = [f"{award} free spins awarded."] if round_.triggered else []
    if round_.ended_by is not None and not round_.free_spins:
        then.append("The spin reached the maximum win for a round.")
    steps.append(
        _spin_step(game, "Spin", round_.base, None, (first, then), round_.base_win, staked)
    )
    if round_.special is not None:
        name = symbol_art(round_.special).name
        steps.append(
            ReplayStep(
                "Magic Book",
                None,
                frozenset(),
                (f"The Magic Book chose {name} ({round_.special}) as the special symbol.",),
                round_.base_win,
                staked,
            )
        )
    awarded = award
    for spin in round_.free_spins:
        notes = [
            f"This spin won {format_cents(spin.win)}; the feature stands at "
            f"{format_cents(spin.feature_total)}."
        ]
        if spin.awarded_so_far > awarded:
            notes.append(f"Retrigger: {spin.awarded_so_far - awarded} more free spins.")
        awarded = spin.awarded_so_far
        steps.append(
            _spin_step(
                game,
                f"Free spin {spin.number} of {spin.awarded_so_far}",
                spin.result,
                round_.special,
                ([f"Special symbol: {round_.special}."], notes),
                round_.base_win + spin.feature_total,
                staked,
            )
        )
    if round_.free_spins:
        reason = {
            EndReason.CAP: "The round reached the maximum win, which ended the feature.",
            EndReason.LIMIT: "The feature's wins reached the operator limit, which ended it.",
            None: "",
        }[round_.ended_by]
        text = (
            f"Free spins over: {len(round_.free_spins)} played, "
            f"won {format_cents(round_.feature_win)}."
        )
        steps.append(
            ReplayStep(
                "Feature summary",
                None,
                frozenset(),
                tuple(t for t in (text, reason) if t),
                round_.round_win,
                staked,
            )
        )
    for n, g in enumerate(round_.gamble, 1):
        outcome = (
            f"right: the win is now {format_cents(g.result)}."
            if g.won
            else f"wrong: {format_cents(g.stake)} lost."
        )
        steps.append(
            ReplayStep(
                f"Gamble card {n}",
                None,
                frozenset(),
                (
                    f"Stake {format_cents(g.stake)}, guessed {g.guess}.",
                    f"The card was {card_label(g.card)} ({card_color(g.card)}): {outcome}",
                ),
                g.result,
                staked,
            )
        )
    after = credits_after(round_)
    steps.append(
        ReplayStep(
            "Round closed",
            None,
            frozenset(),
            (
                f"Paid {format_cents(round_.paid)}.",
                f"Credits {format_cents(round_.credits_before)} before, "
                f"{format_cents(after)} after "
                f"({'+' if after >= round_.credits_before else ''}"
                f"{format_cents(after - round_.credits_before)}).",
            ),
            round_.paid,
            after,
        )
    )
    return tuple(_carry_windows(steps))


def _carry_windows(steps: list[ReplayStep]) -> list[ReplayStep]:
    """Steps without a window of their own keep showing the last one, unmarked."""
    shown: Window | None = None
    out = []
    for step in steps:
        if step.window is None and shown is not None:
            step = ReplayStep(step.title, shown, frozenset(), step.details, step.win, step.credits)
        shown = step.window
        out.append(step)
    return out


def window_text(window: Window, marks: frozenset[Position]) -> Text:
    """The window as rows of symbol ids; winning cells in [brackets] and reversed."""
    text = Text(no_wrap=True, end="")
    rows = len(window[0]) if window else 0
    for row in range(rows):
        if row:
            text.append("\n")
        for reel, column in enumerate(window):
            symbol = column[row]
            colour = symbol_art(symbol).color
            if (reel, row) in marks:
                text.append(f"[{symbol}]".center(CELL_WIDTH), style=f"bold reverse {colour}")
            else:
                text.append(symbol.center(CELL_WIDTH), style=colour)
    return text


class RoundReplayScreen(ModalScreen[None]):
    """Step through one closed round with ←/→ (or Space/Enter for the next step)."""

    DEFAULT_CSS = (
        dialog_css("RoundReplayScreen", "replay-dialog", max_width=100, extra=("padding: 0 1;",))
        + """
    #replay-title {
        text-style: bold;
        color: $text-accent;
    }
    #replay-window {
        height: auto;
        border: round $primary;
        width: 54;
        padding: 0 1;
        margin: 1 0 0 0;
    }
    #replay-boxes {
        margin: 1 0 0 0;
        text-style: bold;
    }
    #replay-details {
        height: 1fr;
        margin: 1 0 0 0;
    }
    """
    )

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right,space,enter,n", "step(1)", "Next", key_display="→"),
        Binding("left,backspace,b", "step(-1)", "Back", key_display="←"),
        Binding("home", "jump(0)", "First", show=False),
        Binding("end", "jump(-1)", "Last", show=False),
        Binding("escape,q", "close", "Close", key_display="Esc"),
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
        yield Footer()

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
            self.query_one("#replay-window", Static).update(window_text(step.window, step.marks))
        self.query_one("#replay-boxes", Static).update(
            f"Win {format_cents(step.win)}    Credits {format_cents(step.credits)}"
        )
        self.query_one("#replay-text", Static).update("\n".join(step.details))
