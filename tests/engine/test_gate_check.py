"""``gate_check`` (the base spin's written-out feature gate) answers as ``may_start`` does.

``BaseSpin.gate_check`` is what the base spins ask (``spin_run``, ``spin_drawn``); it
reads only the reels that hold some gate back and stops at the first that leaves none
open.  Checked against the plain ``BaseSpin.may_start`` on the shipped games' base spins
and on made-up gates (partial masks, reels that hold nothing back, no gate at all).
"""

from __future__ import annotations

import itertools
import random

import pytest

from slotterm.engine.actions import Limits
from slotterm.engine.base_spin_setup import BaseSpin, gate_check
from slotterm.games import get_game

GAMES = ("book-of-spells", "lucky-witch")


@pytest.mark.parametrize("game_id", GAMES)
def test_the_shipped_games_gates_answer_as_may_start(game_id: str) -> None:
    game = get_game(game_id)
    base = BaseSpin(game, game.default_bet(), Limits())
    draws = random.Random(5)
    most = game.reels * game.rows + 2  # past a window's scatters too
    opened = 0
    for _ in range(5_000):
        stops = tuple(draws.randrange(n) for n in base.lengths)
        for scatters in range(most):
            expected = base.may_start(stops, scatters)
            assert base.gate_check(stops, scatters) is expected, (stops, scatters)
            opened += expected
    assert opened  # some spins may start a feature


def test_the_gated_reels_every_stop_of_lucky_witch() -> None:
    # the Mystery bonus needs given stops on three reels: every stop of those reels
    game = get_game("lucky-witch")
    base = BaseSpin(game, game.default_bet(), Limits())
    lengths = base.lengths
    for s0, s2, s4 in itertools.product(range(lengths[0]), range(lengths[2]), range(lengths[4])):
        stops = (s0, 1, s2, 2, s4)
        for scatters in (0, 4):
            assert base.gate_check(stops, scatters) is base.may_start(stops, scatters)


def _plain(
    scatter_bits: tuple[int, ...],
    gate_bits: tuple[tuple[int, ...], ...],
    stops: tuple[int, ...],
    scatters: int,
) -> bool:
    bits = scatter_bits[min(scatters, len(scatter_bits) - 1)]
    for masks, stop in zip(gate_bits, stops, strict=True):
        bits &= masks[stop]
    return bits != 0


@pytest.mark.parametrize("seed", range(40))
def test_made_up_gates_answer_as_the_plain_and_of_their_bits(seed: int) -> None:
    draws = random.Random(seed)
    gates = draws.randint(0, 3)
    every = (1 << gates) - 1
    reels = draws.randint(1, 6)
    lengths = [draws.randint(1, 7) for _ in range(reels)]

    def mask() -> int:
        return every if draws.random() < 0.4 else draws.randint(0, every)

    gate_bits = tuple(
        tuple(every for _ in range(n)) if draws.random() < 0.3 else tuple(mask() for _ in range(n))
        for n in lengths
    )
    scatter_bits = tuple(draws.randint(0, every) for _ in range(draws.randint(1, 5)))
    check = gate_check(scatter_bits, gate_bits)
    for stops in itertools.product(*(range(n) for n in lengths)):
        for scatters in range(len(scatter_bits) + 2):
            expected = _plain(scatter_bits, gate_bits, stops, scatters)
            assert check(stops, scatters) is expected, (gate_bits, scatter_bits, stops, scatters)
