"""The contract between the machine and the view of one feature (DESIGN.md §4).

The main screen, the scenes of a round, the history replay and the rule screens never
name a feature: they ask the views of the game's features, gathered in
:class:`~slotterm.tui.features.registry.FeatureViews`.  A :class:`FeatureView` shows one
feature of the engine (:mod:`slotterm.engine.features`); a feature that carries a spin
modifier (free spins with the Magic Book's expanding symbol) gets a :class:`ModifierView`
for it, and asks that view for its part of every picture, text and step.

A view never sees the main screen: what it animates is drawn on the :class:`Stage` it is
given (the reels, the message line and the Win box).  Every hook's default says "nothing
to add", so a view overrides only what its feature shows.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, ClassVar

from rich.text import Text
from textual.binding import Binding
from textual.widget import Widget

from slotterm.engine.actions import Bet, FeatureAction, Limits
from slotterm.engine.events import FeatureEvent, ReelsStopped
from slotterm.engine.feature import Feature, SpinModifier
from slotterm.engine.model import GameDefinition
from slotterm.engine.outcome import Window
from slotterm.engine.records import Round, SpinResult
from slotterm.tui.presenter import Scene
from slotterm.tui.replay_step import ReplayStep, SpinAddition
from slotterm.tui.scenes import WinItem
from slotterm.tui.widgets.feature_banner import BannerPart
from slotterm.tui.widgets.message_line import MessageLine
from slotterm.tui.widgets.reels import ReelsWindow


@dataclass(frozen=True, slots=True)
class Stage:
    """What a feature's scenes may draw on: the reels, the message line, the Win box;
    ``stop_together`` says whether the reels stop all together (the player's option)
    rather than left to right; ``advance_banner`` draws the banner's progress again once
    a scene has shown what changes it (more free spins won); ``play`` plays scenes of a
    feature's own on the machine at rest (a pick game's outro, once its screen closed)."""

    game: GameDefinition
    reels: ReelsWindow
    message: MessageLine
    show_win: Callable[[int], None]
    stop_together: Callable[[], bool] = field(default=lambda: False)
    advance_banner: Callable[[], None] = field(default=lambda: None)
    play: Callable[[list[Scene]], None] = field(default=lambda scenes: None)


@dataclass(frozen=True)
class HelpSection:
    """A feature's part of the help: its section (``heading``, Markdown ``text``) and the
    words it adds to the help's general parts: ``keys``, what Space does in it ("play a
    free spin"); ``won``, how autoplay's stop names it ("free spins are won");
    ``autoplay``, why autoplay always stops at it; ``resume``, a sentence for interrupted
    games; ``rtp``, a condition on the game's return ("when ... is played as well as it
    can be")."""

    heading: str
    text: str
    keys: str = ""
    won: str = ""
    autoplay: str = ""
    resume: str = ""
    rtp: str = ""


