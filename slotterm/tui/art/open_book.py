"""An open spell book drawn in text: leather covers, two parchment pages, a spine, and a
page caught mid-turn.

:func:`book_picture` draws the whole book to fill a given number of columns and lines
(from the 80×24 terminal's small stage to a 200×60 one): the left page carries lines of
writing and a heading, the right page a picture (a symbol's tile) with its name, and a
turning page (``flip`` from 0, lifted off the right page, to 1, laid on the left) covers
part of either page as it crosses the spine.  Without colour the covers, spine, writing
and the turning page's shading still draw the book by their shapes.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.style import Style
from rich.text import Text

LEATHER = Style(color="#8a3b12", bgcolor="#3a1606")
"""The covers' leather."""
PAGE = Style(color="#4a2c10", bgcolor="#f3e3bc")
"""A page's parchment and its ink."""
FADED = Style(color="#a88a5a", bgcolor="#f3e3bc")
"""Writing too small to read."""
TURNING = Style(color="#a88a5a", bgcolor="#e2cc98")
"""The back of the page being turned."""
GILT = Style(color="#ffd75f", bgcolor="#3a1606", bold=True)
"""The gilt on the spine and the corners."""

_WORDS = ("~~~~", "~~", "~~~~~~", "~~~", "~~~~~", "~")
"""Lengths of the unreadable words of the writing (drawn as ``~`` runs)."""


def writing(width: int, row: int) -> str:
    """One line of unreadable writing, ``width`` columns, different on every ``row``."""
    out = ""
    i = row * 3
    while len(out) < width:
        out += _WORDS[i % len(_WORDS)] + " "
        i += 1 + row % 2
    return out[:width]


def _page_lines(lines: Sequence[Text], width: int, height: int, *, writing_from: int) -> list[Text]:
    """``lines`` centred in a page ``width`` × ``height`` (vertically too), writing in the
    rows from ``writing_from`` left free."""
    top = max(0, (height - len(lines)) // 2)
    page: list[Text] = []
    for y in range(height):
        index = y - top
        if 0 <= index < len(lines):
            line = lines[index].copy()
            line.truncate(width)
            pad = width - line.cell_len
            cell = Text(" " * (pad // 2), PAGE, end="")
            cell.append_text(line)
            cell.append(" " * (pad - pad // 2), PAGE)
        elif y >= writing_from and 0 < y < height - 1 and width > 6:
            cell = Text(" ", PAGE, end="")
            cell.append(writing(width - 2, y), FADED)
            cell.append(" ", PAGE)
        else:
            cell = Text(" " * width, PAGE, end="")
        page.append(cell)
    return page


def _turning(width: int, height: int, y: int) -> Text:
    """One line of the page being turned, ``width`` columns, its edge curled."""
    if width <= 0:
        return Text("", end="")
    body = "░" * (width - 1)
    edge = "▌" if 0 < y < height - 1 else ("◣" if y == height - 1 else "◤")
    return Text(body + edge, TURNING, end="")


def _overlay(line: Text, cover: Text, at: int) -> Text:
    """``line`` with ``cover`` laid over it from column ``at``."""
    out = line[:at]
    out.append_text(cover)
    out.append_text(line[at + cover.cell_len :])
    return out


def book_picture(
    width: int,
    height: int,
    *,
    left: Sequence[Text],
    right: Sequence[Text],
    flip: float | None = None,
) -> Text:
    """The open book, ``width`` × ``height`` cells: ``left`` and ``right`` are the lines on
    each page (centred on it); ``flip`` in [0, 1) puts a page mid-turn (``None``: none)."""
    width, height = max(12, width), max(5, height)
    page_width = (width - 4) // 2
    page_height = height - 2
    left_page = _page_lines(left, page_width, page_height, writing_from=0)
    right_page = _page_lines(right, page_width, page_height, writing_from=page_height)
    if flip is not None:
        share = abs(1.0 - 2.0 * flip)
        turned = max(1, round(page_width * share))
        for y in range(page_height):
            cover = _turning(turned, page_height, y)
            if flip < 0.5:
                right_page[y] = _overlay(right_page[y], cover, 0)
            else:
                cover = _mirror(cover)
                left_page[y] = _overlay(left_page[y], cover, page_width - turned)
    spare = width - 4 - 2 * page_width
    text = Text(no_wrap=True, end="", justify="left")
    text.append("▗" + "▄" * (page_width + 1), LEATHER)
    text.append("▄" * spare + "▄" * (page_width + 1) + "▖", LEATHER)
    for y in range(page_height):
        text.append("\n")
        text.append("█", LEATHER)
        text.append_text(left_page[y])
        text.append("┃" if y % 4 else "◆", GILT)
        text.append("┃" * spare, GILT)
        text.append_text(right_page[y])
        text.append("█", LEATHER)
    text.append("\n")
    text.append("▝" + "▀" * (page_width + 1), LEATHER)
    text.append("▀" * spare + "▀" * (page_width + 1) + "▘", LEATHER)
    return text


def _mirror(cover: Text) -> Text:
    """The turning page's line as seen on the left page: its curled edge on the left."""
    plain = cover.plain
    flipped = {"▌": "▐", "◤": "◥", "◣": "◢"}
    edge = flipped.get(plain[-1:], plain[-1:])
    return Text(edge + plain[:-1], TURNING, end="")
