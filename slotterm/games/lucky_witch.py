"""Lucky Witch: the definition as data (DESIGN.md §2).

15 lines, a bet of coins per line × coin size × lines, the LUCKY wild that doubles the
wins it completes (and stands in only for WITCH, CAT, OWL and LIZARD), POTION scatters
that pay and award 13 free spins, and CAULDRON on reels 1, 3 and 5 for the Mystery
bonus and its four pick games.  Pays are in coins per coin bet per line (lines) and per
total coins bet (scatters); the engine turns them into cents by the bet per line.

Reel strips -- how they were tuned
----------------------------------
Tuned against the exact PAR calculator (``slotterm.analysis``; ``slotterm par
lucky-witch``) by ``tools/tune_lucky_witch.py`` (run it to reproduce; ``--write`` rewrites
``_BASE`` / ``_FREE`` below):

* Base strips: 64-67 stops; per reel one LUCKY run (3 on reel 3, so it can turn wild
  whole; 2 elsewhere, so LUCKY × 5 on a line is reachable but rare), 3-4 WITCH, 4 CAT, 7
  OWL, 7 LIZARD, 8 PUMPKIN, 9 GOLEM, 10-11 CRYSTAL, 10-11 SCROLL (partly in pairs, which
  sets the hit frequency without changing the line RTP), 1-3 POTION, and 3 CAULDRON on
  reels 1, 3 and 5.
* Free-spin strips: 36-43 stops; reels 2-4 carry two LUCKY runs of 4 (whole reels turn
  wild often), reels 1 and 5 none, so a free spin cannot show LUCKY × 5 on a line and
  the round cap is rarely reached; one POTION per reel, one CAULDRON on reels 1, 3, 5.
* Copies of POTION, and of CAULDRON, are at least 3 stops apart: a reel window shows at
  most one, so a reel shows it with probability exactly 3 × count / length.
* Hand-made start, then a greedy search over symbol swaps on the exact uncapped figures
  (line odds, the scatter count, the bonus trigger, spins per feature 13 / (1 - 13 q)),
  aiming at 96.30 %, free spins about a quarter of the RTP, the bonus 1 in 400, and a
  final one- or two-swap search that puts the uncapped RTP on 96.30 %.

Exact results (``slotterm par lucky-witch --lines N``, best play).  Uncapped, the same at
every line count: RTP 0.9629979 (keep the first pumpkin 0.9596970, worst play 0.9575753);
base lines 0.5694, scatters 0.0991, Mystery bonus 0.0441 (1 in 400.3 base spins, 4.6 % of
the RTP; 0.0448 with the bonuses inside free spins), free spins 0.2501 (1 in 158.2 base
spins, 26.0 % of the RTP, 13.69 spins and 39.6 × total bet per feature).  "RTP" below is
with the 250,000.00 round cap at the highest bet (20 coins of 1.00 per line); sd and VI in
units of the total bet:

=====  =========  ==========  ========  =====  =====  =====  ========
lines  RTP        cap effect  hit freq  sd     VI 90  VI 95  P(cap)
=====  =========  ==========  ========  =====  =====  =====  ========
1      0.9629979  +5.46e-12   10.42 %   14.14  23.26  27.71  4.44e-16
2      0.9629916  -6.27e-06   13.40 %   10.49  17.25  20.55  1.67e-09
3      0.9629896  -8.37e-06   16.30 %   8.89   14.62  17.42  3.35e-09
4      0.9629725  -2.55e-05   18.67 %   8.14   13.39  15.95  1.42e-08
5      0.9629618  -3.62e-05   21.02 %   7.60   12.50  14.89  2.51e-08
6      0.9629219  -7.60e-05   22.12 %   7.50   12.34  14.70  5.21e-08
7      0.9628937  -1.04e-04   23.25 %   7.34   12.07  14.39  8.84e-08
8      0.9628838  -1.14e-04   25.28 %   7.05   11.60  13.82  1.08e-07
9      0.9628767  -1.21e-04   27.30 %   6.82   11.22  13.37  1.24e-07
10     0.9628512  -1.47e-04   28.27 %   6.79   11.17  13.31  1.57e-07
11     0.9628304  -1.68e-04   29.27 %   6.74   11.08  13.20  1.84e-07
12     0.9628134  -1.85e-04   30.24 %   6.67   10.97  13.07  2.04e-07
13     0.9627941  -2.04e-04   31.25 %   6.61   10.87  12.96  2.80e-07
14     0.9627737  -2.24e-04   32.25 %   6.57   10.81  12.88  4.36e-07
15     0.9627577  -2.40e-04   33.28 %   6.52   10.73  12.78  5.61e-07
=====  =========  ==========  ========  =====  =====  =====  ========

The cap (833.33 × total bet at 15 lines and the highest bet, 12,500 × at 1 line) is
reached mostly by base spins (90 % of its effect at 15 lines), whose LUCKY × 5 and
doubled wins on several lines add up past it; at smaller bets it is a higher multiple of
the total bet and costs even less.
"""

