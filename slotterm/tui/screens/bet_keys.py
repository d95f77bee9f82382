"""The main screen's bet keys: bet per line + / −, lines ← / →, Bet Max (B) and the top-up.

A mixin of :class:`~slotterm.tui.screens.main_screen.MainScreen`; the arithmetic itself is
in :mod:`slotterm.tui.bet_choice`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from slotterm.engine.round import Action, ActionRefused, Bet, TopUp
from slotterm.money import format_cents
from slotterm.session.errors import SaveError
from slotterm.session.game_session import GameSession
from slotterm.tui.bet_choice import max_affordable_bet, stepped_bet, stepped_lines


class BetKeys:
    """Actions that change the bet between rounds (the main screen supplies the rest)."""

    session: GameSession
    _note: str
    _bet_max_armed: bool

    if TYPE_CHECKING:  # supplied by MainScreen

        def _begin_action(self) -> None: ...

        def _rest(self) -> None: ...

        def _spin(self) -> None: ...

        def _act(self, action: Action) -> bool: ...

    def action_bet(self, step: int) -> None:
        """Next higher / lower bet per line (at either end, say so)."""
        bet = stepped_bet(self.session, step)
        if bet == self.session.bet:
            self._begin_action()
            end = "highest" if step > 0 else "lowest"
            self._note = f"{format_cents(bet.bet_per_line)} is the {end} bet per line."
            self._rest()
            return
        self._set_bet(bet)

    def action_lines(self, step: int) -> None:
        """One line more or fewer, wrapping from 9 to 1 (and 1 to 9)."""
        self._set_bet(stepped_lines(self.session, step))

    def action_bet_max(self) -> None:
        """Highest affordable bet on every line; pressed again, spin."""
        best = max_affordable_bet(self.session)
        if self._bet_max_armed and best is not None and self.session.bet == best:
            self._spin()
            return
        if best is None:
            self._begin_action()
            self._note = "Credits can't cover a bet on every line."
            self._rest()
            return
        self._set_bet(best)
        self._bet_max_armed = True
        self._note = "Bet max set (B again spins)."
        self._rest()

    def _set_bet(self, bet: Bet) -> None:
        self._begin_action()
        self._bet_max_armed = False
        try:
            self.session.set_bet(bet)
        except (ActionRefused, SaveError) as error:
            self._note = f"{str(error).capitalize()}."
        self._rest()

    def action_top_up(self) -> None:
        """Top the demo credits back up to the starting balance."""
        self._begin_action()
        amount = self.session.start_credits - self.session.state.credits
        if amount > 0:
            self._act(TopUp(amount))
        else:
            self._rest()
