"""The Mystery bonus: a bonus symbol on given reels starts one of several pick games.

One :attr:`MysteryBonus.symbol` showing anywhere on each of :attr:`MysteryBonus.reels`
at once (base game or free spin) awards the bonus; it is played before the free spins
(the game lists it first).  Opening it draws one of its :attr:`MysteryBonus.games` with
equal weights (a tester may force one) and starts it as a part; the pick game pays.
"""

from __future__ import annotations

from slotterm.engine.feature import Feature
from slotterm.engine.features.pick_game import PickGame
from slotterm.engine.model import DefinitionError, GameDefinition, SymbolKind

NAME = "mystery_bonus"


class MysteryBonus(Feature):
    """``symbol`` on each of ``reels`` (1-based) starts one of ``games``; prizes capped in coins.

    ``cap_coins`` is the most one bonus pays, in coins (a game bet in cents has no coin
    cap).
    """

    name = NAME

    def __init__(
        self,
        *,
        symbol: str,
        reels: tuple[int, ...],
        games: tuple[PickGame, ...],
        cap_coins: int,
    ) -> None:
        if not reels or list(reels) != sorted(set(reels)) or reels[0] < 1:
            raise DefinitionError("mystery bonus: reels must be increasing 1-based numbers")
        if not games:
            raise DefinitionError("mystery bonus: needs at least one pick game")
        if cap_coins < 1:
            raise DefinitionError("mystery bonus: the cap must be positive coins")
        self.symbol = symbol
        self.reels = reels
        self.games = games
        self.cap_coins = cap_coins

    @property
    def reel_indices(self) -> tuple[int, ...]:
        """The trigger reels, 0-based."""
        return tuple(r - 1 for r in self.reels)

    def parts(self) -> tuple[Feature, ...]:
        """The pick games."""
        return self.games

    def validate(self, game: GameDefinition) -> None:
        """The symbol is the game's bonus symbol, on the trigger reels only."""
        sym = game.symbol_index.get(self.symbol)
        if sym is None or sym.kind is not SymbolKind.BONUS:
            raise DefinitionError(f"mystery bonus: {self.symbol} is not a bonus symbol")
        if self.reels[-1] > game.reels:
            raise DefinitionError(f"mystery bonus: the game has only {game.reels} reels")
        for label, strips in game.reel_sets.items():
            for r, strip in enumerate(strips, 1):
                if r not in self.reels and self.symbol in strip:
                    raise DefinitionError(
                        f"{self.symbol} may stand only on reels "
                        f"{', '.join(map(str, self.reels))}: found on {label} reel {r}"
                    )
