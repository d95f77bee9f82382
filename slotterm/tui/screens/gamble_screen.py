"""The gamble: guess red or black of the next card to double the win, or collect.

A card table that grows with the window: a big white card face down, the stakes, the
last cards drawn as small cards and a message line.  The card is drawn by the engine
(``session.act(Guess(...))``) before it is shown; it then turns over (a scene,
:class:`~slotterm.tui.widgets.card.FlipScene`) and stays face up with a big WON or LOST
while the message names it.  Any key pressed while the card turns only finishes the turn,
never acts twice; a lost card stays up for :data:`LOST_PAUSE_SECONDS` or until a key
(one pressed at once after the turn is taken for a mashed one and kept for that).  Q
quits the game as on the machine: every step is already saved, so the gamble resumes
later.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.timer import Timer
from textual.widgets import Static

from slotterm.engine.actions import Collect, Guess, StartGamble
from slotterm.engine.events import CardDrawn
from slotterm.engine.gamble import Color, card_color
from slotterm.engine.records import GambleStep, Phase
from slotterm.money import format_cents
from slotterm.session.errors import SaveError
from slotterm.session.game_session import GameSession
from slotterm.tui.keymap import both_cases
from slotterm.tui.mono import no_colour
from slotterm.tui.presenter import Presenter
from slotterm.tui.scenes import SKIP_HOLD_SECONDS
from slotterm.tui.screens.dialog_css import DIALOG, dialog_stylesheets
from slotterm.tui.screens.quit_confirm import quit_game
from slotterm.tui.widgets.card import (
    CardRow,
    FlipScene,
    PlayingCard,
    Verdict,
    card_name,
    card_text,
)
from slotterm.tui.widgets.key_bar import KeyBar

LOST_PAUSE_SECONDS = 1.5
"""How long the losing card stays on screen before the gamble closes (a key closes it
sooner)."""
WON_PAUSE_SECONDS = 1.5
"""How long a winning card stays face up with WON before it is turned down for the next
guess (a guess key draws the next card at once)."""


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
        self.presenter = Presenter(self, self._turned)
        """Plays the card's flip (its clock is the one tests move)."""
        self._step: GambleStep | None = None
        """The step whose card is turning (or was turned last)."""
        self._landed_at: float | None = None
        """When the lost card came face up (keys close the gamble from then on)."""
        self._won_timer: Timer | None = None

    def compose(self) -> ComposeResult:
        """The big card beside the stakes, the verdict and the last cards; a message line;
        below the table a see-through band (its margin: no widget there) where the
        machine's Credits, Bet and Win boxes show undimmed, and a strip over the
        machine's own message line (the table's says what the gamble does)."""
        with Vertical(id="gamble-dialog") as dialog:
            dialog.border_title = "Gamble: double or nothing"
            with Horizontal(id="gamble-table"):
                yield PlayingCard(id="gamble-card")
                with Vertical(id="gamble-info"):
                    with Vertical(id="gamble-stakes") as stakes:
                        stakes.border_title = "Stakes"
                        yield Static(id="gamble-win")
                        yield Static(id="gamble-pays")
                        yield Static(id="gamble-limit")
                    yield Verdict(id="gamble-verdict")
                    yield Static(id="gamble-recent")
                    yield CardRow(id="gamble-history")
            yield Static(id="gamble-message")
        yield Static(id="gamble-cover")  # over the machine's message line
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

    @property
    def verdict(self) -> Verdict:
        """WON or LOST beside the card."""
        return self.query_one("#gamble-verdict", Verdict)

    @property
    def turning(self) -> bool:
        """True while the card turns over."""
        return self.presenter.busy

    # --- keys ----------------------------------------------------------------------------

    def on_key(self, event: events.Key) -> None:
        """Any key while the card turns finishes the turn (and does nothing else); any key
        once a lost card is up closes the gamble."""
        if self.turning:
            event.stop()
            event.prevent_default()
            self.presenter.skip_show()
        elif self._landed_at is not None:
            event.stop()
            event.prevent_default()
            self._leave_after_loss()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Guesses only while the gamble is open; collect while a win is waiting."""
        if self._ended:
            return False
        if action == "guess":
            return self.session.phase is Phase.GAMBLE or self.turning
        return True

    def action_guess(self, color: str) -> None:
        """Draw the next card for a guess, then turn it over."""
        if self.turning:
            self.presenter.skip_show()
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
        self._step = step
        self._stop_won_timer()
        self._show_stakes(recent_before, stake=step.stake)
        self.verdict.say("")
        self._say(f"You said {color}. Turning the card…")
        self.presenter.play([FlipScene(self.card, step.card)])
        self.refresh_bindings()

    def action_quit(self) -> None:
        """Leave the game (a saved gamble resumes; a demo asks first, :func:`quit_game`)."""
        quit_game(self.app, self.session)

    def action_collect(self) -> None:
        """Take the win into credits and close (or, while the card turns, finish the turn)."""
        if self.turning:
            self.presenter.skip_show()
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
        self._stop_won_timer()
        self.dismiss(None)

    # --- showing -------------------------------------------------------------------------

    def _turned(self) -> None:
        """The card is face up (turned, or the turn skipped): say what it is and what now."""
        step = self._step
        if step is None:
            return
        color = card_color(step.card)
        named = f"{card_name(step.card)} — {color}"
        self._show_stakes(self.session.state.recent_cards)
        self._on_change()
        self.session.mark_seen()  # the card is face up: a restart need not tell it
        self.verdict.say("WON" if step.won else "LOST")
        if not step.won:
            self._ended = True
            self._landed_at = self.presenter.clock()
            self._say(
                f"{named}: the win of {format_cents(step.stake)} is lost. Press any key to go back."
            )
            self.set_timer(LOST_PAUSE_SECONDS, self._close_after_loss)
        elif self.session.phase is Phase.GAMBLE:
            self._say(
                f"{named}: you win {format_cents(step.result)}. "
                "Guess again (5 red, 6 black) or press Space to collect."
            )
            self._won_timer = self.set_timer(WON_PAUSE_SECONDS, self._ready_again)
        else:
            self._say(
                f"{named}: you win {format_cents(step.result)}. That is over the "
                "gamble limit, so the gamble is closed. Press Space to collect."
            )
        self.refresh_bindings()

    def _ready_again(self) -> None:
        """After a right guess: the card goes face down for the next one."""
        self._won_timer = None
        if not self.turning and self.session.phase is Phase.GAMBLE:
            self.verdict.say("")
            self.card.show_back()

    def _stop_won_timer(self) -> None:
        if self._won_timer is not None:
            self._won_timer.stop()
            self._won_timer = None

    def _leave_after_loss(self) -> None:
        """A key on the lost card: close, unless it came so soon after the turn that it
        was mashed into it (then the card stays up a moment more)."""
        landed = self._landed_at
        if landed is not None and self.presenter.clock() - landed >= SKIP_HOLD_SECONDS:
            self._close_after_loss()

    @property
    def settling(self) -> bool:
        """True while the screen moves on by itself: the card turning, or the lost card
        held before the gamble closes (``slotterm script`` waits for it to close)."""
        return self.turning or (self._landed_at is not None and self.is_current)

    def _close_after_loss(self) -> None:
        if self._landed_at is None:
            return  # closed already (a key came before the pause ran out)
        self._landed_at = None
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
        for n, card in enumerate(recent[-5:]):
            if n:
                cards.append(" ")
            cards.append_text(card_text(card, mono=no_colour(self)))
        self.query_one("#gamble-recent", Static).update(cards)
        self.query_one("#gamble-history", CardRow).show(recent)

    def _say(self, message: str) -> None:
        self.query_one("#gamble-message", Static).update(message)
