"""The lobby: both games with their key facts, credits and any round waiting.

↑ / ↓ (or 1 / 2 for a game by its number) move the highlight, Enter / Space opens the
highlighted game, Q quits.  From a game, between rounds, L (or Escape) comes back here.
When a game was refused because its save cannot be trusted, R sets that save aside (its
files kept, never deleted) and starts the game afresh, as ``--reset-save`` does.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from rich.console import Group
from rich.padding import Padding
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Static

from slotterm.money import format_cents
from slotterm.session.round_age import PENDING_LIMIT
from slotterm.tui.lobby import GameShelf, SavedState, game_facts
from slotterm.tui.screens.dialog_css import stylesheet_of
from slotterm.tui.widgets.key_bar import KeyBar


def card_text(shelf: GameShelf, game_id: str, number: int, highlighted: bool) -> Group:
    """One game's card: name, key facts, credits and whether a round waits; a line too
    long for the card wraps under its own start, not under the game's number."""
    entry = shelf.find(game_id)
    facts = game_facts(entry.game, shelf.limits(game_id))
    state = shelf.state(game_id)
    marker = "▶ " if highlighted else "  "
    facts_text = Text(f"{facts.lines} · {facts.rtp} · {facts.top}\nFeatures: {facts.features}\n")
    facts_text.append_text(state_text(state))
    title = Text(f"{marker}{number}. {facts.name}", style="bold")
    return Group(title, Padding(facts_text, (0, 0, 0, 5)))


def state_text(state: SavedState) -> Text:
    """Credits, the round waiting, and how the game is kept."""
    text = Text()
    shown = "unknown" if state.credits is None else format_cents(state.credits)
    text.append("Credits ")
    text.append(shown, style="bold")
    if state.overdue:
        text.append("  ·  ")
        days = PENDING_LIMIT.days
        text.append(
            f"a round over {days} days old, settled when the game opens", style="bold reverse"
        )
    elif state.waiting:
        text.append("  ·  ")
        text.append("a round is waiting", style="bold reverse")
    text.append(f"  ·  {state.note}", style="dim")
    return text


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


class LobbyScreen(Screen[None]):
    """The games of the program; ``open_game`` opens one and returns why not, if it cannot."""

    CSS_PATH = stylesheet_of(__file__)

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up,k,K", "move(-1)", "Choose", key_display="↑/↓"),
        Binding("down,j,J", "move(1)", "Next", show=False),
        Binding("enter,space", "choose", "Play", key_display="Enter"),
        Binding("1", "pick(0)", "Game 1", show=False),
        Binding("2", "pick(1)", "Game 2", show=False),
        Binding("r,R", "start_afresh", "Start afresh", key_display="R"),
        Binding("q,Q", "quit", "Quit", key_display="Q"),
    ]

    def __init__(self, shelf: GameShelf, open_game: Callable[[str], str | None]) -> None:
        super().__init__()
        self.shelf = shelf
        self._open_game = open_game
        self.highlighted = 0
        """The index of the highlighted game."""
        self.note = ""
        """The last problem (a game that could not be opened), shown under the cards."""

    def compose(self) -> ComposeResult:
        """The title, a card per game, the note line and the keys."""
        with Vertical(id="lobby"):
            yield Static("slotterm · choose a game", id="lobby-title")
            for index, _ in enumerate(self.shelf.ids()):
                yield Static(id=f"lobby-card-{index}", classes="lobby-card")
            yield Static(id="lobby-note")
            yield Static(
                "In a game, between rounds: L or Escape back here · O options · "
                "G autoplay settings · T statistics · Q quit",
                id="lobby-hint",
            )
        yield KeyBar()

    def on_mount(self) -> None:
        """Draw the cards."""
        self.shelf.refresh()
        self.show()

    def on_screen_resume(self) -> None:
        """Back from a game: its credits may have changed (and another slotterm may have
        played a game not opened here)."""
        self.shelf.refresh()
        self.show()

    def show(self) -> None:
        """Redraw every card and the note."""
        for index, game_id in enumerate(self.shelf.ids()):
            card = self.query_one(f"#lobby-card-{index}", Static)
            on = index == self.highlighted
            card.update(card_text(self.shelf, game_id, index + 1, on))
            card.set_class(on, "highlighted")
        self.query_one("#lobby-note", Static).update(note_text(self.note))
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """R is there only when the highlighted game can be started afresh."""
        if action == "start_afresh":
            return self.shelf.can_start_afresh(self.highlighted_id)
        return True

    @property
    def highlighted_id(self) -> str:
        """The id of the highlighted game."""
        return self.shelf.ids()[self.highlighted]

    def action_move(self, step: int) -> None:
        """Move the highlight up or down (wrapping)."""
        self.highlighted = (self.highlighted + step) % len(self.shelf.ids())
        self.note = ""
        self.show()

    def action_pick(self, index: int) -> None:
        """Open the game with this number."""
        if index < len(self.shelf.ids()):
            self.highlighted = index
            self.action_choose()

    def action_choose(self) -> None:
        """Open the highlighted game (a refusal is shown under the cards)."""
        problem = self._open_game(self.highlighted_id)
        self.note = problem or ""
        self.show()

    def action_start_afresh(self) -> None:
        """Set the highlighted game's untrusted save aside and open it afresh."""
        if self.shelf.can_start_afresh(self.highlighted_id):
            self.shelf.start_afresh(self.highlighted_id)
            self.action_choose()

    def action_quit(self) -> None:
        """Leave slotterm (every game's save is already written)."""
        self.app.exit()
