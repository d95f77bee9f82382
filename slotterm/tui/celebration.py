"""Celebrations over the reels: a fanfare when a feature is won, a count-up for big wins.

A spin that wins at least :data:`BIG_WIN` times the total bet (:data:`MEGA_WIN` times for
a mega win) is followed by a :class:`CelebrationScene`: "BIG WIN" / "MEGA WIN" in large
letters over the reels counting up fast to the spin's own win, the Win box along with it.
The level is the spin's own win against the total bet (issue 10: "big wins (≥ 15× total
bet)"), in free spins too: a free spin is celebrated for what it won, not for what the
feature had won before it.  A feature won
gets a short :class:`FanfareScene`: its announcement in a flashing frame.  Both only show
an amount the session already holds, and any key (the overlay takes the keys while it
is up) skips them with the rest of the spin's show to its final picture: the Win box on
its exact amount, the overlay gone, the machine at rest.  With animations off
(``TEXTUAL_ANIMATIONS=none``, basic graphics) the presenter jumps straight to that
picture; its frame timer stops with the scene.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rich.text import Text
from textual import events
from textual.widget import Widget
from textual.widgets import Static

from slotterm.money import format_cents
from slotterm.tui.presenter import Scene


@dataclass(frozen=True, slots=True)
class WinLevel:
    """A kind of big win: its title, the least win in total bets, how long it counts."""

    title: str
    times: int
    seconds: float


BIG_WIN = WinLevel(title="BIG WIN", times=15, seconds=2.4)
"""At least 15 times the total bet."""
MEGA_WIN = WinLevel(title="MEGA WIN", times=50, seconds=3.6)
"""At least 50 times the total bet."""
FANFARE_SECONDS = 1.0
"""How long a feature's fanfare flashes."""
COUNT_SHARE = 0.75
"""Share of a celebration spent counting; the rest holds the final amount."""
FLASHES_PER_SECOND = 6.0
"""How often the frame of a celebration changes colour."""
FLASH_CLASSES = ("-flash-0", "-flash-1", "-flash-2", "-flash-3")
"""The overlay's colour steps (its CSS gives each a border colour)."""


def win_level(win: int, total_bet: int) -> WinLevel | None:
    """The celebration a spin's ``win`` earns at ``total_bet`` (``None``: an ordinary win)."""
    if total_bet <= 0:
        return None
    for level in (MEGA_WIN, BIG_WIN):
        if win >= level.times * total_bet:
            return level
    return None


_FONT = {
    "A": (".###.", "#...#", "#####", "#...#", "#...#"),
    "B": ("####.", "#...#", "####.", "#...#", "####."),
    "E": ("#####", "#....", "####.", "#....", "#####"),
    "G": (".####", "#....", "#..##", "#...#", ".###."),
    "I": ("###", ".#.", ".#.", ".#.", "###"),
    "M": ("#...#", "##.##", "#.#.#", "#...#", "#...#"),
    "N": ("#...#", "##..#", "#.#.#", "#..##", "#...#"),
    "W": ("#...#", "#...#", "#.#.#", "##.##", "#...#"),
    " ": ("..", "..", "..", "..", ".."),
}
"""Five-pixel letters for the titles (``#`` lit), drawn two pixel rows per text row."""


def big_letters(title: str) -> list[str]:
    """``title`` (letters of :data:`_FONT`) in large letters: three rows of half blocks."""
    rows = ["", "", "", "", "", ""]
    for i, letter in enumerate(title):
        glyph = _FONT[letter]
        for y in range(6):
            rows[y] += ("." if i else "") + (glyph[y] if y < 5 else "." * len(glyph[0]))
    blocks = {("#", "#"): "█", ("#", "."): "▀", (".", "#"): "▄", (".", "."): " "}
    return [
        "".join(blocks[pair] for pair in zip(rows[y], rows[y + 1], strict=True))
        for y in range(0, 6, 2)
    ]


