"""One item of a pick game's board: its look (:class:`ItemLook`), its widget
(:class:`PickCell`), the key that picks it (:data:`ITEM_KEYS`), and prizes as the player
reads them (:func:`prize_text`).

An item is drawn as the reels draw a symbol: its pixel picture on a framed tile
(:func:`~slotterm.tui.art.tiles.tile_strips`, pictures in
:mod:`slotterm.tui.art.pick_items`).  The key that picks it sits on a tab in the tile's top
edge; what an opened item held is written on a plate inside the tile's frame, under the
picture.  Each state has its own look: a closed item shows its closed picture; an opened
one its opened picture with the content on a dark plate; a chosen item and the one that
paid get the winning cells' gold frame (pulsing for a moment when animations are on; the
one that paid also a gold plate); items out of the game, given up or only shown at the end
are dimmed.  Without colour (``NO_COLOR``) the states still differ by shape: the pictures,
heavy frames for chosen and paid, and the words on the plates.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.screen import Screen
from textual.widgets import Static

from slotterm.engine.actions import Bet
from slotterm.money import format_cents
from slotterm.tui.art.model import ArtSet, SymbolArt, TileLook
from slotterm.tui.art.tiles import TileState, blend, brightness, fitted_picture, tile_strips
from slotterm.tui.mono import no_colour
from slotterm.tui.pulse import Pulse, Pulsing
from slotterm.tui.widgets.coin_boxes import CoinBoxes, coins_text

ITEM_KEYS = "123456789abc"
"""The key that picks each item directly, in item order."""

STATES = ("closed", "open", "chosen", "gone", "revealed", "won", "given-up", "opening")
"""Every state an item can be drawn in (CSS classes ``-<state>``)."""

SMALLEST_TILE = (10, 4)
"""The fewest columns and lines of an item's tile (the small picture in its frame)."""

INK = "#1b1024"
"""Dark letters on a bright ground (the key's tab, the gold plate)."""
PLATE = "#1b1024"
"""The plate's ground under an opened item's words."""
GOLD = "#ffe14d"
"""The gold of a chosen item's words and of the paid item's plate."""


@dataclass(frozen=True, slots=True)
class ItemLook:
    """What one item shows: its ``picture`` (a name in its game's pictures, e.g.
    :data:`~slotterm.tui.art.pick_items.CLOSED`), its ``state`` (one of :data:`STATES`) and
    the ``caption`` lines written on its plate (its content, its prize), and the shorter
    ``narrow`` lines written instead on a tile too narrow for them (none: the caption, cut)."""

    picture: str
    state: str
    caption: tuple[str, ...] = ()
    narrow: tuple[str, ...] = ()


def prize_text(cents: int, coin_size: int | None) -> str:
    """``"1.20 (120 coins)"``: credits, and coins when the game is bet in coins."""
    if coin_size is None:
        return format_cents(cents)
    coins = cents // coin_size
    return f"{format_cents(cents)} ({coins} coin{'s' if coins != 1 else ''})"


