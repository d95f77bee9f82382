"""The lobby: the shipped games with their facts, credits and waiting rounds; every key; each game
keeps its own credit meter and save; L / Escape come back only between rounds."""

from __future__ import annotations

import shutil
from datetime import UTC, date, datetime, time
from pathlib import Path
from typing import Any

import pytest
from textual.binding import Binding

from slotterm.cli import build_parser
from slotterm.engine.actions import Collect, Spin
from slotterm.engine.records import Phase
from slotterm.games import game_ids, get_game
from slotterm.money import format_cents
from slotterm.session.opening import open_session
from slotterm.session.settings import default_settings
from slotterm.tui.app import SlotApp
from slotterm.tui.lobby import peek_save
from slotterm.tui.lobby_facts import game_facts
from slotterm.tui.screens.lobby_screen import LobbyScreen
from slotterm.tui.widgets.lobby_card import state_text
from tests.tui.main_support import winning_seed
from tests.tui.shell_support import (
    SIZE,
    at_rest,
    demo,
    lobby_text,
    saved_shelf,
    shell_app,
    wait_for,
)

BOOK, WITCH = get_game("book-of-spells"), get_game("lucky-witch")
SAVES = Path(__file__).resolve().parents[2] / "saves"


def test_no_game_on_the_command_line_means_the_lobby() -> None:
    parser = build_parser()
    assert parser.parse_args(["play"]).game is None
    assert parser.parse_args(["play", "--demo"]).game is None
    assert parser.parse_args(["play", "lucky-witch"]).game == "lucky-witch"
    assert parser.parse_args(["history"]).game == "book-of-spells"  # unchanged


def test_the_facts_come_from_the_definitions() -> None:
    book, witch = game_facts(BOOK), game_facts(WITCH)
    assert book.lines == "9 lines" and witch.lines == "15 lines"
    # the published figures, printed to two decimals by hand: 0.9613 and 0.9630
    assert book.rtp == "RTP 96.13 %" and witch.rtp == "RTP 96.30 %"
    assert "5,000× the bet" in book.top and "250,000.00" in witch.top
    assert "free spins with an expanding symbol" in book.features and "gamble" in book.features
    assert "expanding" not in witch.features
    assert "gamble" not in witch.features
    for pick in ("Magic Potion", "Pumpkin", "Spell Book", "Secret Vault"):
        assert pick in witch.features


