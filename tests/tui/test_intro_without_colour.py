"""Without colour (``NO_COLOR``) a feature's intro still writes its title: the letters'
whole cells, painted as coloured background where there is colour, are whole blocks
instead (a background draws nothing without colour, and the title's letters lost every
full cell, reading as scattered half blocks), and no cell has a background (the
scatter either side is drawn by shape).  For the free spins' intro and the Mystery
bonus's, at 80×24 and 200×60; and the Magic Book's chosen symbol is drawn by shape (a
coloured tile was a blank frame there)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from rich.console import Console
from textual.widget import Widget

from slotterm.tui.app import SlotApp
from slotterm.tui.features.feature_intro import FeatureIntro, block_rows
from slotterm.tui.features.magic_book import MagicBook
from tests.tui.main_support import FREE_SPINS, main, make_app, settle
from tests.tui.pick_support import force, witch_session

Cell = tuple[str, bool]
"""A drawn cell: its character, and whether it has a background colour."""

INTROS: dict[str, tuple[Callable[[], SlotApp], str, tuple[str, ...]]] = {
    "free-spins": (lambda: make_app(3, force=FREE_SPINS), "FeatureIntro", ("10", "FREE SPINS")),
    "mystery-bonus": (
        lambda: make_app(session=witch_session(), force=force("pumpkin")),
        "#mystery-intro",
        ("MYSTERY", "BONUS"),
    ),
}
"""Each intro: its app (the next spin wins it), the intro's selector, its title's words."""


def cells_of(widget: Widget) -> list[list[Cell]]:
    """What ``widget`` draws (its :meth:`render`), cell by cell."""
    console = Console(width=widget.content_size.width, color_system="truecolor")
    rows = []
    for line in console.render_lines(widget.render(), pad=False):  # type: ignore[arg-type]
        cells: list[Cell] = []
        for segment in line:
            painted = segment.style is not None and segment.style.bgcolor is not None
            cells.extend((ch, painted) for ch in segment.text)
        rows.append(cells)
    return rows


async def intro_cells(
    make: Callable[[], SlotApp], selector: str, size: tuple[int, int]
) -> list[list[Cell]]:
    """The intro's end frame (animations off), cell by cell."""
    app = make()
    async with app.run_test(size=size) as pilot:
        await pilot.press("space")
        await settle(pilot, app)
        intro = main(app).query_one(selector, FeatureIntro)
        assert intro.display and intro.lit == 1.0
        return cells_of(intro)


def shows_words(rows: list[list[Cell]], words: tuple[str, ...]) -> bool:
    """Whether each of ``words`` is drawn whole in ``rows``: its block rows (at one of the
    font's scales) on lines one under the other, at one column."""
    lines = ["".join(ch for ch, _ in row) for row in rows]
    for word in words:
        found = False
        for scale in (1, 2, 3):
            block = [r.rstrip() for r in block_rows(word, scale)]
            for y in range(len(lines) - len(block) + 1):
                x = lines[y].find(block[0])
                if x >= 0 and all(lines[y + i][x:].startswith(r) for i, r in enumerate(block)):
                    found = True
        if not found:
            return False
    return True


@pytest.mark.parametrize("size", [(80, 24), (200, 60)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("which", list(INTROS))
async def test_the_title_is_drawn_in_whole_blocks_without_colour(
    which: str, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    make, selector, words = INTROS[which]
    monkeypatch.setenv("NO_COLOR", "1")
    plain = await intro_cells(make, selector, size)
    assert not any(bg for row in plain for _, bg in row), "a background draws nothing here"
    assert shows_words(plain, words), "\n".join("".join(c for c, _ in row) for row in plain)


async def test_with_colour_the_whole_cells_are_painted_instead(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    make, selector, words = INTROS["free-spins"]
    monkeypatch.delenv("NO_COLOR", raising=False)
    coloured = await intro_cells(make, selector, (80, 24))
    assert not shows_words(coloured, words)  # its whole cells are spaces, painted
    assert sum(bg and ch == " " for row in coloured for ch, bg in row) > 20


async def test_the_magic_book_shows_its_symbol_by_shape_without_colour(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    app = make_app(3, force=FREE_SPINS)
    async with app.run_test(size=(100, 32)) as pilot:
        for _ in range(2):  # the intro, then the Magic Book (animations off: it has chosen)
            await pilot.press("space")
            await settle(pilot, app)
        book = main(app).query_one(MagicBook)
        assert book.display and book.landed
        rows = cells_of(book)
        page = [row[len(row) // 2 + 2 : -6] for row in rows]  # the right page, not its edge
        # the symbol's shape in whole blocks (a coloured tile: its frame round blank cells)
        assert sum(ch == "█" for row in page for ch, _ in row) > 20
