"""A big win's panel reads as a slot's does: the level's title leads, the amount under it
in big figures on a framed plate, smaller than the title wherever the window lets the
title grow (half its height), as large as the title where the title is at the font's own
size (80×24), and the caption under both; text that does not fit sheds the plate's
padding, then the plate, never the amount.  Without colour the title stays as bright as
the amount."""

from __future__ import annotations

import pytest

from slotterm.tui.celebration import EPIC_WIN, MEGA_WIN, Celebration, CelebrationScene
from slotterm.tui.celebration_art import (
    AMOUNT,
    CAPTION,
    PLATE_FRAME,
    TITLE,
    Frame,
    text_block,
)
from tests.tui.celebration_support import forced_app
from tests.tui.main_support import main
from tests.tui.modal_support import wait_for

WINDOWS = {"80x24": (78, 13), "120x40": (118, 29), "200x60": (196, 49)}
"""The celebration's window (the reel window inside its border) at each terminal size."""


def panel(title: str, amount: str, size: tuple[int, int]) -> dict[int, list[str]]:
    """The rows of the text block of a win at ``size``, by role (the plate's rows count
    with the amount's)."""
    frame = Frame(title, amount, "83× the total bet of 0.18", EPIC_WIN.flurry, 1, 9.0)
    rows: dict[int, list[str]] = {}
    for row, role in text_block(frame, *size):
        rows.setdefault(role, []).append(row)
    return rows


def figures(rows: list[str]) -> list[str]:
    """The amount's rows of figures, without the plate's top and bottom or its padding."""
    return [r for r in rows if any(ch in "█▀▄" for ch in r)]


@pytest.mark.parametrize("title", ["BIG WIN!", "MEGA WIN!", "EPIC WIN!"])
@pytest.mark.parametrize("window", ["120x40", "200x60"])
def test_the_title_leads_where_there_is_room(title: str, window: str) -> None:
    rows = panel(title, "1,234.56", WINDOWS[window])
    heads, digits = rows[TITLE], figures(rows[AMOUNT])
    assert len(heads) == 2 * len(digits), "the figures are half the title's height"
    assert len(digits) >= 3, "the figures are big letters"
    assert max(map(len, heads)) > max(map(len, digits))
    assert rows[CAPTION] == ["83× the total bet of 0.18"]


@pytest.mark.parametrize("window", list(WINDOWS))
def test_the_amount_stands_on_a_plate(window: str) -> None:
    plate = panel("MEGA WIN!", "15.00", WINDOWS[window])[AMOUNT]
    assert plate[0].startswith("╔") and plate[-1].startswith("╚")
    assert all(row[0] in PLATE_FRAME and row[-1] in PLATE_FRAME for row in plate)
    assert len(figures(plate)) >= 3


def test_at_80x24_the_figures_are_as_tall_as_the_title_and_all_fits() -> None:
    width, height = WINDOWS["80x24"]
    rows = panel("EPIC WIN!", "12,345.67", (width, height))
    assert len(rows[TITLE]) == len(figures(rows[AMOUNT])) == 3
    assert sum(map(len, rows.values())) <= height - 2, "a row clear above and below"


def test_a_short_window_sheds_the_plate_not_the_amount() -> None:
    rows = panel("EPIC WIN!", "100.00", (78, 8))
    assert len(figures(rows[AMOUNT])) == 3
    assert not any(ch in PLATE_FRAME for row in rows[AMOUNT] for ch in row)


@pytest.mark.parametrize("no_color", [False, True], ids=["colour", "NO_COLOR"])
async def test_without_colour_the_title_is_as_bright_as_the_amount(
    no_color: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Greyed, a red title would be darker than the white figures: without colour every
    block of the panel is drawn in the text's own colour."""
    if no_color:
        monkeypatch.setenv("NO_COLOR", "1")
    else:
        monkeypatch.delenv("NO_COLOR", raising=False)
    app = forced_app("mega", animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("space")
        overlay = main(app).query_one(Celebration)
        await wait_for(pilot, lambda: "MEGA WIN" in overlay.words)
        inks = {
            segment.style.color
            for y in range(overlay.content_size.height)
            for segment in overlay.render_line(y)
            if segment.style is not None
            and segment.text.strip(" ")
            and set(segment.text) <= set("█▀▄")
        }
        assert (len(inks) == 1) is no_color, inks


@pytest.mark.parametrize("window", ["80x24", "200x60"])
def test_the_plate_and_the_figures_stay_put_while_the_amount_counts_up(window: str) -> None:
    """The count from 0.00 to 1,234.56 adds digits: the plate is sized for the end amount
    from the first frame, and the figures keep one scale, so nothing jumps."""
    scene = CelebrationScene(Celebration(), lambda _cents: None, 0, 123_456, MEGA_WIN)
    seen = set()
    for step in range(0, 41):
        frame = scene.frame(scene.duration * step / 40)
        plate = [r for r, role in text_block(frame, *WINDOWS[window]) if role == AMOUNT]
        seen.add((len(plate), len(plate[0]), len(figures(plate))))
    assert frame.amount == "1,234.56"
    assert len(seen) == 1, seen
