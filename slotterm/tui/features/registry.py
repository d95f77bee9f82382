"""Which view shows which feature, and the views of one game asked as one.

Adding a feature's view: write it (a :class:`~slotterm.tui.features.view.FeatureView`, or
a :class:`~slotterm.tui.features.view.ModifierView` for a spin modifier) and list it
here; the machine, the history and the rule screens then ask it like the others.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from textual.binding import Binding
from textual.widget import Widget

from slotterm.engine.actions import Bet, FeatureAction, Limits
from slotterm.engine.events import Event, FeatureEvent, ReelsStopped
from slotterm.engine.feature import Feature, SpinModifier
from slotterm.engine.model import GameDefinition
from slotterm.engine.records import GameState, Phase, Round, SpinResult
from slotterm.engine.round import active_feature
from slotterm.tui.features.expanding_symbol_view import ExpandingSymbolView
from slotterm.tui.features.free_spins_view import FreeSpinsView
from slotterm.tui.features.mystery_bonus_view import MysteryBonusView
from slotterm.tui.features.view import FeatureView, HelpSection, ModifierView, Stage
from slotterm.tui.presenter import Scene
from slotterm.tui.replay_step import ReplayStep
from slotterm.tui.scenes import WinItem
from slotterm.tui.widgets.feature_banner import BannerPart

FEATURE_VIEWS: dict[str, type[FeatureView]] = {
    FreeSpinsView.feature_name: FreeSpinsView,
    MysteryBonusView.feature_name: MysteryBonusView,
}
"""The view class of each feature, by the feature's name."""
MODIFIER_VIEWS: dict[str, type[ModifierView]] = {
    ExpandingSymbolView.modifier_name: ExpandingSymbolView
}
"""The view class of each spin modifier, by the modifier's name."""


def stylesheets() -> list[str]:
    """The views' ``.tcss`` files, relative to the ``slotterm.tui`` package."""
    classes: list[type[FeatureView] | type[ModifierView]] = [
        *FEATURE_VIEWS.values(),
        *MODIFIER_VIEWS.values(),
    ]
    return [f"features/{c.stylesheet}" for c in classes if c.stylesheet is not None]


def view_for(game: GameDefinition, feature: Feature) -> FeatureView | None:
    """The view of ``feature`` (with its modifier's), or ``None`` if it has none."""
    view_class = FEATURE_VIEWS.get(feature.name)
    if view_class is None:
        return None
    modifier = getattr(feature, "modifier", None)
    modifier_view = None
    if isinstance(modifier, SpinModifier) and modifier.name in MODIFIER_VIEWS:
        modifier_view = MODIFIER_VIEWS[modifier.name](game, modifier)
    return view_class(game, feature, modifier=modifier_view)


