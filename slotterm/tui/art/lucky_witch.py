"""Lucky Witch's symbol art: eleven pictures of its own.

Symbol ids repeat across games in other roles (WITCH is a plain symbol here and the Book
of Spells' top symbol there; POTION is this game's scatter), so this game draws its own
pictures.  LUCKY, the wild, is a gold star in a witch's hat with "WILD" on its tile; where
a stopped reel shows it on adjacent rows the stack is drawn as one tall glowing tile.  The scatter
and the bonus symbol say so on their tiles.
"""

from __future__ import annotations

from slotterm.tui.art.book_of_spells import CAULDRON as BOOK_CAULDRON
from slotterm.tui.art.book_of_spells import WITCH as BOOK_WITCH
from slotterm.tui.art.model import ArtSet, SymbolArt, TileLook

GAME_ID = "lucky-witch"
"""The game these pictures belong to."""


def recoloured(rows: tuple[str, ...], swaps: dict[str, str]) -> tuple[str, ...]:
    """``rows`` with palette letters swapped (``swaps[old] = new``)."""
    return tuple("".join(swaps.get(ch, ch) for ch in row) for row in rows)


_WITCH_SWAPS = {"P": "G", "y": "p", "l": "s", "o": "r", "L": "t", "r": "m"}
"""Lucky Witch's witch: a grey hat with a pink band, a pale face and red hair."""
_CAULDRON_SWAPS = {"l": "P", "c": "p", "G": "t", "g": "s"}
"""The bonus cauldron: a bronze pot of purple brew."""

LUCKY = SymbolArt(
    id="LUCKY",
    name="Lucky Witch",
    glyph="L",
    color="gold1",
    small=(
        "...PP...",
        "..PPPP..",
        "yyyyyyyy",
        ".ykyyky.",
        ".yykkyy.",
        "yy....yy",
    ),
    medium=(
        "......PP......",
        ".....PPPP.....",
        "...PPPPPPPP...",
        "yyyyyyyyyyyyyy",
        ".yyyyyyyyyyyy.",
        "..yyykyykyyy..",
        "...yyyyyyyy...",
        "...ykyyyyky...",
        "..yyykkkkyyy..",
        "..yyyY..Yyyy..",
        ".yyY......Yyy.",
        ".yY........Yy.",
    ),
    look=TileLook(top="#7a1f8c", bottom="#3a0c4a", frame="#ffe14d"),
    plate="WILD",
    stretch=False,  # a stack shows the star as it is, in a tall glowing tile
)

WITCH = SymbolArt(
    id="WITCH",
    name="Witch",
    glyph="W",
    color="green3",
    small=recoloured(BOOK_WITCH.small, _WITCH_SWAPS),
    medium=recoloured(BOOK_WITCH.medium, _WITCH_SWAPS),
    look=TileLook(top="#123d28", bottom="#0a2416", frame="#b060ff"),
)

CAT = SymbolArt(
    id="CAT",
    name="Black Cat",
    glyph="C",
    color="grey85",
    small=(
        "G......G",
        "GG....GG",
        "GGGGGGGG",
        "GykGGkyG",
        "gGGppGGg",
        ".GGGGGG.",
    ),
    medium=(
        ".G..........G.",
        ".GG........GG.",
        ".GpG......GpG.",
        ".GGGGGGGGGGGG.",
        "GGGGGGGGGGGGGG",
        "GGykyGGGGykyGG",
        "GGyyyGGGGyyyGG",
        "gGGGGGppGGGGGg",
        "ggGGGGGGGGGGgg",
        ".GGGGkGGkGGGG.",
        "..GGGGkkGGGG..",
        "....GGGGGG....",
    ),
    look=TileLook(top="#2a3070", bottom="#14183e", frame="#c9c9d6"),
)

OWL = SymbolArt(
    id="OWL",
    name="Owl",
    glyph="O",
    color="tan",
    small=(
        "t......t",
        "tttttttt",
        "ykyttyky",
        "tTtootTt",
        ".tTttTt.",
        "..o..o..",
    ),
    medium=(
        ".t..........t.",
        ".tt........tt.",
        ".tttttttttttt.",
        "ttwwwwttwwwwtt",
        "twyyyywwyyyywt",
        "twykkywwykkywt",
        "twyyyywwyyyywt",
        "ttwwwwoowwwwtt",
        ".tTtTtootTtTt.",
        ".TtTtTttTtTtT.",
        "..tTtTtTtTtT..",
        "...oo....oo...",
    ),
    look=TileLook(top="#2a4a7a", bottom="#142640", frame="#b8763c"),
)

LIZARD = SymbolArt(
    id="LIZARD",
    name="Lizard",
    glyph="Z",
    color="chartreuse3",
    small=(
        "...ll...",
        "l.llll.l",
        ".llLLll.",
        "l.llll.l",
        "....ll..",
        ".....lll",
    ),
    medium=(
        ".....llll.....",
        "....lkllkl....",
        "......ll......",
        "..l..llll..l..",
        "..llllllllll..",
        ".....lLLl.....",
        ".....lLLl.....",
        "..l..llll..l..",
        "..llllllllll..",
        "......ll......",
        ".......ll.....",
        "........lll...",
    ),
    look=TileLook(top="#4a300e", bottom="#2a1a06", frame="#8cff4a"),
)

