"""The lobby over a save that cannot be trusted (QA2 #13): the refusal fits at 80x24, in
the player's words first, and R sets the save aside (its files kept) and starts afresh."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from slotterm.cli import build_parser
from slotterm.commands.play import shelf_for
from slotterm.games import get_game
from slotterm.session.fileformat import encode_file
from slotterm.session.opening import SaveRolledBack
from slotterm.session.settings import default_settings
from slotterm.tui.app import SlotApp
from slotterm.tui.lobby import GameShelf, untrusted_save_text
from slotterm.tui.screens.lobby_screen import LobbyScreen
from tests.tui.shell_support import lobby_text, saved_shelf, shell_app, wait_for

BOOK = get_game("book-of-spells")
SAVES = Path(__file__).resolve().parents[2] / "saves"
HEADER = re.compile(rb"slotterm-save \d+ (\d+) \d+ [0-9a-f]{64}\n")


def damaged_root(tmp_path: Path) -> Path:
    """A save root whose Book of Spells save has both copies edited, checksums redone, to
    a phase that does not exist (the tester's repro)."""
    root = tmp_path / "c_phase"
    shutil.copytree(SAVES / "collect-offered-v3", root)
    for copy in (root / "player" / "book-of-spells").glob("*.save"):
        data = copy.read_bytes()
        head = HEADER.match(data)
        assert head is not None
        body = data[head.end() :]
        edited = re.sub(rb'"phase": ?"[a-z_]+"', b'"phase":"banana"', body, count=1)
        assert edited != body
        copy.write_bytes(encode_file(int(head[1]), edited))
    return root


def the_shelf(root: Path) -> GameShelf:
    """The games as ``slotterm --save-dir ROOT`` opens them."""
    args = build_parser().parse_args(["play", "--save-dir", str(root)])
    return shelf_for(args)


def files_in(folder: Path) -> dict[str, bytes]:
    """The save copies in ``folder`` by name."""
    return {p.name: p.read_bytes() for p in sorted(folder.glob("*.save"))}


async def test_the_refusal_fits_80x24_in_the_players_words(tmp_path: Path) -> None:
    shelf = the_shelf(damaged_root(tmp_path))
    app = shell_app(tmp_path, shelf=shelf)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("enter")
            await wait_for(pilot, lambda: "damaged" in lobby_text(app))
            text = lobby_text(app)
            assert "Book of Spells: the save is damaged and cannot be read" in text
            assert "R sets the save aside" in text and "kept" in text
            assert "'banana'" in text  # the technical reason follows, shortened
            assert "--reset-save" not in text and "--save-dir" not in text
            note = app.screen.query_one("#lobby-note")
            assert all(len(line) <= 78 for line in str(note.render()).splitlines())
            screen = app.screen
            hint = screen.query_one("#lobby-hint")
            # the note's new text is laid out on a later refresh: wait for it (a deadline)
            await wait_for(pilot, lambda: hint.region.bottom <= 23 and screen.max_scroll_y == 0)
            assert hint.region.bottom <= 23  # the key help whole, above the key bar
            assert screen.max_scroll_y == 0  # nothing pushed off: no scrollbar
            assert isinstance(screen, LobbyScreen) and screen.check_action("start_afresh", ())
    finally:
        shelf.close()


async def test_r_sets_the_damaged_save_aside_and_starts_afresh(tmp_path: Path) -> None:
    root = damaged_root(tmp_path)
    folder = root / "player" / "book-of-spells"
    damaged = files_in(folder)
    shelf = the_shelf(root)
    app = shell_app(tmp_path, shelf=shelf)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("r")  # nothing refused yet: R does nothing
            await pilot.pause()
            assert isinstance(app.screen, LobbyScreen) and not list(folder.glob("set-aside-*"))
            await pilot.press("enter")
            await wait_for(pilot, lambda: "damaged" in lobby_text(app))
            await pilot.press("r")
            await wait_for(pilot, lambda: app.session is not None)
            assert app.session is not None and app.session.game is BOOK
            start = default_settings(BOOK).start_credits
            assert app.session.state.credits == start and app.session.state.round is None
            (aside,) = folder.glob("set-aside-*")
            assert files_in(aside) == damaged  # kept as they were, never deleted
            assert set(files_in(folder)) == set(damaged)  # the new session's copies
            assert "kept in" in (app.session.load_notice or "")
    finally:
        shelf.close()


async def test_r_is_not_offered_for_a_save_in_use(tmp_path: Path) -> None:
    app: SlotApp = shell_app(tmp_path, shelf=saved_shelf(tmp_path, refuse="book-of-spells"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await wait_for(pilot, lambda: "another slotterm" in lobby_text(app))
        screen = app.screen
        assert isinstance(screen, LobbyScreen) and not screen.check_action("start_afresh", ())
        await pilot.press("r")
        await pilot.pause()
        assert app.screen is screen and app.session is None


def test_a_save_put_back_is_told_as_such() -> None:
    problem = SaveRolledBack(
        "the save was put back to an older copy (#3, #5 was saved): it would replay rounds "
        "already played; nothing was changed; use --reset-save (files moved aside) or "
        "--save-dir DIR",
        folder=Path("/somewhere/player/book-of-spells"),
    )
    lines = untrusted_save_text(BOOK, problem).splitlines()
    assert lines[0] == "Book of Spells: the save was put back or removed since it was last played."
    assert lines[1].startswith("Nothing was changed. R sets the save aside")
    assert lines[2].startswith("Why: the save was put back to an older copy (#3, #5 was")
    assert lines[2].endswith("…") and len(lines[2]) == 78
    assert all("--" not in line for line in lines)
