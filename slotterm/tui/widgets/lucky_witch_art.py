"""Lucky Witch's symbol art: eleven pictures of its own, in the two sizes of
:mod:`slotterm.tui.symbols`.

Symbol ids repeat across games in other roles (WITCH is a plain symbol here and the
Book of Spells' top symbol there; POTION is Lucky Witch's scatter), so this game draws
its own pictures.  LUCKY, the wild, is framed with double lines: where the reels stop on a
stack of them the frames join into one tall box (:data:`LUCKY_JOINT`), so a stacked wild
reads as one column.
"""

from __future__ import annotations

from slotterm.tui.symbols import COMPACT_WIDTH, LARGE_WIDTH, ArtSet, ArtSize, SymbolArt

GAME_ID = "lucky-witch"
"""The game these pictures belong to."""

LUCKY_JOINT = {
    ArtSize.LARGE: "║" + " " * (LARGE_WIDTH - 2) + "║",
    ArtSize.COMPACT: "║" + " " * (COMPACT_WIDTH - 2) + "║",
}
"""The line drawn where two LUCKY of a stack meet (the frame goes on)."""

_ARTS = (
    SymbolArt(
        id="LUCKY",
        name="Lucky Witch",
        glyph="L",
        color="gold1",
        large=(
            "╔═══════════╗",
            "║ * _/\\_  * ║",
            "║   (^_^)   ║",
            "║ LUCKY  x2 ║",
            "╚═══════════╝",
        ),
        compact=("╔═══════╗", "║ LUCKY ║", "╚═══════╝"),
    ),
    SymbolArt(
        id="WITCH",
        name="Witch",
        glyph="W",
        color="green3",
        large=(
            "    _/\\_    ",
            "   /    \\   ",
            " _/______\\_ ",
            "   (-  -)   ",
            "   /|~~|\\   ",
        ),
        compact=("_/\\_", "(- -)", "WITCH"),
    ),
    SymbolArt(
        id="CAT",
        name="Black Cat",
        glyph="C",
        color="grey85",
        large=(
            " /\\_____/\\ ",
            "(  o   o  )",
            " =\\  ^  /= ",
            "   )   (   ",
            "  (__|__)~ ",
        ),
        compact=("/\\_/\\", "(o.o)", "CAT"),
    ),
    SymbolArt(
        id="OWL",
        name="Owl",
        glyph="O",
        color="tan",
        large=(
            " ,_____, ",
            " (O , O) ",
            " /)   (\\ ",
            "( )===( )",
            ' -"---"- ',
        ),
        compact=("{O,O}", "/)_(\\", "OWL"),
    ),
    SymbolArt(
        id="LIZARD",
        name="Lizard",
        glyph="Z",
        color="chartreuse3",
        large=(
            "   __        ",
            " _/ o\\_____  ",
            "<__      __>~",
            "   /\\/  \\/\\  ",
        ),
        compact=("<o>~~~", "/\\ /\\", "LIZARD"),
    ),
    SymbolArt(
        id="PUMPKIN",
        name="Pumpkin",
        glyph="K",
        color="dark_orange",
        large=(
            "    _)_    ",
            " .-'   '-. ",
            "/  ^   ^  \\",
            "\\   \\_/   /",
            " '-.___.-' ",
        ),
        compact=("_)_", "(^v^)", "PUMPKIN"),
    ),
    SymbolArt(
        id="GOLEM",
        name="Golem",
        glyph="G",
        color="grey62",
        large=(
            "  .-----.  ",
            "  |[] []|  ",
            " _|  =  |_ ",
            "| |_____| |",
            "  |_| |_|  ",
        ),
        compact=("[o_o]", "/|_|\\", "GOLEM"),
    ),
    SymbolArt(
        id="CRYSTAL",
        name="Crystal Ball",
        glyph="Y",
        color="turquoise2",
        large=(
            "  .---.  ",
            " / *   \\ ",
            "|   *   |",
            " \\_____/ ",
            " /_____\\ ",
        ),
        compact=("( * )", "/___\\", "CRYSTAL"),
    ),
    SymbolArt(
        id="SCROLL",
        name="Scroll",
        glyph="S",
        color="wheat1",
        large=(
            " .--------. ",
            "(  ~~~~~~  )",
            " | ~~~~~~ | ",
            "(  ~~~~~~  )",
            " '--------' ",
        ),
        compact=("(~~~~)", "|~~~~|", "SCROLL"),
    ),
    SymbolArt(
        id="POTION",
        name="Potion",
        glyph="P",
        color="magenta",
        large=(
            "   (_)   ",
            "   | |   ",
            "  /   \\  ",
            " ( ~*~ ) ",
            "  \\___/  ",
        ),
        compact=("(_)", "(~*~)", "POTION"),
    ),
    SymbolArt(
        id="CAULDRON",
        name="Cauldron",
        glyph="D",
        color="orange_red1",
        large=(
            " ~ o O o ~  ",
            "_.-~~~~~-._ ",
            "(_________) ",
            " \\ BONUS /  ",
            "  '-----'   ",
        ),
        compact=("o O o", "(_____)", "CAULDRON"),
    ),
)

LUCKY_WITCH_ART = ArtSet(
    arts={art.id: art for art in _ARTS}, stacked=frozenset({"LUCKY"}), joints=LUCKY_JOINT
)
"""Lucky Witch's pictures; LUCKY is drawn as a stack where it stands on adjacent rows."""
