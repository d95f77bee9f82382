"""Long help text drawn fast: our small Markdown laid out once per width, then shown line
by line (Textual's line API).

Textual's ``Markdown`` widget mounts a widget for every block, list item and table cell,
and styles and lays out each one (the help took 0.4-0.8 s to open); even Rich's Markdown
has to import and run a full parser.  The help files use a small part of Markdown only,
read here directly: ``#`` / ``##`` headings, paragraphs, ``-`` lists (nested by two
spaces), one kind of table (``| a | b |`` rows, a header row and its ``|---|`` rule) and,
inline, ``**bold**`` and ```code```.  The whole text is one widget whose lines are built
once for a given width and colours and kept.
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass
from functools import lru_cache

from rich.console import Console
from rich.style import Style
from rich.text import Text
from textual.color import Color, ColorParseError
from textual.geometry import Size
from textual.strip import Strip
from textual.widget import Widget

INLINE = re.compile(r"\*\*(.+?)\*\*|`([^`]+)`")
"""Bold (``**x**``) and code (```x```) spans."""
BULLETS = ("•", "◦")


@dataclass(frozen=True)
class Block:
    """One block of the text: ``kind`` is ``h1``, ``h2``, ``p``, ``li`` or ``table``."""

    kind: str
    text: str = ""
    depth: int = 0
    rows: tuple[tuple[str, ...], ...] = ()


def blocks(source: str) -> list[Block]:
    """The blocks of ``source``, in order."""
    found: list[Block] = []
    lines = source.splitlines()
    n = 0
    while n < len(lines):
        line = lines[n]
        stripped = line.strip()
        if not stripped:
            n += 1
        elif stripped.startswith("|"):
            rows = []
            while n < len(lines) and lines[n].strip().startswith("|"):
                cells = tuple(c.strip() for c in lines[n].strip().strip("|").split("|"))
                if not all(set(c) <= set("-: ") for c in cells):  # not the header rule
                    rows.append(cells)
                n += 1
            found.append(Block("table", rows=tuple(rows)))
        elif line.startswith("#"):
            level = len(line) - len(line.lstrip("#"))
            found.append(Block("h1" if level == 1 else "h2", line.lstrip("#").strip()))
            n += 1
        else:
            bullet = re.match(r"( *)- ", line)
            depth = len(bullet.group(1)) // 2 if bullet else 0
            parts = [line[bullet.end() :] if bullet else stripped]
            n += 1
            while n < len(lines) and lines[n].strip() and not _starts_block(lines[n]):
                parts.append(lines[n].strip())
                n += 1
            found.append(Block("li" if bullet else "p", " ".join(parts), depth))
    return found


def _starts_block(line: str) -> bool:
    return bool(re.match(r" *(- |#|\|)", line))


def inline(text: str, strong: Style) -> Text:
    """``text`` with its bold and code spans styled."""
    out = Text(end="")
    at = 0
    for match in INLINE.finditer(text):
        out.append(text[at : match.start()])
        out.append(match.group(1) or match.group(2), strong)
        at = match.end()
    out.append(text[at:])
    return out


@dataclass(frozen=True)
class Palette:
    """The colours the text is drawn in."""

    accent: str
    muted: str


class Layout:
    """Lines of styled text ``width`` columns wide."""

    def __init__(self, width: int, palette: Palette) -> None:
        self.width = max(width, 8)
        self.console = Console(width=self.width, file=io.StringIO(), color_system="truecolor")
        self.heading = Style(bold=True, color=palette.accent)
        self.strong = Style(bold=True)
        self.muted = Style(color=palette.muted)
        self.lines: list[Text] = []

    def wrap(self, text: Text, width: int) -> list[Text]:
        """``text`` wrapped to ``width`` columns."""
        return list(text.wrap(self.console, max(width, 4)))

    def hanging(self, first: str, text: Text, indent: int) -> None:
        """``text`` after ``first`` (a bullet, a key), its other lines indented under it."""
        for n, line in enumerate(self.wrap(text, self.width - indent)):
            lead = first.ljust(indent) if n == 0 else " " * indent
            self.lines.append(Text(lead, end="") + line)

    def add(self, block: Block, previous: Block | None) -> None:
        """Lay out one block (a blank line before it, except inside a list)."""
        if previous is not None and not (block.kind == "li" and previous.kind == "li"):
            self.lines.append(Text())
        if block.kind in ("h1", "h2"):
            title = Text(block.text, self.heading)
            if block.kind == "h1":
                title.justify = "center"
            self.lines.extend(self.wrap(title, self.width))
        elif block.kind == "li":
            bullet = " " * (2 * block.depth) + BULLETS[min(block.depth, 1)]
            self.hanging(bullet, inline(block.text, self.strong), 2 * block.depth + 2)
        elif block.kind == "table":
            self.table(block.rows)
        else:
            self.lines.extend(self.wrap(inline(block.text, self.strong), self.width))

    def table(self, rows: tuple[tuple[str, ...], ...]) -> None:
        """A two-column table: the first column as wide as its widest cell (at most a third
        of the width), the second wrapped beside it; the header in the heading's style."""
        if not rows:
            return
        key_width = min(max(len(r[0]) for r in rows), self.width // 3) + 2
        for n, row in enumerate(rows):
            style = self.heading if n == 0 else self.strong
            rest = " ".join(row[1:])
            text = Text(rest, self.heading) if n == 0 else inline(rest, self.strong)
            for k, line in enumerate(self.wrap(text, self.width - key_width)):
                key = Text(row[0].ljust(key_width) if k == 0 else " " * key_width, style, end="")
                self.lines.append(key + line)
            if n == 0:
                self.lines.append(Text("─" * self.width, self.muted))

    def strips(self) -> tuple[Strip, ...]:
        """Every line as a strip."""
        return tuple(
            Strip(line.render(self.console, end=""), line.cell_len).simplify()
            for line in self.lines
        )


@lru_cache(maxsize=16)
def help_strips(source: str, width: int, accent: str, muted: str) -> tuple[Strip, ...]:
    """``source`` laid out ``width`` columns wide, one strip a line (kept for next time)."""
    layout = Layout(width, Palette(accent, muted))
    previous = None
    for block in blocks(source):
        layout.add(block, previous)
        previous = block
    return layout.strips()


def hex_colour(value: str | None, default: str) -> str:
    """A CSS colour (maybe with alpha) as ``#RRGGBB`` for Rich; ``default`` if unreadable."""
    try:
        return Color.parse(value).hex6 if value else default
    except ColorParseError:
        return default


class MarkdownText(Widget):
    """``source`` (the small Markdown above) as one widget as tall as its text; put it in
    a scroller."""

    DEFAULT_CSS = """
    MarkdownText {
        height: auto;
    }
    """

    def __init__(self, source: str, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.source = source
        self._colours: tuple[str, str] | None = None

    def strips(self, width: int) -> tuple[Strip, ...]:
        """The text's lines at ``width``, in the app's colours (looked up once: Textual
        works its theme's variables out afresh on every call)."""
        if self._colours is None:
            variables = self.app.get_css_variables()
            accent = hex_colour(variables.get("accent"), "#ff00ff")
            self._colours = (accent, hex_colour(variables.get("foreground-muted"), "#808080"))
        return help_strips(self.source, width, *self._colours)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """As many rows as the text has lines at ``width``."""
        return len(self.strips(width))

    def render_line(self, y: int) -> Strip:
        """Line ``y`` of the text (blank below it)."""
        strips = self.strips(self.size.width)
        if 0 <= y < len(strips):
            return strips[y].apply_style(self.rich_style)
        return Strip.blank(self.size.width, self.rich_style)

    @property
    def plain(self) -> str:
        """The text as laid out at the current width, without styles (for tests)."""
        return "\n".join(strip.text for strip in self.strips(self.size.width))
