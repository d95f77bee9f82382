"""Sizes: compact art at 80×24, medium at 100×32 and 120×40, large at 200×60 (the reels
filling the window), a notice below 80×24, live resize."""

from __future__ import annotations

import pytest
from textual.pilot import Pilot
from textual.widgets._footer import FooterKey

from slotterm.engine.records import Phase
from slotterm.tui.app import SlotApp
from slotterm.tui.art.sizes import ArtSize
from slotterm.tui.screens.too_small import TooSmallScreen
from slotterm.tui.textual_compat import footer_key_width
from tests.tui.lucky_witch_support import lw_app
from tests.tui.main_support import (
    AWARDED,
    FREE_SPINS,
    PLAYING,
    fs,
    main,
    make_app,
    on_main,
    phase,
    session_for,
    settle,
)
from tests.tui.modal_support import wait_for


async def test_the_art_size_follows_the_terminal_and_the_reels_fill_it() -> None:
    app = make_app(1)
    async with app.run_test(size=(100, 32)) as pilot:
        assert main(app).reels.art_size() is ArtSize.MEDIUM
        for size, art in (
            ((80, 24), ArtSize.COMPACT),
            ((120, 40), ArtSize.MEDIUM),
            ((200, 60), ArtSize.LARGE),
        ):
            await pilot.resize_terminal(*size)
            await wait_for(pilot, lambda art=art: main(app).reels.art_size() is art)
            assert on_main(app)
            reels = main(app).reels
            area = reels.content_size
            grid = reels.layout_now()
            # the tiles and the line numbers fit the window and fill most of it
            assert grid.left + grid.width <= area.width and grid.top + grid.height <= area.height
            assert grid.height >= area.height - 4, size
            assert grid.width >= 0.85 * area.width, size