from __future__ import annotations

from slotterm.engine.features.free_spins import FreeSpins
from slotterm.engine.features.mystery_bonus import MysteryBonus
from slotterm.engine.features.pick_games.magic_potion import MagicPotion
from slotterm.engine.features.pick_games.pumpkin import Pumpkin
from slotterm.engine.features.pick_games.secret_vault import SecretVault
from slotterm.engine.features.pick_games.spell_book import SpellBook
from slotterm.engine.model import CoinBet, GameDefinition, Symbol, SymbolKind


def _strip(text: str) -> tuple[str, ...]:
    return tuple(text.split())


SYMBOLS = (
    Symbol("LUCKY", SymbolKind.WILD, "Lucky Witch"),
    Symbol("WITCH", SymbolKind.REGULAR, "Witch"),
    Symbol("CAT", SymbolKind.REGULAR, "Black Cat"),
    Symbol("OWL", SymbolKind.REGULAR, "Owl"),
    Symbol("LIZARD", SymbolKind.REGULAR, "Lizard"),
    Symbol("PUMPKIN", SymbolKind.REGULAR, "Pumpkin"),
    Symbol("GOLEM", SymbolKind.REGULAR, "Golem"),
    Symbol("CRYSTAL", SymbolKind.REGULAR, "Crystal Ball"),
    Symbol("SCROLL", SymbolKind.REGULAR, "Scroll"),
    Symbol("POTION", SymbolKind.SCATTER, "Potion"),
    Symbol("CAULDRON", SymbolKind.BONUS, "Cauldron"),
)

PAYTABLE = {
    "LUCKY": {2: 5, 3: 100, 4: 1000, 5: 10000},
    "WITCH": {2: 2, 3: 25, 4: 150, 5: 1000},
    "CAT": {2: 2, 3: 20, 4: 100, 5: 500},
    "OWL": {3: 15, 4: 75, 5: 300},
    "LIZARD": {3: 15, 4: 75, 5: 300},
    "PUMPKIN": {3: 10, 4: 50, 5: 200},
    "GOLEM": {3: 10, 4: 40, 5: 150},
    "CRYSTAL": {3: 5, 4: 30, 5: 125},
    "SCROLL": {3: 5, 4: 25, 5: 100},
}

LINES = (
    (1, 1, 1, 1, 1),
    (0, 0, 0, 0, 0),
    (2, 2, 2, 2, 2),
    (0, 1, 2, 1, 0),
    (2, 1, 0, 1, 2),
    (0, 0, 1, 0, 0),
    (2, 2, 1, 2, 2),
    (1, 2, 2, 2, 1),
    (1, 0, 0, 0, 1),
    (0, 1, 1, 1, 0),
    (2, 1, 1, 1, 2),
    (1, 0, 1, 0, 1),
    (1, 2, 1, 2, 1),
    (0, 1, 0, 1, 0),
    (2, 1, 2, 1, 2),
)

COIN_SIZES = (1, 2, 5, 10, 20, 25, 50, 100)
"""The default coin sizes in cents (the operator may offer others)."""

