"""The steps of a replayed round, as values: what to show and the boxes' values at each.

Read only from the round's record; nothing is drawn or evaluated again.  The core's
part of a spin step is here; the features' views add theirs
(:mod:`slotterm.tui.features`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from slotterm.engine.model import GameDefinition
from slotterm.engine.outcome import Evaluation, Window
from slotterm.engine.records import Round, SpinResult
from slotterm.money import format_cents
from slotterm.tui.player_words import symbol_name

Position = tuple[int, int]
"""(reel, row) in the window, row 0 at the top."""


@dataclass(frozen=True, slots=True)
class ReplayStep:
    """One step of a replayed round: what to show and the boxes' values at that moment."""

    title: str
    window: Window | None
    marks: frozenset[Position]
    details: tuple[str, ...]
    win: int
    credits: int


@dataclass(frozen=True, slots=True)
class SpinAddition:
    """What a feature added to a replayed spin: the window it leaves, cells, win lines."""

    window: Window
    marks: frozenset[Position]
    details: tuple[str, ...]


def credits_after(round_: Round) -> int:
    """Credits once the closed round paid out."""
    return round_.credits_before - round_.bet.total + round_.paid


def winning_positions(game: GameDefinition, window: Window, ev: Evaluation) -> frozenset[Position]:
    """The cells that take part in the regular wins: line wins and scatters."""
    marks: set[Position] = set()
    for win in ev.line_wins:
        line = game.lines[win.line - 1]
        marks.update((reel, line[reel]) for reel in range(win.count))
    if ev.scatter_win is not None:
        marks.update(
            (reel, row)
            for reel, column in enumerate(window)
            for row, symbol in enumerate(column)
            if symbol in game.scatter_ids
        )
    return frozenset(marks)


def win_details(game: GameDefinition, ev: Evaluation) -> list[str]:
    """Each regular win of one spin as a line of text (the symbols by their names)."""
    lines = [
        f"Line {w.line}: {w.count} × {symbol_name(game, w.symbol)} pays {format_cents(w.win)}"
        for w in ev.line_wins
    ]
    if ev.scatter_win is not None:
        s = ev.scatter_win
        lines.append(f"{s.count} scatters pay {s.multiplier}× the total bet: {format_cents(s.win)}")
    return lines


def spin_step(
    game: GameDefinition,
    title: str,
    result: SpinResult,
    notes: tuple[list[str], list[str]],
    win: int,
    credits: int,
    addition: SpinAddition | None = None,
) -> ReplayStep:
    """A spin step: ``notes`` go before and after the list of wins; ``addition`` is what a
    feature added to the spin (its window replaces the drawn one)."""
    ev = result.evaluation
    window = result.window if addition is None else addition.window
    marks = winning_positions(game, result.window, ev)
    found = win_details(game, ev)
    if addition is not None:
        marks |= addition.marks
        found += addition.details
    details = (*notes[0], *(found or ["No win."]), *notes[1])
    return ReplayStep(
        title=title, window=window, marks=marks, details=details, win=win, credits=credits
    )


def carry_windows(steps: list[ReplayStep]) -> list[ReplayStep]:
    """Steps without a window of their own keep showing the last one, unmarked."""
    shown: Window | None = None
    out = []
    for step in steps:
        if step.window is None and shown is not None:
            step = replace(step, window=shown, marks=frozenset())
        shown = step.window
        out.append(step)
    return out
