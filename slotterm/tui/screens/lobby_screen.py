"""The lobby: every game with its key facts, credits and any round waiting, and each game
file that could not be loaded, with its one-line error.

The cards stand side by side as machines on a floor, as many across as the window has room
for (and no more than there are games), the floor in the middle of the window; from
:data:`BIG_SCREEN` rows they show their symbols as the reels' own tiles. The highlighted
one runs an attract animation while no key is pressed (:mod:`slotterm.tui.lobby_attract`).
Up / Down (and Left / Right) move the highlight (wrapping), Home / End go to the first and
the last game, Page Up / Page Down a screenful at a time; 1 to 9 open the game of that
number; Enter / Space open the highlighted game, Q quits. A broken file's card cannot be
opened: its key says why on the note line. When the cards do not fit, their list scrolls
(the title, the note and the keys stay) and always shows the highlighted card. From a
game, between rounds, L (or Escape) comes back here. When a game was refused because its
save cannot be trusted, R sets that save aside (its files kept, never deleted) and starts
the game afresh, as ``--reset-save`` does.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from slotterm.tui.lobby import BrokenGame, GameShelf, LobbyEntry
from slotterm.tui.lobby_attract import TICK_SECONDS, Attract
from slotterm.tui.mono import no_colour
from slotterm.tui.screens.dialog_css import stylesheet_of
from slotterm.tui.widgets.key_bar import KeyBar
from slotterm.tui.widgets.lobby_card import DIGIT_KEYS, card_text

COLUMN_WIDTH = 58
"""Columns a card wants: the floor has as many cards across as fit (at most
:data:`MOST_ACROSS`)."""
MOST_ACROSS = 3
TALL_SCREEN = 40
"""From this many rows a logo too wide for one line takes two."""
BIG_SCREEN = 50
"""From this many rows the cards show their symbols as the reels' own tiles."""
CARD_FRAME = 4
"""Columns of a card's border and padding."""


def note_text(note: str) -> Text:
    """The note under the cards: its first line as the stylesheet says (bold, in the
    error colour), the lines after it plain, a technical "Why:" line dimmed."""
    text = Text()
    for index, line in enumerate(note.split("\n")):
        if index:
            text.append("\n")
        style = "" if index == 0 else "not bold dim" if line.startswith("Why: ") else "not bold"
        text.append(line, style=style)
    return text


def broken_note(entry: BrokenGame) -> str:
    """Why a broken file's card does not open."""
    return f"{entry.file.name} cannot be played: {entry.why}"


