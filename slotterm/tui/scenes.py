"""The scenes of a round: reels spinning, wins shown line by line, expansion, Magic Book.

Every scene gets the outcome the session already recorded and only draws it.  Amounts
shown while a scene runs (the Win box counting up) move between two values the caller
took from the session, and the scene ends on the exact final value.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from slotterm.engine.evaluate import Evaluation, LineWin, Window
from slotterm.engine.model import GameDefinition
from slotterm.money import format_cents
from slotterm.tui.presenter import Scene
from slotterm.tui.symbols import symbol_art
from slotterm.tui.widgets.magic_book import MagicBook
from slotterm.tui.widgets.message_line import MessageLine
from slotterm.tui.widgets.reels import Cell, ReelsWindow

SPIN_SECONDS = 1.5
"""From the spin key to the last reel stopping, at normal speed."""
REEL_SPEED = 14.0
"""Symbols per second passing on a spinning reel."""
WIN_ITEM_SECONDS = 0.9
"""How long each winning line is shown on its own."""
EXPAND_SECONDS = 0.9
"""How long the special symbol takes to fill its reels."""
BOOK_SECONDS = 2.6
"""How long the Magic Book flips before it settles."""
ANNOUNCE_SECONDS = 1.2
"""How long an announcement (free spins won) holds the screen."""


@dataclass(frozen=True)
class WinItem:
    """One thing to show in turn: the cells, the line path (if a line) and a label."""

    cells: frozenset[Cell]
    label: str
    amount: int
    path: tuple[int, ...] | None = None
    number: int | None = None


def line_items(game: GameDefinition, wins: Sequence[LineWin]) -> list[WinItem]:
    """One item per paid line: the counted cells along the line."""
    items = []
    for win in wins:
        rows = game.lines[win.line - 1]
        cells = frozenset((r, rows[r]) for r in range(win.count))
        name = symbol_art(win.symbol).name.upper()
        label = f" Line {win.line}: {win.count} × {name} pays {format_cents(win.win)} "
        items.append(WinItem(cells, label, win.win, rows, win.line))
    return items


def regular_items(game: GameDefinition, window: Window, evaluation: Evaluation) -> list[WinItem]:
    """Line wins, then the scatter (its BOOKs marked wherever they are)."""
    items = line_items(game, evaluation.line_wins)
    if evaluation.scatter_count >= game.free_spins.trigger_count or evaluation.scatter_win:
        cells = frozenset(
            (r, row)
            for r, column in enumerate(window)
            for row, symbol in enumerate(column)
            if symbol in game.scatter_ids
        )
        pay = evaluation.scatter_win.win if evaluation.scatter_win else 0
        label = f" {evaluation.scatter_count} × BOOK scatter pays {format_cents(pay)} "
        items.append(WinItem(cells, label, pay))
    return items


def expansion_item(game: GameDefinition, evaluation: Evaluation) -> WinItem | None:
    """The expanding special's pay on every active line, as one item."""
    wins = evaluation.expanding_wins
    if not wins:
        return None
    cells = frozenset((r, row) for r in evaluation.expanded_reels for row in range(game.rows))
    first = wins[0]
    name = symbol_art(first.symbol).name.upper()
    total = sum(w.win for w in wins)
    label = (
        f" {name} on {first.count} reels: {len(wins)} lines × {format_cents(first.win)}"
        f" = {format_cents(total)} "
    )
    return WinItem(cells, label, total)


class SpinScene(Scene):
    """The reels spin and stop left to right on the recorded stops."""

    stoppable = True

    def __init__(
        self,
        reels: ReelsWindow,
        strips: Sequence[Sequence[str]],
        stops: Sequence[int],
        window: Window,
        seconds: float = SPIN_SECONDS,
    ) -> None:
        self.reels, self.strips, self.stops, self.window = reels, strips, stops, window
        self.duration = seconds
        count = len(stops)
        self.stop_times = [seconds * (0.45 + 0.55 * r / max(1, count - 1)) for r in range(count)]

    def begin(self) -> None:
        """Clear the old marks; every reel starts moving."""
        self.reels.show_window(self.window)
        self.update(0.0)

    def update(self, elapsed: float) -> None:
        """Each reel runs down its strip until its stop time, then rests on its stop."""
        positions: list[float | None] = []
        for stop, stop_time in zip(self.stops, self.stop_times, strict=True):
            left = stop_time - elapsed
            positions.append(None if left <= 0 else stop + REEL_SPEED * left)
        self.reels.set_positions(self.strips, positions)

    def finish(self) -> None:
        """All reels rest on the recorded window."""
        self.reels.show_window(self.window)


