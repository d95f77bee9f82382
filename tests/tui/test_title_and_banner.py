"""The banner above the reels (tester's findings on the machine screen):

1. The title between rounds stays on one line at every width: the game's name always,
   then each feature's tagline that fits whole (Lucky Witch's wrapped to two lines at 80
   and 100 columns).
2. A feature's symbol in the banner is its whole small picture on the banner's own
   background, not a three-line slice of a tile (the tile's frame cut off at the top and
   bottom).
3. Notifications (a note about the save) stand at the top, never over the boxes.
"""

from __future__ import annotations

import pytest
from rich.color import Color
from rich.segment import Segment
from textual.widgets._toast import Toast

from slotterm.engine.model import GameDefinition
from slotterm.tui.app import SlotApp
from slotterm.tui.art.sizes import PALETTE
from slotterm.tui.features.registry import FeatureViews
from slotterm.tui.widgets.feature_banner import TITLE_SEPARATOR, FeatureBanner, fit_title
from tests.tui.lucky_witch_support import LW, lw_app
from tests.tui.main_support import GAME, main, make_app
from tests.tui.modal_support import wait_for

SIZES = [(80, 24), (100, 32), (120, 40), (200, 60)]
GAMES = {"book-of-spells": GAME, "lucky-witch": LW}


def _app(game_id: str) -> SlotApp:
    return make_app(1) if game_id == "book-of-spells" else lw_app(1)


def _banner(app: SlotApp) -> FeatureBanner:
    return main(app).query_one("#banner", FeatureBanner)


def _lines(banner: FeatureBanner) -> list[list[Segment]]:
    """The banner's lines as drawn, each a list of segments."""
    return [list(banner.render_line(y)) for y in range(banner.size.height)]


def _text(line: list[Segment]) -> str:
    return "".join(segment.text for segment in line)


def _taglines(game: GameDefinition) -> list[str]:
    views = FeatureViews(game)
    return [text for view in views.views if (text := view.tagline())]


# --- 1. the title -------------------------------------------------------------------------


def test_fit_title_keeps_the_name_and_each_tagline_that_fits_whole() -> None:
    parts = ("GAME", "aaa bbb", "cc")
    sep = len(TITLE_SEPARATOR)
    everything = 4 + sep + 7 + sep + 2
    assert fit_title(parts, everything) == f"GAME{TITLE_SEPARATOR}aaa bbb{TITLE_SEPARATOR}cc"
    # one column short: the second tagline goes, whole, the first stays
    assert fit_title(parts, everything - 1) == f"GAME{TITLE_SEPARATOR}aaa bbb"
    # no room for the first tagline but for the second: the second is shown
    assert fit_title(parts, 4 + sep + 2) == f"GAME{TITLE_SEPARATOR}cc"
    # the name always, even where nothing else fits
    assert fit_title(parts, 3) == "GAME"
    assert fit_title(("GAME",), 80) == "GAME"


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game_id", sorted(GAMES))
async def test_the_title_is_one_line_of_whole_parts_at_every_width(
    game_id: str, size: tuple[int, int]
) -> None:
    game = GAMES[game_id]
    taglines = _taglines(game)
    app = _app(game_id)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        banner = _banner(app)
        written = [text.strip() for line in _lines(banner) if (text := _text(line)).strip()]
        assert len(written) == 1, written
        title = written[0]
        parts = title.split(TITLE_SEPARATOR.strip())
        assert parts[0].strip() == game.name.upper()
        shown = [part.strip() for part in parts[1:]]
        assert all(part in taglines for part in shown), (shown, taglines)  # whole parts
        assert len(title) <= size[0]
        if size[0] >= 200:  # room for everything
            assert shown == taglines
        # a tagline left out would not have fitted after the ones shown
        for tagline in taglines:
            if tagline not in shown:
                assert len(title) + len(TITLE_SEPARATOR) + len(tagline) > banner.size.width