class Celebration(Static):
    """The overlay of the celebrations (hidden at rest), laid over the reels.

    While shown it holds the focus, so any key skips the celebration and the rest of the
    show (the screen's ``skip`` action) and does nothing else: the key does not reach the
    machine's bindings.
    """

    DEFAULT_CSS = """
    Celebration {
        layer: overlay;
        display: none;
        width: 100%;
        height: 100%;
        content-align: center middle;
        text-align: center;
        text-style: bold;
        color: $warning;
        background: $panel;
        border: heavy $warning;
    }
    Celebration:focus { background-tint: transparent; }
    Celebration.-flash-1 { border: heavy $success; color: $success; }
    Celebration.-flash-2 { border: heavy $accent; color: $accent; }
    Celebration.-flash-3 { border: heavy $error; color: $text; }
    """

    can_focus = True

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__("", id=id)
        self.celebrating = ""
        """What is being celebrated ("BIG WIN", the feature's announcement); "" when hidden."""

    def open(self, title: str) -> None:
        """Put the overlay up for ``title`` and take the keys."""
        self.celebrating = title
        self.display = True
        self.flash(0)
        self.call_after_refresh(self._take_keys)

    def _take_keys(self) -> None:
        if self.display and self.is_mounted:
            self.focus(scroll_visible=False)

    def close(self) -> None:
        """Take the overlay down and give the keys back."""
        self.celebrating = ""
        self.display = False
        if self.has_focus:
            self.blur()

    def flash(self, step: int) -> None:
        """Show colour step ``step`` (cycling through :data:`FLASH_CLASSES`)."""
        now = FLASH_CLASSES[step % len(FLASH_CLASSES)]
        for name in FLASH_CLASSES:
            self.set_class(name == now, name)

    def show_win(self, title: str, amount: int) -> None:
        """The big title in large letters and the amount counted so far under it."""
        text = Text(justify="center", no_wrap=True, end="")
        text.append("\n".join(f"★  {row}  ★" for row in big_letters(title)))
        text.append("\n\n")
        text.append(f"  {format_cents(amount)}  ", "bold reverse")
        text.append("\n\nany key: skip", "dim")
        self.update(text)

    def show_fanfare(self, announcement: str) -> None:
        """A feature's announcement in the flashing frame."""
        text = Text(justify="center", end="")
        text.append(f"★ ★ ★\n\n{announcement}\n\n★ ★ ★", "bold")
        self.update(text)

    def on_key(self, event: events.Key) -> None:
        """Any key while the overlay is up skips the rest of the show (and only that)."""
        skip = getattr(self.screen, "action_skip", None)
        if not self.display or not callable(skip):
            return
        event.stop()
        event.prevent_default()
        skip()


def overlay_beside(reels: Widget) -> Celebration | None:
    """The celebrations' overlay over ``reels`` (put there on first use; ``None`` while the
    reels are not on a screen)."""
    parent = reels.parent
    if not isinstance(parent, Widget):
        return None
    found = parent.query(Celebration)
    if found:
        return found.first()
    overlay = Celebration(id="celebration")
    parent.mount(overlay)
    return overlay


class CelebrationScene(Scene):
    """A big win: the title over the reels counting the spin's own win (``win_to`` less
    ``win_from``) while the Win box counts up with it, fast, from ``win_from`` (the
    round's win before the spin) to ``win_to``."""

    stoppable = True
    skippable = True

    def __init__(
        self,
        overlay: Celebration,
        show_win: Callable[[int], None],
        win_from: int,
        win_to: int,
        level: WinLevel,
        *,
        say: Callable[[str], None] | None = None,
    ) -> None:
        self.overlay, self.show_win, self.level = overlay, show_win, level
        self.say = say
        """Where the scene says what is going on (the message line)."""
        self.win_from, self.win_to = win_from, win_to
        self.duration = level.seconds

    def amount_at(self, elapsed: float) -> int:
        """The amount counted ``elapsed`` seconds in: fast at first, exact at the end."""
        share = min(1.0, max(0.0, elapsed / (self.duration * COUNT_SHARE)))
        eased = 1 - (1 - share) ** 3
        return self.win_from + int((self.win_to - self.win_from) * eased)

    def begin(self) -> None:
        """Put the overlay up on the amount counted from."""
        self.overlay.open(self.level.title)
        if self.say is not None:
            self.say(f"{self.level.title}! Any key skips.")
        self.update(0.0)

    def update(self, elapsed: float) -> None:
        """Count on and flash."""
        amount = self.amount_at(elapsed)
        self.overlay.flash(int(elapsed * FLASHES_PER_SECOND))
        self.overlay.show_win(self.level.title, amount - self.win_from)
        self.show_win(amount)

    def finish(self) -> None:
        """The Win box on the exact amount; the overlay gone."""
        self.show_win(self.win_to)
        self.overlay.close()


class FanfareScene(Scene):
    """A feature won: its announcement flashing over the reels for a moment."""

    stoppable = True
    skippable = True

    def __init__(
        self,
        overlay: Celebration,
        announcement: str,
        seconds: float = FANFARE_SECONDS,
        *,
        say: Callable[[str], None] | None = None,
    ) -> None:
        self.overlay, self.announcement = overlay, announcement
        self.duration = seconds
        self.say = say
        """Where the scene says what is going on (the message line)."""

    def begin(self) -> None:
        """Put the announcement up (and on the message line)."""
        self.overlay.open(self.announcement)
        self.overlay.show_fanfare(self.announcement)
        if self.say is not None:
            self.say(f"{self.announcement} Any key goes on.")

    def update(self, elapsed: float) -> None:
        """Flash the frame."""
        self.overlay.flash(int(elapsed * FLASHES_PER_SECOND))

    def finish(self) -> None:
        """Take the announcement down (the message line keeps it)."""
        self.overlay.close()
