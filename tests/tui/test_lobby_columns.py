"""The lobby's floor has no more columns than games: one game or two take the whole width
of a wide window, with no empty column beside them."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.tui.lobby_support import lobby_of, toy_shelf
from tests.tui.shell_support import shell_app, wait_for


@pytest.mark.parametrize(("count", "across"), [(1, 1), (2, 2), (3, 3), (5, 3)])
async def test_no_more_columns_than_games(tmp_path: Path, count: int, across: int) -> None:
    app = shell_app(tmp_path, shelf=toy_shelf(count))
    async with app.run_test(size=(200, 60)) as pilot:
        lobby = lobby_of(app)
        await wait_for(pilot, lambda: lobby.cards[0].region.width > 0)
        assert lobby.across == across
        row = [card.region for card in lobby.cards[:across]]
        assert sum(region.width for region in row) >= 200 - 2 - across - 4
