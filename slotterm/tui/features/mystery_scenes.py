"""The Mystery bonus's own scenes, drawn with its cauldron and its pick games' items:
its intro when won, the pick game revealed once the cauldron has brewed it, and its
outro when that game has paid.

* **Won** (:func:`won_scenes`): "MYSTERY / BONUS" written in block letters over the reels,
  a bubbling cauldron either side, the pick games it may brew and the key; the intro
  stays up at rest until the player stirs (the bell rings before it, as for every
  feature won: :mod:`~slotterm.tui.bell`).
* **Brewed** (:func:`brewed_scenes`): the cauldron bubbles through the games' names and
  lands on the one drawn (:class:`~slotterm.tui.features.cauldron_overlay.BrewScene`),
  then "MYSTERY BONUS" and that game's name are written in with its item (bottles,
  pumpkins, books, vault doors) either side, and hold a moment before its board opens.
  The game was drawn and saved before the stir: the scenes only reveal it.
* **Paid** (:func:`paid_scenes`): over the reels again, the game's name in big letters
  and its prize counting up to the exact amount (the Win box along with it), then "N×
  the total bet" and, when the prize closed the round, the Credits box counting up to
  the credits (a celebration's overlay: its end frame stays up at rest until the next
  action, so what was paid is never hidden).

Space skips each to its end frame (the brewed game's hold, then its board: a skip never
picks); with animations off each shows its end frame.  Every picture and word comes from
the feature's rules (:class:`~slotterm.engine.features.mystery_bonus.MysteryBonus`) and
the pick games' pictures (:data:`~slotterm.tui.art.pick_items.PICK_ITEMS`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from rich.style import Style

from slotterm.tui.art.cauldron import bubbling
from slotterm.tui.art.pick_items import CLOSED, PICK_ITEMS
from slotterm.tui.art.tiles import tile_text
from slotterm.tui.celebration import Celebration, CelebrationScene, WinLevel
from slotterm.tui.celebration_art import Frame
from slotterm.tui.credits_tick import CreditsTickScene
from slotterm.tui.features.cauldron_overlay import BrewScene, Cauldron
from slotterm.tui.features.feature_intro import (
    FeatureIntro,
    IntroHold,
    IntroScene,
    Picture,
    TitleScene,
)
from slotterm.tui.features.view import Stage
from slotterm.tui.mono import no_colour
from slotterm.tui.particles import Flurry
from slotterm.tui.presenter import Scene
from slotterm.tui.scenes import AnnounceHold, AnnounceScene

TITLE = ("MYSTERY", "BONUS")
"""The intro's title, a word a line."""
LANDED_SECONDS = 0.7
"""How long the cauldron shows the game it brewed before its name is written in big."""
REVEAL_SECONDS = 1.4
"""How long the brewed game's name is shown before its hold (the last quarter whole)."""
PAID_SECONDS = 2.2
"""How long the outro counts the prize (the last quarter holds it)."""
PAID_FLURRY = Flurry(coins=12, sparkles=16)
"""The outro's coins and sparkles."""


def cauldron_picture(intro: FeatureIntro) -> Picture:
    """The cauldron bubbling beside the title (told by shape without colour too)."""
    return lambda size, frame: tile_text(bubbling(frame // 2), size, mono=no_colour(intro))


def item_picture(intro: FeatureIntro, game: str) -> Picture | None:
    """The pick game ``game``'s item, closed, beside its name (``None``: no picture)."""
    items = PICK_ITEMS.get(game)
    if items is None:
        return None
    art = items.art(CLOSED)
    return lambda size, _frame: tile_text(art, size, mono=no_colour(intro))


def item_accent(game: str) -> Style | None:
    """The colour of the pick game ``game``'s item (for its name's letters)."""
    items = PICK_ITEMS.get(game)
    return items.art(CLOSED).style if items is not None else None


def won_scenes(
    stage: Stage, intro: FeatureIntro, accent: Style | None, titles: Sequence[str]
) -> list[Scene]:
    """The bonus won: its intro (the cauldron's colour ``accent``; ``titles``: the pick
    games it may brew), then its announcement held."""
    games = " · ".join(titles)
    lines = ["The cauldron brews one of its pick games:", games, "", "Space: stir the cauldron"]
    shown = IntroScene(intro, TITLE, lines, picture=cauldron_picture(intro), accent=accent)
    return [shown, IntroHold(stage.message, "MYSTERY BONUS! The cauldrons are bubbling…")]


def brewed_scenes(
    stage: Stage,
    cauldron: Cauldron,
    intro: FeatureIntro,
    titles: tuple[str, ...],
    drawn: tuple[str, str],
    reveal: Callable[[], None],
) -> list[Scene]:
    """The stir (through ``titles``), landing on ``drawn`` (the game's name, its title;
    ``reveal`` names it in the banner), then its name written in over the reels with its
    item, held before its board opens."""
    name, title = drawn
    told = f"The cauldron brews {title}!"
    lines = ["★ brewed for you ★", "", "Its board opens…"]
    return [
        BrewScene(cauldron, titles, title, reveal=reveal),
        AnnounceScene(stage.message, told, seconds=LANDED_SECONDS),
        RevealScene(
            cauldron,
            intro,
            (" ".join(TITLE), title.upper()),
            lines,
            seconds=REVEAL_SECONDS,
            picture=item_picture(intro, name),
            accent=item_accent(name),
            held=0.25,
        ),
        AnnounceHold(stage.message, told),
    ]


class RevealScene(TitleScene):
    """The game brewed, its name written in on the intro in the cauldron's place (the
    overlays stand one at a time over the reels)."""

    def __init__(
        self,
        cauldron: Cauldron,
        intro: FeatureIntro,
        words: Sequence[str],
        lines: Sequence[str],
        *,
        seconds: float,
        picture: Picture | None,
        accent: Style | None,
        held: float,
    ) -> None:
        super().__init__(
            intro, words, lines, seconds=seconds, picture=picture, accent=accent, held=held
        )
        self.cauldron = cauldron

    def begin(self) -> None:
        """The cauldron down, the intro up with nothing written yet."""
        self.cauldron.display = False
        super().begin()


class PaidScene(CelebrationScene):
    """The pick game's prize counted up over the reels under its name; at the end "N×
    the total bet" of the Mystery bonus."""

    def frame(self, elapsed: float) -> Frame:
        """The celebration's picture, its end caption naming the bonus."""
        shown = super().frame(elapsed)
        if self.amount_at(elapsed) >= self.win_to and shown.caption:
            return replace(shown, caption=f"{' '.join(TITLE)}  ·  {shown.caption}")
        return shown


def paid_scenes(
    stage: Stage,
    overlay: Celebration,
    title: str,
    win: tuple[int, int],
    total_bet: int,
    credits: tuple[int, int] | None,
    tick: Callable[[int], None] | None,
) -> list[Scene]:
    """The outro of the pick game ``title``: the round's ``win`` counted from its first
    figure to its second (the prize), then, when the prize closed the round, the Credits
    box (``tick``) counting from the first of ``credits`` to the second."""
    level = WinLevel(title=title.upper(), times=0, seconds=PAID_SECONDS, flurry=PAID_FLURRY)
    scenes: list[Scene] = [
        PaidScene(
            overlay,
            stage.show_win,
            win[0],
            win[1],
            level,
            say=stage.message.say,
            total_bet=total_bet,
        )
    ]
    if credits is not None and tick is not None and credits[1] > credits[0]:
        scenes.append(CreditsTickScene(tick, credits[0], credits[1]))
    return scenes
