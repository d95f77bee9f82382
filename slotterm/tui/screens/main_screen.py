"""The main screen: the machine (:class:`~slotterm.tui.screens.machine_screen.MachineScreen`)
with its bet keys and the screens opened over it.

The bet keys are the game's bet model's (:func:`~slotterm.tui.bet_views.bet_view`): a bet
per line (:class:`BetKeys`) or coins per line and a coin size (:class:`CoinBetKeys`).
They and the side screens report back with messages (messages up); the screen changes
the session and shows it again.
"""

from __future__ import annotations

from textual import on

from slotterm.engine.actions import ActionRefused, Spin
from slotterm.engine.records import Phase
from slotterm.session.errors import SaveError
from slotterm.session.game_session import GameSession
from slotterm.tui.narration import gamble_lost
from slotterm.tui.screens.bet_keys import ActionAsked, BetChanged, BetNote
from slotterm.tui.screens.machine_screen import MachineScreen
from slotterm.tui.screens.side_messages import GambleClosed, SessionChanged
from slotterm.tui.screens.side_screens import SideScreens, load_windows
from slotterm.tui.screens.windows_ahead import WindowsAhead
from slotterm.tui.widgets.coin_boxes import CoinBoxes


class MainScreen(MachineScreen):
    """The slot machine with its bet keys and side screens; ``force`` names a feature the
    next spin must start."""

    def __init__(self, session: GameSession, *, force: str | None = None) -> None:
        super().__init__(session, force=force)
        self.bet_keys = self.bet_view.keys(self, session)
        """What the bet keys ask for."""
        self.side = SideScreens(self, session)
        """The screens opened over the machine."""
        self.ahead = WindowsAhead(self, self.side, self._quiet)
        """The help and the paytable, built ahead while the machine rests."""
        self.reels.set_lines(session.game.lines, session.bet.lines)

    def on_mount(self) -> None:
        """Once the machine's first frame is drawn, load the windows' code (an H or P in
        the first second then only builds its window)."""
        self.call_after_refresh(load_windows)

    def _rest(self) -> None:
        """At rest: as the machine does, and the windows built ahead once it stays so."""
        super()._rest()
        if not self.presenter.busy:
            self.ahead.rested()

    def _quiet(self) -> bool:
        """On top, nothing moving, no autoplay: a moment to build a window ahead."""
        return self.app.screen is self and not self.presenter.busy and not self.autoplay

    def _resume_gamble(self) -> None:
        """A round saved mid-gamble goes straight back to the card table."""
        if self.session.phase is Phase.GAMBLE and self.is_current:
            self.side.gamble()

    def _before_spin(self) -> None:
        """A spin ends Bet Max's "pressed again, spin"."""
        self.bet_keys.armed = False

    # --- the bet keys (their decisions come back as messages) ---------------------------

    def action_bet(self, step: int) -> None:
        """Next higher / lower bet per line."""
        self.bet_keys.step_bet(step)

    def action_coin_size(self, step: int) -> None:
        """Next larger / smaller coin size (a game bet in coins)."""
        self.bet_keys.step_bet(step)

    def action_coins(self, step: int) -> None:
        """One coin per line more / fewer (a game bet in coins)."""
        self.bet_keys.step_coins(step)

    def action_lines(self, step: int) -> None:
        """One line more or fewer, wrapping at the ends."""
        self.bet_keys.step_lines(step)

    def action_bet_max(self) -> None:
        """Highest affordable bet on every line (in a game bet per line: pressed
        again, spin; in a game bet in coins: spin at once)."""
        self.bet_keys.bet_max()

    def action_top_up(self) -> None:
        """Top the demo credits back up to the starting balance."""
        self.bet_keys.top_up()

    @on(BetChanged)
    def _bet_changed(self, message: BetChanged) -> None:
        self._begin_action()
        self.bet_keys.settled(message.bet)
        lines = self.session.bet.lines
        try:
            self.session.set_bet(message.bet)
        except ActionRefused as error:
            self._note = f"{str(error).capitalize()}."
        except SaveError as error:
            self.bet_keys.armed = False
            self._note = f"Could not save, the bet stays as it was: {error}."
        else:
            if self.session.bet.lines != lines:
                self.reels.show_lines(self.session.bet.lines)  # the new lines, for a moment
            if message.note is not None:
                self._note = message.note
            if message.spin:
                note = self._note
                self._sync()  # the boxes show the new bet while the reels turn
                self._spin()
                self._note = self._note or note
                return
        self._rest()

    @on(BetNote)
    def _bet_note(self, message: BetNote) -> None:
        self._begin_action()
        self._note = message.text
        self._rest()

    @on(ActionAsked)
    def _action_asked(self, message: ActionAsked) -> None:
        if isinstance(message.action, Spin):
            self._spin()
        else:
            self._begin_action()
            self._act(message.action)

    # --- values in coins or credits ----------------------------------------------------

    def action_units(self) -> None:
        """Show the bet, credits and win in coins, or back in credits."""
        boxes = self.boxes
        if isinstance(boxes, CoinBoxes):
            self.show_values_in_coins(not boxes.in_coins)

    def show_values_in_coins(self, on: bool) -> None:
        """Amounts in coins (``on``) or in credits, for a game bet in coins (the option)."""
        boxes = self.boxes
        if not isinstance(boxes, CoinBoxes) or boxes.in_coins == on:
            return
        boxes.in_coins = on
        if self.presenter.busy:
            boxes.show_bet(self.session.bet, len(self.session.game.lines))
        else:
            self._note = "Amounts in coins." if on else "Amounts in credits."
            self._rest()

    # --- the screens over the machine ---------------------------------------------------

    def action_gamble(self) -> None:
        """Open the gamble on the offered win."""
        self._begin_action()
        self.side.gamble()

    @on(GambleClosed)
    def _gamble_closed(self, message: GambleClosed) -> None:
        if message.note is not None:
            self._note = message.note
        if gamble_lost(self.session):  # the wins were lost: no frames, no "N wins: X"
            self.reels.clear_marks()
        self._rest()

    @on(SessionChanged)
    def _session_changed(self) -> None:
        if gamble_lost(self.session):  # the card just lost them: under the table too
            self.reels.clear_marks()
        self._sync()

    def action_open(self, name: str) -> None:
        """Show the paytable, the help, the history or the statistics over the machine."""
        self.side.open(name)