async def test_lucky_witch_title_refits_when_the_terminal_is_resized() -> None:
    app = lw_app(1)
    async with app.run_test(size=(200, 60)) as pilot:
        await pilot.pause()
        banner = _banner(app)
        assert len(_taglines(LW)) == 2
        assert _text(_lines(banner)[1]).count("·") == 2
        await pilot.resize_terminal(80, 24)
        await wait_for(pilot, lambda: banner.size.width == 80)
        await pilot.pause()
        written = [t for line in _lines(banner) if (t := _text(line).strip())]
        assert len(written) == 1 and written[0].count("·") <= 1, written


# --- 2. the feature's picture ---------------------------------------------------------------


def _colour(colour: Color | None) -> tuple[int, int, int] | None:
    return None if colour is None else tuple(colour.get_truecolor())  # type: ignore[return-value]


def _pixels(cells: list[tuple[str, Segment]], empty: tuple[int, int, int] | None) -> list[tuple]:
    """The (upper, lower) pixel colours of drawn cells; the banner's own background (and no
    colour) count as an empty pixel (``None``)."""
    out = []
    for char, segment in cells:
        style = segment.style
        fg = _colour(style.color) if style else None
        bg = _colour(style.bgcolor) if style else None
        bg = None if bg == empty else bg
        pair = {" ": (bg, bg), "█": (fg, fg), "▀": (fg, bg), "▄": (bg, fg)}.get(char)
        out.append(pair)
    return out


def _cells(line: list[Segment]) -> list[tuple[str, Segment]]:
    return [(char, segment) for segment in line for char in segment.text]


@pytest.mark.parametrize("game_id", sorted(GAMES))
async def test_the_banner_shows_the_whole_small_picture_not_a_tile_slice(game_id: str) -> None:
    game = GAMES[game_id]
    app = _app(game_id)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        banner = _banner(app)
        for symbol in [*sorted(game.scatter_ids), game.symbols[0].id]:
            banner.show_feature(symbol, ("SPECIAL SYMBOL", symbol, "Free spin 1 of 10"))
            await pilot.pause()
            small = banner.art.art(symbol).small
            want = [
                [
                    (
                        PALETTE[small[2 * y][x]] if small[2 * y][x] != "." else None,
                        PALETTE[small[2 * y + 1][x]] if small[2 * y + 1][x] != "." else None,
                    )
                    for x in range(len(small[0]))
                ]
                for y in range(len(small) // 2)
            ]
            want_rgb = [
                [tuple(_colour(Color.parse(c)) if c else None for c in pair) for pair in row]
                for row in want
            ]
            lines = [_cells(line) for line in _lines(banner)]
            assert len(lines) == len(want_rgb) == 3
            empty = _colour(lines[0][0][1].style.bgcolor) if lines[0][0][1].style else None
            drawn = [_pixels(cells, empty) for cells in lines]
            width = len(small[0])
            found = [
                x
                for x in range(len(drawn[0]) - width + 1)
                if all(drawn[y][x : x + width] == want_rgb[y] for y in range(3))
            ]
            assert found, f"{symbol}: the small picture is not drawn whole on the banner"
            x = found[0]
            # nothing of a tile around it: the cells either side are the banner's own
            for y in range(3):
                assert drawn[y][x - 1] == (None, None), (symbol, y)


# --- 3. notifications ---------------------------------------------------------------------


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=lambda s: f"{s[0]}x{s[1]}")
async def test_a_notification_covers_none_of_the_boxes_or_the_message(
    size: tuple[int, int],
) -> None:
    app = lw_app(1)
    async with app.run_test(size=size, notifications=True) as pilot:
        await pilot.pause()
        screen = main(app)
        app.notify("A long note about the save. " * 8, title="Your save", timeout=30)
        await wait_for(pilot, lambda: bool(app.screen.query(Toast)))
        await pilot.pause()
        toast = app.screen.query_one(Toast).region
        assert toast.area
        for box in (*screen.boxes.query("InfoBox"), screen.message):
            assert not toast.overlaps(box.region), (box.id, toast, box.region)
