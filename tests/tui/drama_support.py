"""Lucky Witch apps for the bonus drama's tests: a first spin that shows two Cauldrons
before the last reel, and a spin forced to land the three."""

from __future__ import annotations

from typing import Any

from textual.pilot import Pilot

from slotterm.engine.events import ReelsStopped, Transition
from slotterm.session.game_session import GameSession
from slotterm.tui.anticipation import reel_timing, symbol_triggers
from slotterm.tui.app import SlotApp
from slotterm.tui.scenes import SpinScene
from tests.tui.lucky_witch_support import LW, lw_app, lw_seed
from tests.tui.main_support import main, make_app, run_scenes
from tests.tui.pick_support import force, witch_session

USUAL = (0.675, 0.88125, 1.0875, 1.29375, 1.5)
"""The stop times of a spin without anticipation (1.5 s, the first reel at 45 %)."""
TRIGGERS = symbol_triggers([f.trigger_hint() for f in LW.features])
"""Lucky Witch's symbol triggers, read from its features' hints."""


def _cauldrons_before_last(_session: GameSession, transition: Transition) -> bool:
    spins = [e for e in transition.events if isinstance(e, ReelsStopped)]
    if not spins:
        return False
    window = spins[0].result.window
    timing = reel_timing(window, LW.scatter_ids, USUAL, TRIGGERS)
    return timing.waiting_for == frozenset({"CAULDRON"})


def cauldron_app() -> SlotApp:
    """Animated Lucky Witch whose first spin shows Cauldrons on reels 1 and 3."""
    return lw_app(lw_seed(_cauldrons_before_last), animations=True)


async def spin_until_waiting(pilot: Pilot[None], app: SlotApp) -> SpinScene:
    """Spin; the scene clock moved to just after the second Cauldron landed."""
    await pilot.press("space")
    scene = main(app).presenter.current
    assert isinstance(scene, SpinScene)
    slow_from = scene.timing.slow_from
    assert slow_from is not None
    await run_scenes(pilot, app, slow_from + 0.05)
    return scene


def forced_bonus_app(*, animations: bool) -> Any:
    """Lucky Witch whose next spin is forced to land the three Cauldrons."""
    return make_app(session=witch_session(), force=force("secret_vault"), animations=animations)
