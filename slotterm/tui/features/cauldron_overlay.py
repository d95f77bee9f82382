"""The cauldron over the reels while the Mystery bonus draws its pick game
(:mod:`slotterm.tui.features.mystery_bonus_view`), and the screen of that game opened
over the machine.

:class:`BrewScene` bubbles the cauldron (a pixel picture, :mod:`slotterm.tui.art.cauldron`)
through the games' names and lands on the one drawn (drawn and saved before: the scene
only shows it).  :class:`Cauldron` then opens the game's own screen
(:mod:`slotterm.tui.features.pick_screens`) and, once it closes, lets the view put its
outro up.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.text import Text
from textual import events
from textual.widget import Widget
from textual.widgets import Static

from slotterm.session.game_session import GameSession
from slotterm.tui.art.cauldron import BREWED, bubbling
from slotterm.tui.art.sizes import SIZES_LARGEST_FIRST
from slotterm.tui.art.tiles import tile_text
from slotterm.tui.features.pick_screens import PICK_SCREENS
from slotterm.tui.mono import no_colour
from slotterm.tui.presenter import Scene
from slotterm.tui.screens.side_messages import GambleClosed

BREW_SECONDS = 1.8
"""How long the cauldron bubbles before it names the game."""
NAMES_PER_SECOND = 6
"""How fast the names rise from the cauldron while it bubbles."""
BUBBLES_PER_SECOND = 5
"""How fast the cauldron's bubbling pictures follow one another."""
WORD_LINES = 3
"""Lines under the cauldron's picture: a blank, the name, the words under it."""


class Cauldron(Static):
    """The cauldron over the reels; also opens the pick game's screen over the machine.

    It shows its picture at the largest size that leaves room for its words, and draws
    it again when the terminal changes size.
    """

    can_focus = False

    def __init__(self) -> None:
        super().__init__("", id="cauldron")
        self.border_title = "THE CAULDRON"
        self.display = False
        self._playing: int | None = None
        self._on_closed: Callable[[], None] = lambda: None
        self._brewing: tuple[str, bool, int] | None = None

    def brew(self, name: str, *, landed: bool, frame: int = 0) -> None:
        """Show the cauldron with ``name`` rising from it (``landed``: the game drawn),
        bubbling on its picture ``frame``."""
        if (name, landed, frame) == self._brewing and self.display:
            return
        self._brewing = (name, landed, frame)
        self.set_class(landed, "-landed")
        self.display = True
        self._draw()

    def on_resize(self, _: events.Resize) -> None:
        """A new size: the picture that fits it."""
        if self._brewing is not None and self.display:
            self._draw()

    def _draw(self) -> None:
        if self._brewing is None:
            return
        name, landed, frame = self._brewing
        words = f"★ {name.upper()} ★" if landed else f"~ {name} ~"
        below = "is brewed for you!" if landed else "the cauldron bubbles…"
        text = self._picture(BREWED if landed else bubbling(frame))
        text.append(f"\n\n{words}\n{below}")
        self.update(text)

    def _picture(self, art: Any) -> Text:
        """``art`` on its tile at the largest size that fits with the words (none when
        even the smallest does not)."""
        room = self.parent.size if isinstance(self.parent, Widget) else self.size
        gutter = self.styles.gutter
        width, height = room.width - gutter.width, room.height - gutter.height - WORD_LINES
        for size in SIZES_LARGEST_FIRST:
            if size.width <= width and size.height <= height:
                return tile_text(art, size, mono=no_colour(self))
        return Text(end="")

    def play(
        self,
        session: GameSession,
        frame_index: int,
        game: str,
        closed: Callable[[], None] = lambda: None,
    ) -> None:
        """Open the pick game's screen (once: not while it is already open); ``closed``
        is called once it has closed (the outro goes up)."""
        if self._playing is not None or not self.is_attached:
            return
        self._playing = frame_index
        self._on_closed = closed
        screen = PICK_SCREENS[game](session, frame_index)
        self.app.push_screen(screen, self._played)

    def _played(self, note: str | None) -> None:
        """The pick game's screen closed: its outro, and the machine's message line says
        what it paid (posted as a screen over the machine that closed the round does)."""
        self._playing = None
        self.display = False
        if self.is_attached:
            self._on_closed()
        if note and self.is_attached:
            self.screen.post_message(GambleClosed(note))


class BrewScene(Scene):
    """The cauldron bubbles through the games' names, then lands on the one drawn;
    ``reveal`` is called once it has landed (or the player skipped the stir)."""

    duration = BREW_SECONDS
    stoppable = True
    skippable = True

    def __init__(
        self,
        cauldron: Cauldron,
        titles: tuple[str, ...],
        drawn: str,
        reveal: Callable[[], None] = lambda: None,
    ) -> None:
        self.cauldron, self.titles, self.drawn, self.reveal = cauldron, titles, drawn, reveal

    def begin(self) -> None:
        """The cauldron appears."""
        self.update(0.0)

    def update(self, elapsed: float) -> None:
        """A name every few frames, the bubbles rising."""
        name = self.titles[int(elapsed * NAMES_PER_SECOND) % len(self.titles)]
        self.cauldron.brew(name, landed=False, frame=int(elapsed * BUBBLES_PER_SECOND))

    def finish(self) -> None:
        """The game drawn, in the cauldron and in the banner."""
        self.cauldron.brew(self.drawn, landed=True)
        self.reveal()
