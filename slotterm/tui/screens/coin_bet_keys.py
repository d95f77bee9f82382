"""The bet keys of a game bet in coins (DESIGN.md §2).

``+`` / ``−`` step the coin size through the operator's sizes, ``↑`` / ``↓`` the coins
per line through the game's range, ``←`` / ``→`` the lines (wrapping past the last to
1), and Bet Max sets the most coins per line the credits allow (at most the game's
highest) on every line at the current coin size and spins at once.  Like
:class:`~slotterm.tui.screens.bet_keys.BetKeys`, it only posts what the key asks for.
"""

from __future__ import annotations

from collections.abc import Sequence

from textual.message_pump import MessagePump

from slotterm.engine.actions import Bet
from slotterm.engine.bet_model import CoinsPerLine
from slotterm.money import format_cents
from slotterm.session.game_session import GameSession
from slotterm.tui.screens.bet_keys import BetChanged, BetKeys
from slotterm.tui.widgets.coin_boxes import coins_text


def coin_rule(session: GameSession) -> CoinsPerLine:
    """The game's coin bet (the session's game must be bet in coins)."""
    rule = session.game.bet_model
    if not isinstance(rule, CoinsPerLine):
        raise ValueError(f"{session.game.name} is not bet in coins")
    return rule


def coin_bet(
    bet: Bet, *, coins: int | None = None, size: int | None = None, lines: int | None = None
) -> Bet:
    """``bet`` with its coins per line, coin size or lines changed."""
    new_size = (bet.coin_size or 1) if size is None else size
    new_coins = (bet.coins or 0) if coins is None else coins
    return Bet(
        bet_per_line=new_coins * new_size,
        lines=bet.lines if lines is None else lines,
        coin_size=new_size,
    )


def stepped_coin_size(sizes: Sequence[int], bet: Bet, step: int) -> Bet:
    """The next larger (``step`` > 0) or smaller coin size of ``sizes``, held at the ends."""
    ordered = sorted(sizes)
    index = ordered.index(bet.coin_size) if bet.coin_size in ordered else 0
    index = min(max(index + step, 0), len(ordered) - 1)
    return coin_bet(bet, size=ordered[index])


def stepped_coins(rule: CoinsPerLine, bet: Bet, step: int) -> Bet:
    """One coin per line more or fewer, held at the game's range."""
    low, high = rule.coins_per_line
    return coin_bet(bet, coins=min(max((bet.coins or low) + step, low), high))


def stepped_coin_lines(line_count: int, bet: Bet, step: int) -> Bet:
    """One line more or fewer, wrapping from the last line to 1 (and 1 to the last)."""
    return coin_bet(bet, lines=(bet.lines - 1 + step) % line_count + 1)


def max_coin_bet(rule: CoinsPerLine, bet: Bet, line_count: int, credits: int) -> Bet | None:
    """Bet Max: the most coins per line (up to the highest) that ``credits`` cover on all
    ``line_count`` lines at ``bet``'s coin size; ``None`` when not even the fewest are."""
    low, high = rule.coins_per_line
    size = bet.coin_size or 1
    coins = min(high, credits // (size * line_count))
    return coin_bet(bet, coins=coins, lines=line_count) if coins >= low else None


class CoinBetKeys(BetKeys):
    """What the bet keys ask for in a game bet in coins, posted to ``host`` as messages."""

    def __init__(self, host: MessagePump, session: GameSession) -> None:
        super().__init__(host, session)
        self.rule = coin_rule(session)
        """The game's coin bet."""
        self.pending: Bet | None = None
        """The last bet posted and not yet set: keys pressed quickly build on it."""

    @property
    def bet(self) -> Bet:
        """The bet the next key changes: the one asked for last, else the session's."""
        return self.pending if self.pending is not None else self.session.bet

    def settled(self, bet: Bet) -> None:
        """The screen has handled the message asking for ``bet`` (set or refused)."""
        if bet == self.pending:
            self.pending = None

    def step_bet(self, step: int) -> None:
        """Next larger / smaller coin size (at either end, say so)."""
        bet = stepped_coin_size(self.session.bet_steps, self.bet, step)
        if bet == self.bet:
            end = "largest" if step > 0 else "smallest"
            self._say(f"{format_cents(bet.coin_size or 0)} is the {end} coin size.")
            return
        self._choose(bet)

    def step_coins(self, step: int) -> None:
        """One coin per line more or fewer (at either end, say so)."""
        bet = stepped_coins(self.rule, self.bet, step)
        if bet == self.bet:
            end = "most" if step > 0 else "fewest"
            self._say(f"{coins_text(bet.coins or 0)} per line is the {end} you can bet.")
            return
        self._choose(bet)

    def step_lines(self, step: int) -> None:
        """One line more or fewer, wrapping past the last line to 1 (and 1 to the last)."""
        self._choose(stepped_coin_lines(len(self.session.game.lines), self.bet, step))

    def bet_max(self) -> None:
        """The most coins the credits cover on every line, and spin at once."""
        lines = len(self.session.game.lines)
        best = max_coin_bet(self.rule, self.bet, lines, self.session.state.credits)
        if best is None:
            size = format_cents(self.bet.coin_size or 0)
            self._say(f"Credits can't cover one coin on every line at coin size {size}.")
            return
        self.armed = False
        self.pending = best
        note = f"Bet max: {coins_text(best.coins or 0)} per line on {best.lines} lines."
        self._host.post_message(BetChanged(best, note, spin=True))

    def _choose(self, bet: Bet) -> None:
        self.pending = bet
        super()._choose(bet)
