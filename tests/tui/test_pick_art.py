"""The pick games' items drawn as the reels draw symbols: a pixel picture of each item
(bottle, pumpkin, book, vault door) on a framed tile, every state of an item looking its
own way in colour and by shape alone (``NO_COLOR``), nothing dark on dark, the item's key
always on its top edge, the content written readably, and the board fitting and growing
with the terminal; the Spell Book's imp drawn the same way, on a tile of the books' size
under the book it came out of."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from textual.geometry import Region

from slotterm.tui.art.model import SymbolArt
from slotterm.tui.art.pick_items import BARRED, CLOSED, IMP, OPEN, PICK_ITEMS
from slotterm.tui.art.shapes import lit
from slotterm.tui.art.sizes import PALETTE, ArtSize
from slotterm.tui.art.tiles import TileState, brightness, tile_strips
from slotterm.tui.features.pick_board import BoardFit
from slotterm.tui.features.pick_cell import (
    ITEM_KEYS,
    ItemLook,
    PickCell,
    item_lines,
)
from slotterm.tui.features.pick_screens import PICK_SCREENS
from tests.tui.modal_support import wait_for
from tests.tui.pick_support import PickApp, at_rest, bonus_session, pick_screen, press_all

GAMES = sorted(PICK_ITEMS)
TILES = [(11, 7), (12, 7), (15, 9), (18, 12), (24, 12), (32, 19), (40, 19)]
"""Item sizes the board gives at 80×24 up to 200×60 (compact, medium and large pictures)."""
TERMINALS = [(80, 24), (100, 32), (120, 40), (200, 60)]
CAPTION = ("5× bet", "0.75")


def looks_of(game: str) -> dict[str, tuple[ItemLook, bool]]:
    """Every look an item of ``game`` can take, with whether it is highlighted."""
    looks = {
        "closed": (ItemLook(CLOSED, "closed"), False),
        "highlighted": (ItemLook(CLOSED, "closed"), True),
        "opening": (ItemLook(CLOSED, "opening", ("✦ · ✦",)), False),
        "open": (ItemLook(OPEN, "open", CAPTION), False),
        "won": (ItemLook(OPEN, "won", CAPTION), False),
        "revealed": (ItemLook(CLOSED, "revealed", CAPTION), False),
    }
    if game == "secret_vault":
        looks["chosen"] = (ItemLook(CLOSED, "chosen", ("CHOSEN",)), False)
        looks["chosen, highlighted"] = (ItemLook(CLOSED, "chosen", ("CHOSEN",)), True)
        looks["gone"] = (ItemLook(BARRED, "gone", CAPTION), False)
    if game == "pumpkin":
        looks["given-up"] = (ItemLook(OPEN, "given-up", ("5× bet", "given up")), False)
    if game == "spell_book":
        looks["imp"] = (ItemLook(IMP, "open", IMP_CAPTION), False)
        looks["imp, won"] = (ItemLook(IMP, "won", IMP_CAPTION), False)
    return looks


IMP_CAPTION = ("+5× bet", "+0.75")


def drawn(game: str, look: ItemLook, highlight: bool, size: tuple[int, int], **kw: Any) -> Any:
    art = PICK_ITEMS[game].art(look.picture)
    return item_lines(art, look, "7", size[0], size[1], highlight=highlight, **kw)


def text(lines: list[list[tuple[str, Any]]]) -> tuple[str, ...]:
    return tuple("".join(ch for ch, _ in line) for line in lines)


def item_arts() -> list[SymbolArt]:
    return [art for game in GAMES for art in PICK_ITEMS[game].arts.values()]


def test_every_pick_game_has_its_item_pictures() -> None:
    assert set(PICK_ITEMS) == set(PICK_SCREENS)
    for game in GAMES:
        assert {CLOSED, OPEN} <= set(PICK_ITEMS[game].arts)
    assert BARRED in PICK_ITEMS["secret_vault"].arts  # the nine vaults out of the game
    assert IMP in PICK_ITEMS["spell_book"].arts  # the imp that may come out of the book


@pytest.mark.parametrize("size", [ArtSize.COMPACT, ArtSize.MEDIUM, ArtSize.LARGE])
def test_the_pictures_differ_by_shape_between_items_and_states(size: ArtSize) -> None:
    shapes = [art.lines(size) for art in item_arts()]
    assert len(set(shapes)) == len(shapes)  # four items, each closed / open (/ barred)
    for shape in shapes:  # a picture, not a blank
        assert sum(ch in "▀▄█" for line in shape for ch in line) >= 10


@pytest.mark.parametrize("size", TILES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game", GAMES)
def test_each_state_looks_different_in_colour_and_without_colour(
    game: str, size: tuple[int, int]
) -> None:
    looks = looks_of(game)
    coloured = {name: drawn(game, look, hl, size) for name, (look, hl) in looks.items()}
    mono = {
        name: text(drawn(game, look, hl, size, mono=True)) for name, (look, hl) in looks.items()
    }
    styled = {name: tuple(map(tuple, lines)) for name, lines in coloured.items()}
    assert len(set(styled.values())) == len(styled), "two states look the same in colour"
    assert len(set(mono.values())) == len(mono), "two states have the same shape without colour"
    for lines in [*coloured.values(), *(drawn(game, *looks["open"], size, mono=True),)]:
        assert len(lines) == size[1] and {len(line) for line in lines} == {size[0]}


@pytest.mark.parametrize("game", GAMES)
def test_the_state_alone_changes_the_look(game: str) -> None:
    """One picture and one caption drawn in every state: no two alike (the frame, the
    dimming and the plate's colours come from the state)."""
    states = ["open", "chosen", "won", "opening", "gone", "revealed", "given-up"]
    for size in TILES:
        tiles = [
            tuple(map(tuple, drawn(game, ItemLook(OPEN, state, CAPTION), False, size)))
            for state in states
        ]
        assert len(set(tiles)) == len(tiles), size


@pytest.mark.parametrize("size", TILES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game", GAMES)
def test_the_key_is_on_the_top_edge_and_the_content_is_written_out(
    game: str, size: tuple[int, int]
) -> None:
    for name, (look, highlight) in looks_of(game).items():
        for mono in (False, True):
            lines = text(drawn(game, look, highlight, size, mono=mono))
            assert "7" in lines[0][:5], (name, lines[0])
            body = "\n".join(lines[1:-1])
            for caption in look.caption:  # the plate sits inside the frame
                assert caption in body, (name, caption)
            if not look.caption:
                assert "bet" not in body
    closed = text(drawn(game, ItemLook(CLOSED, "closed"), False, size))
    highlighted = text(drawn(game, ItemLook(CLOSED, "closed"), True, size))
    assert "▶7◀" in highlighted[0] and "▶" not in closed[0]


@pytest.mark.parametrize("game", GAMES)
def test_the_plate_goes_under_the_picture_not_over_it(game: str) -> None:
    """An opened item's picture moves up to make room: every lit pixel of it still shows."""
    art = PICK_ITEMS[game].art(OPEN)
    for width, height in TILES:
        plain = tile_strips(art, width, height - 2)
        lines = drawn(game, ItemLook(OPEN, "open", CAPTION), False, (width, height))
        for y in range(1, height - 3):  # the picture's lines are the plain tile's
            assert [s for _, s in lines[y][1:-1]] == [s for _, s in as_cells(plain[y])[1:-1]], (
                width,
                height,
                y,
            )


def as_cells(strip: Any) -> list[tuple[str, Any]]:
    return [(ch, segment.style) for segment in strip for ch in segment.text]


@pytest.mark.parametrize("game", GAMES)
def test_nothing_is_dark_on_dark(game: str) -> None:
    for name, (look, highlight) in looks_of(game).items():
        for size in TILES:
            for line in drawn(game, look, highlight, size):  # the tile's own ground everywhere
                assert all(style.bgcolor is not None for _, style in line), name
            if not look.caption:
                continue
            plate = drawn(game, look, highlight, size)[size[1] - 1 - len(look.caption)]
            assert look.caption[0] in "".join(ch for ch, _ in plate)
            for ch, style in plate[1:-1]:
                if ch.strip():  # the words stand out from the plate
                    words, ground = style.color.triplet.hex, style.bgcolor.triplet.hex
                    assert abs(brightness(words) - brightness(ground)) >= 0.45, (name, ch)
    for art in PICK_ITEMS[game].arts.values():
        assert brightness(art.look.frame) >= 0.35, art.id  # a frame that shows on black
        for rows in (art.small, art.medium):
            for ch in {ch for row in rows for ch in row if lit(ch)}:
                grounds = (art.look.top, art.look.bottom)
                gap = min(abs(brightness(PALETTE[ch]) - brightness(b)) for b in grounds)
                assert gap >= 0.2, (art.id, ch)


def test_chosen_and_paid_items_get_the_winning_gold_frame_and_keep_their_picture() -> None:
    art = PICK_ITEMS["secret_vault"].art(CLOSED)
    for width, height in TILES:
        normal = tile_strips(art, width, height)
        marked = tile_strips(art, width, height, TileState.MARKED)
        cells = drawn("secret_vault", ItemLook(CLOSED, "chosen"), False, (width, height))
        assert [as_cells(s) for s in marked][1:-1] == cells[1:-1]  # no caption: the tile itself
        assert [as_cells(s) for s in normal][1:-1] != cells[1:-1]
        glow = drawn("secret_vault", ItemLook(CLOSED, "chosen"), False, (width, height), glow=True)
        assert glow != cells  # the bright beat of the pulse


@pytest.mark.parametrize("terminal", TERMINALS, ids=lambda t: f"{t[0]}x{t[1]}")
@pytest.mark.parametrize("game", GAMES)
def test_the_board_fits_and_grows_with_the_terminal(game: str, terminal: tuple[int, int]) -> None:
    width, height = terminal
    sizes = [board(game, w, h).size for w, h in TERMINALS]
    order = [ArtSize.COMPACT, ArtSize.MEDIUM, ArtSize.LARGE]
    assert [order.index(s) for s in sizes] == sorted(order.index(s) for s in sizes)
    assert sizes[0] is ArtSize.COMPACT and sizes[-1] is ArtSize.LARGE
    fit = board(game, width, height)
    columns = PICK_SCREENS[game].columns
    assert columns * (fit.width + 1) - 1 <= width - 2
    assert fit.width >= fit.size.width  # the picture in its frame
    assert fit.height >= fit.size.height + 3  # and a free line and the plate's two


def board(game: str, width: int, height: int) -> BoardFit:
    """The board's fit for ``game`` (the screen's own arithmetic on an unmounted screen)."""
    screen = PICK_SCREENS[game](bonus_session(game), frame_index(game))
    return screen.board_fit(width, height)


def frame_index(game: str) -> int:
    from tests.tui.pick_support import pick_frame

    return pick_frame(bonus_session(game))


END_KEYS = {
    "magic_potion": ["2", "3", "4", "1"],
    "pumpkin": ["1", "n", "2", "y"],
    "secret_vault": ["5", "8", "c", "8"],
    "spell_book": ["3"],
}
"""Keys that end each game (seed 29: the Spell Book's imp comes, the tallest screen)."""


@pytest.mark.parametrize("terminal", [(80, 24), (200, 60)], ids=lambda t: f"{t[0]}x{t[1]}")
@pytest.mark.parametrize("game", GAMES)
async def test_at_the_end_every_item_and_line_shows_on_screen(
    game: str, terminal: tuple[int, int]
) -> None:
    seed = 29 if game == "spell_book" else 3
    app = PickApp(bonus_session(game, seed=seed))
    async with app.run_test(size=terminal) as pilot:
        await at_rest(pilot, app)
        screen = await press_all(pilot, app, *END_KEYS[game])
        assert screen.finished
        message = screen.query_one("#pick-message").region
        footer_top = terminal[1] - 1
        assert 0 < message.y < footer_top  # the last line of words above the key bar
        status = screen.query_one("#pick-status").region
        money = screen.query_one("#pick-win").region
        assert status.bottom <= money.y and money.bottom <= footer_top  # Win in view too
        shown = [c for c in screen.cells if c.styles.visibility != "hidden"]
        board = Region.from_union([c.region for c in shown])  # the board itself is not drawn
        # the Secret Vault's nine out of the game have left the board
        assert len(shown) == (3 if game == "secret_vault" else len(screen.cells))
        for cell in shown:
            region = cell.region
            assert region.right <= terminal[0] and region.bottom <= board.bottom <= status.y
            assert (region.width, region.height) == cell.tile_size
            top = str(cell.render()).splitlines()[0]
            assert ITEM_KEYS[cell.index].upper() in top[:5], top


async def test_a_paid_item_pulses_when_animations_are_on_and_settles_when_off() -> None:
    app = PickApp(bonus_session("spell_book"))
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await press_all(pilot, app, "1")
        cell = screen.cells[0]
        assert cell.look.state == "won" and not cell.pulsing  # animations off: lit, still
        app.animation_level = "full"
        other: PickCell = screen.cells[1]
        other.show(ItemLook(CLOSED, "chosen", ("CHOSEN",)), highlighted=False)
        assert other.pulsing
        other.show(ItemLook(CLOSED, "closed"), highlighted=False)
        assert not other.pulsing
        assert pick_screen(app) is screen


@pytest.mark.parametrize("terminal", TERMINALS, ids=lambda t: f"{t[0]}x{t[1]}")
@pytest.mark.parametrize("book", [0, 2])
async def test_the_imp_shows_under_its_book_on_a_tile_like_the_books(
    terminal: tuple[int, int], book: int
) -> None:
    """Seed 29 brings the imp (+5× bet): drawn as its picture on a tile of the books' size,
    "IMP" on its top edge and what it adds on its plate, under the book opened, between the
    books and the words under them, all on the screen."""
    app = PickApp(bonus_session("spell_book", seed=29))
    async with app.run_test(size=terminal) as pilot:
        await at_rest(pilot, app)
        screen = await press_all(pilot, app, str(book + 1))
        assert screen.finished and screen.record.imp == 5
        imp = screen.query_one("#pick-imp", PickCell)
        assert imp.display and imp.look.picture == IMP
        opened = screen.cells[book]
        assert imp.tile_size == opened.tile_size == (imp.region.width, imp.region.height)
        assert imp.region.x == opened.region.x  # under the book it came out of
        board = screen.query_one("#pick-board").region
        status = screen.query_one("#pick-status").region
        assert board.bottom <= imp.region.y and imp.region.bottom <= status.y
        assert imp.region.right <= terminal[0]
        assert screen.query_one("#pick-message").region.bottom <= terminal[1] - 1  # key bar
        lines = str(imp.render()).splitlines()
        assert "IMP" in lines[0][:6]
        assert "+5× bet" in "\n".join(lines[1:-1]) and "+0.75" in "\n".join(lines[1:-1])
        assert sum(ch in "▀▄█" for line in lines for ch in line) >= 10  # a picture


async def test_the_imp_stays_under_its_book_when_the_terminal_changes_size() -> None:
    app = PickApp(bonus_session("spell_book", seed=29))
    async with app.run_test(size=(80, 24)) as pilot:
        await at_rest(pilot, app)
        screen = await press_all(pilot, app, "3")
        imp, opened = screen.query_one("#pick-imp", PickCell), screen.cells[2]
        assert imp.region.x == opened.region.x
        for terminal, width in [((200, 60), 40), ((100, 32), 24)]:  # the books' widths there
            await pilot.resize_terminal(*terminal)
            await wait_for(pilot, both_of_width(imp, opened, width))
            assert imp.region.x == opened.region.x, terminal


def test_the_imp_does_not_look_like_a_book_without_colour() -> None:
    """By shape alone (``NO_COLOR``) the imp's tile differs from a book's, closed or open,
    with the same words on the plate."""
    for size in TILES:
        imp = text(drawn("spell_book", ItemLook(IMP, "won", IMP_CAPTION), False, size, mono=True))
        for picture in (CLOSED, OPEN):
            book = ItemLook(picture, "won", IMP_CAPTION)
            assert text(drawn("spell_book", book, False, size, mono=True)) != imp, size


def both_of_width(a: PickCell, b: PickCell, width: int) -> Callable[[], bool]:
    """Whether the two tiles are ``width`` columns wide on the screen now."""
    return lambda: a.region.width == b.region.width == width
