"""A tester's pick-game layout (``--force mystery-bonus:LABEL=LAYOUT``): the draws each
pick game works out for a layout make its own start draw exactly that layout, for every
layout the game draws itself; a layout it could never draw is refused in one line."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from slotterm.engine.features.pick_game import PickGame
from slotterm.engine.features.pick_layouts import Draw, LayoutError
from slotterm.rng import SeededSource
from tests.engine.pick_support import BOOK, POTION, PUMPKIN, VAULT, ctx

GAMES: tuple[PickGame, ...] = (POTION, PUMPKIN, BOOK, VAULT)


class StrictDraws:
    """Hands out ``draws`` in order, each only to a draw of its own bound."""

    def __init__(self, draws: Sequence[Draw]) -> None:
        self.draws = list(draws)

    def randbelow(self, n: int) -> int:
        """The next forced draw; its bound must be ``n``."""
        bound, value = self.draws.pop(0)
        assert bound == n, f"a draw of {n} where the layout put one of {bound}"
        assert 0 <= value < n
        return value


def layout_text(game: PickGame, record: Any) -> str:
    """The layout of ``record`` as a tester writes it (the game's ``layout_syntax``)."""
    if game is BOOK:
        books = ",".join(map(str, record.books))
        return books if record.imp is None else f"{books}+{record.imp}"
    return ",".join(str(item).replace("_", "-") for item in record.layout)


def layout_of(game: PickGame, record: Any) -> Any:
    return (record.books, record.imp) if game is BOOK else record.layout


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.label)
def test_every_layout_the_game_draws_can_be_forced(game: PickGame) -> None:
    seen = set()
    for seed in range(60):
        drawn = game.start(ctx(), SeededSource(seed)).record
        source = StrictDraws(game.layout_draws(layout_text(game, drawn)))
        forced = game.start(ctx(), source).record
        assert layout_of(game, forced) == layout_of(game, drawn)
        assert source.draws == []  # every forced draw was used, none was missing
        seen.add(repr(layout_of(game, drawn)))
    assert len(seen) > 10  # the seeds gave many different layouts


@pytest.mark.parametrize(
    ("game", "text", "said"),
    [
        (PUMPKIN, "2,4,6,10", "needs 5 amounts (one per pumpkin), got 4"),
        (PUMPKIN, "2,4,6,10,x", "'x' is not an amount"),
        (POTION, "1,2,3,5,8,1,2,3,stop,win-all,1", "needs 12 items (one per bottle), got 11"),
        (POTION, "1,2,3,5,8,1,2,3,win-all,win-all,1,1", "win-all exactly once, got it 2 times"),
        (BOOK, "5,10", "needs 3 multipliers (one per book), got 2"),
        (BOOK, "5,10,30", "'30' is not a book"),
        (VAULT, "100,40,25,20,15,12,10,8,6,5,4,4", "4 stands 2 times, the vaults hold it 1 times"),
        (VAULT, "100,40,25,20,15,12,10,8,6,5,4,7", "'7' is not a vault amount"),
    ],
)
def test_a_layout_the_game_cannot_draw_is_refused(game: PickGame, text: str, said: str) -> None:
    with pytest.raises(LayoutError) as caught:
        game.layout_draws(text)
    assert said in str(caught.value) and "\n" not in str(caught.value)
