"""What ``eval`` is asked and what it answers: a checked request, its result, and money as
the results show it (shared by the command, :mod:`slotterm.commands.evaluate`, and its
readable form, :mod:`slotterm.commands.evaluate_view`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from slotterm.engine.outcome import Evaluation, LineWin, Window
from slotterm.money import format_cents


@dataclass(frozen=True, slots=True, init=False)
class Request:
    """One evaluation request, checked against the game.

    ``coin_size`` is set for a game bet in coins; ``inputs`` are the values of the
    features' inputs by key (``special="WITCH"``: the free spins' expanding symbol;
    ``free_spin=True``), each making the window one of its feature's spins (a free spin:
    a retrigger award).
    """

    window: Window
    lines: int
    bet_per_line: int
    coin_size: int | None
    inputs: Mapping[str, Any]

    def __init__(
        self,
        *,
        window: Window,
        lines: int,
        bet_per_line: int,
        coin_size: int | None = None,
        **inputs: Any,
    ) -> None:
        object.__setattr__(self, "window", window)
        object.__setattr__(self, "lines", lines)
        object.__setattr__(self, "bet_per_line", bet_per_line)
        object.__setattr__(self, "coin_size", coin_size)
        object.__setattr__(self, "inputs", MappingProxyType(dict(inputs)))


@dataclass(frozen=True, slots=True)
class Result:
    """What a request's window pays: the core evaluation, what a spin modifier added (the
    expansion: ``expanding_wins``, ``extra_win`` cents), the free spins awarded.

    ``doubling`` when the game has a multiplying wild (each line win then says whether it
    was ``doubled``); ``bonus_triggered`` ``None`` for a game without a bonus.
    """

    evaluation: Evaluation
    free_spins_awarded: int
    expanding_wins: tuple[LineWin, ...] = ()
    extra_win: int = 0
    doubling: bool = False
    bonus_triggered: bool | None = None

    @property
    def total_win(self) -> int:
        """Line, scatter and expansion wins, in cents."""
        return self.evaluation.total_win + self.extra_win


def money(cents: int) -> str:
    """An amount in cents as the results show it: ``"1234.50"``."""
    return format_cents(cents, grouping=False)
