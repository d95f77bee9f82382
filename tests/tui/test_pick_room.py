"""The pick games fill the window as a real slot's bonus screen (issue 20): a themed room
drawn around the board (shapes, not colour alone), the title at the top, Credits / Bet /
Win along the bottom just over the key bar, and no band of empty rows at 120×40 or
200×60; at 80×24 the room shrinks away and the board, the words and the money all fit."""

from __future__ import annotations

from typing import Any

import pytest
from textual.geometry import Region

from slotterm.tui.features.pick_money import PickMoney
from slotterm.tui.features.pick_scenery import Stage, paint_room
from slotterm.tui.features.pick_screen import PickScreen
from tests.tui.pick_support import LABELS, PickApp, at_rest, bonus_session, press_all

GAMES = list(LABELS)
LARGE = [(120, 40), (200, 60)]
MID_WAY = {"magic_potion": ["2", "3"], "pumpkin": ["1"], "secret_vault": ["5", "8", "c"]}
"""Keys that leave each game part-way (the Spell Book is shown before its one pick)."""


def screen_rows(screen: PickScreen) -> list[str]:
    """The characters of each row of the screen as drawn (no colour: a row coloured but
    without a mark counts as blank, so the room must be drawn in shapes)."""
    return [strip.text for strip in screen._compositor.render_strips()]


def longest_blank_run(rows: list[str]) -> int:
    """The most rows in a row with nothing but spaces."""
    longest = run = 0
    for row in rows:
        run = run + 1 if not row.strip() else 0
        longest = max(longest, run)
    return longest


def board_region(screen: PickScreen) -> Region:
    """The region the board's items cover."""
    return Region.from_union([cell.region for cell in screen.cells if cell.region.height])


async def played(pilot: Any, app: PickApp, game: str) -> PickScreen:
    """The game at rest, part-way through."""
    await at_rest(pilot, app)
    return await press_all(pilot, app, *MID_WAY.get(game, []))


def test_the_blank_count_sees_a_band() -> None:
    assert longest_blank_run(["x", "  ", "   ", "x", " "]) == 2
    assert longest_blank_run(["x", "y"]) == 0


@pytest.mark.parametrize("size", LARGE, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game", GAMES)
async def test_no_band_of_empty_rows_and_the_parts_placed_as_a_slot_places_them(
    game: str, size: tuple[int, int]
) -> None:
    app = PickApp(bonus_session(game))
    async with app.run_test(size=size) as pilot:
        screen = await played(pilot, app, game)
        rows = screen_rows(screen)
        assert longest_blank_run(rows) <= 1, "\n".join(rows)
        width, height = size
        money = screen.query_one(PickMoney).region
        assert money.bottom == height - 1  # right over the key bar
        title = screen.query_one("#pick-title").region
        board = board_region(screen)
        assert title.y <= height // 8 and title.bottom <= board.y
        assert board.bottom <= screen.query_one("#pick-status").region.y < money.y
        assert board.x >= 0 and board.right <= width


@pytest.mark.parametrize("game", GAMES)
async def test_the_room_is_drawn_in_shapes_around_the_game_without_colour(
    game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    app = PickApp(bonus_session(game))
    async with app.run_test(size=(200, 60)) as pilot:
        screen = await played(pilot, app, game)
        rows = screen_rows(screen)
        title = screen.query_one("#pick-title").region
        above = [row for row in rows[: title.y]]
        money = screen.query_one(PickMoney).region
        under = rows[screen.query_one("#pick-message").region.bottom + 1 : money.y]
        assert above or under
        for row in above + under:  # every row of the room has marks on it
            assert sum(ch != " " for ch in row) >= 5, row


def test_each_game_has_its_own_room() -> None:
    stage = Stage(width=120, height=40, side=6, top=6, floor=30, base=35, shelves=(20,))
    shapes = {game: {ch for row in paint_room(game, stage) for ch, _, _ in row} for game in GAMES}
    for game in GAMES:
        others = set().union(*(shapes[g] for g in GAMES if g != game))
        assert shapes[game] - others, f"{game}'s room has no shape of its own"


@pytest.mark.parametrize("game", GAMES)
async def test_at_80x24_the_room_shrinks_away_and_everything_fits(game: str) -> None:
    app = PickApp(bonus_session(game))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await played(pilot, app, game)
        board = board_region(screen)
        money = screen.query_one(PickMoney).region
        assert money.y == 22 and money.height == 1  # one line, over the key bar
        words = [screen.query_one(f"#pick-{n}").region for n in ("title", "status", "message")]
        assert all(r.height >= 1 for r in words)
        assert words[0].bottom <= board.y and board.bottom <= words[1].y
        assert words[2].bottom <= money.y and board.right <= 80
        stage = screen.query_one("#pick-backdrop").stage
        assert stage is not None and stage.top == 0  # no room above the title