class LobbyScreen(Screen[None]):
    """The games of the program; ``open_game`` opens one and returns why not, if it cannot."""

    CSS_PATH = stylesheet_of(__file__)

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up,k,K", "move(-1)", "Choose", key_display="↑/↓"),
        Binding("down,j,J", "move(1)", "Next", show=False),
        Binding("left", "move(-1)", "Previous", show=False),
        Binding("right", "move(1)", "Next", show=False),
        Binding("home", "go(0)", "First", show=False),
        Binding("end", "go(-1)", "Last", show=False),
        Binding("pageup", "page(-1)", "Page up", show=False),
        Binding("pagedown", "page(1)", "Page down", show=False),
        Binding("enter,space", "choose", "Play", key_display="Enter"),
        *(
            Binding(str(n), f"pick({n - 1})", f"Game {n}", show=False)
            for n in range(1, DIGIT_KEYS + 1)
        ),
        Binding("r,R", "start_afresh", "Start afresh", key_display="R"),
        Binding("q,Q", "quit", "Quit", key_display="Q"),
    ]

    def __init__(self, shelf: GameShelf, open_game: Callable[[str], str | None]) -> None:
        super().__init__()
        self.shelf = shelf
        self._open_game = open_game
        self.highlighted = 0
        """The index of the highlighted card."""
        self.note = ""
        """The last problem (a game that could not be opened), shown under the cards."""
        self.attract = Attract()
        """The attract animation of the highlighted card (:mod:`slotterm.tui.lobby_attract`)."""

    def compose(self) -> ComposeResult:
        """The title, the list of cards (one per game or broken file), the note line and
        the keys."""
        with Vertical(id="lobby"):
            yield Static("slotterm · choose a game", id="lobby-title")
            with VerticalScroll(id="lobby-list", can_focus=False):
                for index, entry in enumerate(self.shelf.entries):
                    broken = " broken" if isinstance(entry, BrokenGame) else ""
                    yield Static(id=f"lobby-card-{index}", classes=f"lobby-card{broken}")
            yield Static(id="lobby-note")
            yield Static(
                "In a game, between rounds: L or Escape back here · O options · "
                "G autoplay settings · T statistics · Q quit",
                id="lobby-hint",
            )
        yield KeyBar()

    def on_mount(self) -> None:
        """Draw the cards; start the attract animation's slow timer."""
        self.shelf.refresh()
        self.show()
        self.attract_timer = self.set_interval(TICK_SECONDS, self.attract_tick)

    @property
    def animated(self) -> bool:
        """False with animations off (``TEXTUAL_ANIMATIONS=none`` or the options)."""
        return self.app.animation_level != "none"

    def attract_tick(self) -> None:
        """One step of the attract animation: only the highlighted card is drawn again."""
        if self.attract.tick(animated=self.animated and self.is_current):
            self._draw_card(self.highlighted, layout=False)

    def on_key(self, event: events.Key) -> None:
        """Any key stops the attract animation (the still frame) until the lobby is
        quiet again."""
        if self.attract.poke() and self.shelf.entries:
            self._draw_card(self.highlighted, layout=False)

    def on_screen_resume(self) -> None:
        """Back from a game: its credits may have changed (and another slotterm may have
        played a game not opened here)."""
        self.shelf.refresh()
        self.attract.poke()
        self.show()

    def on_resize(self) -> None:
        """The room for the cards changed: as many across as fit, drawn to their width."""
        self.show()

    @property
    def across(self) -> int:
        """How many cards stand side by side in this window (no more than there are:
        one game or two take the whole width, no empty column beside them)."""
        room = min(MOST_ACROSS, self.size.width // COLUMN_WIDTH)
        return max(1, min(room, len(self.shelf.entries)))

    def _draw_card(self, index: int, *, layout: bool = True) -> None:
        """Draw card ``index`` at the width its column has (``layout`` False: an attract
        step, the card keeps its size, so nothing is laid out again)."""
        card = self.cards[index]
        across = self.across
        inner = (self.size.width - 2 - (across - 1)) // across - CARD_FRAME - 1
        on = index == self.highlighted
        card.update(
            card_text(
                self.shelf,
                self.shelf.entries[index],
                index + 1,
                on,
                width=max(20, inner),
                tall=self.size.height >= TALL_SCREEN,
                big=self.size.height >= BIG_SCREEN,
                phase=self.attract.phase if on else 0,
                mono=no_colour(self),
            ),
            layout=layout,
        )
        card.set_class(on, "highlighted")

    @property
    def cards(self) -> list[Static]:
        """The cards, in the lobby's order."""
        return list(self.query_one("#lobby-list").query(".lobby-card").results(Static))

    def show(self) -> None:
        """Redraw every card and the note, then fit the list to the room it has."""
        self.query_one("#lobby-list").styles.grid_size_columns = self.across
        for index in range(len(self.cards)):
            self._draw_card(index)
        self.query_one("#lobby-note", Static).update(note_text(self.note))
        self.refresh_bindings()
        self.call_after_refresh(self._fit)

    def _fit(self) -> None:
        """Let the list scroll, in the room left by the title, note and keys, when its
        cards do not fit there (its own height when they do, as a short list has), and
        keep the highlighted card in view.  The cards' height and the room are the same
        whether the list scrolls or not, so the answer never flips back and forth."""
        if not self.is_attached:
            return
        lobby = self.query_one("#lobby")
        listing = self.query_one("#lobby-list", VerticalScroll)
        below = self.query_one("#lobby-hint").region.bottom - listing.region.bottom
        room = self.query_one(KeyBar).region.y - listing.region.y - below
        lobby.set_class(listing.virtual_size.height > room, "crowded")
        self.call_after_refresh(self._show_highlighted)

    def _show_highlighted(self) -> None:
        """Scroll the list to the highlighted card."""
        cards = self.cards
        if self.is_attached and cards:
            listing = self.query_one("#lobby-list", VerticalScroll)
            listing.scroll_to_widget(cards[self.highlighted], animate=False, immediate=True)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """R is there only when the highlighted game can be started afresh."""
        if action == "start_afresh":
            if not self.shelf.entries:
                return False
            entry = self.highlighted_entry
            return not isinstance(entry, BrokenGame) and self.shelf.can_start_afresh(entry.id)
        return True

    @property
    def highlighted_entry(self) -> LobbyEntry:
        """The game (or broken file) highlighted."""
        return self.shelf.entries[self.highlighted]

    @property
    def highlighted_id(self) -> str:
        """The id of the highlighted game (a broken file: its name)."""
        return self.highlighted_entry.id

    def _highlight(self, index: int) -> None:
        if not self.shelf.entries:  # nothing to choose from
            return
        self.highlighted = index
        self.note = ""
        self.show()

    def action_move(self, step: int) -> None:
        """Move the highlight up or down (wrapping)."""
        self._highlight((self.highlighted + step) % max(1, len(self.shelf.entries)))

    def action_go(self, index: int) -> None:
        """Highlight the first (0) or the last (-1) card."""
        self._highlight(index % max(1, len(self.shelf.entries)))

    def action_page(self, pages: int) -> None:
        """Move the highlight by as many cards as the list shows at once (at least one
        row; a row more than half in view counts), stopping at the first and the last."""
        listing = self.query_one("#lobby-list", VerticalScroll)
        cards = self.cards
        tallest = max(1, max((card.outer_size.height for card in cards), default=1))
        rows = (listing.size.height + tallest // 2) // tallest
        step = max(1, rows) * self.across * pages
        self._highlight(min(max(self.highlighted + step, 0), len(cards) - 1))

    def action_pick(self, index: int) -> None:
        """Open the game with this number (a broken file's says why it cannot)."""
        if index < len(self.shelf.entries):
            self.highlighted = index
            self.action_choose()

    def action_choose(self) -> None:
        """Open the highlighted game (a refusal, or a broken file's error, is shown under
        the cards)."""
        if not self.shelf.entries:
            return
        entry = self.highlighted_entry
        if isinstance(entry, BrokenGame):
            problem: str | None = broken_note(entry)
        else:
            problem = self._open_game(entry.id)
        self.note = problem or ""
        self.show()

    def action_start_afresh(self) -> None:
        """Set the highlighted game's untrusted save aside and open it afresh."""
        if self.check_action("start_afresh", ()):
            self.shelf.start_afresh(self.highlighted_id)
            self.action_choose()

    def action_quit(self) -> None:
        """Leave slotterm (every game's save is already written)."""
        self.app.exit()
