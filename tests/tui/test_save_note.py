"""The note about the save at start is a small window the player closes (qa2 findings 21
and 29), not a toast left over the reels."""

from __future__ import annotations

import re

import pytest

from slotterm.engine.actions import Spin, StartGamble
from slotterm.engine.records import Phase
from slotterm.tui.screens.gamble_screen import GambleScreen
from slotterm.tui.screens.main_screen import MainScreen
from slotterm.tui.screens.save_note import SaveNote, paths_on_their_own_lines, show_save_note
from tests.tui.main_support import make_app, message, session_for, settle, winning_seed
from tests.tui.modal_support import wait_for, widget_text

NOTICE = (
    "One of the two copies of your save was damaged, so the game goes on from the other "
    "copy, session-b.save: nothing was lost. The damaged copy: session-a.save, cut short "
    "(12 of 9376 bytes). It was moved into the folder set-aside-20261201T195000, beside "
    "the save. Round 6, started 1 Jan 2026, was left unfinished for more than 90 days: its "
    "feature was played to the end and its win of 62.00 was credited automatically."
)
"""A long note (two notes joined, as opening a session joins them)."""


def words_of(text: str) -> list[str]:
    """The words of a text, whatever the lines it is wrapped on."""
    return re.findall(r"\S+", text)


@pytest.mark.parametrize("key", ["enter", "space", "escape"])
async def test_a_long_note_is_a_window_over_the_machine_closed_by_a_key(key: str) -> None:
    session = session_for(1)
    session.load_notice = NOTICE
    app = make_app(session=session)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, SaveNote))
        await pilot.pause()
        note = app.screen
        dialog = note.query_one("#save-note-dialog")
        assert dialog.border_title == "Your save"
        assert dialog.region.x >= 0 and dialog.region.right <= 80
        assert dialog.region.y >= 0 and dialog.region.bottom <= 23  # the key bar below it
        text = widget_text(note.query_one("#save-note-text"))
        assert words_of(text) == words_of(NOTICE), "every word whole, none cut"
        assert len(text.splitlines()) > 1, "the note wraps"
        assert "Enter, Space or Escape" in widget_text(note.query_one("#save-note-keys"))
        assert not app._notifications, "no toast over the reels"
        await pilot.press(key)
        await wait_for(pilot, lambda: isinstance(app.screen, MainScreen))
        await settle(pilot, app)
        assert "note about your save" not in message(app)
        assert "Press Space" in message(app)


async def test_a_short_note_stays_on_the_message_line() -> None:
    session = session_for(1)
    session.load_notice = "Round 3's waiting win of 1.20 was credited."
    app = make_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        assert isinstance(app.screen, MainScreen)
        assert session.load_notice in message(app)


async def test_the_note_is_shown_once_for_a_session() -> None:
    session = session_for(1)
    session.load_notice = NOTICE
    app = make_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, SaveNote))
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, MainScreen))
        show_save_note(app, session)  # the game opened again (from the lobby)
        await pilot.pause()
        assert isinstance(app.screen, MainScreen)
        assert [type(s).__name__ for s in app.screen_stack].count("SaveNote") == 0


async def test_a_round_saved_mid_gamble_shows_the_note_over_the_gamble() -> None:
    session = session_for(winning_seed(gamble=True))
    session.act(Spin(session.bet, limits=session.limits))
    session.act(StartGamble())
    session.load_notice = NOTICE
    app = make_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, SaveNote))
        await pilot.pause()
        stack = [type(screen).__name__ for screen in app.screen_stack]
        assert stack == ["MainScreen", "GambleScreen", "SaveNote"]
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, GambleScreen))
        assert session.phase is Phase.GAMBLE


async def test_a_round_that_goes_on_is_still_welcomed_back_under_a_long_note() -> None:
    session = session_for(winning_seed(gamble=True))
    session.act(Spin(session.bet, limits=session.limits))
    assert session.phase is Phase.WIN_OFFERED  # the round is open: its win waits
    session.load_notice = NOTICE
    app = make_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, SaveNote))
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, MainScreen))
        await settle(pilot, app)
        assert "Welcome back" in message(app)


PATH = "/tmp/a-rather-long-folder/of-saves/seeded/book-of-spells/seed-78/set-aside-20261201T1955"
"""A path wider than the note's lines (the old files of ``--reset-save``)."""


def test_a_path_is_cut_after_a_slash_only() -> None:
    text = paths_on_their_own_lines(f"The old save files are kept in {PATH}. Good luck!", 30)
    lines = text.splitlines()
    assert lines[0] == "The old save files are kept in"
    path_lines = lines[1:-1]
    assert "".join(path_lines) == f"{PATH}."  # its full stop kept with it
    assert all(len(line) <= 30 for line in path_lines)
    assert all(line.endswith("/") for line in path_lines[:-1])
    assert lines[-1] == "Good luck!"


async def test_a_path_in_the_window_wraps_at_its_slashes() -> None:
    session = session_for(1)
    session.load_notice = f"A new session was started; the old save files are kept in {PATH}."
    app = make_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, SaveNote))
        await pilot.pause()
        drawn = [
            line.strip()
            for line in widget_text(app.screen.query_one("#save-note-text")).splitlines()
        ]
        start = next(n for n, line in enumerate(drawn) if line.startswith("/tmp/"))
        end = next(n for n, line in enumerate(drawn) if line.endswith("."))
        assert "".join(drawn[start : end + 1]) == f"{PATH}."
        assert all(line.endswith("/") for line in drawn[start:end]), drawn
