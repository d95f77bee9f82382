"""Celebrations: a fanfare when a feature is won, a full-window show for big wins.

A spin that wins at least :data:`BIG_WIN` times the total bet (:data:`MEGA_WIN`,
:data:`EPIC_WIN` times for the greater levels) is followed by a :class:`CelebrationScene`
over the whole reel window: the level in big block letters, the spin's own win in big
figures counting up (the Win box along with it), coins raining and sparkles twinkling
(:mod:`slotterm.tui.particles`; at mega and epic, coins bursting too), each level richer
than the last.  The level is the spin's own win against the total bet (issue 10), in
free spins too; a win under 15 bets is never celebrated.  Any key skips the count to its
end frame: the exact amount, "N× the total bet".  That end frame stays up at rest (the
keys then act on the machine as usual) until the next action closes it
(:func:`close_celebration`); with animations off the show goes straight to it.  A
feature won gets a short :class:`FanfareScene`: its announcement in a flashing frame.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rich.style import Style
from rich.text import Text
from textual.strip import Strip
from textual.visual import VisualType
from textual.widget import Widget
from textual.widgets import Static

from slotterm.money import format_cents
from slotterm.tui.celebration_art import (
    AMOUNT,
    CAPTION,
    COIN,
    FULL_BLOCK,
    HUES,
    PLATE,
    SPARKLE,
    TITLE,
    Cells,
    Frame,
    frame_cells,
    painted_segment,
)
from slotterm.tui.mono import no_colour
from slotterm.tui.particles import Flurry
from slotterm.tui.presenter import Scene


@dataclass(frozen=True, slots=True)
class WinLevel:
    """A kind of big win: its title, the least win in total bets, how long it counts,
    its particles and how its title's colours move (``cycle`` hues, or a ``rainbow``)."""

    title: str
    times: int
    seconds: float
    flurry: Flurry
    cycle: int = 1
    rainbow: bool = False


BIG_WIN = WinLevel(title="BIG WIN", times=15, seconds=2.4, flurry=Flurry(coins=10, sparkles=12))
"""At least 15 times the total bet: gold letters, a rain of coins."""
MEGA_WIN = WinLevel(
    title="MEGA WIN",
    times=50,
    seconds=3.6,
    flurry=Flurry(coins=22, sparkles=28, burst=12, bursts_per_second=0.9),
    cycle=2,
)
"""At least 50 times the total bet: more coins, sparkles, bursts; the letters flash."""
EPIC_WIN = WinLevel(
    title="EPIC WIN",
    times=250,
    seconds=5.0,
    flurry=Flurry(coins=40, sparkles=50, burst=20, bursts_per_second=1.6),
    rainbow=True,
)
"""At least 250 times the total bet: a storm of coins, rainbow letters."""
LEVELS = (EPIC_WIN, MEGA_WIN, BIG_WIN)
"""The levels, the greatest first."""
FANFARE_SECONDS = 1.0
"""How long a feature's fanfare flashes."""
COUNT_SHARE = 0.75
"""Share of a celebration spent counting; the rest holds the final amount."""
FLASHES_PER_SECOND = 6.0
"""How often the frame of a celebration changes colour."""
FLASH_CLASSES = ("-flash-0", "-flash-1", "-flash-2", "-flash-3")
"""The overlay's colour steps (its CSS gives each a border colour)."""
HUE_VARIABLES = ("warning", "error", "accent", "success", "primary")
"""The theme colours the titles' hues take, gold first."""


def win_level(win: int, total_bet: int) -> WinLevel | None:
    """The celebration a spin's ``win`` earns at ``total_bet`` (``None``: an ordinary win)."""
    if total_bet <= 0:
        return None
    for level in LEVELS:
        if win >= level.times * total_bet:
            return level
    return None


def times_caption(win: int, total_bet: int) -> str:
    """How many total bets ``win`` is, in words for the end frame ("107× the total bet")."""
    if total_bet <= 0:
        return ""
    return f"{win // total_bet:,}× the total bet of {format_cents(total_bet)}"


