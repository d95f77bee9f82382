"""Book of Spells' symbol art: the Book, the four high symbols and the five card ranks.

Pictures are pixel grids, one palette letter (:data:`~slotterm.tui.art.model.PALETTE`) per
pixel, ``.`` the tile showing through.  The high symbols stand on tiles with a colour
gradient and a bright frame; the card ranks are a bold letter on a flat slate tile.
"""

from __future__ import annotations

from slotterm.tui.art.letters import rank_pictures
from slotterm.tui.art.model import ArtSet, SymbolArt, TileLook

GAME_ID = "book-of-spells"
"""The game these pictures belong to."""

BOOK = SymbolArt(
    id="BOOK",
    name="Book of Spells",
    glyph="B",
    color="gold1",
    small=(
        "yyyyyyy.",
        "YRRyRRyw",
        "YRypyRyw",
        "YRRyRRyw",
        "yyyyyyyw",
        ".ggggggg",
    ),
    medium=(
        ".yyyyyyyyyyy..",
        "YRRRRRRRRRRRy.",
        "YRyRRRRRRRyRyw",
        "YRRRRRyRRRRRyw",
        "YRRRRyyyRRRRyw",
        "YRRRyypyyRRRyw",
        "YRRRRyyyRRRRyw",
        "YRRRRRyRRRRRyw",
        "YRyRRRRRRRyRyw",
        "YRRRRRRRRRRRyw",
        ".yyyyyyyyyyyyw",
        "..gggggggggggg",
    ),
    look=TileLook(top="#3a2a8c", bottom="#1c1450", frame="#b060ff"),
)

WITCH = SymbolArt(
    id="WITCH",
    name="Witch",
    glyph="W",
    color="green3",
    small=(
        "...PP...",
        "..PPPP..",
        ".yyyyyy.",
        "PPPPPPPP",
        ".lkllkl.",
        "..lrrl..",
    ),
    medium=(
        "......kk......",
        ".....kPPk.....",
        ".....kPPPk....",
        "....kPPPPk....",
        "...kyyyyyyk...",
        ".kPPPPPPPPPPk.",
        "..olllllllllo.",
        "..olwkllkwlo..",
        "..olllLLlllo..",
        "..ollrrrrllo..",
        "...ollllllo...",
        ".....kllk.....",
    ),
    look=TileLook(top="#17506b", bottom="#0b2a3d", frame="#8cff4a"),
)

CAULDRON = SymbolArt(
    id="CAULDRON",
    name="Cauldron",
    glyph="C",
    color="dark_orange",
    small=(
        ".l..l.l.",
        "gggggggg",
        "GllllllG",
        "GgGGGGGG",
        ".GGGGGG.",
        ".oyooyo.",
    ),
    medium=(
        "...l...c...l..",
        ".....l..l.....",
        ".gggggggggggg.",
        ".GllllllllllG.",
        "..GGGGGGGGGG..",
        ".GGgGGGGGGGGG.",
        ".GgGGGGGGGGGG.",
        ".GgGGGGGGGGGG.",
        "..GGGGGGGGGG..",
        "...GGGGGGGG...",
        "...oyo..oyo...",
        "..rooyyyyyoor.",
    ),
    look=TileLook(top="#6b2a12", bottom="#3a1408", frame="#ff9a1f"),
)

POTION = SymbolArt(
    id="POTION",
    name="Potion",
    glyph="P",
    color="magenta",
    small=(
        "...tt...",
        "...cc...",
        "..cppc..",
        ".cppppc.",
        ".cpwpmc.",
        "..cccc..",
    ),
    medium=(
        ".....tttt.....",
        "......cc......",
        "......cc......",
        ".....c..c.....",
        "....c....c....",
        "...cppppppc...",
        "..cppwpppppc..",
        "..cpwppppppc..",
        "..cppppppmpc..",
        "..cpppppmmpc..",
        "...cppppppc...",
        "....cccccc....",
    ),
    look=TileLook(top="#2a1a5e", bottom="#140c33", frame="#ff5ce1"),
)

HAT = SymbolArt(
    id="HAT",
    name="Hat",
    glyph="H",
    color="medium_purple1",
    small=(
        ".....bb.",
        "....bbb.",
        "...bbyb.",
        "..bbbbb.",
        ".yyyyyyy",
        "bbbbbbbb",
    ),
    medium=(
        "..........bb..",
        "........bbb...",
        ".......bbb....",
        "......bbbb....",
        ".....bbybbb...",
        ".....bbbbbb...",
        "....bbbbbyb...",
        "....bybbbbbb..",
        "...yyyyyyyyy..",
        "..bbbbbbbbbbb.",
        "bbbbbbbbbbbbbb",
        ".BBBBBBBBBBBB.",
    ),
    look=TileLook(top="#5e1a4a", bottom="#2e0c24", frame="#c0c0ff"),
)

CARD_TILE = "#2e2e40"
"""The card ranks' flat tile."""


def _rank(symbol_id: str, name: str, text: str, ink: str, color: str, frame: str) -> SymbolArt:
    """A card rank: ``text`` in palette ``ink`` on the flat card tile."""
    small, medium = rank_pictures(text, ink)
    return SymbolArt(
        id=symbol_id,
        name=name,
        glyph=text[0] if symbol_id != "TEN" else "T",
        color=color,
        small=small,
        medium=medium,
        look=TileLook(top=CARD_TILE, bottom=CARD_TILE, frame=frame),
        rank=True,
    )


RANKS = (
    _rank("A", "Ace", "A", "r", "red1", "#c83a3a"),
    _rank("K", "King", "K", "b", "dodger_blue1", "#4a6ad0"),
    _rank("Q", "Queen", "Q", "p", "hot_pink", "#c04aa8"),
    _rank("J", "Jack", "J", "c", "turquoise2", "#2aa0c0"),
    _rank("TEN", "Ten", "10", "l", "chartreuse3", "#4aa82a"),
)
"""The five card ranks."""

BOOK_OF_SPELLS_ART = ArtSet(
    game=GAME_ID,
    arts={art.id: art for art in (BOOK, WITCH, CAULDRON, POTION, HAT, *RANKS)},
)
"""The Book of Spells' pictures (no stacks)."""
