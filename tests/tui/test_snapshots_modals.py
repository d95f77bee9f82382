"""Snapshots of the modal screens: gamble (open, after a right guess, over the limit, the
card's end frames won and lost at 80×24 and 200×60),
paytable, help, history with a replayed free spin, and statistics (animations off,
seeded outcomes, a fixed clock and UTC so times are stable)."""

from __future__ import annotations

from typing import Any

import pytest
from textual.pilot import Pilot

from slotterm.engine.actions import Bet, Limits
from slotterm.engine.features.expanding_symbol import Expansion
from slotterm.engine.features.free_spins_records import record_of
from slotterm.tui.screens.gamble_screen import GambleScreen
from slotterm.tui.screens.help_screen import HelpScreen
from slotterm.tui.screens.history_screen import HistoryScreen
from slotterm.tui.screens.paytable_screen import PaytableScreen
from slotterm.tui.screens.stats_screen import StatsScreen
from tests.tui.main_support import GAME
from tests.tui.modal_support import (
    BLACK_CARD,
    RED_CARD,
    ModalHost,
    catch_timers,
    open_round,
    played_session,
    stats_band_known,
    won_session,
)

pytestmark = pytest.mark.usefixtures("utc_zone")


def test_gamble_open(snap_compare: Any) -> None:
    session = won_session(cards=(BLACK_CARD, RED_CARD, BLACK_CARD))
    assert snap_compare(ModalHost(lambda: GambleScreen(session)), terminal_size=(80, 24))


def test_gamble_after_right_guesses(snap_compare: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    catch_timers(monkeypatch, GambleScreen)  # WON stays up: the pause after it is held
    session = won_session(cards=(RED_CARD, BLACK_CARD))
    app = ModalHost(lambda: GambleScreen(session))
    assert snap_compare(app, press=["5", "6"], terminal_size=(100, 32))


def test_gamble_closed_by_the_limit(snap_compare: Any) -> None:
    win = open_round(won_session()).win
    session = won_session(cards=(RED_CARD,), limits=Limits(gamble_limit=win))
    app = ModalHost(lambda: GambleScreen(session))
    assert snap_compare(app, press=["5"], terminal_size=(80, 24))


QUEEN_OF_HEARTS, KING_OF_CLUBS = 36, 11


@pytest.mark.parametrize("size", [(80, 24), (200, 60)], ids=["80x24", "200x60"])
@pytest.mark.parametrize("outcome", ["won", "lost"])
def test_gamble_end_frame(
    snap_compare: Any, monkeypatch: pytest.MonkeyPatch, outcome: str, size: tuple[int, int]
) -> None:
    """The card face up with WON (a court's picture) or LOST, named on the message line;
    the pause after it is held (its timer never fires), so the picture stays."""
    catch_timers(monkeypatch, GambleScreen)
    session = won_session(cards=(RED_CARD, QUEEN_OF_HEARTS if outcome == "won" else KING_OF_CLUBS))
    app = ModalHost(lambda: GambleScreen(session))
    assert snap_compare(app, press=["5", "5"], terminal_size=size)


def test_paytable(snap_compare: Any) -> None:
    app = ModalHost(lambda: PaytableScreen(GAME, Bet(10, 9)))
    assert snap_compare(app, terminal_size=(100, 32))


def test_paytable_lines_80x24(snap_compare: Any) -> None:
    app = ModalHost(lambda: PaytableScreen(GAME, Bet(2, 9)))
    assert snap_compare(app, press=["end"], terminal_size=(80, 24))


def test_help(snap_compare: Any) -> None:
    assert snap_compare(ModalHost(lambda: HelpScreen(GAME)), terminal_size=(80, 24))


def test_help_keys_table(snap_compare: Any) -> None:
    app = ModalHost(lambda: HelpScreen(GAME))
    assert snap_compare(app, press=["end"], terminal_size=(100, 32))


def test_history(snap_compare: Any) -> None:
    session = played_session()
    assert snap_compare(ModalHost(lambda: HistoryScreen(session)), terminal_size=(100, 32))


def test_history_replays_an_expanding_free_spin(snap_compare: Any) -> None:
    session = played_session()
    newest_first = list(reversed(session.history))
    index, feature = next(
        (n, found)
        for n, r in enumerate(newest_first)
        if (found := record_of(r)) is not None and found.spins
    )
    spin = next(fs.number for fs in feature.spins if isinstance(fs.extra, Expansion))

    async def open_spin(pilot: Pilot[None]) -> None:
        for _ in range(index):
            await pilot.press("down")
        await pilot.press("enter")
        for _ in range(1 + spin):  # past the spin and the Magic Book
            await pilot.press("right")
        await pilot.pause()

    app = ModalHost(lambda: HistoryScreen(session))
    assert snap_compare(app, terminal_size=(80, 24), run_before=open_spin)


def test_stats(snap_compare: Any) -> None:
    session = played_session()

    app = ModalHost(lambda: StatsScreen(session))
    assert snap_compare(app, terminal_size=(80, 24), run_before=stats_band_known)