class FeatureView:
    """What the interface shows of one feature (``feature_name`` in the game).

    ``modifier`` is the view of the feature's spin modifier, if it has one.
    """

    feature_name: ClassVar[str] = ""
    display_name: ClassVar[str] = ""
    """The feature's name for the player ("free spins"); empty: its ``name`` in words."""
    stylesheet: ClassVar[str | None] = None
    """A ``.tcss`` file beside the view module with the layout of its overlays."""

    def __init__(
        self, game: GameDefinition, feature: Feature, *, modifier: ModifierView | None = None
    ) -> None:
        self.game = game
        self.feature = feature
        self.modifier = modifier

    def short_name(self) -> str:
        """The feature in a few words, as the lobby lists it: its :attr:`display_name`,
        what its spin modifier adds ("free spins with an expanding symbol"), and its parts
        by their titles ("Mystery bonus (Magic Potion, Pumpkin)")."""
        name = self.display_name or self.feature.name.replace("_", " ")
        if self.modifier is not None:
            name += self.modifier.tagline()
        parts = [str(getattr(p, "title", p.name)) for p in self.feature.parts()]
        return f"{name} ({', '.join(parts)})" if parts else name

    # --- the machine: widgets and keys --------------------------------------------------

    def overlays(self) -> Iterable[Widget]:
        """Widgets laid over the reels (hidden until a scene or the summary shows them)."""
        return ()

    def close(self) -> None:
        """Hide the overlays: the player pressed a key for something new."""

    def bindings(self) -> list[Binding]:
        """The feature's keys; each action is ``feature('<action name>')``."""
        return []

    def actions(self) -> dict[str, FeatureAction]:
        """The actions the feature's keys take, by save name (a key's ``feature('<name>')``)."""
        return {}

    # --- the machine: texts ---------------------------------------------------------------

    def tagline(self) -> str | None:
        """What the banner says about the feature between rounds."""
        return None

    def banner(self, round_: Round) -> BannerPart | None:
        """What the banner shows while ``round_`` (open) is in this feature or after it."""
        return None

    def prompt(self, round_: Round) -> str | None:
        """What to press while this feature is being played."""
        return None

    def moving_text(self, round_: Round, *, open_round: bool) -> str | None:
        """The message while this feature's scenes run (``None``: the core's own)."""
        return None

    def note(self, event: FeatureEvent) -> str | None:
        """What the message line says about one of the feature's events."""
        return None

    def autoplay_note(self) -> str | None:
        """Said when autoplay stops because this feature waits for the player."""
        return None

    # --- the machine: scenes and pictures --------------------------------------------------

    def latest_spin(self, round_: Round) -> SpinResult | None:
        """The feature's latest spin in ``round_`` (shown at rest instead of the base spin)."""
        return None

    def recorded_items(self, stage: Stage, round_: Round) -> list[WinItem]:
        """At rest: draw what the feature added to its latest spin; the win items it adds."""
        return []

    def scenes(self, stage: Stage, event: FeatureEvent) -> list[Scene]:
        """The scenes that show one of the feature's events."""
        return []

    def spin_scenes(
        self, stage: Stage, event: ReelsStopped, win_from: int, win_to: int
    ) -> list[Scene]:
        """Scenes after a spin's regular wins (the Win box goes from ``win_from`` to ``win_to``)."""
        return []

    def remember(self, event: FeatureEvent) -> None:
        """Note an event whose panel is shown once the scenes are over (the summary)."""

    def show_summary(self, round_: Round | None) -> bool:
        """At rest: put up the panel a remembered event asked for; True if one went up."""
        return False

    # --- history and rules ------------------------------------------------------------------

    def history_label(self, round_: Round) -> str | None:
        """The feature's part of the history table's "Features" column."""
        return None

    def replay_notes(self, round_: Round) -> list[str]:
        """Notes under the base spin's step of a replayed round (free spins awarded)."""
        return []

    def replay_steps(self, round_: Round, credits: int) -> list[ReplayStep]:
        """The feature's steps of a replayed round (``credits`` after the bet)."""
        return []

    def scatter_rule(self) -> str | None:
        """What the scatters start, for the paytable's wild and scatter rules."""
        return None

    def paytable_rules(self, bet: Bet) -> tuple[str, str] | None:
        """The paytable's section on the feature: its heading and its text."""
        return None

    def prize_rules(self, bet: Bet) -> list[str]:
        """Lines of the coin paytable on the feature's prizes at ``bet`` (its pick games)."""
        return []

    def help_section(self, limits: Limits | None) -> HelpSection | None:
        """The feature's part of the help, in our own words from its rules (``limits``:
        the session's operator limits, ``None``: the general words)."""
        return None


class ModifierView:
    """What the interface shows of a spin modifier (``modifier_name``) inside its host.

    The host feature's view calls these hooks with the modifier's ``state`` (from the
    host's record) and what it added to one spin (``extra``); the modifier view never
    reads a round record itself.
    """

    modifier_name: ClassVar[str] = ""
    stylesheet: ClassVar[str | None] = None
    """A ``.tcss`` file beside the view module with the layout of its overlays."""

    def __init__(self, game: GameDefinition, modifier: SpinModifier) -> None:
        self.game = game
        self.modifier = modifier

    def overlays(self) -> Iterable[Widget]:
        """Widgets laid over the reels."""
        return ()

    def close(self) -> None:
        """Hide the overlays."""

    def start_label(self) -> str | None:
        """The footer's name for the key that starts the host feature (``None``: the host's)."""
        return None

    def start_phrase(self) -> str | None:
        """What that key does, for the prompt ("open ...")."""
        return None

    def tagline(self) -> str:
        """Added to the host's tagline in the banner between rounds."""
        return ""

    def banner(self, state: Any) -> BannerPart | None:
        """The modifier's picture and labels; the host adds its progress after them."""
        return None

    def moving_text(self, state: Any) -> str | None:
        """The message while the host starts (the modifier draws its state)."""
        return None

    def scenes(self, stage: Stage, event: FeatureEvent) -> list[Scene]:
        """Scenes for the modifier's own events."""
        return []

    def spin_scenes(self, stage: Stage, extra: Any, win_from: int, win_to: int) -> list[Scene]:
        """Scenes for what the modifier added to a spin, after its regular wins."""
        return []

    def recorded_items(self, stage: Stage, extra: Any) -> list[WinItem]:
        """At rest: draw what the modifier added to the latest spin; its win items."""
        return []

    def summary_line(self, state: Any) -> Text | None:
        """A line for the host's summary panel."""
        return None

    def history_label(self, state: Any) -> str:
        """Added to the host's part of the history's "Features" column."""
        return ""

    def replay_steps(self, state: Any, win: int, credits: int) -> list[ReplayStep]:
        """Steps before the host's first spin in a replayed round."""
        return []

    def replay_spin(
        self, state: Any, extra: Any, window: Window
    ) -> tuple[list[str], SpinAddition | None]:
        """Notes before a replayed spin's wins, and what the modifier added to its window."""
        return [], None

    def heading(self) -> str:
        """Added to the host's paytable heading."""
        return ""

    def rules(self, bet: Bet) -> str:
        """The modifier's sentences in the host's paytable section."""
        return ""

    def help_heading(self) -> str:
        """Added to the host's help heading (" and the Magic Book")."""
        return ""

    def help_items(self) -> list[str]:
        """The modifier's points in the host's help section (Markdown list items)."""
        return []
