"""How a game is bet: one part of its definition, behind one interface (DESIGN.md §7 ``bet``).

Two bet models exist: :class:`BetPerLine` (a bet per line, one of a list of steps, on the
lines played: the pays are × the bet per line) and :class:`CoinsPerLine` (coins per line
from a range, each coin of a coin size, on the lines played: the pays are coins per coin
bet per line, the same arithmetic).  A :class:`~slotterm.engine.actions.Bet` of either is
the cents per line and the lines (and, in coins, the coin size).

Everything outside the engine that depends on how a game is bet asks the game's model
(:attr:`GameDefinition.bet_model <slotterm.engine.model.GameDefinition.bet_model>`) --
its steps and the operator key that replaces them, its refusals, its lowest and highest
bets, its words, its parts as JSON -- and picks what it shows by the model's :attr:`kind
<BetModel.kind>`, never by asking which model it is.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from slotterm.engine.actions import Bet
from slotterm.money import format_cents

DEFAULT_BET_STEPS = (2, 5, 10, 20, 50, 100, 200)
"""The bets per line of a game file without a ``bet`` table (0.02 ... 2.00)."""


def _money(cents: int) -> str:
    """Cents as plain decimal text, ``"0.05"`` (as saves and JSON reports write money)."""
    return format_cents(cents, grouping=False)


def _steps_problem(steps: Sequence[int], what: str) -> str | None:
    """Why ``steps`` are not a list of increasing, distinct, positive cents, or ``None``."""
    if not steps or list(steps) != sorted(set(steps)):
        return f"{what} must be increasing and distinct"
    if steps[0] < 1:
        return f"{what} must be positive cents"
    return None


class BetModel(ABC):
    """How one game is bet; a game's model is :attr:`GameDefinition.bet_model
    <slotterm.engine.model.GameDefinition.bet_model>`.

    ``steps`` below are always the operator's choice of this model's steps (its
    :attr:`default_steps` unless the settings' :attr:`config_key` gives others).
    """

    kind: ClassVar[str]
    """The model's name, by which the interface picks what it shows (``"per_line"``...)."""
    config_key: ClassVar[str]
    """The operator settings' key that replaces :attr:`default_steps`."""
    step_words: ClassVar[tuple[str, str]]
    """What one step is called, and several: ``("bet per line", "bets per line")``."""
    in_coins: ClassVar[bool]
    """True when amounts can also be shown in coins (the bet has a coin size)."""
    pay_unit: ClassVar[str]
    """What a line pay multiplies: ``"× bet per line"``."""
    total_unit: ClassVar[str]
    """What a scatter pay multiplies: ``"total bet"``."""

    @property
    @abstractmethod
    def default_steps(self) -> tuple[int, ...]:
        """The game's own steps in cents, increasing (bets per line, or coin sizes)."""

    @abstractmethod
    def problem(self) -> str | None:
        """Why the model's own data is not a way to bet, or ``None`` (checked on build)."""

    @abstractmethod
    def refusal(self, bet_per_line: int, coin_size: int | None) -> str | None:
        """Why ``bet_per_line`` cents (of coins of ``coin_size``) is not a bet, or ``None``.

        ``bet_per_line`` is already known to be a positive whole number of cents; the
        operator's steps are checked apart (:meth:`step_of`).
        """

    @abstractmethod
    def smallest_bet(self, lines: int, steps: Sequence[int] | None = None) -> Bet:
        """The lowest bet on ``lines`` lines with ``steps`` (the default steps if none)."""

    @abstractmethod
    def highest_bet_per_line(self) -> int:
        """The highest bet per line of the default steps, in cents (the cap's worst case)."""

    @abstractmethod
    def step_of(self, bet: Bet) -> int | None:
        """The part of ``bet`` the operator's steps must offer (``None``: it has none)."""

    @abstractmethod
    def fit(self, bet: Bet, steps: Sequence[int]) -> Bet:
        """``bet`` (a saved one) under ``steps`` now: a step no longer offered becomes the
        highest offered below it, else the lowest."""

    @abstractmethod
    def bet_json(self, bet: Bet) -> dict[str, Any]:
        """The parts of ``bet`` only this model has, as JSON (``history --json``)."""

    @abstractmethod
    def file_table(self) -> dict[str, Any] | None:
        """The game file's ``bet`` table for this model (``None``: the table is left out)."""

    @property
    def most_coins_per_line(self) -> int | None:
        """The most coins one line can bet (``None``: the bet is not counted in coins)."""
        return None


def _fitted(value: int, steps: Sequence[int]) -> int:
    """``value`` if ``steps`` offer it, else the highest step below it, else the lowest."""
    if value in steps:
        return value
    lower = [s for s in steps if s <= value]
    return lower[-1] if lower else steps[0]


@dataclass(frozen=True)
class BetPerLine(BetModel):
    """A bet per line, one of ``steps`` (cents), × the lines played."""

    steps: tuple[int, ...] = DEFAULT_BET_STEPS

    kind: ClassVar[str] = "per_line"
    config_key: ClassVar[str] = "bet_steps"
    step_words: ClassVar[tuple[str, str]] = ("bet per line", "bets per line")
    in_coins: ClassVar[bool] = False
    pay_unit: ClassVar[str] = "× bet per line"
    total_unit: ClassVar[str] = "total bet"

    @property
    def default_steps(self) -> tuple[int, ...]:
        """The game's bets per line."""
        return self.steps

    def problem(self) -> str | None:
        """Why the steps are not increasing, distinct, positive cents, or ``None``."""
        return _steps_problem(self.steps, "bet steps")

    def refusal(self, bet_per_line: int, coin_size: int | None) -> str | None:
        """A bet per line in cents has no coin size."""
        return None if coin_size is None else "this game is not bet in coins"

    def smallest_bet(self, lines: int, steps: Sequence[int] | None = None) -> Bet:
        """The lowest step per line."""
        return Bet(bet_per_line=(steps or self.steps)[0], lines=lines)

    def highest_bet_per_line(self) -> int:
        """The highest step."""
        return self.steps[-1]

    def step_of(self, bet: Bet) -> int:
        """The bet per line."""
        return bet.bet_per_line

    def fit(self, bet: Bet, steps: Sequence[int]) -> Bet:
        """The bet per line fitted to ``steps``."""
        return Bet(bet_per_line=_fitted(bet.bet_per_line, steps), lines=bet.lines)

    def bet_json(self, bet: Bet) -> dict[str, Any]:
        """Nothing beyond the bet per line and the lines."""
        return {}

    def file_table(self) -> dict[str, Any] | None:
        """Left out for the default steps, else ``{"bet_steps": ["0.02", ...]}``."""
        if self.steps == DEFAULT_BET_STEPS:
            return None
        return {"bet_steps": [_money(step) for step in self.steps]}


@dataclass(frozen=True)
class CoinsPerLine(BetModel):
    """Coins per line in ``coins_per_line`` (lowest, highest), each of a coin size of
    ``coin_sizes`` (cents), × the lines played."""

    coins_per_line: tuple[int, int]
    coin_sizes: tuple[int, ...]

    kind: ClassVar[str] = "coins"
    config_key: ClassVar[str] = "coin_sizes"
    step_words: ClassVar[tuple[str, str]] = ("coin size", "coin sizes")
    in_coins: ClassVar[bool] = True
    pay_unit: ClassVar[str] = "coins per coin bet per line"
    total_unit: ClassVar[str] = "total coins bet"

    @property
    def default_steps(self) -> tuple[int, ...]:
        """The game's coin sizes."""
        return self.coin_sizes

    @property
    def most_coins_per_line(self) -> int:
        """The highest coins per line."""
        return self.coins_per_line[1]

    def problem(self) -> str | None:
        """Why the range or the coin sizes make no sense, or ``None``."""
        low, high = self.coins_per_line
        if not 1 <= low <= high:
            return "coins per line must be a range 1 <= lowest <= highest"
        return _steps_problem(self.coin_sizes, "coin sizes")

    def refusal(self, bet_per_line: int, coin_size: int | None) -> str | None:
        """A positive coin size, a whole number of coins per line, in the range."""
        if coin_size is None or not isinstance(coin_size, int) or coin_size < 1:
            return "a bet in this game needs a positive coin size"
        if bet_per_line % coin_size:
            return "the bet per line must be a whole number of coins"
        low, high = self.coins_per_line
        if not low <= bet_per_line // coin_size <= high:
            return f"coins per line must be {low}..{high}"
        return None

    def smallest_bet(self, lines: int, steps: Sequence[int] | None = None) -> Bet:
        """The fewest coins per line of the smallest coin size."""
        size = (steps or self.coin_sizes)[0]
        return Bet(bet_per_line=self.coins_per_line[0] * size, lines=lines, coin_size=size)

    def highest_bet_per_line(self) -> int:
        """The most coins per line of the largest coin size."""
        return self.coins_per_line[1] * self.coin_sizes[-1]

    def step_of(self, bet: Bet) -> int | None:
        """The coin size."""
        return bet.coin_size

    def fit(self, bet: Bet, steps: Sequence[int]) -> Bet:
        """The coin size fitted to ``steps``, the same coins per line."""
        if bet.coin_size is None:  # not a bet of this model: the lowest (never saved so)
            return self.smallest_bet(bet.lines, steps)
        size = _fitted(bet.coin_size, steps)
        return Bet(bet_per_line=(bet.coins or 1) * size, lines=bet.lines, coin_size=size)

    def bet_json(self, bet: Bet) -> dict[str, Any]:
        """``coin_size`` (money text) and ``coins_per_line``."""
        if bet.coin_size is None:
            return {}
        return {"coin_size": _money(bet.coin_size), "coins_per_line": bet.coins}

    def file_table(self) -> dict[str, Any]:
        """``{"coins_per_line": [lo, hi], "coin_sizes": ["0.01", ...]}``."""
        return {
            "coins_per_line": list(self.coins_per_line),
            "coin_sizes": [_money(size) for size in self.coin_sizes],
        }


BET_MODELS: tuple[type[BetModel], ...] = (BetPerLine, CoinsPerLine)
"""Every bet model; a new one is a class here and a line in this tuple."""

CONFIG_KEYS: tuple[str, ...] = tuple(model.config_key for model in BET_MODELS)
"""The operator settings' step keys, one per bet model (each is checked whatever the game)."""