class Celebration(Static):
    """The overlay of the celebrations (hidden at rest), over the whole reel window.

    While a scene runs it holds the focus, and any key skips the celebration and the rest
    of the show and does nothing else (:func:`celebrating`: the screen's keys see to it).
    A win's end frame stays up at rest without the focus: the keys act on the machine,
    and the next action takes it down.
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
    Celebration.-win { color: $warning; }
    """

    can_focus = True

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__("", id=id)
        self.celebrating = ""
        """What is being celebrated ("BIG WIN", the feature's announcement); "" when hidden."""
        self.words = ""
        """A win's frame in words: its title, the amount shown, the caption."""
        self._frame: Frame | None = None
        self._cells: Cells = []
        self._inks: tuple[Style, dict[int, Style]] | None = None
        """The roles' styles and the base style they were made on (kept while it holds)."""
        self._drawn_for = (0, 0)

    def open(self, title: str) -> None:
        """Put the overlay up for ``title`` and take the keys."""
        self.celebrating = title
        self._frame = None
        self.set_class(False, "-win")
        self.display = True
        self.flash(0)
        self.call_after_refresh(self._take_keys)

    def _take_keys(self) -> None:
        if self.display and self.is_mounted and self.celebrating:
            self.focus(scroll_visible=False)

    def rest(self) -> None:
        """Keep the picture up but give the keys back to the machine."""
        self.celebrating = ""
        if self.has_focus:
            self.blur()

    def close(self) -> None:
        """Take the overlay down and give the keys back."""
        self.rest()
        self._frame = None
        self.words = ""
        self.display = False

    def flash(self, step: int) -> None:
        """Show colour step ``step`` (cycling through :data:`FLASH_CLASSES`)."""
        now = FLASH_CLASSES[step % len(FLASH_CLASSES)]
        for name in FLASH_CLASSES:
            self.set_class(name == now, name)

    def show_frame(self, frame: Frame) -> None:
        """Draw a win's frame (its letters, amount, caption and particles)."""
        self._frame = frame
        self.set_class(True, "-win")
        self.words = f"{frame.title}  {frame.amount}  {frame.caption}"
        self._drawn_for = (0, 0)
        self.refresh()

    def show_fanfare(self, announcement: str) -> None:
        """A feature's announcement in the flashing frame."""
        text = Text(justify="center", end="")
        text.append(f"★ ★ ★\n\n{announcement}\n\n★ ★ ★", "bold")
        self.update(text)

    def render(self) -> VisualType:
        """A win's frame in words (its picture is drawn cell by cell), else the text."""
        if self._frame is not None:
            return Text(self.words)
        return super().render()

    def render_line(self, y: int) -> Strip:
        """Row ``y`` of a win's picture (else the text's row)."""
        if self._frame is None:
            return super().render_line(y)
        size = (self.content_size.width, self.content_size.height)
        if size != self._drawn_for:
            self._drawn_for = size
            self._cells = frame_cells(self._frame, *size)
        if y >= len(self._cells):
            return Strip.blank(size[0], self.rich_style)
        chars, roles = self._cells[y]
        styles = self._styles()
        painted = not no_colour(self)
        segments = []
        start = 0
        for x in range(1, len(chars) + 1):
            if (
                x == len(chars)
                or roles[x] != roles[start]
                or (chars[x] == FULL_BLOCK) != (chars[start] == FULL_BLOCK)
            ):
                segments.append(
                    painted_segment(chars[start:x], styles.get(roles[start], styles[0]), painted)
                )
                start = x
        return Strip(segments, len(chars))

    def _styles(self) -> dict[int, Style]:
        """The style of each role of a cell, from the theme (made again only when the
        overlay's own style changes: a flash, another theme); without colour the title is
        in the text's own colour, as bright as the amount."""
        base = self.rich_style
        if self._inks is not None and self._inks[0] == base:
            return self._inks[1]
        colours = self.app.get_css_variables()

        def ink(name: str, *, bold: bool = True) -> Style:
            colour = colours.get(name)
            return base + Style(color=colour, bold=bold) if colour else base

        styles = {0: base, CAPTION: ink("foreground", bold=False), AMOUNT: ink("foreground")}
        styles |= {COIN: ink("warning"), SPARKLE: ink("foreground", bold=False)}
        styles[PLATE] = ink("warning")
        mono = no_colour(self)  # greyed, the hues would draw the title dimmer than the amount
        for k in range(HUES):
            styles[TITLE + k] = ink("foreground" if mono else HUE_VARIABLES[k])
        self._inks = (base, styles)
        return styles


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


