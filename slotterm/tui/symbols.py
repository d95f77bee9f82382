"""Symbol art: every reel symbol as a small coloured picture, in two sizes.

Each symbol has

* a **large** picture (``LARGE_HEIGHT`` lines × ``LARGE_WIDTH`` columns) for terminals of
  about 100×32 and up,
* a **compact** picture (``COMPACT_HEIGHT`` lines × ``COMPACT_WIDTH`` columns) for 80×24,
* a one-letter **glyph** for lists and small grids.

The pictures differ in shape, not only in colour, so the symbols stay apart with
``NO_COLOR=1``: pictures for the high symbols, big block letters for the card ranks.

Art is per game (symbol ids repeat across games in other roles): :func:`art_set` gives a
game's :class:`ArtSet`; the functions below take the game's id (``game``), the Book of
Spells' pictures when it is left out.

Public API (also used by the paytable screen)::

    art_set("lucky-witch")                   -> ArtSet (pictures by id, stacked symbols)
    symbol_art("WITCH", game)                -> SymbolArt (id, name, glyph, color, pictures)
    art_lines("WITCH", ArtSize.LARGE, game)  -> tuple[str, ...] of equal width
    art_text("WITCH", ArtSize.COMPACT, game=game) -> rich Text, coloured, one line per row
    glyph_text("WITCH", game)                -> rich Text, the coloured bold letter
    art_size_for(width, height)              -> the size that fits a cell of that size
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType

from rich.style import Style
from rich.text import Text

LARGE_WIDTH = 13
LARGE_HEIGHT = 5
COMPACT_WIDTH = 9
COMPACT_HEIGHT = 3


class ArtSize(StrEnum):
    """Which picture to draw."""

    LARGE = "large"
    COMPACT = "compact"

    @property
    def width(self) -> int:
        """Columns of every picture of this size."""
        return LARGE_WIDTH if self is ArtSize.LARGE else COMPACT_WIDTH

    @property
    def height(self) -> int:
        """Lines of every picture of this size."""
        return LARGE_HEIGHT if self is ArtSize.LARGE else COMPACT_HEIGHT


def _pad(rows: tuple[str, ...], width: int, height: int) -> tuple[str, ...]:
    """Centre each row in ``width`` columns and the block in ``height`` lines."""
    if len(rows) > height or any(len(r) > width for r in rows):
        raise ValueError(f"symbol picture larger than {width}x{height}: {rows!r}")
    body = [(" " * ((width - len(r)) // 2) + r).ljust(width) for r in rows]
    top = (height - len(body)) // 2
    blank = " " * width
    return (*([blank] * top), *body, *([blank] * (height - top - len(body))))


@dataclass(frozen=True)
class SymbolArt:
    """How one symbol looks: name, glyph letter, colour and its two pictures."""

    id: str
    name: str
    glyph: str
    color: str
    large: tuple[str, ...]
    compact: tuple[str, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "large", _pad(self.large, LARGE_WIDTH, LARGE_HEIGHT))
        object.__setattr__(self, "compact", _pad(self.compact, COMPACT_WIDTH, COMPACT_HEIGHT))

    def lines(self, size: ArtSize) -> tuple[str, ...]:
        """The picture of the given size, every line exactly ``size.width`` wide."""
        return self.large if size is ArtSize.LARGE else self.compact

    @property
    def style(self) -> Style:
        """The symbol's colour as a bold Rich style."""
        return Style(color=self.color, bold=True)


# Block letters for the card ranks: 3 lines high, used in both sizes.
_LETTER_A = ("▄▀▀▀▄", "█▄▄▄█", "█   █")
_LETTER_K = ("█  ▄▀", "█▀▀▄ ", "█   █")
_LETTER_Q = ("▄▀▀▀▄", "█   █", " ▀▀█▄")
_LETTER_J = ("  ▀▀█", "    █", "▀▄▄▄▀")
_LETTER_10 = ("▄█ ▄▀▀▄", " █ █  █", "▄█▄ ▀▀ ")


def _card(letter: tuple[str, ...]) -> tuple[str, ...]:
    """A rank letter on a little playing card, for the large size."""
    inner = LARGE_WIDTH - 4
    lines = [" " + "╭" + "─" * inner + "╮"]
    width = max(len(r) for r in letter)
    for row in letter:
        text = row.ljust(width)
        left = (inner - width) // 2
        lines.append(" " + "│" + " " * left + text + " " * (inner - left - width) + "│")
    lines.append(" " + "╰" + "─" * inner + "╯")
    return tuple(lines)


