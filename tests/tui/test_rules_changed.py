"""The machine when the game file changed during a feature (DESIGN.md §7, issue 19).

The game opens on the feature left under the old rules: the machine is the old one (its
title) and the note says the rules changed.  Once the round closes, a new machine for the
new file takes its place at rest, and its message line says the new rules now apply.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from slotterm.engine import policy
from slotterm.engine.actions import Spin
from slotterm.engine.features import free_spins_records
from slotterm.engine.records import Phase
from slotterm.session.game_session import RULES_CHANGED_OPEN, RULES_SWITCHED
from slotterm.session.opening import open_session
from slotterm.session.settings import default_settings
from slotterm.tui.app import SlotApp
from slotterm.tui.screens.main_screen import MainScreen
from slotterm.tui.screens.save_note import SaveNote
from tests.session.helpers import Clock
from tests.session.rules_support import base_tree, doubled_pays, free_spins_played, write_game
from tests.tui.main_support import SIZE, message, settle
from tests.tui.modal_support import wait_for
from tests.tui.shell_support import saved_shelf

SEED = 7


def _left_in_the_feature(file: Path, root: Path) -> None:
    game = write_game(file, base_tree())
    opened = open_session(game, default_settings(game), root=root, seed=SEED, clock=Clock())
    session = opened.session
    session.act(Spin(session.bet, force=free_spins_records.NAME, limits=session.limits))
    while session.phase is Phase.FEATURE and free_spins_played(session) < 2:
        action = policy.next_action(session.game, session.state)
        assert action is not None
        session.act(action)
    opened.close()


@pytest.mark.parametrize("lobby", [True, False])
async def test_the_new_machine_comes_when_the_old_rules_round_closes(
    tmp_path: Path, lobby: bool
) -> None:
    """``lobby``: the program's shelf (``slotterm FILE``: the game over the lobby's place),
    else the game alone (its machine the bottom screen)."""
    file, root = tmp_path / "spell.toml", tmp_path / "saves"
    _left_in_the_feature(file, root)
    changed = doubled_pays(base_tree())
    changed["title"] = "Spell File Doubled"
    new = write_game(file, changed)
    opened = open_session(new, default_settings(new), root=root, seed=SEED, clock=Clock())
    session = opened.session
    assert session.load_notice == RULES_CHANGED_OPEN
    app = SlotApp(session, shelf=saved_shelf(tmp_path) if lobby else None)
    app.animation_level = "none"
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, SaveNote))
        await pilot.press("enter")
        old = app.main_screen
        await wait_for(pilot, lambda: app.screen is old)
        assert old.reels.border_title == "Spell File"  # the machine of the old rules
        for _ in range(200):  # the free spins, then Space collects the win
            if session.phase is Phase.IDLE:
                break
            await settle(pilot, app)
            await pilot.press("space")
        await settle(pilot, app)
        assert session.phase is Phase.IDLE and session.game is new
        await wait_for(pilot, lambda: app.main_screen is not old)
        machine = app.main_screen
        assert isinstance(machine, MainScreen) and machine.views.game is new
        await wait_for(pilot, lambda: app.screen is machine)
        await settle(pilot, app)
        assert machine.reels.border_title == "Spell File Doubled"
        assert RULES_SWITCHED in message(app)
        assert session.rules_note is None  # said once
        credits = session.state.credits
        await pilot.press("space")  # the next round plays on the new machine
        await settle(pilot, app)
        assert session.state.rounds_played == 2 and app.main_screen is machine
        assert session.rules_of(2) is new and session.state.credits != credits
        assert len(app.screen_stack) == 2  # the new machine in the old one's place
    opened.close()