def celebrating(widget: Widget) -> bool:
    """True while a celebration plays on ``widget``'s screen: any key then skips it (the
    screen's ``skip`` action), whichever widget has the focus (the overlay takes it only
    once its first frame is drawn, and a key may come before that)."""
    try:
        overlays = widget.screen.query(Celebration)
    except Exception:  # not on a screen
        return False
    return any(overlay.display and overlay.celebrating for overlay in overlays)


def close_celebration(widget: Widget) -> None:
    """Take down any celebration's end frame left up on ``widget``'s screen (the next
    action has begun)."""
    try:
        overlays = widget.screen.query(Celebration)
    except Exception:  # not on a screen
        return
    for overlay in overlays:
        if overlay.display:
            overlay.close()


class CelebrationScene(Scene):
    """A big win over the whole reel window: the level in block letters counting the
    spin's own win (``win_to`` less ``win_from``) while the Win box counts up with it,
    fast, from ``win_from`` (the round's win before the spin) to ``win_to``; it ends on
    the exact amount, which stays up at rest."""

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
        total_bet: int = 0,
    ) -> None:
        self.overlay, self.show_win, self.level = overlay, show_win, level
        self.say = say
        """Where the scene says what is going on (the message line)."""
        self.win_from, self.win_to = win_from, win_to
        self.total_bet = total_bet
        self.duration = level.seconds
        self.seed = (win_to - win_from) * 7919 + total_bet * 104729 + level.times
        """The particles' seed: the round's own win and bet (cosmetic; not the game's RNG)."""

    def amount_at(self, elapsed: float) -> int:
        """The amount counted ``elapsed`` seconds in: fast at first, exact at the end."""
        share = min(1.0, max(0.0, elapsed / (self.duration * COUNT_SHARE)))
        eased = 1 - (1 - share) ** 3
        return self.win_from + int((self.win_to - self.win_from) * eased)

    def frame(self, elapsed: float) -> Frame:
        """The picture ``elapsed`` seconds in (at the end: the exact amount, its caption)."""
        amount = self.amount_at(elapsed)
        counted = amount >= self.win_to
        won = self.win_to - self.win_from
        caption = times_caption(won, self.total_bet) if counted else "Space skips"
        return Frame(
            title=self.level.title + ("!" if counted else ""),
            amount=format_cents(amount - self.win_from),
            widest=format_cents(won),
            caption=caption,
            flurry=self.level.flurry,
            seed=self.seed,
            t=elapsed,
            cycle=self.level.cycle,
            rainbow=self.level.rainbow,
        )

    def begin(self) -> None:
        """Put the overlay up on the amount counted from."""
        self.overlay.open(self.level.title)
        if self.say is not None:
            self.say(f"{self.level.title}! Any key skips.")
        self.update(0.0)

    def update(self, elapsed: float) -> None:
        """Count on, move the particles and flash."""
        self.overlay.flash(int(elapsed * FLASHES_PER_SECOND))
        self.overlay.show_frame(self.frame(elapsed))
        self.show_win(self.amount_at(elapsed))

    def finish(self) -> None:
        """The end frame: the exact amount (Win box too), left up at rest without the keys."""
        self.show_win(self.win_to)
        self.overlay.flash(0)
        self.overlay.show_frame(self.frame(self.duration))
        self.overlay.rest()


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
