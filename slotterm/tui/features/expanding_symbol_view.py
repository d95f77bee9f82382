"""The view of the Magic Book's expanding symbol (:mod:`slotterm.engine.features.expanding_symbol`).

It is the modifier of the free spins, so the free-spins view asks it for its part of
everything: the Magic Book over the reels and its scene, the special symbol in the
banner and the summary, the expansion after a free spin (its scene and win item), the
texts about the Magic Book, and the Magic Book and expansion in a replayed round.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, cast

from rich.text import Text
from textual.widget import Widget

from slotterm.engine.actions import Bet
from slotterm.engine.events import FeatureEvent
from slotterm.engine.feature import SpinModifier
from slotterm.engine.features.expanding_symbol import (
    ExpandingSymbol,
    Expansion,
    SpecialChosen,
    min_reels,
)
from slotterm.engine.model import GameDefinition
from slotterm.engine.outcome import Window
from slotterm.money import format_cents
from slotterm.tui.features.magic_book import MagicBook
from slotterm.tui.features.view import ModifierView, Stage
from slotterm.tui.presenter import Scene
from slotterm.tui.replay_step import ReplayStep, SpinAddition
from slotterm.tui.scenes import RESULT_HOLD_SECONDS, HoldScene, WinItem, WinShowScene
from slotterm.tui.symbols import symbol_art
from slotterm.tui.widgets.feature_banner import BannerPart
from slotterm.tui.widgets.reels import ReelsWindow

EXPAND_SECONDS = 0.9
"""How long the special symbol takes to fill its reels."""
BOOK_SECONDS = 2.6
"""How long the Magic Book flips before it settles."""
PAGES_TURNED = 12
"""How many pages the Magic Book turns before it lands on the special symbol."""


def expansion_item(game: GameDefinition, expansion: Expansion) -> WinItem:
    """The expanding special's pay on every active line, as one item."""
    cells = frozenset((r, row) for r in expansion.reels for row in range(game.rows))
    first = expansion.wins[0]
    name = symbol_art(expansion.symbol, game).name.upper()
    label = (
        f" {name} on {first.count} reels: {len(expansion.wins)} lines × {format_cents(first.win)}"
        f" = {format_cents(expansion.total)} "
    )
    return WinItem(cells=cells, label=label, amount=expansion.total)


def expanded_window(window: Window, expansion: Expansion) -> Window:
    """The window after the special symbol filled its reels."""
    return tuple(
        tuple(expansion.symbol for _ in column) if reel in expansion.reels else column
        for reel, column in enumerate(window)
    )


class ExpansionScene(Scene):
    """The special symbol grows down each reel it shows on until each is one tall picture."""

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
        self.reels.border_subtitle = f" {self.reels.art.art(self.symbol).name.upper()} expands! "
        self.update(0.0)

    def update(self, elapsed: float) -> None:
        """Fill one more row of every expanding reel as time goes on."""
        filled = min(self.rows, 1 + int(elapsed / self.duration * self.rows))
        self.reels.set_tall(self.symbol, {r: filled for r in self.reel_indexes})

    def finish(self) -> None:
        """Each expanding reel is one tall picture of the special symbol."""
        self.reels.set_tall(self.symbol, {r: self.rows for r in self.reel_indexes})


class MagicBookScene(Scene):
    """The book opens, pages flip ever slower through the symbols, and land on the special."""

    stoppable = True
    skippable = True

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
        """Turn the pages: fast at first, slowing towards the end, a symbol glimpsed under
        each; the last third shows the special with the book lying open."""
        settle = self.duration * 0.7
        if elapsed >= settle:
            self.book.show_page(self.special, landed=True)
            return
        share = elapsed / settle
        turned = PAGES_TURNED * (1 - (1 - share) ** 2)
        flips = int(turned)
        start = self.candidates.index(self.special) - PAGES_TURNED
        page = self.candidates[(start + flips + 1) % len(self.candidates)]
        self.book.show_page(page, landed=False, flip=turned - flips)

    def finish(self) -> None:
        """The book shows the chosen special symbol."""
        self.book.display = True
        self.book.show_page(self.special, landed=True)