_BASE = (
    "PUMPKIN SCROLL SCROLL GOLEM CRYSTAL OWL LIZARD PUMPKIN GOLEM WITCH CRYSTAL CAT "
    "SCROLL SCROLL CRYSTAL GOLEM PUMPKIN OWL LIZARD CAULDRON CRYSTAL GOLEM POTION PUMPKIN "
    "WITCH OWL CAT SCROLL SCROLL LIZARD CRYSTAL GOLEM LUCKY LUCKY PUMPKIN OWL CRYSTAL "
    "LIZARD GOLEM SCROLL SCROLL PUMPKIN CAULDRON WITCH CRYSTAL CAT OWL GOLEM LIZARD "
    "CRYSTAL PUMPKIN GOLEM SCROLL SCROLL OWL LIZARD CRYSTAL POTION PUMPKIN WITCH CAT "
    "GOLEM CRYSTAL CAULDRON OWL LIZARD",
    "CRYSTAL PUMPKIN CAT SCROLL SCROLL LIZARD OWL CRYSTAL GOLEM PUMPKIN WITCH CRYSTAL "
    "GOLEM LIZARD OWL PUMPKIN POTION SCROLL SCROLL CRYSTAL CAT GOLEM LIZARD OWL PUMPKIN "
    "CRYSTAL LUCKY LUCKY WITCH GOLEM SCROLL SCROLL CRYSTAL LIZARD PUMPKIN OWL GOLEM CAT "
    "CRYSTAL POTION PUMPKIN GOLEM LIZARD WITCH OWL SCROLL SCROLL CRYSTAL PUMPKIN GOLEM "
    "CRYSTAL CAT LIZARD OWL GOLEM SCROLL SCROLL PUMPKIN CRYSTAL WITCH LIZARD POTION OWL "
    "GOLEM",
    "SCROLL SCROLL CRYSTAL PUMPKIN LIZARD GOLEM OWL CRYSTAL PUMPKIN SCROLL SCROLL GOLEM "
    "CRYSTAL LIZARD CAULDRON CAT OWL WITCH PUMPKIN CRYSTAL GOLEM LUCKY LUCKY LUCKY LIZARD "
    "SCROLL SCROLL SCROLL OWL CRYSTAL GOLEM PUMPKIN CAT CRYSTAL LIZARD OWL GOLEM PUMPKIN "
    "CAULDRON CRYSTAL SCROLL SCROLL WITCH POTION LIZARD GOLEM CRYSTAL OWL PUMPKIN CAT "
    "GOLEM CRYSTAL SCROLL SCROLL LIZARD PUMPKIN OWL CRYSTAL GOLEM CAULDRON PUMPKIN WITCH "
    "LIZARD CRYSTAL OWL CAT GOLEM",
    "WITCH CRYSTAL LIZARD SCROLL SCROLL GOLEM PUMPKIN OWL CAT CRYSTAL GOLEM LIZARD "
    "PUMPKIN CRYSTAL OWL LUCKY LUCKY WITCH SCROLL SCROLL SCROLL GOLEM PUMPKIN LIZARD "
    "CRYSTAL CAT OWL POTION GOLEM CRYSTAL PUMPKIN SCROLL SCROLL LIZARD WITCH GOLEM OWL "
    "CRYSTAL PUMPKIN LIZARD GOLEM CAT CRYSTAL SCROLL SCROLL OWL PUMPKIN GOLEM CRYSTAL "
    "WITCH LIZARD OWL PUMPKIN CRYSTAL GOLEM SCROLL SCROLL CAT POTION LIZARD CRYSTAL "
    "PUMPKIN OWL GOLEM",
    "PUMPKIN CRYSTAL LIZARD CAT WITCH GOLEM OWL PUMPKIN CRYSTAL CAULDRON SCROLL SCROLL "
    "GOLEM LIZARD LUCKY LUCKY CRYSTAL PUMPKIN OWL GOLEM CAT WITCH CRYSTAL LIZARD PUMPKIN "
    "SCROLL SCROLL OWL GOLEM POTION CRYSTAL LIZARD PUMPKIN CAULDRON GOLEM CRYSTAL OWL CAT "
    "WITCH SCROLL SCROLL LIZARD PUMPKIN GOLEM CRYSTAL OWL CRYSTAL GOLEM PUMPKIN LIZARD "
    "SCROLL SCROLL CAT WITCH CRYSTAL OWL CAULDRON GOLEM PUMPKIN LIZARD POTION CRYSTAL "
    "GOLEM OWL SCROLL SCROLL",
)
_FREE = (
    "CAT LIZARD CRYSTAL SCROLL GOLEM PUMPKIN OWL POTION SCROLL LIZARD CRYSTAL GOLEM WITCH "
    "CAT PUMPKIN OWL SCROLL CRYSTAL GOLEM LIZARD CAULDRON SCROLL PUMPKIN WITCH OWL "
    "CRYSTAL CAT GOLEM SCROLL LIZARD CRYSTAL PUMPKIN OWL GOLEM SCROLL WITCH",
    "SCROLL CAT CRYSTAL PUMPKIN LIZARD OWL GOLEM SCROLL CRYSTAL WITCH LUCKY LUCKY LUCKY "
    "LUCKY SCROLL PUMPKIN GOLEM CAT LIZARD OWL POTION CRYSTAL SCROLL GOLEM PUMPKIN LIZARD "
    "CRYSTAL OWL SCROLL CAT GOLEM WITCH LUCKY LUCKY LUCKY LUCKY SCROLL CRYSTAL PUMPKIN "
    "LIZARD OWL GOLEM",
    "CAULDRON LIZARD SCROLL PUMPKIN OWL CAT CRYSTAL SCROLL GOLEM LUCKY LUCKY LUCKY LUCKY "
    "WITCH LIZARD PUMPKIN SCROLL CRYSTAL POTION OWL GOLEM LIZARD CAT SCROLL WITCH CRYSTAL "
    "PUMPKIN OWL SCROLL GOLEM LUCKY LUCKY LUCKY LUCKY LIZARD CRYSTAL CAT PUMPKIN SCROLL "
    "OWL WITCH GOLEM CRYSTAL",
    "PUMPKIN LUCKY LUCKY LUCKY LUCKY CRYSTAL LIZARD OWL GOLEM SCROLL CAT CRYSTAL WITCH "
    "PUMPKIN POTION LIZARD SCROLL GOLEM OWL CRYSTAL SCROLL GOLEM PUMPKIN LUCKY LUCKY "
    "LUCKY LUCKY LIZARD CAT OWL CRYSTAL SCROLL GOLEM WITCH PUMPKIN LIZARD SCROLL OWL "
    "CRYSTAL CAT GOLEM SCROLL",
    "PUMPKIN OWL GOLEM SCROLL CAT CRYSTAL LIZARD SCROLL PUMPKIN WITCH GOLEM CRYSTAL OWL "
    "SCROLL LIZARD CAT GOLEM PUMPKIN CRYSTAL OWL SCROLL WITCH LIZARD GOLEM CRYSTAL SCROLL "
    "PUMPKIN CAT OWL CAULDRON GOLEM SCROLL LIZARD CRYSTAL WITCH POTION",
)

