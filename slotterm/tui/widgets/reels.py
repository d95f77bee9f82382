"""The reel window: 5×3 symbol tiles, spinning reels, line numbers and paylines.

The widget only draws what it is told: the window (``window[reel][row]``), which reels are
spinning and where their strips are, which cells are marked, which line is being shown,
which reels are covered by one tall picture (a feature filling them), and for a moment after
the line count changed, every active line.  The main screen and its scenes set these
through the methods below; every change redraws, and only what it changes: while the
reels spin, a frame repaints the reels that moved (their columns, not the frame around
them, the gaps or the line numbers), and a beat of the pulse repaints the marked tiles.

Drawing is composed from cached tile strips (:func:`~slotterm.tui.art.tiles.tile_strips`)
with Textual's line API; the geometry is :func:`~slotterm.tui.widgets.reel_layout.reel_layout`
and the paths :mod:`~slotterm.tui.widgets.paylines`.  A symbol the game draws stacked
(a stacked wild, its art says so) is one tall tile where the stopped reel shows it on
adjacent rows.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Self

from rich.style import Style
from textual.geometry import Region, Size
from textual.strip import Strip
from textual.timer import Timer
from textual.widget import Widget

from slotterm.engine.outcome import Window
from slotterm.tui.art.model import ArtSet
from slotterm.tui.art.sizes import ArtSize
from slotterm.tui.art.tiles import TileState, tile_strips
from slotterm.tui.mono import no_colour
from slotterm.tui.pulse import Pulse, Pulsing
from slotterm.tui.widgets.line_labels import line_labels
from slotterm.tui.widgets.paylines import (
    LabelPlace,
    PathCanvas,
    draw_line,
    free_cells,
    label_places,
    path_style,
    with_ports,
)
from slotterm.tui.widgets.reel_layout import ReelLayout, reel_layout
from slotterm.tui.widgets.reel_regions import TilePlace, marked_regions, reel_region

Cell = tuple[int, int]
"""A window position as ``(reel, row)``."""

LINES_SECONDS = 1.6
"""How long the active lines stay drawn after the line count changed."""


class ReelsWindow(Pulsing, Widget):
    """Draws the window of a 5×3 slot with the game's symbol tiles and its paylines."""

    can_focus = False

    def __init__(
        self,
        window: Window,
        *,
        art: ArtSet | None = None,
        lines: Sequence[Sequence[int]] = (),
        active_lines: int | None = None,
        name: str | None = None,
        id: str | None = None,
    ) -> None:
        super().__init__(name=name, id=id)
        self.art = art if art is not None else ArtSet(game="", arts={})
        """The game's pictures (none given: plain tiles)."""
        self.window: Window = window
        self.reel_count = len(window)
        self.row_count = len(window[0])
        self.lines: tuple[tuple[int, ...], ...] = tuple(tuple(rows) for rows in lines)
        """The game's paylines (row per reel), line 1 first."""
        self.active_lines = len(self.lines) if active_lines is None else active_lines
        """How many lines are played (the first ones)."""
        self.lines_lit = False
        """True while every active line is drawn (after the line count changed)."""
        self.strips: Sequence[Sequence[str]] = ()
        self.positions: list[float | None] = [None] * self.reel_count
        self.marked: frozenset[Cell] = frozenset()
        self.dim_unmarked = False
        self.path: tuple[int, ...] | None = None
        self.path_number: int | None = None
        self.fill_symbol: str | None = None
        self.fill_rows: dict[int, int] = {}
        self.tall_symbol: str | None = None
        self.tall_rows: dict[int, int] = {}
        self.force_size: ArtSize | None = None
        self.waiting: frozenset[int] = frozenset()  # :meth:`set_waiting`
        self._lines_timer: Timer | None = None
        self._label: tuple[str, str | None] = ("", None)
        """The label under the reels that :meth:`mark` set, and the border's as it was
        then (someone else may have changed it since)."""
        self._pulse = Pulse(self, self._beat)
        self._frame: tuple[tuple[int, int, Style, bool], list[Strip]] | None = None
        self._style_key: tuple[Style, bool] | None = None
        """The base style and the no-colour flag of the frame, until the next refresh."""

    # --- what the scenes change -------------------------------------------------------

    def _changed(self, *regions: Region) -> None:
        """Draw again; only ``regions`` of the content area change (none given: all)."""
        self._frame = None
        self.refresh(*regions)

    def _beat(self) -> None:
        """A beat of the pulse: only the marked tiles change."""
        regions = self._marked_regions()
        self._frame = None
        if regions:
            self.refresh(*regions)

    def _marked_regions(self) -> list[Region]:
        stopped = {r: self.tiles_of(r) for r in range(self.reel_count) if self.positions[r] is None}
        return marked_regions(self.layout_now(), stopped, self.marked)

    def _paths_shown(self) -> bool:
        """True when line paths may be drawn over the reels (all stopped, a line shown)."""
        return all(p is None for p in self.positions) and (self.lines_lit or self.path is not None)

    def show_window(self, window: Window) -> None:
        """Stop every reel on ``window`` and clear marks, path, fill and tall pictures."""
        self.window = window
        self.positions = [None] * self.reel_count
        self.fill_symbol, self.fill_rows = None, {}
        self.tall_symbol, self.tall_rows = None, {}
        self.clear_marks()

    def clear_marks(self) -> None:
        """Remove marked cells, the line path and the active lines' drawing."""
        self.marked = frozenset()
        self.dim_unmarked = False
        self.path = None
        self.path_number = None
        self.border_subtitle = ""
        self._label = ("", self.border_subtitle)
        self.hide_lines()
        self._pulse.stop()
        self._changed()

    def mark(
        self,
        cells: frozenset[Cell],
        *,
        dim_others: bool,
        path: tuple[int, ...] | None = None,
        number: int | None = None,
        label: str = "",
    ) -> None:
        """Mark ``cells``; optionally draw line ``number`` following ``path`` (row per reel)."""
        same = (cells, dim_others, path, number, label) == (
            self.marked,
            self.dim_unmarked,
            self.path,
            self.path_number,
            self._label[0],
        ) and self._label[1] == self.border_subtitle
        if same and not self.lines_lit:  # a scene's next frame on the same item
            if cells:
                self._pulse.start()
            return
        self.hide_lines()
        self.marked = cells
        self.dim_unmarked = dim_others
        self.path = path
        self.path_number = number
        self.border_subtitle = label
        self._label = (label, self.border_subtitle)
        if cells:
            self._pulse.start()
        self._changed()

    def set_waiting(self, reels: frozenset[int]) -> None:
        """Light the frames of the spinning ``reels`` that keep the player waiting."""
        if reels != self.waiting:
            self.waiting = reels
            self._changed()

    def set_fill(self, symbol: str | None, rows: dict[int, int]) -> None:
        """Cover the top ``rows[reel]`` rows of each listed reel with ``symbol``, cell by cell."""
        self.fill_symbol = symbol
        self.fill_rows = dict(rows)
        self._changed()

    def set_tall(self, symbol: str | None, rows: dict[int, int]) -> None:
        """Cover the top ``rows[reel]`` rows of each listed reel with one tall picture of
        ``symbol`` (all rows: the whole reel is one picture); ``None`` removes them."""
        self.tall_symbol = symbol
        self.tall_rows = dict(rows) if symbol is not None else {}
        self._changed()

    def set_positions(self, strips: Sequence[Sequence[str]], positions: list[float | None]) -> None:
        """Show spinning reels: ``positions[r]`` is a strip position, ``None`` = stopped.

        Only the reels whose position changed are drawn again (while no line path is
        drawn over them, before or after)."""
        moved = [r for r in range(self.reel_count) if positions[r] != self.positions[r]]
        partial = strips == self.strips and not self._paths_shown()
        self.strips = strips
        self.positions = list(positions)
        if partial and not self._paths_shown():
            if moved:
                layout = self.layout_now()
                self._changed(*(reel_region(layout, r) for r in moved))
            return
        self._changed()

    def set_lines(self, lines: Sequence[Sequence[int]], active: int) -> None:
        """The game's paylines (row per reel, line 1 first) and how many are played."""
        self.lines = tuple(tuple(rows) for rows in lines)
        self.active_lines = active
        self._changed()

    def show_lines(self, count: int, seconds: float | None = None, *, hold: bool = False) -> None:
        """Play ``count`` lines and draw them all for ``seconds`` (:data:`LINES_SECONDS`
        when not given; ``hold``: until a spin, a mark or :meth:`hide_lines`)."""
        self.active_lines = count
        self.lines_lit = True
        if self._lines_timer is not None:
            self._lines_timer.stop()
            self._lines_timer = None
        if not hold and self.is_attached:
            wait = LINES_SECONDS if seconds is None else seconds
            self._lines_timer = self.set_timer(wait, self.hide_lines)
        self._changed()

    def hide_lines(self) -> None:
        """Stop drawing the active lines (the line numbers stay)."""
        if self._lines_timer is not None:
            self._lines_timer.stop()
            self._lines_timer = None
        if self.lines_lit:
            self.lines_lit = False
            self._changed()

    # --- what is shown ----------------------------------------------------------------------

    @property
    def mono(self) -> bool:
        """True when the terminal gets no colour (``NO_COLOR``): tiles drawn by shape."""
        return no_colour(self)

    def layout_now(self, size: Size | None = None) -> ReelLayout:
        """Where tiles, gaps and line numbers go in the content area now."""
        size = size or self.content_size
        per_row = 1
        for row in range(self.row_count):
            for end in (0, -1):
                per_row = max(per_row, sum(1 for rows in self.lines if rows[end] == row))
        return reel_layout(
            size.width,
            size.height,
            self.reel_count,
            self.row_count,
            per_row=per_row,
            force=self.force_size,
        )

    def art_size(self) -> ArtSize:
        """The picture size that fits the widget's content area now."""
        return self.layout_now().size

    def shown_symbol(self, reel: int, row: int) -> str:
        """The symbol drawn at a stopped cell (a fill or tall picture where one covers it)."""
        if self.tall_symbol is not None and row < self.tall_rows.get(reel, 0):
            return self.tall_symbol
        if self.fill_symbol is not None and row < self.fill_rows.get(reel, 0):
            return self.fill_symbol
        return self.window[reel][row]

    def drawn_text(self) -> str:
        """Everything drawn, as plain text (one line per line of the content area)."""
        return "\n".join(strip.text for strip in self._lines())

    # --- drawing --------------------------------------------------------------------------

    def render_line(self, y: int) -> Strip:
        """Line ``y`` of the content area."""
        lines = self._lines()
        return lines[y] if 0 <= y < len(lines) else Strip.blank(self.content_size.width)

    def refresh(
        self, *regions: Region, repaint: bool = True, layout: bool = False, recompose: bool = False
    ) -> Self:
        """As any widget (the frame's style is looked up again on the next draw)."""
        self._style_key = None
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)

    def notify_style_update(self) -> None:
        """As any widget (the frame's style is looked up again on the next draw)."""
        self._style_key = None
        super().notify_style_update()

    def _lines(self) -> list[Strip]:
        size = self.content_size
        if self._style_key is None:  # once per refresh, not once per line (it walks the DOM)
            self._style_key = (self.rich_style, self.mono)
        key = (size.width, size.height, *self._style_key)  # a new theme: redraw
        if self._frame is None or self._frame[0] != key:
            self._frame = (key, self._draw(size))
        return self._frame[1]

    def tiles_of(self, reel: int) -> list[TilePlace]:
        """The tiles of stopped reel ``reel``, top first: a tall picture or a stack of a
        stacked symbol is one tile over several rows."""
        blocks: list[TilePlace] = []
        row = 0
        covered = self.tall_rows.get(reel, 0) if self.tall_symbol is not None else 0
        if covered:
            blocks.append((0, covered, self.tall_symbol or "", covered > 1))
            row = covered
        while row < self.row_count:
            symbol = self.shown_symbol(reel, row)
            end = row + 1
            if symbol in self.art.stacked:
                while end < self.row_count and self.shown_symbol(reel, end) == symbol:
                    end += 1
            blocks.append((row, end - row, symbol, end - row > 1))
            row = end
        return blocks

    def _state(self, cells: set[Cell]) -> TileState:
        if cells & self.marked:
            return TileState.GLOW if self.glowing else TileState.MARKED
        return TileState.DIM if self.dim_unmarked else TileState.NORMAL

    def _column(self, reel: int, layout: ReelLayout, mono: bool) -> list[Strip | None]:
        """Reel ``reel``'s tile line at each line of the grid (``None``: a gap)."""
        height, w = layout.height, layout.tile_w
        column: list[Strip | None] = [None] * height
        position = self.positions[reel]
        if position is None:
            for first, count, symbol, tall in self.tiles_of(reel):
                cells = {(reel, r) for r in range(first, first + count)}
                span = layout.span_height(count)
                tile = tile_strips(
                    self.art.art(symbol), w, span, self._state(cells), mono=mono, tall=tall
                )
                top = first * layout.unit
                column[top : top + span] = tile
            return column
        strip = self.strips[reel]
        start = math.floor(position * layout.unit)
        lit = TileState.GLOW if reel in self.waiting else TileState.NORMAL
        for y in range(height):
            index, line = divmod(start + y, layout.unit)
            if line < layout.tile_h:
                art = self.art.art(strip[index % len(strip)])
                column[y] = tile_strips(art, w, layout.tile_h, lit, mono=mono)[line]
        return column

    def _canvas(self, layout: ReelLayout, places: list[LabelPlace], mono: bool) -> PathCanvas:
        canvas = PathCanvas()
        if any(p is not None for p in self.positions) or not self.lines:
            return canvas
        if self.lines_lit:
            # small tiles: every frame would be covered in ports, so the gaps alone show them
            ports = layout.tile_h >= ArtSize.MEDIUM.height
            for number in range(self.active_lines, 0, -1):
                place = places[number - 1]
                style = path_style(number, mono)
                rows = self.lines[number - 1]
                draw_line(canvas, layout, rows, place, style, centre=False, ports=ports)
        elif self.path is not None and self.path_number is not None:
            place = places[self.path_number - 1]
            style = path_style(self.path_number, mono)
            draw_line(canvas, layout, self.path, place, style, centre=True)
        return canvas

    def _draw(self, size: Size) -> list[Strip]:
        layout = self.layout_now(size)
        mono = self.mono
        base = self.rich_style
        places = label_places(layout, self.lines) if self.lines else []
        canvas = self._canvas(layout, places, mono)
        shown = self.path_number if self.path is not None else None
        labels = line_labels(places, self.active_lines, self.lines_lit, shown, mono)
        columns = [self._column(r, layout, mono) for r in range(self.reel_count)]
        tiles_x = [layout.reel_x(r) for r in range(self.reel_count)]
        busy = {y for _, y in canvas.bits} | {y for _, y in labels}
        out = []
        for y in range(size.height):
            gy = y - layout.top
            pieces: list[Strip] = []
            x = 0
            for reel, tx in enumerate(tiles_x):
                line = columns[reel][gy] if 0 <= gy < layout.height else None
                if line is None:
                    continue
                pieces.append(free_cells(x, tx, y, canvas, labels, base, busy=y in busy))
                pieces.append(with_ports(line, tx, y, canvas, layout.tile_w))
                x = tx + layout.tile_w
            pieces.append(free_cells(x, size.width, y, canvas, labels, base, busy=y in busy))
            out.append(Strip.join(pieces).crop(0, size.width))
        return out
