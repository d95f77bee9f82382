"""The bet keys' decisions: bet per line + / −, lines ← / →, Bet Max (B) and the top-up.

:class:`BetKeys` works out what a key asks for (the arithmetic is in
:mod:`slotterm.tui.bet_choice`) and posts it to its host screen as a message; the screen
changes the session and the boxes (messages up).  It reads the session and keeps its
own one piece of state, whether Bet Max was just set (the screen clears it on a spin:
attributes down).
"""

from __future__ import annotations

from textual.message import Message
from textual.message_pump import MessagePump

from slotterm.engine.actions import Action, Bet, Spin, TopUp
from slotterm.money import format_cents
from slotterm.session.game_session import GameSession
from slotterm.tui.bet_choice import max_affordable_bet, stepped_bet, stepped_lines


class BetChanged(Message):
    """The player chose ``bet``; ``note`` (if any) is what to say once it is set; ``spin``:
    spin at once once it is set (Bet Max in a game bet in coins)."""

    def __init__(self, bet: Bet, note: str | None = None, *, spin: bool = False) -> None:
        super().__init__()
        self.bet = bet
        self.note = note
        self.spin = spin


class BetNote(Message):
    """A bet key had nothing to change; ``text`` says why (empty: nothing to say)."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text


class ActionAsked(Message):
    """A key asked the machine for ``action``: the top-up, or a spin (Bet Max pressed again
    on the bet it set; the screen spins as its spin key does)."""

    def __init__(self, action: Action) -> None:
        super().__init__()
        self.action = action


class BetKeys:
    """What the bet keys ask for, posted to ``host`` as messages."""

    def __init__(self, host: MessagePump, session: GameSession) -> None:
        self._host = host
        self.session = session
        self.armed = False
        """Bet Max just set the bet: pressed again, it spins."""

    def step_bet(self, step: int) -> None:
        """Next higher / lower bet per line (at either end, say so)."""
        bet = stepped_bet(self.session, step)
        if bet == self.session.bet:
            end = "highest" if step > 0 else "lowest"
            self._host.post_message(
                BetNote(f"{format_cents(bet.bet_per_line)} is the {end} bet per line.")
            )
            return
        self._choose(bet)

    def step_lines(self, step: int) -> None:
        """One line more or fewer, wrapping from the last line to 1 (and 1 to the last)."""
        self._choose(stepped_lines(self.session, step))

    def bet_max(self) -> None:
        """Highest affordable bet on every line; pressed again, spin."""
        best = max_affordable_bet(self.session)
        if self.armed and best is not None and self.session.bet == best:
            self._host.post_message(ActionAsked(Spin(best)))
            return
        if best is None:
            self._host.post_message(BetNote("Credits can't cover a bet on every line."))
            return
        self.armed = True
        self._host.post_message(BetChanged(best, "Bet max set (B again spins)."))

    def settled(self, bet: Bet) -> None:
        """The screen has handled the message asking for ``bet`` (nothing to track here)."""

    def step_coins(self, step: int) -> None:
        """Coins per line: a game bet in cents has none (:class:`CoinBetKeys` has)."""
        self._host.post_message(BetNote("This game is not bet in coins."))

    def top_up(self) -> None:
        """Top the demo credits back up to the starting balance."""
        amount = self.session.start_credits - self.session.state.credits
        if amount > 0:
            self._host.post_message(ActionAsked(TopUp(amount)))
        else:
            self._host.post_message(BetNote(""))

    def _choose(self, bet: Bet) -> None:
        self.armed = False
        self._host.post_message(BetChanged(bet))

    def _say(self, text: str) -> None:
        self._host.post_message(BetNote(text))
