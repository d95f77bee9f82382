"""Lucky Witch's paytable and help: pays in coins and in credits at the current bet, the
wild that doubles, the scatter, the Mystery bonus and its pick games, all 15 lines; the
help in our own words with the game's figures and every key."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from rich.console import Console

from slotterm.engine.actions import Bet
from slotterm.games import get_game
from slotterm.money import format_cents
from slotterm.tui.features.registry import FeatureViews
from slotterm.tui.screens.help_screen import HelpScreen, help_markdown
from slotterm.tui.screens.paytable_coins import (
    PayColumns,
    coin_pays,
    coin_pays_text,
    coin_scatter_pays,
    pay_columns,
)
from slotterm.tui.screens.paytable_screen import PaytableScreen, line_symbols
from slotterm.tui.widgets.line_diagram import Tiles
from tests.tui.lucky_witch_support import LW, lw_app
from tests.tui.main_support import settle
from tests.tui.modal_support import ModalHost, screen_text, wait_for, widget_text


def test_coin_pays_are_coins_per_line_times_the_table() -> None:
    bet = Bet(bet_per_line=3 * 5, lines=15, coin_size=5)  # 3 coins of 0.05
    # DESIGN.md §2: CAT pays 2/20/100/500 coins per coin; scatters × 45 coins in all
    assert coin_pays(LW, "CAT", bet) == [(5, 1500, 7500), (4, 300, 1500), (3, 60, 300), (2, 6, 30)]
    assert coin_scatter_pays(LW, bet)[0] == (5, 100 * 45, 100 * 45 * 5)
    assert coin_scatter_pays(LW, bet)[-1] == (2, 45, 225)


@pytest.mark.parametrize("bet", [Bet(2 * 5, 15, 5), Bet(20, 3, 1)])
async def test_the_paytable_shows_every_pay_in_coins_and_credits(bet: Bet) -> None:
    app = ModalHost(lambda: PaytableScreen(LW, bet))
    async with app.run_test(size=(124, 160)) as pilot:
        await pilot.pause()
        text = screen_text(app.screen)
        flat = re.sub(r"\s+", " ", text)
        coins = bet.coins or 0
        assert f"{coins} coin{'s' if coins != 1 else ''} per line" in flat
        assert f"coin size {format_cents(bet.coin_size or 0)}" in flat
        assert f"total bet {bet.total_coins:,} coins = {format_cents(bet.total)}" in flat
        for symbol in ("LUCKY", *line_symbols(LW)):
            for count, n, cents in coin_pays(LW, symbol, bet):
                assert re.search(rf"{count}× +{n:,} coins +{re.escape(format_cents(cents))}", text)
        for count, n, cents in coin_scatter_pays(LW, bet):
            assert re.search(rf"{count}× +{n:,} coins +{re.escape(format_cents(cents))}", text)
        for name in ("Lucky Witch", "Black Cat", "Owl", "Lizard", "Crystal Ball", "Potion"):
            assert name in flat
        assert "doubled" in flat and "Witch, Black Cat, Owl and Lizard only" in flat
        for game in ("Magic Potion", "Pumpkin", "Spell Book", "Secret Vault"):
            assert f"{game}:" in flat
        assert re.search(r"reels 1, 3,? (and )?5", flat)
        # the bonus pays at most 30,000 coins (DESIGN.md §2), in credits at this coin size
        assert f"at most {format_cents(30_000 * (bet.coin_size or 0))}" in flat
        assert "no gamble" in flat
        assert format_cents(LW.max_win(bet.total)) in flat
        lines = widget_text(app.screen.query_one("#pays-lines", Tiles))
        assert [f"Line {n}" in lines for n in range(1, 17)] == [True] * 15 + [False]


async def test_p_opens_the_paytable_at_the_current_coin_bet() -> None:
    app = lw_app(1)
    async with app.run_test(size=(124, 160)) as pilot:
        app.session.set_bet(Bet(bet_per_line=4 * 2, lines=9, coin_size=2))
        await pilot.press("p")
        await wait_for(pilot, lambda: isinstance(app.screen, PaytableScreen))
        await wait_for(pilot, lambda: "total bet" in screen_text(app.screen), limit=20.0)
        flat = re.sub(r"\s+", " ", screen_text(app.screen))
        assert "total bet 36 coins = 0.72" in flat
        await pilot.press("escape")
        await settle(pilot, app)


def test_the_help_has_the_games_figures_and_no_gamble() -> None:
    text = help_markdown(LW)
    flat = re.sub(r"\s+", " ", text)
    assert "$" not in text, "every placeholder is filled"
    assert "How to play Lucky Witch" in text
    assert "96.30 %" in text
    assert "13 free spins" in flat and "add 13 more" in flat
    assert "1 to 20" in flat and "300 coins" in flat and "30,000 coins" in flat
    assert "250,000.00" in flat
    assert "no gamble" in flat
    assert "## Gamble" not in text
    for rows in ("| ↑ ↓ |", "| + − |", "| B |", "| C |", "| ← → 1 2 |"):
        assert rows in text


def test_the_book_of_spells_help_is_its_own() -> None:
    text = help_markdown(get_game("book-of-spells"))
    assert "How to play Book of Spells" in text and "Magic Book" in text


async def test_h_shows_the_lucky_witch_help() -> None:
    app = ModalHost(lambda: HelpScreen(LW))
    async with app.run_test(size=(110, 200)) as pilot:
        await pilot.pause()
        text = screen_text(app.screen)
        assert "How to play Lucky Witch" in text
        assert "Mystery bonus" in text


def test_the_pick_games_prizes_stand_alone_when_the_bonus_view_explains_the_start() -> None:
    from slotterm.tui.screens.paytable_coins import bonus_rules

    bet = Bet(bet_per_line=1, lines=15, coin_size=1)
    prizes = [line for view in FeatureViews(LW).views for line in view.prize_rules(bet)]
    full = bonus_rules(LW, bet, prizes) or ""
    games = bonus_rules(LW, bet, prizes, intro=False) or ""
    assert "reels 1, 3 and 5" in full and "reels" not in games
    assert games.count("•") == 4 and full.endswith(games)
    # Secret Vault's best vault: 100 × the total bet of 0.15
    assert "at most 15.00 now" in games


PAY_ROW = re.compile(r"(\d)× +([\d,]+) coins +([\d,]+\.\d\d)")
"""One coin pay as the paytable writes it: the count, the coins, the credits."""


def test_coin_pays_are_three_columns_with_a_space_after_the_times_sign() -> None:
    """The figures right-aligned in columns as wide as the widest of any table given (the
    Lucky Witch's 10,000 coins set the width for the Potion's 15 too); no piece of the
    text starts with a space, so a renderer that drops leading spaces keeps the columns."""
    bet = Bet(bet_per_line=1, lines=15, coin_size=1)
    wild, scatter = coin_pays(LW, "LUCKY", bet), coin_scatter_pays(LW, bet)
    columns = pay_columns([wild, scatter])
    # DESIGN.md §2: 5 LUCKY pay 10,000 coins per coin, 100.00 at 0.01
    assert columns == PayColumns(count=1, coins=len("10,000"), credits=len("100.00"))
    rows: list[str] = []
    for pays in (wild, scatter):
        text = coin_pays_text(pays, columns)
        rows += text.plain.split("\n")
        pieces = [s.text for s in text.render(Console(width=200)) if s.text.strip()]
        assert not [p for p in pieces if p[0] == " "], pieces
    assert rows[0] == "5× 10,000 coins   100.00"
    assert rows[-1] == "2×     15 coins     0.15"  # 2 potions: 1 × 15 coins
    assert {len(row) for row in rows} == {len(rows[0])}
    assert {row.index(" coins") for row in rows} == {rows[0].index(" coins")}


def column_ends(text: str) -> set[tuple[int, int, int]]:
    """``(tile, end of the coins, end of the credits)`` of every pay row in ``text``, the
    ends counted from the row's count (``tile``: the pay's place on its line, 0 first)."""
    ends: set[tuple[int, int, int]] = set()
    for line in text.splitlines():
        for tile, row in enumerate(PAY_ROW.finditer(line)):
            ends.add((tile, row.end(2) - row.start(), row.end(3) - row.start()))
    return ends


@pytest.mark.parametrize("size", [(80, 24), (100, 32)])
@pytest.mark.parametrize("bet", [Bet(1, 15, 1), Bet(3 * 5, 15, 5), Bet(20 * 100, 15, 100)])
async def test_every_pay_lines_up_in_its_column(size: tuple[int, int], bet: Bet) -> None:
    """The wild's and the scatter's pays share their columns, and so do all the line
    symbols' pays, in either column of tiles; a space follows the count's ×."""
    app = ModalHost(lambda: PaytableScreen(LW, bet))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        cells = "\n".join(widget_text(w) for w in app.screen.query(".pays-cell"))
        symbols = widget_text(app.screen.query_one("#pays-symbols", Tiles))
        for part in (cells, symbols):
            assert len(PAY_ROW.findall(part)) >= 8, part
            assert len({(coins, credits) for _, coins, credits in column_ends(part)}) == 1
            assert not re.search(r"\d×\d", part)


def svg_texts(svg: str) -> list[str]:
    """The text of each ``<text>`` piece of an exported screenshot, spaces as spaces."""
    return [html.unescape(t).replace("\xa0", " ") for t in re.findall(r"<text[^>]*>([^<]*)<", svg)]


@pytest.mark.parametrize("size", [(80, 24), (100, 32)])
async def test_no_piece_of_a_pay_starts_with_a_space_in_the_screenshot(
    size: tuple[int, int],
) -> None:
    """An SVG viewer that drops a piece's leading spaces (rsvg-convert does) drew
    ``5×10,000 coins`` and ragged amounts: the pays' pieces start with a figure."""
    app = ModalHost(lambda: PaytableScreen(LW, Bet(1, 15, 1)))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        pieces = svg_texts(app.export_screenshot())
        assert any("coins" in piece for piece in pieces)
        assert [p for p in pieces if re.match(r" +[\d,.]+( coins|$)", p)] == []


@pytest.mark.parametrize(
    ("size", "press"), [((80, 24), []), ((100, 32), ["pagedown"])], ids=["80x24", "100x32"]
)
def test_paytable_snapshot(snap_compare: Any, size: tuple[int, int], press: list[str]) -> None:
    """The wild's and the scatter's pays at 80×24; the line pays, two tiles a row, at
    100×32 (3 coins of 0.05)."""
    app = ModalHost(lambda: PaytableScreen(LW, Bet(3 * 5, 15, 5)))
    assert snap_compare(app, press=press, terminal_size=size)
