"""Book of Spells: the definition as data (DESIGN.md §1).

Reel strips: PROVISIONAL — to be tuned against the exact PAR calculator
(``slotterm par book-of-spells``); see the tuning notes below once done.
"""

from __future__ import annotations

from slotterm.engine.model import FreeSpinsRule, GameDefinition, Symbol, SymbolKind


def _strip(text: str) -> tuple[str, ...]:
    return tuple(text.split())


SYMBOLS = (
    Symbol("BOOK", SymbolKind.WILD_SCATTER, "Book of Spells"),
    Symbol("WITCH", SymbolKind.REGULAR, "Witch"),
    Symbol("CAULDRON", SymbolKind.REGULAR, "Cauldron"),
    Symbol("POTION", SymbolKind.REGULAR, "Potion"),
    Symbol("HAT", SymbolKind.REGULAR, "Hat"),
    Symbol("A", SymbolKind.REGULAR, "Ace"),
    Symbol("K", SymbolKind.REGULAR, "King"),
    Symbol("Q", SymbolKind.REGULAR, "Queen"),
    Symbol("J", SymbolKind.REGULAR, "Jack"),
    Symbol("TEN", SymbolKind.REGULAR, "Ten"),
)

PAYTABLE = {
    "WITCH": {2: 10, 3: 100, 4: 1000, 5: 5000},
    "CAULDRON": {2: 5, 3: 40, 4: 400, 5: 2000},
    "POTION": {2: 5, 3: 30, 4: 100, 5: 750},
    "HAT": {2: 5, 3: 30, 4: 100, 5: 750},
    "A": {3: 5, 4: 40, 5: 150},
    "K": {3: 5, 4: 40, 5: 150},
    "Q": {3: 5, 4: 25, 5: 100},
    "J": {3: 5, 4: 25, 5: 100},
    "TEN": {3: 5, 4: 25, 5: 100},
}

LINES = (
    (1, 1, 1, 1, 1),
    (0, 0, 0, 0, 0),
    (2, 2, 2, 2, 2),
    (0, 1, 2, 1, 0),
    (2, 1, 0, 1, 2),
    (1, 2, 2, 2, 1),
    (1, 0, 0, 0, 1),
    (2, 2, 1, 0, 0),
    (0, 0, 1, 2, 2),
)

_BASE = (
    "BOOK TEN A J WITCH Q K TEN HAT J Q CAULDRON A TEN K POTION J Q TEN A HAT K J Q POTION TEN",
    "BOOK J Q TEN WITCH A K J HAT TEN Q CAULDRON K J A POTION TEN Q J K HAT A TEN Q POTION J",
    "BOOK Q TEN K WITCH J A Q HAT K TEN CAULDRON J Q A POTION K TEN Q J HAT A K TEN POTION Q",
    "BOOK K J A WITCH TEN Q K HAT A J CAULDRON TEN K Q POTION A J K TEN HAT Q A J POTION K",
    "BOOK A K Q WITCH J TEN A HAT Q K CAULDRON J A TEN POTION Q K A J HAT TEN Q K POTION A",
)
_FREE = _BASE

BOOK_OF_SPELLS = GameDefinition(
    id="book-of-spells",
    name="Book of Spells",
    reels=5,
    rows=3,
    symbols=SYMBOLS,
    paytable=PAYTABLE,
    scatter_pays={3: 2, 4: 20, 5: 200},
    lines=LINES,
    base_reels=tuple(_strip(s) for s in _BASE),
    free_reels=tuple(_strip(s) for s in _FREE),
    free_spins=FreeSpinsRule(trigger_count=3, award=10, retrigger_award=10, expanding_special=True),
    max_win_x_total_bet=5000,
    wild_only_pays_as="WITCH",
    bet_per_line_steps=(2, 5, 10, 20, 50, 100, 200),
    published_rtp=0.9613,
)
"""The Book of Spells definition."""