async def test_the_lobby_lists_every_game_with_new_credits(tmp_path: Path) -> None:
    app = shell_app(tmp_path, shelf=saved_shelf(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen)
        text = lobby_text(app)
        start = format_cents(default_settings(BOOK).start_credits)
        assert "1. Book of Spells" in text and "2. Lucky Witch" in text
        assert text.count(f"Credits {start}") == len(game_ids())
        assert "a round is waiting" not in text
        assert not (tmp_path / "saves").exists()  # looking opened nothing


SHIPPED = len(game_ids())
"""How many games ship (the arrows wrap round them)."""


@pytest.mark.parametrize(
    ("keys", "index"),
    [
        (["down"], 1),
        (["j"], 1),
        (["down"] * SHIPPED, 0),
        (["up"], SHIPPED - 1),
        (["k", "k"], SHIPPED - 2),
    ],
)
async def test_the_arrows_move_the_highlight(tmp_path: Path, keys: list[str], index: int) -> None:
    app = shell_app(tmp_path, shelf=saved_shelf(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*keys)
        lobby = app.screen
        assert isinstance(lobby, LobbyScreen) and lobby.highlighted == index
        card = lobby.query_one(f"#lobby-card-{index}")
        assert card.has_class("highlighted")


@pytest.mark.parametrize(
    ("keys", "game"),
    [
        (["enter"], BOOK),
        (["space"], BOOK),
        (["down", "enter"], WITCH),
        (["2"], WITCH),
        (["1"], BOOK),
    ],
)
async def test_a_key_opens_a_game(tmp_path: Path, keys: list[str], game: object) -> None:
    app = shell_app(tmp_path, shelf=saved_shelf(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*keys)
        await at_rest(pilot, app)
        assert app.session is not None and app.session.game is game
        assert app.screen is app.main_screen
        assert app.main_screen.reels.border_title.startswith(game.name)  # type: ignore[attr-defined]


@pytest.mark.parametrize("key", ["l", "L", "escape"])
async def test_back_to_the_lobby_between_rounds(tmp_path: Path, key: str) -> None:
    app = shell_app(tmp_path, shelf=saved_shelf(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        await at_rest(pilot, app)
        await pilot.press(key)
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))


async def test_no_way_back_while_a_round_is_open(tmp_path: Path) -> None:
    shelf = saved_shelf(tmp_path, seed=winning_seed())
    app = shell_app(tmp_path, shelf=shelf)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        await at_rest(pilot, app)
        await pilot.press("space")
        session = app.session
        assert session is not None
        await wait_for(pilot, lambda: not app.main_screen.presenter.busy)  # type: ignore[union-attr]
        assert session.phase is Phase.WIN_OFFERED
        for key in ("l", "escape", "o", "g"):
            await pilot.press(key)
            await pilot.pause()
            assert app.screen is app.main_screen, key


async def test_each_game_keeps_its_own_credits_and_save(tmp_path: Path) -> None:
    shelf = saved_shelf(tmp_path)
    app = shell_app(tmp_path, shelf=shelf)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        await at_rest(pilot, app)
        book = app.session
        assert book is not None
        book.act(Spin(book.bet, limits=book.limits))  # a round played and closed
        if book.phase is not Phase.IDLE:
            from slotterm.engine.actions import Collect

            book.act(Collect())
        book_credits = book.state.credits
        await pilot.press("l")
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
        text = lobby_text(app)
        start = format_cents(default_settings(WITCH).start_credits)
        assert f"Credits {format_cents(book_credits)}" in text
        assert f"Credits {start}" in text  # Lucky Witch untouched
        await pilot.press("down", "enter")
        await at_rest(pilot, app)
        witch = app.session
        assert witch is not None and witch is not book and witch.game is WITCH
        assert witch.state.credits == default_settings(WITCH).start_credits
        await pilot.press("l")
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
        await pilot.press("up", "enter")
        await at_rest(pilot, app)
        assert app.session is book and book.state.credits == book_credits
    shelf.close()
    assert (tmp_path / "saves" / "seeded" / "book-of-spells").is_dir()
    assert (tmp_path / "saves" / "seeded" / "lucky-witch").is_dir()


async def test_a_waiting_round_is_shown_from_the_save_without_its_lock(tmp_path: Path) -> None:
    seed = winning_seed()
    held = open_session(  # another slotterm holds Book of Spells, a win waiting
        BOOK,
        default_settings(BOOK),
        root=tmp_path / "saves",
        seed=seed,
        state_root=tmp_path / "state",
    )
    session = held.session
    session.act(Spin(session.bet, limits=session.limits))
    assert session.phase is Phase.WIN_OFFERED
    try:
        app = shell_app(tmp_path, shelf=saved_shelf(tmp_path, seed=seed))
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            text = lobby_text(app)
            assert "a round is waiting" in text
            assert f"Credits {format_cents(session.state.credits)}" in text
    finally:
        held.close()


@pytest.mark.parametrize(("day", "overdue"), [(date(2026, 1, 2), False), (date(2026, 6, 1), True)])
def test_a_round_left_over_90_days_is_said_to_be_settled_on_opening(
    tmp_path: Path, day: date, overdue: bool
) -> None:
    """The example's gamble was left on 1 January 2026: the next day it is simply waiting;
    in June, opening the game settles it, and the card says so instead of "waiting"."""
    shutil.copytree(SAVES / "mid-gamble-v3", tmp_path / "root")
    now = datetime.combine(day, time(12), tzinfo=UTC)
    state = peek_save(BOOK, tmp_path / "root", None, 0, now)
    assert state.waiting and state.overdue is overdue
    shown = state_text(state).plain
    assert ("settled when the game opens" in shown) is overdue
    assert ("a round is waiting" in shown) is not overdue


def test_the_lobby_footer_names_what_the_arrows_do() -> None:
    arrows = next(b for b in LobbyScreen.BINDINGS if isinstance(b, Binding) and b.show)
    assert arrows.key_display == "↑/↓" and arrows.description == "Choose"


async def test_a_game_that_cannot_be_opened_says_why(tmp_path: Path) -> None:
    app = shell_app(tmp_path, shelf=saved_shelf(tmp_path, refuse="lucky-witch"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("down", "enter")
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen)
        assert "open in another slotterm" in lobby_text(app)
        await pilot.press("up", "enter")  # the other game still opens
        await at_rest(pilot, app)
        assert app.session is not None and app.session.game is BOOK


async def test_q_in_the_lobby_quits(tmp_path: Path) -> None:
    app = shell_app(tmp_path, shelf=saved_shelf(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("q")
        await wait_for(pilot, lambda: app.return_code is not None)


def opened_directly(tmp_path: Path) -> tuple[Any, Any, SlotApp]:
    """``slotterm lucky-witch`` with its saves in ``tmp_path``: the shelf, the opened
    game and the app started on it."""
    shelf = saved_shelf(tmp_path)
    opened = shelf.find("lucky-witch").open()
    shelf.adopt(opened)
    return shelf, opened, shell_app(tmp_path, shelf=shelf, session=opened.session)


async def test_a_game_opened_directly_has_the_lobby_behind(tmp_path: Path) -> None:
    shelf, opened, app = opened_directly(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await at_rest(pilot, app)
        assert app.session is opened.session
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
        assert "saved, open here" in lobby_text(app)  # at rest: open, not "playing"
        assert "playing" not in lobby_text(app)
    shelf.close()


async def test_a_game_opened_directly_builds_the_lobby_only_when_asked(tmp_path: Path) -> None:
    """Started on a game, the lobby is not built under it (its first frame would come
    before the game's); L builds it in the game's place, and a game opened from it goes
    back to it as from any lobby."""
    shelf, opened, app = opened_directly(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await at_rest(pilot, app)
        assert app.lobby is not None and not app.lobby.is_attached
        assert app.screen_stack[-1] is app.main_screen and len(app.screen_stack) == 2
        await pilot.press("l")
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
        assert len(app.screen_stack) == 2  # in the game's place, not over it
        await pilot.press("2")  # Lucky Witch again, still open with its credits
        await at_rest(pilot, app)
        assert app.session is opened.session and app.screen is app.main_screen
        await pilot.press("l")
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
        assert len(app.screen_stack) == 2
    shelf.close()


async def test_without_a_lobby_l_does_nothing(tmp_path: Path) -> None:
    app = shell_app(tmp_path, session=demo())
    async with app.run_test(size=SIZE) as pilot:
        await at_rest(pilot, app)
        await pilot.press("l", "escape")
        await pilot.pause()
        assert app.screen is app.main_screen


def test_the_play_shelf_reads_each_games_settings(
    tmp_path: Path, user_dirs: dict[str, str]
) -> None:
    from slotterm.commands.play import shelf_for

    args = build_parser().parse_args(["play", "--demo", "--save-dir", str(tmp_path / "s")])
    shelf = shelf_for(args)
    assert shelf.ids() == list(game_ids())
    assert shelf.state("lucky-witch").note == "demo, not saved"
    session = shelf.session("lucky-witch")
    assert session.game is WITCH and session.persist is None  # a demo is never saved
    assert shelf.state("lucky-witch").note == "demo, not saved"
    shelf.close()


def test_snapshot(snap_compare: Any, tmp_path: Path) -> None:
    app = shell_app(tmp_path, shelf=saved_shelf(tmp_path))
    assert snap_compare(app, terminal_size=(100, 32), press=["down"])


def test_the_lobby_in_a_real_terminal(user_dirs: dict[str, str], tmp_path: Path) -> None:
    """``slotterm --seed N`` in a pty: the lobby, Book of Spells played one round, L back
    with its credits shown, Lucky Witch opened with its own, Q; both saves written."""
    import sys
    import time

    from tests.tui.pty_support import COLS, ROWS, WAIT, PtyGame

    env = {k: v for k, v in user_dirs.items() if not k.startswith(("TEXTUAL", "NO_COLOR"))}
    env.update(TERM="xterm-256color", COLUMNS=str(COLS), LINES=str(ROWS))
    saves = tmp_path / "saves"
    argv = [sys.executable, "-m", "slotterm", "--seed", "4", "--save-dir", str(saves)]
    game = PtyGame(argv, env, tmp_path)
    start = format_cents(default_settings(BOOK).start_credits)
    # the same seed in-process: its first spin wins, so the screen can wait for the win
    # offered (never on screen before the spin) rather than for a prompt it showed already
    twin = open_session(BOOK, default_settings(BOOK), root=None, seed=4, demo=True).session
    twin.act(Spin(twin.bet, limits=twin.limits))
    assert twin.phase is Phase.WIN_OFFERED, "seed 4's first spin no longer wins"
    twin.act(Collect())
    credits = format_cents(twin.state.credits)
    try:
        both = f"Credits {start}"
        shipped = len(game_ids())
        game.wait_for(lambda: game.text().count(both) == shipped, "the lobby with every game")
        game.send(b"\r")
        game.wait_for(lambda: game.box("Credits") == start, "Book of Spells")
        game.send(b" ")  # one spin; it wins (the twin says so), 7 collects it
        game.wait_for(lambda: "Space collects" in game.text(), "the win offered")
        game.send(b"7")
        rest = "Press Space to spin"  # the message line, drawn below the Credits box
        game.wait_for(
            lambda: game.box("Credits") == credits and rest in game.text(), "the win collected"
        )
        game.send(b"l")
        shown = (f"Credits {credits}", f"Credits {start}")
        game.wait_for(lambda: all(s in game.text() for s in shown), "the lobby with both credits")
        game.send(b"2")
        game.wait_for(lambda: "Coin size" in game.text(), "Lucky Witch")
        game.wait_for(
            lambda: rest in game.text() and game.box("Credits") == start,
            "Lucky Witch at rest with its own credits",
        )
        game.send(b"q")
        deadline = time.monotonic() + WAIT  # a deadline only: the child ends at once
        while game.process.poll() is None and time.monotonic() < deadline:
            game.pump(0.05)  # keep reading: the child writes the terminal back as it ends
        assert game.process.returncode == 0, game.text()
    finally:
        game.close()
    assert (saves / "seeded" / "book-of-spells" / "seed-4").is_dir()
    assert (saves / "seeded" / "lucky-witch" / "seed-4").is_dir()
