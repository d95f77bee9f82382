"""Turn the events of one transition into the scenes that show them, on a stage.

The core's events (a spin stopping) get the core's scenes; a feature's events, and what a
feature added to a spin, get the scenes its view makes (``views``).

A feature's spin is shown to its end before the next step is offered: its scenes after
the reels stop are made skippable, so while they run one press of Space skips the whole
rest of the show (every scene on its final picture) and neither the next free spin, nor
Collect, the gamble or a base spin (after the last free spin, whose summary comes first)
is live yet: the next press acts at rest.  A show that ends on a hold (a feature won,
its announcement held: :class:`~slotterm.tui.scenes.HoldScene`) is skippable so too, and
the skip lands on the hold (:func:`~slotterm.tui.scenes.skip_to_hold`): keys mashed into
it take no step until the hold is over.

A spin that earns a celebration (:func:`~slotterm.tui.celebration.win_level`) counts its
win once, in the celebration: its line shows (and a feature's own) mark the wins while
the Win box waits, then the Win box counts up with the celebration (never back).  Its end
frame stays up at rest when it ends a base spin's show (the next action takes it down),
else it is taken down before the next scene, or at the end of a feature's spin.  A show
that pays a round into the credits ends with the Credits box counting up to them
(:class:`~slotterm.tui.credits_tick.CreditsTickScene`).
"""

from __future__ import annotations

from collections.abc import Callable, Collection

from slotterm.engine.events import FeatureEvent, ReelsStopped, RoundClosed, Transition
from slotterm.engine.model import GameDefinition
from slotterm.session.game_session import GameSession
from slotterm.tui.anticipation import SCATTERS_NEEDED, symbol_triggers
from slotterm.tui.celebration import (
    CelebrationScene,
    FanfareScene,
    close_celebration,
    overlay_beside,
    win_level,
)
from slotterm.tui.credits_tick import CreditsTickScene, DismissScene
from slotterm.tui.features.registry import FeatureViews
from slotterm.tui.features.view import Stage
from slotterm.tui.narration import latest_window
from slotterm.tui.player_words import symbol_name
from slotterm.tui.presenter import Scene
from slotterm.tui.scenes import AnnounceScene, HoldScene, SpinScene, WinShowScene, regular_items
from slotterm.tui.widgets.machine_boxes import MachineBoxes


def scenes_for(
    stage: Stage, views: FeatureViews, win_before: int, transition: Transition
) -> list[Scene]:
    """Scenes for ``transition``; ``win_before`` is the round's win before it (count-up start)."""
    game = stage.game
    reels = stage.reels
    close_celebration(reels)
    overlay = overlay_beside(reels)
    round_ = transition.state.round
    total_bet = round_.bet.total if round_ is not None else 0
    scenes: list[Scene] = []
    fanfare = False
    for event in transition.events:
        if isinstance(event, ReelsStopped):
            result = event.result
            strips = game.reel_sets[event.reel_set]
            scenes.append(
                SpinScene(
                    reels,
                    strips,
                    result.stops,
                    result.window,
                    scatters=game.scatter_ids,
                    triggers=symbol_triggers([f.trigger_hint() for f in game.features]),
                    hint=lambda symbols, count: anticipation_hint(game, symbols, count),
                    together=stage.stop_together(),
                )
            )
            start = 0 if event.number is None else win_before
            final = start + event.win
            level = win_level(event.win, total_bet) if overlay is not None else None
            items = regular_items(game, result.window, result.evaluation)
            # With a celebration to come, the Win box waits for it (it counts the win).
            middle = start if level else min(start + sum(i.amount for i in items), final)
            if items:
                scenes.append(WinShowScene(reels, items, stage.show_win, start, middle))
            scenes += views.spin_scenes(stage, event, middle, start if level else final)
            if overlay is not None and level is not None:
                scenes.append(
                    CelebrationScene(
                        overlay,
                        stage.show_win,
                        start,
                        final,
                        level,
                        say=stage.message.say,
                        total_bet=total_bet,
                    )
                )
        elif isinstance(event, FeatureEvent):
            shown = views.scenes(stage, event)
            if overlay is not None and not fanfare and shown:
                # The first announcement of a feature won gets its fanfare first.
                first = shown[0]
                if isinstance(first, AnnounceScene):
                    scenes.append(FanfareScene(overlay, first.text, say=_fanfare_say(stage, first)))
                    fanfare = True
            scenes += shown
    scenes = _dismissed(scenes, at_end=_feature_spin(transition))
    scenes += _credits_tick(stage, transition)
    if _feature_spin(transition) or any(isinstance(s, HoldScene) for s in scenes):
        for scene in scenes:
            if not isinstance(scene, (SpinScene, HoldScene)):  # a hold is never skipped
                scene.stoppable = scene.skippable = True
    return scenes


