"""A first end-to-end round through the state machine."""

from slotterm.engine.round import (
    Bet,
    Collect,
    GameState,
    Phase,
    PlayFreeSpin,
    Spin,
    StartFeature,
    apply,
)
from slotterm.games import get_game
from slotterm.rng import SeededSource


def test_forced_feature_round_conserves_money() -> None:
    game = get_game("book-of-spells")
    rng = SeededSource(3)
    state = GameState(Phase.IDLE, 100_000)
    bet = Bet(10, 9)
    state = apply(game, state, Spin(bet, force_feature=True), rng).state
    assert state.phase is Phase.FEATURE_AWARDED
    state = apply(game, state, StartFeature(), rng).state
    assert state.round is not None and state.round.special in game.paying_symbols
    while state.phase is Phase.FREE_SPINS:
        state = apply(game, state, PlayFreeSpin(), rng).state
    assert state.phase is Phase.WIN_OFFERED and state.round is not None
    win = state.round.win
    state = apply(game, state, Collect(), rng).state
    assert state.phase is Phase.IDLE
    assert state.credits == 100_000 - bet.total + win
