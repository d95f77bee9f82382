"""Without colour (``NO_COLOR``) every symbol of every shipped game is told apart by its
shape alone, at the tile size the reels use at 80×24, 100×32, 120×40 and 200×60.

"Apart" is more than "not the same text": two symbols' shapes differ in a good share of the
cells either of them draws (three round symbols filled edge to edge read as the same white
lump, whatever a few cells say: Lucky Witch's pumpkin, crystal ball and cauldron once did).
The machine drawn under ``NO_COLOR`` draws exactly these shapes."""

from __future__ import annotations

import itertools

import pytest

from slotterm.engine.model import GameDefinition
from slotterm.games import game_ids
from slotterm.tui.art.tiles import tile_strips
from slotterm.tui.symbols import art_set
from slotterm.tui.widgets.reel_layout import reel_layout
from tests.tui.art_support import shipped
from tests.tui.lucky_witch_support import lw_app
from tests.tui.main_support import main
from tests.tui.modal_support import wait_for

TERMINALS = {(80, 24): (78, 13), (100, 32): (98, 21), (120, 40): (118, 29), (200, 60): (198, 49)}
"""Each terminal size and the reel window's content area (inside its border) there."""
LEAST_DIFFERENT = 1 / 3
"""The smallest share of the cells drawn in either of two shapes in which they differ."""


def inner(lines: list[str]) -> str:
    """A tile's text between its sides (the picture and any plate; drawn without colour
    the frame is only its corners and sides, so the top and bottom lines hold picture too),
    as one string."""
    return "".join(line[1:-1] for line in lines)


def shapes(game: GameDefinition, tile_w: int, tile_h: int) -> dict[str, str]:
    """Each symbol's tile drawn without colour, inside its frame."""
    arts = art_set(game)
    return {
        symbol.id: inner(
            [s.text for s in tile_strips(arts.art(symbol.id), tile_w, tile_h, mono=True)]
        )
        for symbol in game.symbols
    }


def tile_size(game: GameDefinition, terminal: tuple[int, int]) -> tuple[int, int]:
    """The tile the reels draw at ``terminal`` (its content area's layout)."""
    per_row = max(
        sum(1 for rows in game.lines if rows[end] == row)
        for row in range(game.rows)
        for end in (0, -1)
    )
    layout = reel_layout(*TERMINALS[terminal], game.reels, game.rows, per_row=max(1, per_row))
    return layout.tile_w, layout.tile_h


@pytest.mark.parametrize("game_id", game_ids())
@pytest.mark.parametrize("terminal", sorted(TERMINALS), ids=lambda t: f"{t[0]}x{t[1]}")
def test_every_symbol_has_its_own_shape_without_colour(
    game_id: str, terminal: tuple[int, int]
) -> None:
    game = shipped(game_id)
    drawn = shapes(game, *tile_size(game, terminal))
    assert len(set(drawn.values())) == len(drawn), "two symbols drawn the same"
    for a, b in itertools.combinations(drawn, 2):
        assert difference(drawn[a], drawn[b]) >= LEAST_DIFFERENT, (a, b)
    for symbol, text in drawn.items():
        assert sum(ch in "▀▄█" for ch in text) >= 6, f"{symbol} draws no picture"


def difference(a: str, b: str) -> float:
    """The share of the cells drawn in ``a`` or ``b`` (not blank in both) that differ."""
    drawn = [(x, y) for x, y in zip(a, b, strict=True) if x != " " or y != " "]
    return sum(x != y for x, y in drawn) / max(1, len(drawn))


def test_the_difference_tells_twins_from_other_shapes() -> None:
    """A near twin of a round blob is too alike; a ring and the same blob are not."""
    blob = " ▄██▄ " + "██████" + " ▀██▀ "
    twin = " ▄██▄ " + "████▀█" + " ▀██▀ "
    ring = " ▄▀▀▄ " + "█    █" + " ▀▄▄▀ "
    assert difference(blob, twin) < LEAST_DIFFERENT <= difference(blob, ring)


@pytest.mark.parametrize("terminal", [(80, 24), (120, 40), (200, 60)], ids=str)
async def test_lucky_witch_under_no_color_draws_those_shapes(
    terminal: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    app = lw_app(1)
    async with app.run_test(size=terminal) as pilot:
        reels = main(app).reels
        await wait_for(pilot, lambda: reels.content_size.width > 0)
        await pilot.pause()
        assert reels.mono
        layout = reels.layout_now()
        drawn = reels.drawn_text().split("\n")
        expected = shapes(app.session.game, layout.tile_w, layout.tile_h)
        seen = set()
        for reel in range(reels.reel_count):
            x = layout.reel_x(reel)
            for first, count, symbol, _tall in reels.tiles_of(reel):
                if count > 1:
                    continue  # a stack is one tall tile: its own shape
                y = layout.row_y(first)
                tile = [line[x : x + layout.tile_w] for line in drawn[y : y + layout.tile_h]]
                assert inner(tile) == expected[symbol], (reel, first, symbol)
                seen.add(symbol)
        assert len(seen) >= 4  # several symbols were compared