class ExpandingSymbolView(ModifierView):
    """The Magic Book and the expanding special symbol, inside the free spins."""

    modifier_name = ExpandingSymbol.name
    stylesheet = "expanding_symbol.tcss"

    def __init__(self, game: GameDefinition, modifier: SpinModifier) -> None:
        super().__init__(game, modifier)
        self.candidates = cast(ExpandingSymbol, modifier).candidates  # found by its name
        self._book: MagicBook | None = None

    # --- the machine ------------------------------------------------------------------------

    @property
    def book(self) -> MagicBook:
        """The Magic Book over the reels (made, hidden, on first use)."""
        if self._book is None:
            self._book = MagicBook(self.game, id="book")
            self._book.display = False
        return self._book

    def overlays(self) -> Iterable[Widget]:
        """The Magic Book."""
        return (self.book,)

    def close(self) -> None:
        """Close the Magic Book."""
        self.book.display = False

    def start_label(self) -> str:
        """The footer calls the start key "Magic Book"."""
        return "Magic Book"

    def start_phrase(self) -> str:
        """The start key opens the Magic Book."""
        return "open the Magic Book"

    def tagline(self) -> str:
        """The free spins come with an expanding symbol."""
        return " with an expanding symbol"

    def banner(self, state: Any) -> BannerPart | None:
        """The special symbol's picture and name."""
        if state is None:
            return None
        return BannerPart(state, ("SPECIAL SYMBOL", symbol_art(state, self.game).name.upper()))

    def moving_text(self, state: Any) -> str:
        """While the book turns its pages."""
        return "The Magic Book chooses the special symbol… Space skips."

    def scenes(self, stage: Stage, event: FeatureEvent) -> list[Scene]:
        """The Magic Book choosing the special symbol, then its choice held for a moment
        (skipped or not): no key plays the first free spin before the player has seen
        the special symbol (:class:`HoldScene`)."""
        if not isinstance(event, SpecialChosen):
            return []
        name = symbol_art(event.symbol, self.game).name.upper()
        chosen = f"The Magic Book has chosen {name} as the special symbol!"
        return [
            MagicBookScene(self.book, self.candidates, event.symbol),
            HoldScene(RESULT_HOLD_SECONDS, say=stage.message.say, text=chosen),
        ]

    def spin_scenes(self, stage: Stage, extra: Any, win_from: int, win_to: int) -> list[Scene]:
        """The special symbol fills its reels, then its pay on every line is shown."""
        if not isinstance(extra, Expansion):
            return []
        rows = stage.game.rows
        item = expansion_item(stage.game, extra)
        return [
            ExpansionScene(stage.reels, extra.symbol, extra.reels, rows),
            WinShowScene(stage.reels, [item], stage.show_win, win_from, win_to),
        ]

    def recorded_items(self, stage: Stage, extra: Any) -> list[WinItem]:
        """At rest: the expanded reels filled again, and the expansion's win item."""
        if not isinstance(extra, Expansion):
            return []
        rows = stage.game.rows
        stage.reels.set_tall(extra.symbol, {r: rows for r in extra.reels})
        return [expansion_item(stage.game, extra)]

    def summary_line(self, state: Any) -> Text | None:
        """ "Special symbol: NAME" in the symbol's colours."""
        if state is None:
            return None
        art = symbol_art(state, self.game)
        text = Text("Special symbol: ", end="")
        text.append(art.name.upper(), art.style)
        return text

    # --- history and rules ------------------------------------------------------------------

    def history_label(self, state: Any) -> str:
        """The special symbol after the free spins played ("10 free spins, special: Witch")."""
        return f", special: {symbol_art(state, self.game).name}" if state is not None else ""

    def replay_steps(self, state: Any, win: int, credits: int) -> list[ReplayStep]:
        """The Magic Book's choice, as a step of its own."""
        if state is None:
            return []
        name = symbol_art(state, self.game).name
        text = f"The Magic Book chose {name} as the special symbol."
        step = ReplayStep(
            title="Magic Book",
            window=None,
            marks=frozenset(),
            details=(text,),
            win=win,
            credits=credits,
        )
        return [step]

    def replay_spin(
        self, state: Any, extra: Any, window: Window
    ) -> tuple[list[str], SpinAddition | None]:
        """The special symbol named first; an expansion fills its reels and is listed."""
        notes = [f"Special symbol: {symbol_art(state, self.game).name}."]
        if not isinstance(extra, Expansion):
            return notes, None
        rows = self.game.rows
        first = extra.wins[0]
        reels = ", ".join(str(r + 1) for r in extra.reels)
        detail = (
            f"{symbol_art(first.symbol, self.game).name} expands on reels {reels}: "
            f"{format_cents(first.win)} on each of "
            f"{len(extra.wins)} lines"
        )
        marks = frozenset((reel, row) for reel in extra.reels for row in range(rows))
        return notes, SpinAddition(expanded_window(window, extra), marks, (detail,))

    def help_heading(self) -> str:
        """The help's section is on the free spins and the Magic Book."""
        return " and the Magic Book"

    def help_items(self) -> list[str]:
        """How the Magic Book chooses the special symbol, and when that expands."""
        game = self.game
        paying = [s.id for s in game.symbols if s.id in game.paytable and not s.kind.is_wild]
        chosen = (
            "one of the paying symbols"
            if sorted(self.candidates) == sorted(paying)
            else "one of " + ", ".join(symbol_art(s, game).name for s in self.candidates)
        )
        wilds = [s.name for s in game.symbols if s.kind.is_wild]
        wild = wilds[0] if wilds else "wild"
        return [
            f"Before the first free spin the Magic Book turns its pages and lands on {chosen}: "
            "the **special symbol** for the whole feature. It is shown above the reels until "
            "the feature ends.",
            "After each free spin's usual wins, the special symbol can **expand**: if it shows "
            "on enough reels to pay, it fills those reels from top to bottom and pays on every "
            "line you play, even when those reels are not side by side. Only real special "
            f"symbols count for the expansion: a {wild} on a reel does not make it expand, "
            f"though on an ordinary line win the {wild} still counts as the special symbol "
            "like any other.",
        ]

    def heading(self) -> str:
        """The paytable's section is on the free spins and the special symbol."""
        return " and the special symbol"

    def rules(self, bet: Bet) -> str:
        """How the special symbol is chosen and when it expands."""
        game = self.game
        high = [s for s in self.candidates if min_reels(game, s) == 2]
        low = [s for s in self.candidates if min_reels(game, s) == 3]
        names = ", ".join(symbol_art(s, self.game).name for s in high)
        low_names = (
            f"{symbol_art(low[0], self.game).name} to {symbol_art(low[-1], self.game).name}"
            if low
            else ""
        )
        return (
            "Before the first one the Magic Book picks one of the paying symbols at random as "
            "the special symbol for the whole feature. After each free spin's usual wins, if "
            f"the special symbol shows on enough reels to pay (2 for {names}; 3 for "
            f"{low_names}), it fills those reels and pays on every active line as if they "
            "stood side by side. Only real special symbols count for the expansion, not "
            "the wild (on ordinary line wins the wild still stands in for it)."
        )
