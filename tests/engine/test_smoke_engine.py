"""A first end-to-end round through the state machine."""

from slotterm.engine.actions import Bet, Collect, Spin
from slotterm.engine.features import free_spins_records
from slotterm.engine.features.expanding_symbol import ExpandingSymbol
from slotterm.engine.features.free_spins import FreeSpins
from slotterm.engine.features.free_spins_records import PlayFreeSpin, StartFeature
from slotterm.engine.model import GameDefinition
from slotterm.engine.records import GameState, Phase
from slotterm.engine.round import apply
from slotterm.rng import SeededSource


def test_forced_feature_round_conserves_money(game: GameDefinition) -> None:
    feature = game.feature(free_spins_records.NAME)
    assert isinstance(feature, FreeSpins) and isinstance(feature.modifier, ExpandingSymbol)
    rng = SeededSource(3)
    state = GameState(Phase.IDLE, 100_000)
    bet = Bet(10, 9)
    state = apply(game, state, Spin(bet, force=free_spins_records.NAME), rng).state
    assert state.phase is Phase.FEATURE
    record = free_spins_records.record_of(state.round)
    assert record is not None and feature.phase(record) == "awarded"
    state = apply(game, state, StartFeature(), rng).state
    record = free_spins_records.record_of(state.round)
    assert record is not None and record.modifier in feature.modifier.candidates
    while state.phase is Phase.FEATURE:
        state = apply(game, state, PlayFreeSpin(), rng).state
    assert state.phase is Phase.WIN_OFFERED and state.round is not None
    win = state.round.win
    state = apply(game, state, Collect(), rng).state
    assert state.phase is Phase.IDLE
    assert state.credits == 100_000 - bet.total + win
