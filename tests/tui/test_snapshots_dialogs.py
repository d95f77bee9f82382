"""Snapshots of the windows over the machine at 80×24 and 200×60: the options, the
autoplay settings, the demo's quit question, the history, the note about the save (both
sizes), the help and the statistics (200×60; their 80×24 pictures are in
``test_snapshots_modals``).  In a roomy terminal each window takes a share of it, with
more room around its text (:mod:`slotterm.tui.screens.dialog_css`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from textual.screen import Screen

from slotterm.session.autoplay_settings import AutoplaySettings
from slotterm.session.preferences import Preferences
from slotterm.tui.screens.autoplay_screen import AutoplayScreen
from slotterm.tui.screens.help_screen import HelpScreen
from slotterm.tui.screens.history_screen import HistoryScreen
from slotterm.tui.screens.options_screen import OptionsScreen
from slotterm.tui.screens.quit_confirm import QuitConfirm
from slotterm.tui.screens.save_note import SaveNote
from slotterm.tui.screens.stats_screen import StatsScreen
from tests.tui.main_support import GAME
from tests.tui.modal_support import ModalHost, played_session, stats_band_known

SIZES = [(80, 24), (200, 60)]
IDS = ["80x24", "200x60"]
NOTE = (
    "Your save could not be read, so this game starts afresh with new credits. The old "
    "file was kept beside it as /home/player/.local/share/slotterm/book-of-spells.bad."
)


pytestmark = pytest.mark.usefixtures("utc_zone")


WINDOWS: dict[str, Callable[[], Screen[Any]]] = {
    "options": lambda: OptionsScreen(GAME, Preferences()),
    "autoplay": lambda: AutoplayScreen(GAME, AutoplaySettings(), 18),
    "quit": QuitConfirm,
    "history": lambda: HistoryScreen(played_session()),
    "save-note": lambda: SaveNote(NOTE),
}


@pytest.mark.parametrize("size", SIZES, ids=IDS)
@pytest.mark.parametrize("name", list(WINDOWS))
def test_window(snap_compare: Any, name: str, size: tuple[int, int]) -> None:
    assert snap_compare(ModalHost(WINDOWS[name]), terminal_size=size)


def test_help_200x60(snap_compare: Any) -> None:
    assert snap_compare(ModalHost(lambda: HelpScreen(GAME)), terminal_size=(200, 60))


def test_stats_200x60(snap_compare: Any) -> None:
    session = played_session()

    app = ModalHost(lambda: StatsScreen(session))
    assert snap_compare(app, terminal_size=(200, 60), run_before=stats_band_known)