PUMPKIN = SymbolArt(
    id="PUMPKIN",
    name="Pumpkin",
    glyph="K",
    color="dark_orange",
    small=(
        "...nL...",
        ".oooooo.",
        "oyyooyyo",
        "oooyyooo",
        "oyyyyyyo",
        ".oooooo.",
    ),
    medium=(
        "......nL......",
        "......L.......",
        "...ooOooOoo...",
        "..oooOooOooo..",
        ".ooyyoOOoyyoo.",
        "ooooyooooyoooo",
        "oooOooyyooOooo",
        "oooyyyyyyyyooo",
        "oooyyoyyoyyooo",
        ".oooooyyooooo.",
        "..oooOooOooo..",
        "....oooooo....",
    ),
    look=TileLook(top="#3a1a5e", bottom="#1c0c33", frame="#ff9a1f"),
)

GOLEM = SymbolArt(
    id="GOLEM",
    name="Golem",
    glyph="G",
    color="grey62",
    small=(
        "..gggg..",
        "..cggc..",
        "gggggggg",
        "g.gGGg.g",
        "..gGGg..",
        ".gg..gg.",
    ),
    medium=(
        "....gggggg....",
        "...gGGGGGGg...",
        "...gccGGccg...",
        "...gGGGGGGg...",
        "...gGkkkkGg...",
        ".gggggggggggg.",
        "ggGGgGGGGgGGgg",
        "gGGGgGLLGgGGGg",
        "gGG.gGGGGg.GGg",
        "gg..gGGGGg..gg",
        "....gGg.gGg...",
        "...gggg.gggg..",
    ),
    look=TileLook(top="#244424", bottom="#122412", frame="#c9c9d6"),
)

CRYSTAL = SymbolArt(
    id="CRYSTAL",
    name="Crystal Ball",
    glyph="Y",
    color="turquoise2",
    small=(
        "..cccc..",
        ".cwcccc.",
        ".ccbpcc.",
        "..cccC..",
        "..tttt..",
        ".TTTTTT.",
    ),
    medium=(
        "....cccccc....",
        "..ccwwcccccc..",
        ".ccwwccccbccc.",
        ".cwccccbbcccc.",
        "cccccpbbbbcccc",
        "cccccbbpbbcccc",
        "ccccbbbbbccccc",
        ".ccccbbccccCc.",
        "..cccccccCCc..",
        "....cccCCC....",
        "...tttttttt...",
        "..TTTTTTTTTT..",
    ),
    look=TileLook(top="#4a1a6b", bottom="#240c36", frame="#55eaff"),
)

SCROLL = SymbolArt(
    id="SCROLL",
    name="Scroll",
    glyph="S",
    color="wheat1",
    small=(
        "tttttttt",
        ".ssssss.",
        ".sTTTTs.",
        ".ssssss.",
        ".sTTsrr.",
        "tttttttt",
    ),
    medium=(
        "..tttttttttt..",
        ".tsssssssssst.",
        "..tttttttttt..",
        "...ssssssss...",
        "...sTTTTTTs...",
        "...ssssssss...",
        "...sTTTTsss...",
        "...ssssssss...",
        "...sTTTsrrs...",
        "...ssssrrrs...",
        "..tttttttttt..",
        ".tsssssssssst.",
    ),
    look=TileLook(top="#6b1a1a", bottom="#360c0c", frame="#ff6a4a"),
)

POTION = SymbolArt(
    id="POTION",
    name="Potion",
    glyph="P",
    color="magenta",
    small=(
        "...tt...",
        "...cc...",
        "..c..c..",
        ".cPPPPc.",
        ".cPwPPc.",
        "..cccc..",
    ),
    medium=(
        "......tt......",
        "......cc......",
        "......cc......",
        ".....c..c.....",
        "...cc....cc...",
        "..c.l..l...c..",
        ".cPPPPPPPPPPc.",
        ".cPwPPPPPPPPc.",
        ".cPPPPPPPPpPc.",
        "..cPPPPPPPPc..",
        "...ccPPPPcc...",
        ".....cccc.....",
    ),
    look=TileLook(top="#0f4a4a", bottom="#062626", frame="#ff5ce1"),
    plate="SCATTER",
)

CAULDRON = SymbolArt(
    id="CAULDRON",
    name="Cauldron",
    glyph="D",
    color="orange_red1",
    small=recoloured(BOOK_CAULDRON.small, _CAULDRON_SWAPS),
    medium=recoloured(BOOK_CAULDRON.medium, _CAULDRON_SWAPS),
    look=TileLook(top="#5a1a0c", bottom="#2e0c06", frame="#ff3b3b"),
    plate="BONUS",
)

LUCKY_WITCH_ART = ArtSet(
    game=GAME_ID,
    arts={
        art.id: art
        for art in (
            LUCKY,
            WITCH,
            CAT,
            OWL,
            LIZARD,
            PUMPKIN,
            GOLEM,
            CRYSTAL,
            SCROLL,
            POTION,
            CAULDRON,
        )
    },
    stacked=frozenset({"LUCKY"}),
)
"""Lucky Witch's pictures; LUCKY is drawn as one tall tile where it stands stacked."""