class FeatureViews:
    """The views of a game's features, in the game's order, asked as one."""

    def __init__(self, game: GameDefinition) -> None:
        self.game = game
        views = (view_for(game, feature) for feature in game.features)
        self.views: tuple[FeatureView, ...] = tuple(v for v in views if v is not None)
        # A feature's parts (the Mystery bonus's pick games) are shown by its view.
        self._by_name = {
            part.name: v for v in self.views for part in (v.feature, *v.feature.parts())
        }
        self._actions = {name: a for v in self.views for name, a in v.actions().items()}

    def active(self, state: GameState) -> FeatureView | None:
        """The view of the feature being played (``None`` outside a feature)."""
        if state.phase is not Phase.FEATURE:
            return None
        active = active_feature(self.game, state)
        return self._by_name.get(active[0].name) if active is not None else None

    def _first(self, ask: Callable[[FeatureView], str | None]) -> str | None:
        return next((text for v in self.views if (text := ask(v)) is not None), None)

    # --- the machine ----------------------------------------------------------------------

    def overlays(self) -> list[Widget]:
        """Every view's overlays, to lay over the reels."""
        return [widget for v in self.views for widget in v.overlays()]

    def close(self) -> None:
        """Hide every overlay."""
        for view in self.views:
            view.close()

    def bindings(self) -> list[Binding]:
        """Every feature's keys."""
        return [binding for v in self.views for binding in v.bindings()]

    def actions(self) -> dict[str, FeatureAction]:
        """The actions the feature keys take, by their save names."""
        return dict(self._actions)

    def allowed(self, can: Callable[[FeatureAction], bool]) -> frozenset[str]:
        """The save names of the feature keys' actions that ``can`` allows now."""
        return frozenset(name for name, action in self._actions.items() if can(action))

    def tagline(self) -> str | None:
        """The features' line for the banner between rounds (each feature's, joined)."""
        lines = [text for v in self.views if (text := v.tagline()) is not None]
        return "  ·  ".join(lines) if lines else None

    def banner(self, round_: Round | None) -> BannerPart | None:
        """What the banner shows for the open round (``None``: the idle line)."""
        if round_ is None:
            return None
        return next((part for v in self.views if (part := v.banner(round_)) is not None), None)

    def prompt(self, state: GameState) -> str | None:
        """What to press in the feature being played."""
        view = self.active(state)
        return view.prompt(state.round) if view is not None and state.round else None

    def moving_text(self, round_: Round, *, open_round: bool) -> str | None:
        """The message while a feature's scenes run."""
        return self._first(lambda v: v.moving_text(round_, open_round=open_round))

    def note(self, event: Event) -> str | None:
        """What the message line says about a feature's event."""
        if not isinstance(event, FeatureEvent):
            return None
        return self._first(lambda v: v.note(event))

    def autoplay_note(self, state: GameState) -> str | None:
        """Why autoplay stopped in the feature that waits for the player."""
        view = self.active(state)
        return view.autoplay_note() if view is not None else None

    def latest_spin(self, round_: Round) -> SpinResult | None:
        """The latest feature spin of ``round_``, if a feature spun."""
        return next((s for v in self.views if (s := v.latest_spin(round_)) is not None), None)

    def recorded_items(self, stage: Stage, round_: Round) -> list[WinItem]:
        """At rest: the features' additions to the latest spin."""
        return [item for v in self.views for item in v.recorded_items(stage, round_)]

    def scenes(self, stage: Stage, event: FeatureEvent) -> list[Scene]:
        """The scenes of a feature's event."""
        return [scene for v in self.views for scene in v.scenes(stage, event)]

    def spin_scenes(
        self, stage: Stage, event: ReelsStopped, win_from: int, win_to: int
    ) -> list[Scene]:
        """The features' scenes after a spin's regular wins."""
        return [s for v in self.views for s in v.spin_scenes(stage, event, win_from, win_to)]

    def remember(self, events: Iterable[Event]) -> None:
        """Let the views note the events whose panels come at rest."""
        for event in events:
            if isinstance(event, FeatureEvent):
                for view in self.views:
                    view.remember(event)

    def show_summary(self, round_: Round | None) -> bool:
        """At rest: put up the panels asked for; True if one went up."""
        shown = [v.show_summary(round_) for v in self.views]
        return any(shown)

    # --- history and rules ------------------------------------------------------------------

    def history_labels(self, round_: Round) -> list[str]:
        """The features' parts of the history's "Features" column."""
        return [text for v in self.views if (text := v.history_label(round_)) is not None]

    def replay_notes(self, round_: Round) -> list[str]:
        """Notes under the base spin's step."""
        return [note for v in self.views for note in v.replay_notes(round_)]

    def replay_steps(self, round_: Round, credits: int) -> list[ReplayStep]:
        """The features' steps of a replayed round."""
        return [step for v in self.views for step in v.replay_steps(round_, credits)]

    def scatter_rules(self) -> list[str]:
        """What the scatters start."""
        return [text for v in self.views if (text := v.scatter_rule()) is not None]

    def paytable_rules(self, bet: Bet) -> list[tuple[str, str]]:
        """The features' paytable sections (heading, text)."""
        return [part for v in self.views if (part := v.paytable_rules(bet)) is not None]

    def help_sections(self, limits: Limits | None) -> list[HelpSection]:
        """The features' parts of the help, in the game's order."""
        return [part for v in self.views if (part := v.help_section(limits)) is not None]
