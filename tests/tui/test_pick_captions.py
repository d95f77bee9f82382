"""What the pick games' items write on their plates: a Magic Potion special not opened
says only what it was (qa2 finding 30), and amounts are written in coins when the player
chose amounts in coins (C), as the Win box writes them (qa2 finding 27)."""

from __future__ import annotations

import re

import pytest

from slotterm.engine.actions import Spin
from slotterm.engine.features.pick_games.magic_potion import STOP, WIN_ALL
from slotterm.money import format_cents
from slotterm.tui.features.pick_cell import ITEM_KEYS, PickCell
from tests.tui.modal_support import wait_for
from tests.tui.pick_support import (
    PickApp,
    at_rest,
    bonus_session,
    contents,
    force,
    machine_at_rest,
    make_witch_app,
    press_all,
    witch_session,
)


async def _potion_ended_by(special: str) -> tuple[list[str], list[tuple[str, ...]], int, int]:
    """Magic Potion played by opening ``special`` first: every item's drawn text and
    caption, the index of the special opened and of the other one."""
    session = bonus_session("magic_potion")
    app = PickApp(session)
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await at_rest(pilot, app)
        layout = screen.record.layout
        opened, other = layout.index(special), layout.index(STOP if special == WIN_ALL else WIN_ALL)
        screen = await press_all(pilot, app, ITEM_KEYS[opened])
        assert screen.finished
        texts = [str(cell.render()) for cell in screen.cells]
        captions = [cell.look.caption for cell in screen.cells]
    return texts, captions, opened, other


async def test_after_win_all_the_stop_bottle_says_only_stop() -> None:
    texts, captions, opened, stop = await _potion_ended_by(WIN_ALL)
    assert captions[stop] == ("STOP",)
    assert "game over" not in "".join(texts)
    assert captions[opened][0] == "WIN ALL"


async def test_after_stop_the_stop_says_it_ended_the_game_and_win_all_only_its_name() -> None:
    texts, captions, opened, win_all = await _potion_ended_by(STOP)
    assert captions[opened] == ("STOP", "game over")
    assert captions[win_all] == ("WIN ALL",)
    assert "pays all" not in "".join(texts)


@pytest.mark.parametrize("terminal", [(80, 24), (100, 32)], ids=lambda t: f"{t[0]}x{t[1]}")
async def test_amounts_in_coins_are_written_in_coins_on_the_tiles(
    terminal: tuple[int, int],
) -> None:
    """C on the machine, then the Secret Vault: the nine vaults out of the game show their
    amounts in coins (on a wide tile under the multiple, on a narrow one the count over
    "coins", as the Win box writes it), never in credits; every tile keeps its size."""
    session = witch_session()
    session.act(Spin(session.bet, force=force("secret_vault"), limits=session.limits))
    bet = session.bet
    coins_bet = bet.lines * (bet.coins or 0)  # 15 lines of 1 coin
    app = make_witch_app(session)
    async with app.run_test(size=terminal) as pilot:
        machine = await machine_at_rest(pilot, app)
        await pilot.press("c")
        await wait_for(pilot, lambda: "Amounts in coins." in machine.message.text)
        await pilot.press("space")  # stir the cauldron
        screen = await at_rest(pilot, app)
        screen = await press_all(pilot, app, "1", "2", "3")
        layout = screen.record.layout
        wide = screen.cells[0].tile_size[0] >= 15
        for cell in screen.cells[3:]:
            amount = layout[cell.index]
            coins = amount * coins_bet
            lines = str(cell.render()).splitlines()
            assert len(lines) == cell.tile_size[1]
            assert {len(line) for line in lines} == {cell.tile_size[0]}
            body = "\n".join(lines[1:-1])
            assert format_cents(amount * bet.total) not in body
            if wide:
                assert f"{amount}× bet" in body and f"{coins:,} coins" in body
            else:
                assert f"{coins:,}" in body and "coins" in body


async def test_amounts_in_credits_stay_in_credits_on_the_tiles() -> None:
    session = bonus_session("secret_vault")
    app = PickApp(session)
    async with app.run_test(size=(100, 32)) as pilot:
        await at_rest(pilot, app)
        screen = await press_all(pilot, app, "1", "2", "3")
        for cell in screen.cells[3:]:
            amount = screen.record.layout[cell.index]
            body = str(cell.render())
            assert f"{amount}× bet" in body and format_cents(amount * 15) in body
            assert "coins" not in body


END_KEYS = {
    "magic_potion": ["2", "3", "4", "1"],
    "pumpkin": ["1", "n", "2", "y"],
    "secret_vault": ["5", "8", "c", "8"],
    "spell_book": ["3"],
}
"""Keys that end each game (as in test_pick_art; seed 29: the Spell Book's imp comes)."""


@pytest.mark.parametrize("game", sorted(END_KEYS))
async def test_every_game_ends_in_coins_at_80x24_with_every_tile_fitting(game: str) -> None:
    seed = 29 if game == "spell_book" else 3
    session = witch_session(seed)
    session.act(Spin(session.bet, force=force(game), limits=session.limits))
    coins_bet = session.bet.lines * (session.bet.coins or 0)
    app = make_witch_app(session)
    async with app.run_test(size=(80, 24)) as pilot:
        machine = await machine_at_rest(pilot, app)
        await pilot.press("c")
        await wait_for(pilot, lambda: "Amounts in coins." in machine.message.text)
        await pilot.press("space")
        await at_rest(pilot, app)
        screen = await press_all(pilot, app, *END_KEYS[game])
        assert screen.finished
        cells = list(screen.cells)
        if game == "spell_book":
            assert screen.record.imp is not None  # the seed still brings the imp
            cells.append(screen.query_one("#pick-imp", PickCell))
        held = [*contents(game, screen.record), screen.record.imp if game == "spell_book" else 0]
        for cell, content in zip(cells, held, strict=False):
            lines = str(cell.render()).splitlines()
            assert len(lines) == cell.tile_size[1]
            assert {len(line) for line in lines} == {cell.tile_size[0]}
            body = "\n".join(lines[1:-1])
            assert not re.search(r"\d\.\d\d", body), body  # no amount in credits
            if isinstance(content, int) and cell.look.state != "given-up":
                assert f"{content * coins_bet:,}" in body and "coins" in body, body
