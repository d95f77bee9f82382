"""The terminal text of a partial update: the same cells as Textual writes, fewer bytes.

Each strip is written twice onto a pyte screen, once as Textual writes it
(:meth:`Strip.render`) and once by :func:`~slotterm.tui.terminal_text.strip_text`, and the
two screens are compared cell by cell (character, colours, attributes) and in the state
the terminal is left in.  Then a partial update (a span inside a wide widget's piece of a
line) is checked to write those columns and no others.
"""

from __future__ import annotations

import random

import pyte
import pytest
from rich.color import Color, ColorSystem
from rich.console import Console
from rich.segment import Segment
from rich.style import Style
from textual._compositor import ChopsUpdate
from textual.strip import Strip

from slotterm.tui.terminal_text import colours_only, strip_text
from slotterm.tui.textual_compat import write_dirty_columns_only

WIDTH = 60


def screen_of(*texts: str) -> pyte.Screen:
    """A 60×2 terminal after ``texts`` were written."""
    screen = pyte.Screen(WIDTH, 2)
    stream = pyte.Stream(screen)
    for text in texts:
        stream.feed(text)
    return screen


def cells(screen: pyte.Screen) -> list[tuple[object, ...]]:
    """Every cell as (character, fg, bg, bold, italics, underscore, reverse, blink)."""
    return [
        (c.data, c.fg, c.bg, c.bold, c.italics, c.underscore, c.reverse, c.blink)
        for row in range(screen.lines)
        for c in (screen.buffer[row][x] for x in range(screen.columns))
    ]


def random_style(draw: random.Random) -> Style | None:
    """Colours alone most of the time (as a reel's pictures), now and then more."""
    kind = draw.random()
    if kind < 0.05:
        return None

    def colour() -> Color | None:
        pick = draw.random()
        if pick < 0.15:
            return None
        if pick < 0.3:
            return Color.parse(f"color({draw.randrange(16)})")
        if pick < 0.8:
            return Color.parse(f"color({draw.randrange(256)})")
        return Color.from_rgb(draw.randrange(256), draw.randrange(256), draw.randrange(256))

    fg, bg = colour(), colour()
    extra = {}
    if kind > 0.8:
        extra[draw.choice(["bold", "italic", "underline", "reverse", "blink"])] = True
    if kind > 0.97:
        extra["link"] = "https://example.com/"  # type: ignore[assignment]
    return Style(color=fg, bgcolor=bg, **extra)  # type: ignore[arg-type]


def random_strip(draw: random.Random) -> Strip:
    """A strip of WIDTH cells in pieces of 1-4 characters, styles repeating now and then."""
    segments, styles, used = [], [random_style(draw) for _ in range(8)], 0
    while used < WIDTH:
        size = min(WIDTH - used, draw.randint(1, 4))
        style = draw.choice(styles) if draw.random() < 0.5 else random_style(draw)
        segments.append(Segment("".join(draw.choice("▀▄▌ █ab") for _ in range(size)), style))
        used += size
    return Strip(segments, WIDTH)


@pytest.mark.parametrize("system", [ColorSystem.EIGHT_BIT, ColorSystem.TRUECOLOR])
@pytest.mark.parametrize("seed", range(12))
def test_strip_text_shows_the_cells_textual_writes(seed: int, system: ColorSystem) -> None:
    draw = random.Random(seed)
    console = Console(color_system="256" if system is ColorSystem.EIGHT_BIT else "truecolor")
    strips = [random_strip(draw) for _ in range(2)]
    theirs = [s.render(console) for s in strips]
    ours = [strip_text(s, system) for s in strips]
    before = screen_of("\x1b[1;1H", theirs[0], "\x1b[2;1H", theirs[1])
    after = screen_of("\x1b[1;1H", ours[0], "\x1b[2;1H", ours[1])
    assert cells(after) == cells(before)
    assert after.cursor.attrs == before.cursor.attrs  # left in the reset state
    assert sum(map(len, ours)) < sum(map(len, theirs))


def test_a_change_of_background_alone_writes_the_background() -> None:
    first = Style(color=Color.parse("color(62)"), bgcolor=Color.parse("color(17)"))
    second = Style(color=Color.parse("color(62)"), bgcolor=Color.parse("color(69)"))
    text = strip_text(Strip([Segment("▌", first), Segment("▀", second)]), ColorSystem.EIGHT_BIT)
    assert text == "\x1b[38;5;62;48;5;17m▌\x1b[48;5;69m▀\x1b[0m"


def test_colours_only_reads_colours_and_refuses_attributes() -> None:
    assert colours_only("38;5;62;48;2;1;2;3") == ("38;5;62", "48;2;1;2;3")
    assert colours_only("31;104") == ("31", "104")
    assert colours_only("") == ("", "")
    assert colours_only("1;38;5;62") is None


def test_a_partial_update_writes_its_dirty_columns_only() -> None:
    """A span in the middle of a widget's piece of a line is written from its own start."""
    assert write_dirty_columns_only()
    console = Console(color_system="256", width=WIDTH)
    strip = random_strip(random.Random(5))
    full = ChopsUpdate([{0: strip}], [(0, 0, WIDTH)], [[WIDTH]]).render_segments(console)
    other = random_strip(random.Random(6))
    update = ChopsUpdate([{0: other}], [(0, 20, 32)], [[WIDTH]]).render_segments(console)
    assert update.startswith("\x1b[1;21H")
    screen = screen_of(full, update)
    expected = screen_of(full, "\x1b[1;21H", other.crop(20, 32).render(console))
    assert cells(screen) == cells(expected)
    assert len(update) < len(other.crop(0, 32).render(console))
