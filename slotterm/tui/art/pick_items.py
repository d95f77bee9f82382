"""The items of the Mystery bonus's four pick games as pixel pictures: a potion bottle, a
pumpkin, a spell book and a vault door, each closed and opened (the vault also barred,
out of the game); and the Spell Book's imp.

Each pick game's pictures make an :class:`~slotterm.tui.art.model.ArtSet` keyed by the
picture's name (:data:`CLOSED`, :data:`OPEN`, :data:`BARRED`), drawn by the same tile
renderer as the reels' symbols (:mod:`slotterm.tui.art.tiles`).  The closed and the
opened picture of one item differ in shape, not only in colour, so they stay apart without
colour too: the bottle loses its cork in a burst of sparkles, the pumpkin's lid lifts off a
lit face, the book opens on two pages of glowing lines, the vault door swings open on gold.
The imp, a horned red face with a wide grin on a tile of its own, is not an item: it comes
out of the book opened (:data:`IMP` in the Spell Book's pictures).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from slotterm.tui.art.model import ArtSet, SymbolArt, TileLook

CLOSED = "closed"
"""The picture of an item not opened."""
OPEN = "open"
"""The picture of an item opened (its content on the plate under it)."""
BARRED = "barred"
"""The picture of an item out of the game (the Secret Vault's nine not chosen)."""
IMP = "imp"
"""The Spell Book's imp (when it comes out of the book opened)."""


def barred(rows: tuple[str, ...]) -> tuple[str, ...]:
    """``rows`` barred for good: a red cross of two-pixel bars over a medium picture, a
    red bar with its shadow across the middle of a small one (a cross that small hides
    the door)."""
    height, width = len(rows), len(rows[0])
    grid = [list(row) for row in rows]
    if width < 12:
        middle = height // 2 - 1
        grid[middle] = list("r" * width)
        grid[middle + 1] = list("R" * width)
        return tuple("".join(row) for row in grid)
    for y in range(height):
        x = round(y * (width - 2) / (height - 1))
        for column in (x, x + 1, width - 2 - x, width - 1 - x):
            grid[y][column] = "r"
    return tuple("".join(row) for row in grid)


def _item(
    item_id: str, name: str, colour: str, look: TileLook, pictures: Mapping[str, tuple[str, ...]]
) -> dict[str, SymbolArt]:
    """The arts of one item: each picture given as its small rows then its medium rows."""
    arts = {}
    for picture, rows in pictures.items():
        arts[picture] = SymbolArt(
            id=f"{item_id}_{picture.upper()}",
            name=name,
            glyph=name[:1],
            color=colour,
            small=rows[:6],
            medium=rows[6:],
            look=look,
        )
    return arts


_BOTTLE_CLOSED = (
    # small
    "...tt...",
    "...gg...",
    "..gppg..",
    ".gpwppg.",
    ".gppPPg.",
    "..gggg..",
    # medium
    ".....tttt.....",
    ".....TttT.....",
    "......gg......",
    "......gg......",
    "....gggggg....",
    "...gpppppPg...",
    "..gpwppppppg..",
    "..gpwpppppPg..",
    "..gppppppPPg..",
    "..gPpppppPPg..",
    "...gPPPPPPg...",
    "....gggggg....",
)
_BOTTLE_OPEN = (
    "w.y..tt.",
    "...gg.y.",
    "..gppg..",
    ".gpwppg.",
    ".gppPPg.",
    "..gggg..",
    ".w.....y...tt.",
    "...y..w...tt..",
    "......gg..y...",
    "..y...gg......",
    "....gggggg..w.",
    "...gpppppPg...",
    "..gpwppppppg..",
    "..gpwpppppPg..",
    "..gppppppPPg..",
    "..gPpppppPPg..",
    "...gPPPPPPg...",
    "....gggggg....",
)

_PUMPKIN_CLOSED = (
    "...tll..",
    ".ooOoOo.",
    "oyoOoOoo",
    "oooOoOoo",
    "oooOoOoo",
    ".oooooo.",
    "......tt.ll...",
    ".......tlll...",
    "...ooOoOoOoo..",
    "..oooOoOoOooo.",
    ".ooyoOoOoOoooo",
    "ooyooOoOoOoooo",
    "oyyooOoOoOoooo",
    "oyooOooOooOooo",
    "ooooOooOooOooo",
    ".oooOooOooOoo.",
    "..oooOoOoOoo..",
    "....oooooo....",
)
_PUMPKIN_OPEN = (
    "y..tl..y",
    ".ooOooo.",
    "........",
    "oyyooyyo",
    "ooyyyyoo",
    ".oooooo.",
    "..y...tt.ll.y.",
    "....ooOoOoo...",
    "..............",
    "..oooyyyyooo..",
    ".ooOooooooOoo.",
    "oooyooooooyooo",
    "ooyyyooooyyyoo",
    "oooooOyyOooooo",
    "oyooooooooooyo",
    ".oyyyyyyyyyyo.",
    "..ooyoyyoyoo..",
    "....oooooo....",
)

_BOOK_CLOSED = (
    "tttttt..",
    "tmmymmw.",
    "tmypymyy",
    "tmmymmw.",
    "tmmmmmw.",
    "tttttt..",
    ".ttttttttttt..",
    ".tymmmmmmmmyw.",
    ".tmmmmmmmmmmw.",
    ".tmmmmyymmmmw.",
    ".tmmmymmymmmw.",
    ".tmmymppmymmyy",
    ".tmmymppmymmyy",
    ".tmmmymmymmmw.",
    ".tmmmmyymmmmw.",
    ".tmmmmmmmmmmw.",
    ".tymmmmmmmmyw.",
    ".ttttttttttt..",
)
_BOOK_OPEN = (  # two pages curved up from the spine, lines of glowing ink, the cover under
    ".y..p..c",
    "w..c.y.w",
    "wwwTTwww",
    "wCCTTCCw",
    "mwwTTwwm",
    ".mmmmmm.",
    ".y...c....p...",
    "...p...y....c.",
    "ww..........ww",
    "wwww......wwww",
    "wCCCww..wwCCCw",
    "wwwwwwTTwwwwww",
    "wCCCCwTTwCCCCw",
    "wwwwwwTTwwwwww",
    "wCCCCwTTwCCCCw",
    "mwwwwwTTwwwwwm",
    "mmmwwwTTwwwmmm",
    ".mmmmmmmmmmmm.",
)

IMP_ART = SymbolArt(
    id="IMP",
    name="Imp",
    glyph="I",
    color="red1",
    small=(
        "y......y",
        ".yrrrry.",
        "rrwrrwrr",
        ".rrrrrr.",
        ".rwRRwr.",
        "..rrrr..",
    ),
    medium=(
        ".y..........y.",
        ".yy........yy.",
        "..yyrrrrrryy..",
        "r.rrrrrrrrrr.r",
        "rrrRRrrrrRRrrr",
        ".rrrwwrrwwrrr.",
        ".rrrwkrrkwrrr.",
        "..rrrrrrrrrr..",
        "..rRwRwwRwRr..",
        "...rRRRRRRr...",
        "....rrrrrr....",
        "..............",
    ),
    look=TileLook(top="#3a1030", bottom="#140614", frame="#ff6a3d"),
)
"""The Spell Book's imp: a red face with yellow horns, pointed ears and a toothy grin."""

_VAULT_CLOSED = (
    ".gggggg.",
    "gCyCCyCg",
    "gCCooCCg",
    "gyyooyyg",
    "gCyCCyCg",
    ".gggggg.",
    "....gggggg....",
    "..gggCCCCggg..",
    ".ggCCCyyCCCgg.",
    ".gCyCCyyCCyCg.",
    "ggCCyCyyCyCCgg",
    "ggCCCyooyCCCgg",
    "ggyyyyooyyyygg",
    "ggCCCyyyyCCCgg",
    "ggCCyCyyCyCCgg",
    ".gCyCCyyCCyCg.",
    ".ggCCCyyCCCgg.",
    "..gggCCCCggg..",
)
_VAULT_OPEN = (
    "g.gggggg",
    "gCgTyyTg",
    "gygTYYTg",
    "gygyyyyg",
    "gCgYYYYg",
    "g.gggggg",
    "....gggggggggg",
    ".g..gTTTTTTTTg",
    "gCg.gTyyTTyyTg",
    "gCg.gTYYTTYYTg",
    "gyg.gTTTTTTTTg",
    "gyg.gTyyyyyyTg",
    "gCg.gTYYYYYYTg",
    "gCg.gTTTTTTTTg",
    "gCg.gTyyyyyyTg",
    ".g..gTYYYYYYTg",
    "....gTTTTTTTTg",
    "....gggggggggg",
)

POTION_ITEMS = ArtSet(
    game="magic_potion",
    arts=_item(
        "BOTTLE",
        "Potion bottle",
        "magenta",
        TileLook(top="#2d1a52", bottom="#120a26", frame="#ff5ce1"),
        {CLOSED: _BOTTLE_CLOSED, OPEN: _BOTTLE_OPEN},
    ),
)
"""Magic Potion's bottle: corked, then uncorked in a burst of sparkles."""

PUMPKIN_ITEMS = ArtSet(
    game="pumpkin",
    arts=_item(
        "PUMPKIN",
        "Pumpkin",
        "dark_orange",
        TileLook(top="#1f2c60", bottom="#0b1230", frame="#ff9a1f"),
        {CLOSED: _PUMPKIN_CLOSED, OPEN: _PUMPKIN_OPEN},
    ),
)
"""The Pumpkin game's pumpkin: whole, then its lid lifted off a glowing face."""

SPELL_BOOK_ITEMS = ArtSet(
    game="spell_book",
    arts=_item(
        "SPELL_BOOK",
        "Spell book",
        "medium_purple1",
        TileLook(top="#15224c", bottom="#080d24", frame="#c98cff"),
        {CLOSED: _BOOK_CLOSED, OPEN: _BOOK_OPEN},
    )
    | {IMP: IMP_ART},
)
"""The Spell Book game's book: clasped shut, then open on its glowing pages; and its imp."""

VAULT_ITEMS = ArtSet(
    game="secret_vault",
    arts=_item(
        "VAULT",
        "Vault door",
        "grey85",
        TileLook(top="#2a3644", bottom="#10161e", frame="#c9c9d6"),
        {
            CLOSED: _VAULT_CLOSED,
            OPEN: _VAULT_OPEN,
            BARRED: barred(_VAULT_CLOSED[:6]) + barred(_VAULT_CLOSED[6:]),
        },
    ),
)
"""The Secret Vault's door: shut, swung open on gold, or barred (out of the game)."""

PICK_ITEMS: Mapping[str, ArtSet] = MappingProxyType(
    {items.game: items for items in (POTION_ITEMS, PUMPKIN_ITEMS, SPELL_BOOK_ITEMS, VAULT_ITEMS)}
)
"""Each pick game's item pictures, by the pick game's name in the engine."""