_ARTS = (
    SymbolArt(
        id="BOOK",
        name="Book of Spells",
        glyph="B",
        color="gold1",
        large=(
            ".----.----.",
            "|~~~~|~~~~|",
            "|~~* | *~~|",
            "|~~~~|~~~~|",
            "'----'----'",
        ),
        compact=(".--.--.", "|*~|~*|", "'-BOOK'"),
    ),
    SymbolArt(
        id="WITCH",
        name="Witch",
        glyph="W",
        color="green3",
        large=(
            "     /\\     ",
            "    /  \\    ",
            " __/____\\__ ",
            "   (o  o)   ",
            "    \\__/    ",
        ),
        compact=("_/\\_", "(oo)", "WITCH"),
    ),
    SymbolArt(
        id="CAULDRON",
        name="Cauldron",
        glyph="C",
        color="dark_orange",
        large=(
            "  o  O  o  ",
            " .-~~~~~-. ",
            "(=========)",
            " \\       / ",
            "  '-----'  ",
        ),
        compact=("o O o", "(=====)", "CAULDRON"),
    ),
    SymbolArt(
        id="POTION",
        name="Potion",
        glyph="P",
        color="magenta",
        large=(
            "  _[]_  ",
            "  |  |  ",
            " /    \\ ",
            "| ~~~~ |",
            " \\____/ ",
        ),
        compact=("_[]_", "(~~~~)", "POTION"),
    ),
    SymbolArt(
        id="HAT",
        name="Hat",
        glyph="H",
        color="medium_purple1",
        large=(
            "     /\\     ",
            "    /  \\    ",
            "   / [] \\   ",
            "__/______\\__",
            "\\__________/",
        ),
        compact=("/[]\\", "/____\\", "HAT"),
    ),
    SymbolArt(
        id="A",
        name="Ace",
        glyph="A",
        color="red1",
        large=_card(_LETTER_A),
        compact=_LETTER_A,
    ),
    SymbolArt(
        id="K",
        name="King",
        glyph="K",
        color="dodger_blue1",
        large=_card(_LETTER_K),
        compact=_LETTER_K,
    ),
    SymbolArt(
        id="Q",
        name="Queen",
        glyph="Q",
        color="hot_pink",
        large=_card(_LETTER_Q),
        compact=_LETTER_Q,
    ),
    SymbolArt(
        id="J",
        name="Jack",
        glyph="J",
        color="turquoise2",
        large=_card(_LETTER_J),
        compact=_LETTER_J,
    ),
    SymbolArt(
        id="TEN",
        name="Ten",
        glyph="T",
        color="chartreuse3",
        large=_card(_LETTER_10),
        compact=_LETTER_10,
    ),
)

SYMBOL_ART: Mapping[str, SymbolArt] = MappingProxyType({a.id: a for a in _ARTS})
"""The Book of Spells' symbol art by symbol id."""

BOOK_OF_SPELLS = "book-of-spells"
"""The game whose pictures are used when no game is named."""


@dataclass(frozen=True)
class ArtSet:
    """One game's pictures: ``arts`` by symbol id; the ``stacked`` symbols are drawn joined
    where they stand on adjacent rows of a reel, with ``joints[size]`` where two meet."""

    arts: Mapping[str, SymbolArt]
    stacked: frozenset[str] = frozenset()
    joints: Mapping[ArtSize, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "arts", MappingProxyType(dict(self.arts)))
        for size, joint in self.joints.items():
            if len(joint) != size.width:
                raise ValueError(f"stack joint {joint!r} is not {size.width} columns wide")

    def art(self, symbol_id: str) -> SymbolArt:
        """The picture of ``symbol_id``; an unknown symbol gets a plain framed label."""
        found = self.arts.get(symbol_id)
        return found if found is not None else _label_art(symbol_id)

    def joint(self, size: ArtSize) -> str | None:
        """The line where two stacked symbols meet (``None``: not drawn as stacks)."""
        return self.joints.get(size)


BOOK_OF_SPELLS_ART = ArtSet(arts=SYMBOL_ART)
"""The Book of Spells' pictures (no stacks)."""


def art_set(game: str | None = None) -> ArtSet:
    """The pictures of the game with id ``game`` (the Book of Spells' when ``None``).

    A game without pictures of its own gets framed labels for every symbol.
    """
    if game is None or game == BOOK_OF_SPELLS:
        return BOOK_OF_SPELLS_ART
    from slotterm.tui.widgets.lucky_witch_art import GAME_ID, LUCKY_WITCH_ART

    return LUCKY_WITCH_ART if game == GAME_ID else ArtSet(arts={})


def symbol_art(symbol_id: str, game: str | None = None) -> SymbolArt:
    """The art of ``symbol_id`` in ``game``; an unknown symbol gets a plain framed label."""
    return art_set(game).art(symbol_id)


def _label_art(symbol_id: str) -> SymbolArt:
    """A plain framed label for a symbol without a picture."""
    label = symbol_id[: COMPACT_WIDTH - 2]
    edge = "+" + "-" * (len(label) + 2) + "+"
    framed = (edge, "| " + label + " |", edge)
    return SymbolArt(
        id=symbol_id,
        name=symbol_id.title(),
        glyph=symbol_id[0],
        color="white",
        large=framed,
        compact=(label,),
    )


def art_lines(symbol_id: str, size: ArtSize, game: str | None = None) -> tuple[str, ...]:
    """The plain-text picture of ``symbol_id`` (every line ``size.width`` wide)."""
    return symbol_art(symbol_id, game).lines(size)


def art_text(
    symbol_id: str, size: ArtSize, *, style: Style | None = None, game: str | None = None
) -> Text:
    """The picture as Rich text in the symbol's colour, lines joined by newlines.

    ``style`` is laid over the symbol's own style (e.g. reverse for a highlight).
    """
    art = symbol_art(symbol_id, game)
    base = art.style + style if style is not None else art.style
    return Text("\n".join(art.lines(size)), style=base, no_wrap=True, end="")


def glyph_text(symbol_id: str, game: str | None = None) -> Text:
    """The symbol's one-letter glyph, bold in its colour."""
    art = symbol_art(symbol_id, game)
    return Text(art.glyph, style=art.style, end="")


def art_size_for(width: int, height: int) -> ArtSize:
    """The larger picture when a cell of ``width`` × ``height`` can hold it."""
    if width >= LARGE_WIDTH and height >= LARGE_HEIGHT:
        return ArtSize.LARGE
    return ArtSize.COMPACT
