"""What a player (or autoplay) can ask of the machine: the core actions and the bet.

Frozen values; :func:`slotterm.engine.round.apply` decides whether an action is allowed
and what it does.  Features define their own actions as subclasses of
:class:`FeatureAction`; the core hands those to the feature being played.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from slotterm.engine.fast_init import fast_init
from slotterm.engine.gamble import Color


class ActionRefused(ValueError):
    """The action is not allowed in the current state; the message says why."""


class FeatureAction:
    """Base of every action a feature defines; ``name`` is its type in the save format."""

    __slots__ = ()
    name: ClassVar[str] = ""


@fast_init
@dataclass(frozen=True, slots=True)
class Bet:
    """A bet: cents per line and the number of active lines.

    In a game bet in coins (:attr:`~slotterm.engine.model.GameDefinition.coins`),
    ``coin_size`` is the cents one coin is worth and ``bet_per_line`` is coins per line ×
    coin size; pays in coins then turn into cents by the same product.  ``None`` for a
    game bet in cents.
    """

    bet_per_line: int
    lines: int
    coin_size: int | None = None

    @property
    def coins(self) -> int | None:
        """Coins per line (``None`` for a game bet in cents)."""
        size = self.coin_size
        return None if size is None else self.bet_per_line // size

    @property
    def total_coins(self) -> int | None:
        """Coins bet on all lines (``None`` for a game bet in cents)."""
        coins = self.coins
        return None if coins is None else coins * self.lines

    @property
    def total(self) -> int:
        """Total bet in cents."""
        return self.bet_per_line * self.lines


@fast_init
@dataclass(frozen=True, slots=True)
class Limits:
    """Operator limits, fixed for a round when it starts (cents; ``None`` = no limit).

    ``max_win`` is the operator's maximum win of one round; ``None`` keeps the game's own
    (:meth:`~slotterm.engine.model.GameDefinition.max_win`).
    """

    gamble_limit: int | None = 50_000
    free_spin_limit: int | None = None
    max_win: int | None = None


# --- actions ------------------------------------------------------------------------------


@fast_init
@dataclass(frozen=True, slots=True)
class Spin:
    """Place ``bet`` and spin under the operator ``limits`` of this round.

    ``force`` (testers only) names a feature of the game: the base spin is redrawn until
    it starts that feature.
    """

    bet: Bet
    autoplay: bool = False
    force: str | None = None
    limits: Limits = Limits()


@fast_init
@dataclass(frozen=True, slots=True)
class Collect:
    """Take the offered win into credits and close the round."""


@fast_init
@dataclass(frozen=True, slots=True)
class StartGamble:
    """Open the gamble with the offered win at stake."""


@fast_init
@dataclass(frozen=True, slots=True)
class Guess:
    """Guess the colour of the next card."""

    color: Color


@fast_init
@dataclass(frozen=True, slots=True)
class TopUp:
    """Add demo credits while idle."""

    amount: int


Action = Spin | Collect | StartGamble | Guess | TopUp | FeatureAction
"""Anything that may be asked of the machine."""