async def test_too_small_notice_blocks_play_and_goes_when_the_terminal_grows() -> None:
    app = make_app(1)
    async with app.run_test(size=(79, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        text = str(app.screen.query_one("#too-small-notice").render())
        assert "TOO SMALL" in text and "79×24" in text
        await pilot.press("space")
        assert app.session.state.rounds_played == 0
        await pilot.resize_terminal(100, 32)
        await pilot.pause()
        assert on_main(app)
        await pilot.press("space")
        await settle(pilot, app)
        assert app.session.state.rounds_played == 1


async def test_shrinking_mid_round_keeps_the_round() -> None:
    app = make_app(3, force=FREE_SPINS)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.press("space")
        await settle(pilot, app)
        await pilot.resize_terminal(60, 20)
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert on_main(app)
        assert fs(app.session) == AWARDED
        await pilot.press("space")
        await settle(pilot, app)
        assert fs(app.session) == PLAYING


def _footer_cut(app: SlotApp, width: int) -> list[str]:
    """The footer keys shown that do not fit whole in ``width`` columns."""
    return [
        key.description
        for key in main(app).query(FooterKey)
        if key.display and key.region.right > width
    ]


def _footer_shown(app: SlotApp) -> list[str]:
    """The footer's keys on screen, left to right."""
    keys = [key for key in main(app).query(FooterKey) if key.display and key.region.width]
    return [key.description for key in sorted(keys, key=lambda key: key.region.x)]


FIRST_KEYS = ["Spin", "Bet", "Lines", "Max", "Auto", "Pays", "Help", "Quit"]
"""The keys that come before all others at rest (Book of Spells, bet per line)."""
FIRST_KEYS_IN_COINS = ["Spin", "Coin", "Lines", "Coins", "Max", "Auto", "Pays", "Help", "Quit"]
"""The same for Lucky Witch, bet in coins."""


@pytest.mark.parametrize("width", [80, 100, 120, 200])
@pytest.mark.parametrize("game", ["book-of-spells", "lucky-witch"])
async def test_the_footer_shows_whole_keys_most_important_first(game: str, width: int) -> None:
    app = make_app(1) if game == "book-of-spells" else lw_app(1)
    first = FIRST_KEYS if game == "book-of-spells" else FIRST_KEYS_IN_COINS
    async with app.run_test(size=(width, 24 if width == 80 else 40)) as pilot:
        await pilot.pause()
        await wait_for(pilot, lambda: bool(_footer_shown(app)))
        shown = _footer_shown(app)
        assert _footer_cut(app, width) == [], shown
        assert shown[: len(first)] == first, shown
        keys = main(app).query(FooterKey)
        every = [key.description for key in keys if not key.has_class("-command-palette")]
        if width >= 120:  # room for all, the palette's key at the right end
            assert shown == [*every, PALETTE], shown
        # a key left out did not fit in the room the ones shown left
        room = width - sum(key.region.width + 1 for key in keys if key.display)
        for key in keys:
            if not key.display and not key.has_class("-command-palette"):
                assert len(key.key_display) + 1 + len(key.description) > room, key.description


PALETTE = "palette"
"""The label of the command palette's key (Ctrl+P), Textual's own."""


def _palette_key(app: SlotApp) -> FooterKey | None:
    """The command palette's key in the machine's footer, if it is shown."""
    keys = [key for key in main(app).query(FooterKey) if key.has_class("-command-palette")]
    return keys[0] if keys and keys[0].display and keys[0].region.width else None


async def _palette_at_the_right_end(pilot: Pilot[None], app: SlotApp, width: int) -> None:
    """Wait for the palette's key at the right end of the footer, then check that every
    other key shown stands whole to the left of it."""
    await wait_for(pilot, lambda: _palette_key(app) is not None)
    palette = _palette_key(app)
    assert palette is not None
    assert "^p" in palette.key_display.lower()
    assert palette.region.right >= width - 1  # at the right end
    others = [key for key in main(app).query(FooterKey) if key.display and key is not palette]
    assert others and all(key.region.right <= palette.region.x for key in others)
    assert _footer_shown(app)[-1] == PALETTE


@pytest.mark.parametrize("game", ["book-of-spells", "lucky-witch"])
async def test_the_palette_key_shows_from_100_columns_and_leaves_80_to_the_game(
    game: str,
) -> None:
    app = make_app(1) if game == "book-of-spells" else lw_app(1)
    first = FIRST_KEYS if game == "book-of-spells" else FIRST_KEYS_IN_COINS
    async with app.run_test(size=(100, 40)) as pilot:
        await _palette_at_the_right_end(pilot, app, 100)
        assert _footer_shown(app)[: len(first)] == first
        await pilot.resize_terminal(80, 24)
        await wait_for(pilot, lambda: _palette_key(app) is None)
        await wait_for(pilot, lambda: _footer_shown(app)[: len(first)] == first)
        shown = _footer_shown(app)
        assert PALETTE not in shown and _footer_cut(app, 80) == [], shown
        # the game's keys have the whole bar: a key left out would not fit after the others
        keys = main(app).query(FooterKey)
        room = 80 - sum(key.region.width + 1 for key in keys if key.display)
        hidden = [key for key in keys if not key.display and not key.has_class("-command-palette")]
        assert all(footer_key_width(key) > room for key in hidden)
        await pilot.resize_terminal(100, 40)
        await _palette_at_the_right_end(pilot, app, 100)


async def test_the_footer_refits_when_the_terminal_is_resized() -> None:
    app = lw_app(1)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await wait_for(pilot, lambda: "Quick" in _footer_shown(app))
        await pilot.resize_terminal(80, 24)
        await wait_for(pilot, lambda: "Quick" not in _footer_shown(app))
        assert _footer_cut(app, 80) == []
        assert _footer_shown(app)[: len(FIRST_KEYS_IN_COINS)] == FIRST_KEYS_IN_COINS
        await pilot.resize_terminal(120, 40)
        await wait_for(pilot, lambda: "Quick" in _footer_shown(app))


async def test_footer_keys_fit_at_80_columns_at_rest_and_with_a_win() -> None:
    app = make_app(1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert main(app).query(FooterKey)
        assert _footer_cut(app, 80) == []  # between rounds: the longest footer
        await pilot.press("space")
        await settle(pilot, app)
        assert phase(app) is Phase.WIN_OFFERED
        await pilot.pause()
        assert _footer_cut(app, 80) == []


async def test_out_of_credits_the_footer_offers_the_top_up_and_fits() -> None:
    session = session_for(1, credits=1)  # 0.01: not even the smallest bet
    session.start_credits = 100_000
    app = make_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        shown = [key.action for key in main(app).query(FooterKey)]
        assert "top_up" in shown
        assert not {"spin", "bet(1)", "bet_max", "autoplay"} & set(shown)
        assert _footer_cut(app, 80) == []
        await pilot.press("u")
        await settle(pilot, app)
        assert app.session.state.credits == 100_000
        # the footer is rebuilt after the keys changed: wait for it, not for a time
        await wait_for(pilot, lambda: "spin" in [key.action for key in main(app).query(FooterKey)])
        assert "spin" in [key.action for key in main(app).query(FooterKey)]


async def test_the_operators_currency_label_is_shown_with_the_credits() -> None:
    session = session_for(1)
    session.currency = "EUR"
    app = make_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert main(app).boxes.box("credits").detail == "EUR"


async def test_the_too_small_notice_only_promises_a_save_when_there_is_one() -> None:
    demo = make_app(1)
    async with demo.run_test(size=(70, 20)) as pilot:
        await pilot.pause()
        assert "a demo saves nothing" in str(demo.screen.query_one("#too-small-notice").render())
    session = session_for(1)
    session.persist = lambda _session: None  # stands in for a save folder
    saved = make_app(session=session)
    async with saved.run_test(size=(70, 20)) as pilot:
        await pilot.pause()
        assert "stays saved" in str(saved.screen.query_one("#too-small-notice").render())
