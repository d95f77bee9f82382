"""The paytable and the help name their scrolling keys (qa2 finding 18): their text does
not fit 80×24 and scrolls with ↑/↓ and PgUp/PgDn, so the footer names those keys beside
Close, and they scroll whichever part has the focus.  And the paytable's words for where
the pays stand match where they are drawn (the pays above the text that explains them)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from textual.screen import Screen
from textual.widgets._footer import FooterKey

from slotterm.engine.actions import Bet
from slotterm.games import get_game
from slotterm.tui.screens.help_screen import HelpScreen
from slotterm.tui.screens.paytable_screen import PaytableScreen
from tests.tui.modal_support import ModalHost, screen_text, wait_for, widget_text

BOOK, WITCH = get_game("book-of-spells"), get_game("lucky-witch")
WINDOWS: dict[str, Callable[[], Screen[None]]] = {
    "book paytable": lambda: PaytableScreen(BOOK, Bet(2, 9)),
    "witch paytable": lambda: PaytableScreen(WITCH, Bet(1, 20)),
    "book help": lambda: HelpScreen(BOOK),
    "witch help": lambda: HelpScreen(WITCH),
}


def _footer_keys(screen: Screen[None]) -> list[str]:
    """The keys the footer shows (those it had room for), as drawn."""
    return [widget_text(key) for key in screen.query(FooterKey) if key.display]


@pytest.mark.parametrize("make", WINDOWS.values(), ids=WINDOWS.keys())
async def test_the_footer_names_the_scroll_keys_and_they_scroll(
    make: Callable[[], Screen[None]],
) -> None:
    app = ModalHost(make)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: not isinstance(app.screen, ModalHost) and bool(
            _footer_keys(app.screen)
        ))  # fmt: skip
        window = app.screen
        keys = " ".join(_footer_keys(window))
        assert "Close" in keys and "↑/↓" in keys and "PgUp/PgDn" in keys, keys
        scroller = window.query_one(type(window).SCROLLER or "")
        assert scroller.max_scroll_y > 0, "at 80×24 the text needs scrolling"
        for focused in (True, False):  # the keys work whether the text has the focus or not
            if not focused:
                window.set_focus(None)
            await pilot.press("pagedown")
            await wait_for(pilot, lambda: scroller.scroll_y > 0)
            await pilot.press("pageup")
            await wait_for(pilot, lambda: scroller.scroll_y == 0)
            await pilot.press("down")
            await wait_for(pilot, lambda: scroller.scroll_y > 0)
            await pilot.press("up")
            await wait_for(pilot, lambda: scroller.scroll_y == 0)


async def test_the_book_paytable_points_up_to_the_scatter_pays_drawn_above() -> None:
    app = ModalHost(lambda: PaytableScreen(BOOK, Bet(2, 9)))
    async with app.run_test(size=(124, 90)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, PaytableScreen))
        window = app.screen
        pays, words = window.query_one("#pays-wild"), window.query_one("#pays-wild-text")
        assert pays.region.y < words.region.y  # the pays come first...
        text = screen_text(window)
        assert "(above)" in text and "(below)" not in text  # ...and the text says so


async def test_the_witch_paytable_points_up_to_the_wild_pays_drawn_above() -> None:
    app = ModalHost(lambda: PaytableScreen(WITCH, Bet(1, 20)))
    async with app.run_test(size=(124, 90)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, PaytableScreen))
        text = " ".join(screen_text(app.screen).split())
        assert "its own amounts above" in text and "amounts below" not in text