class WinShowScene(Scene):
    """Each winning item drawn over the window in turn; the Win box counts up."""

    def __init__(
        self,
        reels: ReelsWindow,
        items: Sequence[WinItem],
        show_win: Callable[[int], None],
        win_from: int,
        win_to: int,
        seconds_per_item: float = WIN_ITEM_SECONDS,
    ) -> None:
        self.reels, self.items, self.show_win = reels, list(items), show_win
        self.win_from, self.win_to = win_from, win_to
        self.per_item = seconds_per_item
        self.duration = seconds_per_item * len(self.items)

    def begin(self) -> None:
        """Show the first item."""
        self.update(0.0)

    def update(self, elapsed: float) -> None:
        """Show the item due at ``elapsed`` and the counted-up win."""
        if not self.items:
            return
        index = min(int(elapsed / self.per_item), len(self.items) - 1)
        item = self.items[index]
        self.reels.mark(
            item.cells, dim_others=True, path=item.path, number=item.number, label=item.label
        )
        share = min(1.0, elapsed / self.duration) if self.duration else 1.0
        self.show_win(self.win_from + int((self.win_to - self.win_from) * share))

    def finish(self) -> None:
        """Every winning cell marked at once; the Win box on its final amount."""
        cells = frozenset(c for item in self.items for c in item.cells)
        if len(self.items) == 1:
            only = self.items[0]
            self.reels.mark(
                cells, dim_others=False, path=only.path, number=only.number, label=only.label
            )
        elif self.items:
            total = sum(item.amount for item in self.items)
            self.reels.mark(
                cells, dim_others=False, label=f" {len(self.items)} wins: {format_cents(total)} "
            )
        self.show_win(self.win_to)


class ExpansionScene(Scene):
    """The special symbol grows down each reel it shows on until the reels are full."""

    def __init__(
        self,
        reels: ReelsWindow,
        symbol: str,
        reel_indexes: Sequence[int],
        rows: int,
        seconds: float = EXPAND_SECONDS,
    ) -> None:
        self.reels, self.symbol, self.reel_indexes, self.rows = reels, symbol, reel_indexes, rows
        self.duration = seconds

    def begin(self) -> None:
        """Announce the expansion; nothing filled yet."""
        self.reels.clear_marks()
        self.reels.border_subtitle = f" {symbol_art(self.symbol).name.upper()} expands! "
        self.update(0.0)

    def update(self, elapsed: float) -> None:
        """Fill one more row of every expanding reel as time goes on."""
        filled = min(self.rows, 1 + int(elapsed / self.duration * self.rows))
        self.reels.set_fill(self.symbol, {r: filled for r in self.reel_indexes})

    def finish(self) -> None:
        """The expanding reels are full of the special symbol."""
        self.reels.set_fill(self.symbol, {r: self.rows for r in self.reel_indexes})


class MagicBookScene(Scene):
    """The book opens, pages flip ever slower through the symbols, and land on the special."""

    stoppable = True

    def __init__(
        self,
        book: MagicBook,
        candidates: Sequence[str],
        special: str,
        seconds: float = BOOK_SECONDS,
    ) -> None:
        self.book, self.candidates, self.special = book, list(candidates), special
        self.duration = seconds

    def begin(self) -> None:
        """Open the book."""
        self.book.display = True
        self.update(0.0)

    def update(self, elapsed: float) -> None:
        """Flip: fast at first, slowing towards the end; the last third shows the special."""
        settle = self.duration * 0.7
        if elapsed >= settle:
            self.book.show_page(self.special, landed=True)
            return
        share = elapsed / settle
        flips = int(28 * (1 - (1 - share) ** 2))
        start = self.candidates.index(self.special) - 28
        page = self.candidates[(start + flips) % len(self.candidates)]
        self.book.show_page(page, landed=False)

    def finish(self) -> None:
        """The book shows the chosen special symbol."""
        self.book.display = True
        self.book.show_page(self.special, landed=True)


class AnnounceScene(Scene):
    """A message held on screen for a moment (free spins won, retrigger)."""

    def __init__(self, message: MessageLine, text: str, seconds: float = ANNOUNCE_SECONDS) -> None:
        self.message, self.text = message, text
        self.duration = seconds

    def begin(self) -> None:
        """Show the announcement."""
        self.message.say(self.text)

    def finish(self) -> None:
        """Leave the announcement up until the screen says what to do next."""
        self.message.say(self.text)
