"""Lucky Witch: the definition as data (DESIGN.md §2).

15 lines, a bet of coins per line × coin size × lines, the LUCKY wild that doubles the
wins it completes (and stands in only for WITCH, CAT, OWL and LIZARD), POTION scatters
that pay and award 13 free spins, and CAULDRON on reels 1, 3 and 5 for the Mystery
bonus and its four pick games.  Pays are in coins per coin bet per line (lines) and per
total coins bet (scatters); the engine turns them into cents by the bet per line.

Reel strips -- how they were tuned
----------------------------------
PLACEHOLDER strips (not yet tuned): see ``tools/tune_lucky_witch.py``.
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
    "OWL CAULDRON CRYSTAL OWL SCROLL PUMPKIN GOLEM LIZARD CRYSTAL LUCKY LUCKY SCROLL LIZARD "
    "WITCH CAULDRON PUMPKIN LIZARD GOLEM SCROLL CRYSTAL SCROLL PUMPKIN GOLEM OWL POTION "
    "CRYSTAL PUMPKIN CAT SCROLL SCROLL PUMPKIN WITCH GOLEM CRYSTAL OWL CAT CAT CRYSTAL "
    "LIZARD GOLEM",
    "GOLEM CRYSTAL CRYSTAL LIZARD OWL CRYSTAL WITCH PUMPKIN CRYSTAL CRYSTAL CAT OWL PUMPKIN "
    "LIZARD POTION LIZARD PUMPKIN PUMPKIN LUCKY LUCKY CRYSTAL SCROLL WITCH SCROLL CAT GOLEM "
    "PUMPKIN CAT SCROLL SCROLL GOLEM SCROLL GOLEM OWL LIZARD GOLEM OWL SCROLL",
    "OWL LIZARD SCROLL OWL CAT OWL GOLEM CRYSTAL CRYSTAL WITCH CRYSTAL GOLEM GOLEM CAULDRON "
    "CAULDRON PUMPKIN CRYSTAL PUMPKIN SCROLL LIZARD SCROLL SCROLL LUCKY LUCKY GOLEM PUMPKIN "
    "CRYSTAL CAT POTION WITCH PUMPKIN PUMPKIN SCROLL LIZARD GOLEM LIZARD CRYSTAL SCROLL OWL "
    "CAT",
    "LUCKY LUCKY CRYSTAL GOLEM SCROLL GOLEM GOLEM WITCH WITCH SCROLL POTION GOLEM OWL LIZARD "
    "PUMPKIN GOLEM CRYSTAL SCROLL CRYSTAL OWL PUMPKIN SCROLL PUMPKIN OWL CAT PUMPKIN CRYSTAL "
    "LIZARD SCROLL CRYSTAL CAT LIZARD CRYSTAL PUMPKIN CAT SCROLL OWL LIZARD",
    "CAT OWL CRYSTAL SCROLL SCROLL OWL LUCKY LUCKY PUMPKIN PUMPKIN CAT SCROLL CRYSTAL "
    "CAULDRON OWL GOLEM OWL CRYSTAL CRYSTAL LIZARD SCROLL PUMPKIN WITCH GOLEM CRYSTAL POTION "
    "GOLEM CAT LIZARD SCROLL GOLEM CAULDRON PUMPKIN CRYSTAL LIZARD WITCH GOLEM PUMPKIN "
    "LIZARD SCROLL",
)
_FREE = (
    "LIZARD PUMPKIN CRYSTAL CAULDRON POTION SCROLL PUMPKIN CRYSTAL OWL LUCKY LUCKY LUCKY "
    "CRYSTAL SCROLL SCROLL CRYSTAL PUMPKIN OWL PUMPKIN GOLEM GOLEM CAT PUMPKIN GOLEM SCROLL "
    "LIZARD OWL GOLEM CAT LIZARD GOLEM SCROLL CRYSTAL CAT WITCH CRYSTAL OWL SCROLL LIZARD "
    "WITCH",
    "CAT POTION GOLEM SCROLL PUMPKIN CAT LIZARD WITCH CRYSTAL GOLEM CRYSTAL PUMPKIN CAT "
    "PUMPKIN CRYSTAL LIZARD GOLEM OWL CRYSTAL LIZARD SCROLL SCROLL PUMPKIN OWL CRYSTAL "
    "SCROLL LIZARD PUMPKIN LUCKY LUCKY LUCKY OWL CRYSTAL GOLEM OWL GOLEM SCROLL WITCH SCROLL",
    "OWL LUCKY LUCKY LUCKY PUMPKIN CAT LIZARD POTION GOLEM GOLEM OWL PUMPKIN WITCH SCROLL "
    "CRYSTAL PUMPKIN CRYSTAL SCROLL CAULDRON CRYSTAL LIZARD CAT CAT LIZARD GOLEM CRYSTAL "
    "WITCH CRYSTAL GOLEM SCROLL SCROLL LIZARD SCROLL PUMPKIN SCROLL OWL PUMPKIN OWL CRYSTAL "
    "GOLEM",
    "LIZARD LIZARD LIZARD CAT GOLEM WITCH OWL CRYSTAL GOLEM OWL SCROLL PUMPKIN PUMPKIN "
    "CRYSTAL SCROLL OWL CRYSTAL GOLEM OWL PUMPKIN CRYSTAL PUMPKIN CAT GOLEM CRYSTAL CRYSTAL "
    "WITCH SCROLL SCROLL PUMPKIN CAT GOLEM LUCKY LUCKY LUCKY SCROLL POTION SCROLL LIZARD",
    "GOLEM GOLEM GOLEM SCROLL CAT OWL POTION CRYSTAL LIZARD PUMPKIN OWL LIZARD PUMPKIN "
    "CAULDRON GOLEM LIZARD SCROLL PUMPKIN CAT CRYSTAL PUMPKIN CRYSTAL SCROLL CAT CRYSTAL "
    "WITCH GOLEM OWL CRYSTAL PUMPKIN CRYSTAL WITCH SCROLL SCROLL LIZARD LUCKY LUCKY LUCKY "
    "SCROLL OWL",
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