def amount_look(
    screen: Screen[Any], bet: Bet, picture: str, state: str, multiple: int, *, sign: str = ""
) -> ItemLook:
    """An item of ``screen`` holding ``multiple`` times the total ``bet`` (``sign``: ``"+"``,
    an amount added), in the unit the player chose (:func:`coins_chosen`):
    ``("8× bet", "1.20")`` in credits; in coins ``("8× bet", "120 coins")``, on a narrow
    tile ``("120", "coins")`` as the Win box writes coins (a game not bet in coins: in
    credits)."""
    cents = multiple * bet.total
    times = f"{sign}{multiple}× bet"
    if not bet.coin_size or not coins_chosen(screen):
        return ItemLook(
            picture=picture, state=state, caption=(times, f"{sign}{format_cents(cents)}")
        )
    coins = coins_text(cents // bet.coin_size)
    count, _, unit = coins.partition(" ")
    return ItemLook(
        picture=picture,
        state=state,
        caption=(times, f"{sign}{coins}"),
        narrow=(f"{sign}{count}", unit),
    )


def coins_chosen(screen: Screen[Any]) -> bool:
    """True when the player chose amounts in coins (C, or the option): the machine's
    boxes under ``screen`` show coins."""
    for below in reversed(screen.app.screen_stack):
        boxes = getattr(below, "boxes", None)
        if isinstance(boxes, CoinBoxes):
            return boxes.in_coins
    return False


_TILE_STATES = {
    "closed": TileState.NORMAL,
    "open": TileState.NORMAL,
    "chosen": TileState.MARKED,
    "won": TileState.MARKED,
    "opening": TileState.MARKED,
    "gone": TileState.DIM,
    "revealed": TileState.DIM,
    "given-up": TileState.DIM,
}
PULSING = frozenset({"chosen", "won", "opening"})
"""The states whose gold frame pulses (as a winning cell's on the reels)."""

_PLATES: dict[str, tuple[str, str]] = {
    "open": ("#ffffff", PLATE),
    "won": (INK, GOLD),
    "chosen": (GOLD, PLATE),
    "opening": ("#fff6b0", PLATE),
    "gone": ("#e09a9a", "#151219"),  # out of the game: a reddish grey
    "revealed": ("#a8a8b8", "#151219"),
    "given-up": ("#a8a8b8", "#151219"),
}
"""Each state's plate: the words' colour and the plate's ground."""


@lru_cache(maxsize=64)
def highlighted(art: SymbolArt) -> SymbolArt:
    """``art`` on a brighter tile with a white frame: the item the arrows point at."""
    look = art.look
    lit = TileLook(
        top=blend(look.top, look.frame, 0.3),
        bottom=blend(look.bottom, look.frame, 0.2),
        frame="#ffffff",
    )
    return replace(art, look=lit)


Cell = tuple[str, Style]
"""One character with its style."""


def _cells(segments: Iterable[Segment]) -> list[Cell]:
    out: list[Cell] = []
    for segment in segments:
        style = segment.style or Style()
        out.extend((ch, style) for ch in segment.text)
    return out


def _centred(text: str, width: int) -> str:
    text = text[:width]
    left = (width - len(text)) // 2
    return " " * left + text + " " * (width - len(text) - left)


def _room_under(art: SymbolArt, width: int, height: int) -> bool:
    """Whether a tile of ``width`` × ``height`` leaves its bottom line free of picture (so
    the plate can slide in above that line)."""
    if height < SMALLEST_TILE[1]:
        return False
    picture = fitted_picture(art, width - 2, 2 * height - 2, tall=False)
    top = (2 * height - len(picture)) // 2
    return top + len(picture) <= 2 * height - 2


def item_lines(
    art: SymbolArt,
    look: ItemLook,
    key: str,
    width: int,
    height: int,
    *,
    highlight: bool = False,
    glow: bool = False,
    mono: bool = False,
) -> list[list[Cell]]:
    """An item drawn in ``width`` × ``height`` cells: its tile (from the reels' renderer),
    the key's tab on the top edge and the caption's plate inside the frame."""
    width, height = max(width, SMALLEST_TILE[0]), max(height, SMALLEST_TILE[1])
    state = _TILE_STATES.get(look.state, TileState.NORMAL)
    if glow and state is TileState.MARKED:
        state = TileState.GLOW
    caption = look.caption
    if look.narrow and any(len(line) > width - 2 for line in caption):
        caption = look.narrow
    plate = min(len(caption), height - SMALLEST_TILE[1])
    drawn = highlighted(art) if highlight else art
    lift = plate if _room_under(drawn, width, height - plate) else 0
    tile = [_cells(strip) for strip in tile_strips(drawn, width, height - lift, state, mono=mono)]
    words, ground = _PLATES.get(look.state, _PLATES["open"])
    rows = []
    for n, text in enumerate(caption[:plate]):
        bold = n == 0 or look.state == "won"
        strike = look.state == "given-up" and n == 0
        if mono:
            dim = state is TileState.DIM
            style = Style(bold=bold or None, strike=strike or None, dim=dim or None)
        else:
            style = Style(color=words, bgcolor=ground, bold=bold or None, strike=strike or None)
        rows.append([(ch, style) for ch in _centred(text, width - 2)])
    if lift:  # the picture moved up: the plate goes between it and the bottom edge
        sides = tile[1][0], tile[1][-1]
        lines = [*tile[:-1], *([sides[0], *row, sides[1]] for row in rows), tile[-1]]
    else:  # no room: the plate covers the picture's lowest lines
        lines = tile
        for n, row in enumerate(rows):
            y = height - 1 - plate + n
            lines[y] = [lines[y][0], *row, lines[y][-1]]
    _tab(lines[0], key, highlight=highlight, mono=mono)
    return lines


def _tab(top: list[Cell], key: str, *, highlight: bool, mono: bool) -> None:
    """Write the key on the tile's top edge (between arrows on the highlighted item)."""
    label = f"▶{key}◀" if highlight else f" {key} "
    if mono:
        style = Style(bold=True)
    else:
        frame = top[1][1].color
        ground = frame.triplet.hex if frame is not None and frame.triplet else "#ffffff"
        ink = INK if brightness(ground) >= 0.45 else "#ffffff"
        style = Style(color=ink, bgcolor=ground, bold=True)
    for i, ch in enumerate(label):
        if 1 + i < len(top) - 1:
            top[1 + i] = (ch, style)


def as_text(lines: list[list[Cell]]) -> Text:
    """Drawn lines as one Rich text (lines joined by newlines)."""
    text = Text(no_wrap=True, end="")
    for y, line in enumerate(lines):
        if y:
            text.append("\n")
        for ch, style in line:
            text.append(ch, style)
    return text


class PickCell(Pulsing, Static):
    """One item on the board: its picture on a framed tile with its key and plate (a
    ``tab`` instead of the key: a tile that is not an item, e.g. the Spell Book's imp)."""

    can_focus = False

    def __init__(
        self, index: int, pictures: ArtSet, *, tab: str | None = None, id: str | None = None
    ) -> None:
        super().__init__("", classes="pick-cell", id=id)
        self.index = index
        self.pictures = pictures
        """The game's item pictures."""
        self.tab = tab
        """The word on the tile's top edge in place of the key (``None``: the key)."""
        self.look = ItemLook(picture="closed", state="closed")
        self.highlighted = False
        self.tile_size = SMALLEST_TILE
        """The item's columns and lines (set by the board's fit)."""
        self._pulse = Pulse(self, self._redraw)
        self._shown: tuple[object, ...] | None = None

    @property
    def key(self) -> str:
        """The key that picks this item, as shown (or the tile's :attr:`tab`)."""
        return self.tab if self.tab is not None else ITEM_KEYS[self.index].upper()

    @property
    def mono(self) -> bool:
        """True when the terminal gets no colour (``NO_COLOR``): drawn by shape."""
        return no_colour(self)

    def show(self, look: ItemLook, *, highlighted: bool) -> None:
        """Draw ``look`` (with the highlight when ``highlighted``)."""
        pulsing_before = self.look.state in PULSING
        self.look, self.highlighted = look, highlighted
        for state in STATES:
            self.set_class(state == look.state, f"-{state}")
        self.set_class(highlighted, "-highlight")
        if look.state in PULSING and not pulsing_before:
            self._pulse.start()
        elif look.state not in PULSING:
            self._pulse.stop()
        self._redraw()

    def resize_tile(self, width: int, height: int) -> None:
        """Give the item ``width`` × ``height`` cells."""
        self.tile_size = (width, height)
        self.styles.width, self.styles.height = width, height
        self._redraw()

    def drawn(self) -> list[list[Cell]]:
        """The item as drawn now, line by line."""
        width, height = self.tile_size
        return item_lines(
            self.pictures.art(self.look.picture),
            self.look,
            self.key,
            width,
            height,
            highlight=self.highlighted,
            glow=self.glowing,
            mono=self.mono,
        )

    def _redraw(self) -> None:
        shown = (self.look, self.highlighted, self.tile_size, self.glowing, self.mono)
        if shown == self._shown:
            return
        self._shown = shown
        self.update(as_text(self.drawn()))
