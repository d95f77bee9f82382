"""The player's choice of bet in a session: which bets may be selected, and a coin bet changed.

:class:`~slotterm.session.game_session.GameSession` asks these for its
:meth:`~slotterm.session.game_session.GameSession.bet_refusal` and
:meth:`~slotterm.session.game_session.GameSession.coin_bet`.
"""

from __future__ import annotations

from slotterm.engine.actions import ActionRefused, Bet
from slotterm.engine.model import GameDefinition
from slotterm.engine.records import Phase
from slotterm.money import format_cents

__all__ = ["bet_refusal", "changed_coin_bet"]


def bet_refusal(game: GameDefinition, phase: Phase, steps: tuple[int, ...], bet: Bet) -> str | None:
    """Why ``bet`` cannot be selected in ``phase``, or ``None``.

    The lines must be the game's, the bet the game's (a coin game: coins per line in its
    range and a coin size), and the operator must offer it: the bet per line among
    ``steps``, or in a coin game the coin size among them.
    """
    if phase is not Phase.IDLE:
        return "the bet can only change between rounds"
    lines = game.lines_refusal(bet.lines)
    if lines is not None:
        return lines
    wrong = game.bet_refusal(bet.bet_per_line, bet.coin_size)
    if wrong is not None:
        return wrong
    model = game.bet_model
    if model.step_of(bet) not in steps:
        one, several = model.step_words
        offered = ", ".join(format_cents(step) for step in steps)
        return f"that {one} is not offered ({several}: {offered})"
    return None


def changed_coin_bet(
    game: GameDefinition, bet: Bet, coins: int | None, coin_size: int | None, lines: int | None
) -> Bet:
    """``bet`` with some of its coins per line, coin size or lines changed (``None``: kept).

    Raises :class:`~slotterm.engine.actions.ActionRefused` when ``game`` is not bet in coins.
    """
    if not game.bet_model.in_coins or bet.coin_size is None:
        raise ActionRefused("this game is not bet in coins")
    size = bet.coin_size if coin_size is None else coin_size
    count = (bet.coins or 0) if coins is None else coins
    return Bet(
        bet_per_line=count * size,
        lines=bet.lines if lines is None else lines,
        coin_size=size,
    )
