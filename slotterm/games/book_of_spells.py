"""Book of Spells: the definition as data (DESIGN.md §1).

Reel strips -- how they were tuned
----------------------------------
Tuned against the exact PAR calculator (``slotterm.analysis``; ``slotterm par
book-of-spells``) by ``tools/tune_reels.py`` (run it to reproduce; ``--write`` rewrites
``_BASE`` / ``_FREE`` below):

* Base strips: 37 stops, per reel 1 BOOK, 1 WITCH, 2 CAULDRON, 2 POTION, 2 HAT, 5 A, 5 K,
  6 Q, 6 J, 7 TEN (5 WITCH on a line: 1 in 2.2 million per line).  Q, J, TEN (and K on
  reels 1-3) sit partly in pairs: pairs leave the line RTP unchanged (line odds depend
  only on symbol counts) but bunch line wins into fewer spins, which sets the hit
  frequency.
* Free-spin strips: 30-31 stops, 1 BOOK, 1 WITCH, 2 CAULDRON, 3 POTION, 3 HAT and 3-5 of
  each low symbol; copies of a symbol are at least 3 stops apart, so a reel shows it with
  probability exactly 3 × count / length.
* Everywhere BOOK is at least 3 stops from WITCH (a column never shows both, which keeps
  the 5000× cap from biting often at low line counts) and a column shows at most one BOOK.
* Coarse compositions by hand; then a fine search over one or two symbol swaps on the free
  strips brought the uncapped RTP to 0.9613 plus the mean cap loss, so that the capped RTP
  sits inside 96.13 % ± 0.005 pp at every line count.

Exact results (``slotterm par book-of-spells --lines N``; RTP capped at 5000 × total bet
as the engine pays it, uncapped 0.9613187 at every line count; feature 1 in 212.62 base
rounds with 10.90 free spins per feature; sd and VI in units of the total bet):

=====  ==========  ==========  ========  =====  =====  =====  ========
lines  RTP         cap effect  hit freq  sd     VI 90  VI 95  P(cap)
=====  ==========  ==========  ========  =====  =====  =====  ========
1      0.9612841   -3.46e-05   5.55 %    12.41  20.41  24.32  5.78e-07
2      0.9613147   -3.93e-06   10.13 %   10.79  17.74  21.14  5.34e-08
3      0.9613147   -3.91e-06   14.59 %   10.18  16.75  19.95  5.34e-08
4      0.9613147   -3.92e-06   17.84 %   9.89   16.27  19.39  5.33e-08
5      0.9613147   -3.92e-06   20.93 %   9.71   15.97  19.03  5.33e-08
6      0.9613147   -3.92e-06   23.08 %   9.60   15.79  18.81  5.33e-08
7      0.9613147   -3.92e-06   25.25 %   9.51   15.63  18.63  5.33e-08
8      0.9613148   -3.91e-06   26.22 %   9.43   15.51  18.48  5.33e-08
9      0.9613148   -3.91e-06   27.17 %   9.37   15.41  18.36  5.33e-08
=====  ==========  ==========  ========  =====  =====  =====  ========

The cap costs most at 1 line, where a single line (5 WITCH, or 5 BOOK with the scatter)
reaches it; the spread over the line counts (3.1e-05) leaves every line count inside the
± 0.005 pp window.
"""

from __future__ import annotations

from slotterm.engine.features.expanding_symbol import ExpandingSymbol
from slotterm.engine.features.free_spins import FreeSpins
from slotterm.engine.model import GameDefinition, Symbol, SymbolKind


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
    "J TEN TEN A CAULDRON POTION HAT BOOK Q Q K K A WITCH J J TEN TEN A K Q Q CAULDRON J J "
    "POTION TEN TEN TEN A HAT K K A Q Q J",
    "Q Q POTION A J J HAT K A TEN TEN Q Q BOOK CAULDRON K K A J J WITCH POTION TEN TEN TEN A "
    "Q Q HAT J J A CAULDRON TEN TEN K K",
    "K Q Q A TEN TEN BOOK POTION J J A Q Q WITCH CAULDRON HAT A K K TEN TEN TEN J J Q Q A "
    "POTION K TEN TEN A J J CAULDRON HAT K",
    "BOOK CAULDRON J J TEN TEN K A HAT K A Q Q J J WITCH POTION TEN TEN TEN K A CAULDRON Q Q "
    "K J J A TEN TEN HAT K POTION A Q Q",
    "Q Q K HAT POTION CAULDRON A J J K TEN TEN TEN Q Q A WITCH K J J A HAT POTION CAULDRON K "
    "TEN TEN Q Q A J J K BOOK A TEN TEN",
)
_FREE = (
    "POTION HAT A CAULDRON J Q K TEN Q POTION J HAT K A TEN Q CAULDRON J BOOK K POTION HAT "
    "TEN Q A J K Q TEN WITCH",
    "K J A Q HAT TEN CAULDRON K Q POTION A J HAT TEN Q BOOK K A POTION Q J TEN CAULDRON HAT K "
    "A Q POTION TEN WITCH",
    "K HAT TEN POTION Q A J CAULDRON K BOOK TEN HAT Q A POTION J K TEN Q A HAT J CAULDRON "
    "POTION K TEN Q WITCH A J",
    "TEN WITCH A POTION HAT TEN J Q BOOK K A TEN J POTION Q CAULDRON A HAT TEN K J A Q POTION "
    "TEN HAT A J K Q CAULDRON",
    "CAULDRON J TEN BOOK Q HAT K A J TEN POTION Q A J HAT TEN K CAULDRON Q POTION J TEN A HAT "
    "K J Q TEN A WITCH POTION",
)

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
    max_win_x_total_bet=5000,
    wild_only_pays_as="WITCH",
    bet_per_line_steps=(2, 5, 10, 20, 50, 100, 200),
    published_rtp=0.9613,
    features=(
        FreeSpins(
            trigger=3,
            award=10,
            retrigger=10,
            strips=tuple(_strip(s) for s in _FREE),
            # the Magic Book: the special symbol is drawn from the nine paying symbols
            modifier=ExpandingSymbol(tuple(PAYTABLE)),
        ),
    ),
)
"""The Book of Spells definition."""
