"""The gamble: guess red or black of the next card to double the win, or collect.

The card is drawn by the engine (``session.act(Guess(...))``) before the flip is shown;
a key pressed while the card turns only finishes the turn, it never acts twice.  Q quits
the game as on the machine: every step is already saved, so the gamble resumes later.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from slotterm.engine.actions import Collect, Guess, StartGamble
from slotterm.engine.events import CardDrawn
from slotterm.engine.gamble import Color, card_color, card_label
from slotterm.engine.records import GambleStep, Phase
from slotterm.money import format_cents
from slotterm.session.errors import SaveError
from slotterm.session.game_session import GameSession
from slotterm.tui.keymap import both_cases
from slotterm.tui.screens.dialog_css import DIALOG, dialog_stylesheets
from slotterm.tui.screens.quit_confirm import quit_game
from slotterm.tui.widgets.card import PlayingCard, card_text
from slotterm.tui.widgets.key_bar import KeyBar

LOST_PAUSE_SECONDS = 1.5
"""How long the losing card stays on screen before the gamble closes."""


def save_failed(error: SaveError) -> str:
    """What the player is told when a step could not be saved."""
    return f"Could not save, nothing was played: {error}."


class GambleScreen(ModalScreen[str | None]):
    """Double or nothing on the colour of the next card; collect at any step.

    A step that cannot be saved shows nothing of its outcome: the screen says so and
    stays on the last saved step (when the gamble itself cannot be opened, it closes with
    the message as its result, for the machine to show).
    """

    DEFAULT_CLASSES = DIALOG
    CSS_PATH = dialog_stylesheets(__file__)

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("5", "guess('red')", "Red", key_display="5"),
        Binding("6", "guess('black')", "Black", key_display="6"),
        Binding("space,enter,7,escape", "collect", "Collect", key_display="Space/7"),
        Binding(both_cases("q"), "quit", "Quit", key_display="Q"),
    ]

    def __init__(
        self, session: GameSession, *, on_change: Callable[[], None] | None = None
    ) -> None:
        super().__init__()
        self.session = session
        self._on_change = on_change or (lambda: None)
        """Called after each step so the machine behind shows the same win."""
        self._ended = False
        round_ = session.open_round
        self._limit = round_.limits.gamble_limit if round_ is not None else None

    def compose(self) -> ComposeResult:
        """The face-down card beside the stakes, the last cards and a message line."""
        with Vertical(id="gamble-dialog") as dialog:
            dialog.border_title = "Gamble: double or nothing"
            with Horizontal(id="gamble-table"):
                yield PlayingCard(id="gamble-card")
                with Vertical(id="gamble-info"):
                    yield Static(id="gamble-win")
                    yield Static(id="gamble-pays")
                    yield Static(id="gamble-limit")
                    yield Static(id="gamble-recent")
            yield Static(id="gamble-message")
        yield KeyBar()

    # --- lifecycle ---------------------------------------------------------------------

    def on_mount(self) -> None:
        """Open the gamble in the engine, unless it is already open (resumed after a crash)."""
        if self.session.phase is Phase.WIN_OFFERED and self.session.can(StartGamble()):
            try:
                self.session.act(StartGamble())
            except SaveError as error:
                self._ended = True
                self.dismiss(save_failed(error))
                return
            self._on_change()
        self._show_stakes(self.session.state.recent_cards)
        if self.session.phase is Phase.GAMBLE:
            self._say("Red or black? Press 5 for red, 6 for black, or Space to collect.")
        elif self.session.phase is Phase.WIN_OFFERED:
            self._say("This win cannot be gambled. Press Space to collect it.")
        else:
            self._say("There is no win to gamble. Press Escape to go back.")

    @property
    def card(self) -> PlayingCard:
        """The big card in the middle."""
        return self.query_one("#gamble-card", PlayingCard)

    # --- keys ----------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Guesses only while the gamble is open; collect while a win is waiting."""
        if self._ended:
            return False
        if action == "guess":
            return self.session.phase is Phase.GAMBLE or self.card.animating
        return True

    def action_guess(self, color: str) -> None:
        """Draw the next card for a guess, then turn it over."""
        if self.card.animating:
            self.card.finish()
            return
        if self._ended or self.session.phase is not Phase.GAMBLE:
            return
        recent_before = self.session.state.recent_cards
        try:
            transition = self.session.act(Guess(Color(color)))
        except SaveError as error:
            self._say(f"{save_failed(error)} Guess again or press Space to collect.")
            return
        step = next(e.step for e in transition.events if isinstance(e, CardDrawn))
        self._show_stakes(recent_before, stake=step.stake)
        self._say(f"You said {color}. Turning the card…")
        self.card.flip_to(step.card, lambda: self._after_flip(step))
        self.refresh_bindings()

    def action_quit(self) -> None:
        """Leave the game (a saved gamble resumes; a demo asks first, :func:`quit_game`)."""
        quit_game(self.app, self.session)

    def action_collect(self) -> None:
        """Take the win into credits and close (or, while the card turns, finish the turn)."""
        if self.card.animating:
            self.card.finish()
            return
        if self._ended:
            return
        if self.session.can(Collect()):
            try:
                self.session.act(Collect())
            except SaveError as error:
                self._say(f"{save_failed(error)} Press Space to try again, or Q to quit.")
                return
        self._ended = True
        self.dismiss(None)

    # --- showing -------------------------------------------------------------------------

    def _after_flip(self, step: GambleStep) -> None:
        label = (
            f"You said {step.guess}; the card is {card_label(step.card)} ({card_color(step.card)})"
        )
        self._show_stakes(self.session.state.recent_cards)
        self._on_change()
        self.session.mark_seen()  # the card is face up: a restart need not tell it
        if not step.won:
            self._ended = True
            self._say(f"{label}: the win of {format_cents(step.stake)} is lost.")
            self.set_timer(LOST_PAUSE_SECONDS, self._close_after_loss)
        elif self.session.phase is Phase.GAMBLE:
            self._say(
                f"{label}: right! Your win is now {format_cents(step.result)}. "
                "Guess again (5 red, 6 black) or press Space to collect."
            )
        else:
            self._say(
                f"{label}: right! {format_cents(step.result)} is over the "
                "gamble limit, so the gamble is closed. Press Space to collect."
            )
        self.refresh_bindings()

    @property
    def settling(self) -> bool:
        """True while the screen moves on by itself: the card turning, or the lost card
        held before the gamble closes (no key acts then; ``slotterm script`` waits)."""
        return self.card.animating or (self._ended and self.is_current)

    def _close_after_loss(self) -> None:
        self.dismiss(None)

    def _show_stakes(self, recent: tuple[int, ...], stake: int | None = None) -> None:
        round_ = self.session.open_round
        win = stake if stake is not None else (round_.win if round_ is not None else 0)
        can_double = stake is not None or self.session.phase is Phase.GAMBLE
        self.query_one("#gamble-win", Static).update(f"Win             {format_cents(win)}")
        pays = format_cents(2 * win) if can_double and win else "-"
        self.query_one("#gamble-pays", Static).update(f"A right guess   {pays}")
        limit_text = format_cents(self._limit) if self._limit is not None else "-"
        self.query_one("#gamble-limit", Static).update(f"Gamble limit    {limit_text}")
        cards = Text("Last cards      ")
        if not recent:
            cards.append("none yet")
        for n, card in enumerate(recent):
            if n:
                cards.append(" ")
            cards.append_text(card_text(card))
        self.query_one("#gamble-recent", Static).update(cards)

    def _say(self, message: str) -> None:
        self.query_one("#gamble-message", Static).update(message)