MYSTERY_GAMES = (
    MagicPotion(amounts={1: 30, 2: 25, 3: 20, 5: 15, 8: 10}, amount_bottles=10, stop_bonus=1),
    Pumpkin(amounts={2: 30, 4: 30, 6: 20, 10: 12, 20: 6, 50: 2}, pumpkins=5, give_ups=3),
    SpellBook(
        books={5: 30, 10: 30, 15: 20, 20: 12, 25: 8},
        imp={5: 50, 10: 30, 25: 15, 50: 5},
        imp_chance=(1, 4),
        book_count=3,
    ),
    SecretVault(amounts=(3, 4, 5, 6, 8, 10, 12, 15, 20, 25, 40, 100), chosen=3),
)
"""The four pick games of the Mystery bonus, with DESIGN.md §2's tables."""

LUCKY_WITCH = GameDefinition(
    id="lucky-witch",
    name="Lucky Witch",
    reels=5,
    rows=3,
    symbols=SYMBOLS,
    paytable=PAYTABLE,
    scatter_pays={2: 1, 3: 5, 4: 20, 5: 100},
    lines=LINES,
    base_reels=tuple(_strip(s) for s in _BASE),
    max_win_x_total_bet=None,
    max_win_cents=25_000_000,
    wild_only_pays_as="LUCKY",
    wild_substitutes=frozenset({"WITCH", "CAT", "OWL", "LIZARD"}),
    wild_multiplier=2,
    bet_per_line_steps=(),
    coins=CoinBet(coins_per_line=(1, 20), coin_sizes=COIN_SIZES),
    published_rtp=0.9630,
    gamble=False,
    features=(
        # listed first: a bonus is played before the free spins the same spin awards
        MysteryBonus(symbol="CAULDRON", reels=(1, 3, 5), games=MYSTERY_GAMES, cap_coins=30_000),
        FreeSpins(trigger=3, award=13, retrigger=13, strips=tuple(_strip(s) for s in _FREE)),
    ),
)
"""The Lucky Witch definition."""
