"""Tiles for symbols without pictures: their text, in a colour from their kind and pay.

A game file may give a symbol no art at all, or only a text and a colour (DESIGN.md §7);
it still gets a tile of its own at every size.  The picture is the symbol's **label**
written as large as it fits (:func:`~slotterm.tui.art.font.text_picture`): the given
text, or the shortest part of its id no other symbol of the game starts with, so the
tiles stay apart by shape without colour.  Where the tile has room its name stands on a
plate on its lower edge.

The colour comes from the symbol's kind: a wild in gold on violet, a scatter in pink on
teal, a bonus symbol in orange on red; a regular symbol by its **pay rank**, the highest
paying warmest (red, orange, yellow ... down to blue for the lowest).  A colour given in
the file is used instead.
"""

from __future__ import annotations

import colorsys
from collections.abc import Mapping

from slotterm.engine.model import GameDefinition
from slotterm.engine.symbols import Symbol, SymbolKind
from slotterm.tui.art.font import text_picture
from slotterm.tui.art.model import SymbolArt, TileLook
from slotterm.tui.art.sizes import MEDIUM_PICTURE, OWN_INK, SMALL_PICTURE

PLATE_MOST = 12
"""The longest name put on a plate (the medium tile's room)."""
COOLEST_HUE = 0.62
"""The hue of the lowest paying symbol (blue); the highest paying is red (0)."""

_KIND_LOOKS: Mapping[SymbolKind, tuple[str, TileLook]] = {
    SymbolKind.WILD: ("#ffe14d", TileLook(top="#5e1a7a", bottom="#2a0a3a", frame="#ffe14d")),
    SymbolKind.WILD_SCATTER: (
        "#ffe14d",
        TileLook(top="#3a2a8c", bottom="#1c1450", frame="#ff5ce1"),
    ),
    SymbolKind.SCATTER: ("#ff5ce1", TileLook(top="#0f4a4a", bottom="#062626", frame="#ff5ce1")),
    SymbolKind.BONUS: ("#ff9a1f", TileLook(top="#5a1a0c", bottom="#2e0c06", frame="#ff3b3b")),
}
"""The ink and tile of the wild, scatter and bonus kinds of symbol."""


def _hls(hue: float, lightness: float, saturation: float) -> str:
    r, g, b = colorsys.hls_to_rgb(hue, lightness, saturation)
    return "#" + "".join(f"{round(c * 255):02x}" for c in (r, g, b))


def _hue(colour: str) -> tuple[float, float]:
    value = int(colour[1:], 16)
    rgb = (value >> 16, (value >> 8) & 0xFF, value & 0xFF)
    hue, _, saturation = colorsys.rgb_to_hls(*(c / 255 for c in rgb))
    return hue, saturation


def hue_look(hue: float, saturation: float = 0.9) -> tuple[str, TileLook]:
    """A bright ink of ``hue`` (0 to 1) and a dark tile of the same hue with a lighter frame."""
    tile = min(saturation, 0.5)
    return _hls(hue, 0.66, saturation), TileLook(
        top=_hls(hue, 0.2, tile), bottom=_hls(hue, 0.1, tile), frame=_hls(hue, 0.62, saturation)
    )


def colour_look(colour: str) -> tuple[str, TileLook]:
    """The ink ``colour`` (``#rrggbb``) itself on a dark tile of its hue."""
    _, look = hue_look(*_hue(colour))
    return colour, TileLook(top=look.top, bottom=look.bottom, frame=colour)


def pay_ranks(game: GameDefinition) -> dict[str, int]:
    """Each regular symbol's pay rank: 0 for the highest paying, symbols paying alike alike."""
    regular = [s.id for s in game.symbols if s.kind is SymbolKind.REGULAR]

    def worth(symbol: str) -> tuple[int, int]:
        pays = game.paytable.get(symbol, {})
        return (max(pays.values(), default=0), sum(pays.values()))

    order = sorted({worth(s) for s in regular}, reverse=True)
    return {s: order.index(worth(s)) for s in regular}


def rank_look(rank: int, ranks: int) -> tuple[str, TileLook]:
    """The ink and tile of pay rank ``rank`` of ``ranks`` (0: the warmest)."""
    share = rank / (ranks - 1) if ranks > 1 else 0.0
    return hue_look(COOLEST_HUE * share)


def labels(game: GameDefinition) -> dict[str, str]:
    """A short label per symbol, no two alike: its id's first letter, or two letters, or
    its first and last letter (the id itself if nothing shorter is free)."""
    taken: set[str] = set()
    found = {}
    for symbol in game.symbols:
        sid = symbol.id
        tries = (sid[:1], sid[:2], sid[:1] + sid[-1], *(sid[:1] + ch for ch in sid[2:]), sid)
        label = next((t for t in tries if t not in taken), sid)
        taken.add(label)
        found[sid] = label
    return found


def generated_art(
    symbol: Symbol, game: GameDefinition, *, text: str | None = None, colour: str | None = None
) -> SymbolArt:
    """The tile of ``symbol``: ``text`` (else its label) in ``colour`` (``#rrggbb``; else
    its kind's or pay rank's)."""
    label = text or labels(game)[symbol.id]
    if colour is not None:
        ink, look = colour_look(colour)
    elif symbol.kind in _KIND_LOOKS:
        ink, look = _KIND_LOOKS[symbol.kind]
    else:
        ranks = pay_ranks(game)
        ink, look = rank_look(ranks[symbol.id], len(set(ranks.values())))
    width, height = MEDIUM_PICTURE
    blank = "." * width  # a free row above and below: the plate covers the lowest
    medium = (blank, *text_picture(label, (width, height - 2), OWN_INK, shadow=True), blank)
    name = symbol.name.upper()
    plate = name if len(name) <= PLATE_MOST else symbol.id[:PLATE_MOST]
    return SymbolArt(
        id=symbol.id,
        name=symbol.name,
        glyph=label[0],
        color=ink,
        small=text_picture(label, SMALL_PICTURE, OWN_INK, shadow=False),
        medium=medium,
        look=look,
        plate=plate,
        ink=ink,
    )
