"""The bet keys of a game bet in coins (Lucky Witch, DESIGN.md §2).

``+`` / ``−`` step the coin size through the operator's sizes, ``↑`` / ``↓`` the coins
per line through the game's range, ``←`` / ``→`` the lines (wrapping past the last to
1), and Bet Max sets the most coins per line the credits allow (at most the game's
highest) on every line at the current coin size and spins at once.  Like
:class:`~slotterm.tui.screens.bet_keys.BetKeys`, it only posts what the key asks for.
"""

from __future__ import annotations

from textual.message_pump import MessagePump

from slotterm.engine.actions import Bet
from slotterm.engine.model import CoinBet
from slotterm.money import format_cents
from slotterm.session.game_session import GameSession
from slotterm.tui.screens.bet_keys import BetChanged, BetKeys
from slotterm.tui.widgets.coin_boxes import coins_text


def coin_rule(session: GameSession) -> CoinBet:
    """The game's coin bet (the session's game must be bet in coins)."""
    rule = session.game.coins
    if rule is None:
        raise ValueError(f"{session.game.name} is not bet in coins")
    return rule


def stepped_coin_size(session: GameSession, step: int) -> Bet:
    """The next larger (``step`` > 0) or smaller coin size offered, held at the ends."""
    sizes = sorted(session.bet_steps)
    size = session.bet.coin_size
    index = sizes.index(size) if size in sizes else 0
    index = min(max(index + step, 0), len(sizes) - 1)
    return session.coin_bet(coin_size=sizes[index])


def stepped_coins(session: GameSession, step: int) -> Bet:
    """One coin per line more or fewer, held at the game's range."""
    low, high = coin_rule(session).coins_per_line
    coins = min(max((session.bet.coins or low) + step, low), high)
    return session.coin_bet(coins=coins)


def stepped_coin_lines(session: GameSession, step: int) -> Bet:
    """One line more or fewer, wrapping from the last line to 1 (and 1 to the last)."""
    count = len(session.game.lines)
    return session.coin_bet(lines=(session.bet.lines - 1 + step) % count + 1)


def max_coin_bet(session: GameSession) -> Bet | None:
    """Bet Max: the most coins per line (up to the highest) the credits cover on every
    line at the current coin size; ``None`` when not even the fewest are covered."""
    low, high = coin_rule(session).coins_per_line
    size = session.bet.coin_size or 1
    lines = len(session.game.lines)
    coins = min(high, session.state.credits // (size * lines))
    if coins < low:
        return None
    return session.coin_bet(coins=coins, lines=lines)


class CoinBetKeys(BetKeys):
    """What the bet keys ask for in a game bet in coins, posted to ``host`` as messages."""

    def __init__(self, host: MessagePump, session: GameSession) -> None:
        super().__init__(host, session)
        coin_rule(session)

    def step_bet(self, step: int) -> None:
        """Next larger / smaller coin size (at either end, say so)."""
        bet = stepped_coin_size(self.session, step)
        if bet == self.session.bet:
            end = "largest" if step > 0 else "smallest"
            self._say(f"{format_cents(bet.coin_size or 0)} is the {end} coin size.")
            return
        self._choose(bet)

    def step_coins(self, step: int) -> None:
        """One coin per line more or fewer (at either end, say so)."""
        bet = stepped_coins(self.session, step)
        if bet == self.session.bet:
            end = "most" if step > 0 else "fewest"
            self._say(f"{coins_text(bet.coins or 0)} per line is the {end} you can bet.")
            return
        self._choose(bet)

    def step_lines(self, step: int) -> None:
        """One line more or fewer, wrapping past the last line to 1 (and 1 to the last)."""
        self._choose(stepped_coin_lines(self.session, step))

    def bet_max(self) -> None:
        """The most coins the credits cover on every line, and spin at once."""
        best = max_coin_bet(self.session)
        if best is None:
            size = format_cents(self.session.bet.coin_size or 0)
            self._say(f"Credits can't cover one coin on every line at coin size {size}.")
            return
        self.armed = False
        note = f"Bet max: {coins_text(best.coins or 0)} per line on {best.lines} lines."
        self._host.post_message(BetChanged(best, note, spin=True))
