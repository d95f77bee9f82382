"""The gamble card's pictures as pixel grids: a big pip for each suit and a bust for each
court card (Jack, Queen, King), drawn by :mod:`slotterm.tui.art.card_faces`.

One palette letter per pixel, ``.`` the card's white showing through; ``S`` is the suit's
own colour (red or black), so one bust serves every suit.  The three courts differ by
shape, not only colour: the King wears a pointed crown and a grey beard, the Queen a
round crown over long hair, the Jack a feathered cap and a bare chin.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

PIPS: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        "hearts": (
            "..###...###..",
            ".#####.#####.",
            "#############",
            "#############",
            "#############",
            ".###########.",
            "..#########..",
            "...#######...",
            "....#####....",
            ".....###.....",
            "......#......",
        ),
        "diamonds": (
            "......#......",
            ".....###.....",
            "....#####....",
            "...#######...",
            "..#########..",
            ".###########.",
            "..#########..",
            "...#######...",
            "....#####....",
            ".....###.....",
            "......#......",
        ),
        "spades": (
            "......#......",
            ".....###.....",
            "...#######...",
            ".###########.",
            "#############",
            "#############",
            ".####.#.####.",
            "......#......",
            ".....###.....",
            "...#######...",
        ),
        "clubs": (
            ".....###.....",
            "....#####....",
            "....#####....",
            ".##..###..##.",
            "######.######",
            "######.######",
            ".##...#...##.",
            "......#......",
            ".....###.....",
            "...#######...",
        ),
    }
)
"""Each suit's sign, ``#`` in the suit's colour."""

SMALL_PIPS: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        "hearts": (".##.##.", "#######", "#######", ".#####.", "..###..", "...#..."),
        "diamonds": ("...#...", "..###..", ".#####.", ".#####.", "..###..", "...#..."),
        "spades": ("...#...", "..###..", ".#####.", "#######", ".#.#.#.", "..###.."),
        "clubs": ("..###..", "..###..", "##.#.##", "#######", "##.#.##", "..###.."),
    }
)
"""Each suit's sign on a small card (7 × 6 pixels), where the big one does not fit."""

COURTS: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        "K": (
            "Y.....Y.....Y",
            "YY...YYY...YY",
            "YYYYYYYYYYYYY",
            "YRYYYBYBYYYRY",
            "YYYYYYYYYYYYY",
            ".KFFFFFFFFFK.",
            ".FFKKFFFKKFF.",
            ".FFFFFFFFFFF.",
            ".FFFFFKFFFFF.",
            ".GFFRRRRRFFG.",
            ".GGFFFFFFFGG.",
            "..GGGGGGGGG..",
            "...GGGGGGG...",
            "SSSSSGGGSSSSS",
            "SSSSSYGYSSSSS",
            "SSSSSSYSSSSSS",
        ),
        "Q": (
            ".....YYY.....",
            "..Y..YBY..Y..",
            ".YYY.YYY.YYY.",
            ".YYYYYYYYYYY.",
            ".YBYYYRYYYBY.",
            "NNNNNNNNNNNNN",
            "NNFFFFFFFFFNN",
            "NFFKFFFFFKFFN",
            "NFFFFFFFFFFFN",
            "NFFFFFKFFFFFN",
            "NFFFFRRRFFFFN",
            "NNFFFFFFFFFNN",
            "NNNYFFFFFYNNN",
            "NNSSYYYYYSSNN",
            "SSSSSSBSSSSSS",
            "SSSSSSSSSSSSS",
        ),
        "J": (
            "..........WW.",
            ".........WWW.",
            "..SSSSSSSWW..",
            ".SSSSSSSSSSS.",
            "YYYYYYYYYYYYY",
            ".NNNNNNNNNNN.",
            ".NFFFFFFFFFN.",
            ".FFKFFFFFKFF.",
            ".FFFFFFFFFFF.",
            ".FFFFFKFFFFF.",
            "..FFFRRRFFF..",
            "...FFFFFFF...",
            "....FFFFF....",
            ".WWWWWWWWWWW.",
            "SSSSSWWWSSSSS",
            "SSSSSSYSSSSSS",
        ),
    }
)
"""Each court card's bust (13 × 16 pixels): ``S`` the suit's colour."""

COLOURS: Mapping[str, str] = MappingProxyType(
    {
        "Y": "#d4a017",  # gold: crowns, trim
        "R": "#c8102e",  # red: lips, jewels
        "B": "#1f4fbf",  # blue: jewels, a brooch
        "F": "#f1c27d",  # skin
        "K": "#101010",  # eyes, the crown's outline
        "N": "#6b4423",  # hair
        "G": "#9a9a9a",  # the King's beard
        "W": "#b8b8c8",  # the Jack's feather and collar
    }
)
"""The colour of each palette letter but ``S`` (the suit's) and ``.`` (the card's white)."""

UNLIT = frozenset(".FW")
"""Letters left blank when a picture is drawn by shape alone (no colour): the face and
the pale parts, so a bust reads as its outline and features."""