def _dismissed(scenes: list[Scene], *, at_end: bool) -> list[Scene]:
    """``scenes`` with each celebration's end frame taken down before a scene after it
    (and at the end too when ``at_end``: a feature's spin, whose reels and the wins the
    feature makes on them are what the player looks at next)."""
    shown: list[Scene] = []
    for scene in [*scenes, None] if at_end else scenes:
        before = shown[-1] if shown else None
        if isinstance(before, CelebrationScene):
            shown.append(DismissScene(before.overlay))
        if scene is not None:
            shown.append(scene)
    return shown


def _credits_tick(stage: Stage, transition: Transition) -> list[Scene]:
    """The Credits box counting up to what a round closed by ``transition`` paid (not
    after a feature's last spin: its summary comes first, and the credits at rest)."""
    paid = sum(e.round.paid for e in transition.events if isinstance(e, RoundClosed))
    if paid <= 0 or _feature_spin(transition) or not stage.reels.is_attached:
        return []
    found = stage.reels.screen.query(MachineBoxes)
    if not found:
        return []
    boxes = found.first()
    credits = transition.state.credits
    return [CreditsTickScene(boxes.tick_credits, credits - paid, credits)]


def _fanfare_say(stage: Stage, announcement: AnnounceScene) -> Callable[[str], None]:
    """What a fanfare says, on the message line: its announcement is then on screen, so
    what that tells shows now (:meth:`AnnounceScene.shown`), not a fanfare later."""

    def say(text: str) -> None:
        stage.message.say(text)
        announcement.shown()

    return say


def anticipation_hint(
    game: GameDefinition, symbols: Collection[str] = (), count: int = SCATTERS_NEEDED
) -> str:
    """Under the reels while they keep the player waiting, ``count`` of the symbols
    awaited (the scatters when none given) by their player's names (upper case, as in
    banners): " ✦ 2 × SCATTER… one more? ✦ "."""
    shown = symbols or game.scatter_ids
    names = "/".join(sorted(symbol_name(game, symbol).upper() for symbol in shown))
    return f" ✦ {count} × {names}… one more? ✦ "


def _feature_spin(transition: Transition) -> bool:
    """True when the transition played a feature's spin (one with a number)."""
    return any(isinstance(e, ReelsStopped) and e.number is not None for e in transition.events)


def show_recorded_spin(stage: Stage, views: FeatureViews, session: GameSession) -> None:
    """Draw the latest recorded spin (of the open round, with its wins marked) at rest."""
    reels = stage.reels
    window, round_ = latest_window(session, views)
    reels.show_window(window)
    if round_ is None or round_ is not session.state.round:
        return
    result = views.latest_spin(round_) or round_.base
    items = regular_items(stage.game, window, result.evaluation)
    items += views.recorded_items(stage, round_)
    cells = frozenset(c for item in items for c in item.cells)
    if cells:
        reels.mark(cells, dim_others=False, label=" where you left off ")
