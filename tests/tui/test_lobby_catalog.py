"""The lobby lists every game it finds, however many: twelve synthetic games at 80x24
(digits, arrows, Home / End, Page Up / Page Down, the list scrolling to the highlighted
card), facts from each definition alone, and a game file that does not load listed with
its one-line error while the others still play."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from slotterm.cli import build_parser
from slotterm.commands.play import shelf_for
from slotterm.games import catalog as catalog_module
from slotterm.games import game_ids
from slotterm.games.catalog import catalog
from slotterm.tui.lobby import BrokenGame, GameShelf
from slotterm.tui.lobby_facts import game_facts
from slotterm.tui.palette import offered
from slotterm.tui.widgets.lobby_card import DIGIT_KEYS
from tests.tui.lobby_support import card_in_view, demo_entry, lobby_of, toy_game, toy_shelf
from tests.tui.palette_support import choose, listed, open_palette
from tests.tui.shell_support import at_rest, lobby_text, shell_app, wait_for

pytestmark = pytest.mark.textual_idle  # the list scrolls smoothly: each key waits it out

SMALL = (80, 24)
COUNT = 12


async def back_to_lobby(pilot: Any, app: Any) -> None:
    """From a game at rest, L back to the lobby."""
    await at_rest(pilot, app)
    await pilot.press("l")
    await wait_for(pilot, lambda: app.screen is app.lobby)


async def test_each_digit_opens_the_game_of_that_number(tmp_path: Path) -> None:
    shelf = toy_shelf(COUNT)
    app = shell_app(tmp_path, shelf=shelf)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        for number in range(1, DIGIT_KEYS + 1):
            await pilot.press(str(number))
            await at_rest(pilot, app)
            assert app.session is not None
            assert app.session.game is shelf.games[number - 1].game, number
            await back_to_lobby(pilot, app)
            assert lobby_of(app).highlighted == number - 1
            assert card_in_view(app, number - 1), number


async def test_the_arrows_reach_every_card_and_keep_it_in_view(tmp_path: Path) -> None:
    app = shell_app(tmp_path, shelf=toy_shelf(COUNT))
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        lobby = lobby_of(app)
        assert lobby.max_scroll_y == 0  # the list scrolls, not the screen
        assert not card_in_view(app, COUNT - 1)  # twelve cards do not fit at 80x24
        hint = lobby.query_one("#lobby-hint")
        assert hint.region.bottom <= SMALL[1] - 1  # the key help above the key bar
        for index in range(1, COUNT):
            await pilot.press("down")
            await wait_for(pilot, lambda i=index: card_in_view(app, i))
            assert lobby.highlighted == index
            assert lobby.query_one(f"#lobby-card-{index}").has_class("highlighted")
        await pilot.press("down")  # past the last: the first again
        await wait_for(pilot, lambda: card_in_view(app, 0))
        assert lobby.highlighted == 0
        await pilot.press("up")
        await wait_for(pilot, lambda: card_in_view(app, COUNT - 1))
        assert lobby.highlighted == COUNT - 1
        for index in range(COUNT - 2, -1, -1):
            await pilot.press("k")
            await wait_for(pilot, lambda i=index: card_in_view(app, i))
            assert lobby.highlighted == index


async def test_home_end_and_the_page_keys(tmp_path: Path) -> None:
    app = shell_app(tmp_path, shelf=toy_shelf(COUNT))
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        lobby = lobby_of(app)
        await pilot.press("end")
        await wait_for(pilot, lambda: card_in_view(app, COUNT - 1))
        assert lobby.highlighted == COUNT - 1
        await pilot.press("home")
        await wait_for(pilot, lambda: card_in_view(app, 0))
        assert lobby.highlighted == 0
        seen = [0]
        while seen[-1] < COUNT - 1:
            await pilot.press("pagedown")
            await wait_for(pilot, lambda: card_in_view(app, lobby.highlighted))
            assert seen[-1] < lobby.highlighted, "Page Down moves on until the last card"
            seen.append(lobby.highlighted)
        assert 1 < len(seen) < COUNT, f"more than one card a page: {seen}"
        await pilot.press("pagedown")  # at the last card it stays there
        assert lobby.highlighted == COUNT - 1
        while lobby.highlighted > 0:
            before = lobby.highlighted
            await pilot.press("pageup")
            await wait_for(pilot, lambda: card_in_view(app, lobby.highlighted))
            assert lobby.highlighted < before


async def test_enter_opens_the_game_reached_by_the_arrows(tmp_path: Path) -> None:
    shelf = toy_shelf(COUNT)
    app = shell_app(tmp_path, shelf=shelf)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("end", "enter")
        await at_rest(pilot, app)
        assert app.session is not None and app.session.game is shelf.games[-1].game
        await back_to_lobby(pilot, app)
        await pilot.press("up", "up", "enter")
        await at_rest(pilot, app)
        assert app.session is not None and app.session.game is shelf.games[-3].game


async def test_the_palette_offers_every_playable_game(tmp_path: Path) -> None:
    broken = BrokenGame(file=tmp_path / "bad.toml", error="bad.toml: rows: must be 1 or more")
    shelf = toy_shelf(COUNT, broken={3: broken})
    app = shell_app(tmp_path, shelf=shelf)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        commands = offered(app, app.screen)
        assert [c.title for c in commands] == [f"Play {g.game.name}" for g in shelf.games]
        assert "(4)" not in " ".join(c.help for c in commands)  # the broken file's number
        last = commands[-1]
        assert last.action == f"pick({COUNT - 1})" and "(" not in last.help  # no digit key
        shown = listed(await open_palette(pilot, app))
        assert set(shown) >= {c.title for c in commands} and "Play bad.toml" not in shown
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is app.lobby)
        await choose(pilot, app, last.title)
        await at_rest(pilot, app)
        assert app.session is not None and app.session.game is shelf.games[-1].game


def test_the_facts_come_from_the_definition_alone() -> None:
    facts = game_facts(toy_game(4))  # 5 lines; 0.05 to 0.50 a line; the gamble
    assert facts.layout == "3 reels × 3 rows" and facts.lines == "5 lines"
    assert facts.bets == "Bets 0.05 to 2.50"
    assert facts.rtp == "RTP 95.00 %"
    assert facts.top == "up to 500× the bet a game"
    assert facts.features == "gamble"
    one = game_facts(toy_game(5, published_rtp=0))  # 1 line, no gamble, no published RTP
    assert one.lines == "1 line" and one.bets == "Bets 0.05 to 0.50"
    assert one.rtp is None and one.features == "none"


async def test_a_card_without_a_published_rtp_says_nothing_of_it(tmp_path: Path) -> None:
    app = shell_app(tmp_path, shelf=toy_shelf(2))
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        text = lobby_text(app)
        assert "Toy Game 1  ·  3 reels × 3 rows, 2 lines" in text
        assert text.count("RTP 95.00 %") == 2
    app = shell_app(tmp_path, shelf=GameShelf([demo_entry(toy_game(1, published_rtp=0))]))
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        assert "RTP" not in lobby_text(app)


def games_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A games folder with a file that is not a game and one that is (a toy game: the
    loader is told to give it, the other file goes through the loader as it is)."""
    folder = tmp_path / "games"
    folder.mkdir()
    (folder / "broken.toml").write_text("this is [not a game", encoding="utf-8")
    (folder / "toy.toml").write_text("# the toy game\n", encoding="utf-8")
    (folder / "notes.txt").write_text("not a game file name\n", encoding="utf-8")
    real = catalog_module.load_game_file
    toy = toy_game(7)

    def load(path: Path) -> Any:
        return toy if path.name == "toy.toml" else real(path)

    monkeypatch.setattr(catalog_module, "load_game_file", load)
    return folder


async def test_a_broken_file_is_listed_with_its_error_and_the_others_still_play(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = games_folder(tmp_path, monkeypatch)
    found = {entry.id: entry for entry in catalog(folder)}
    error = found["broken.toml"].error
    assert error and found["broken.toml"].game is None
    argv = ["play", "--demo", "--save-dir", str(tmp_path / "saves"), "--games", str(folder)]
    shelf = shelf_for(build_parser().parse_args(argv))
    shipped = len(game_ids())
    assert shelf.ids() == [*game_ids(), "broken.toml", "toy-7"]  # the .txt is no game file
    broken_number = shipped + 1
    app = shell_app(tmp_path, shelf=shelf)
    try:
        async with app.run_test(size=(100, 32)) as pilot:
            await pilot.pause()
            text = lobby_text(app)
            assert f"{broken_number}. broken.toml  ·  cannot be played" in text
            assert error.removeprefix("broken.toml: ") in text
            assert f"{shipped + 2}. Toy Game 7  ·  3 reels × 3 rows, 3 lines  ·  toy.toml" in text
            await pilot.press(str(broken_number))
            await pilot.pause()
            lobby = lobby_of(app)
            assert lobby.highlighted == shipped and app.session is None
            assert (
                lobby.note == f"broken.toml cannot be played: {error.removeprefix('broken.toml: ')}"
            )
            assert lobby.note in lobby_text(app)
            assert not lobby.check_action("start_afresh", ())
            await pilot.press("enter")  # Enter on it: the same, nothing opened
            await pilot.pause()
            assert app.screen is lobby and app.session is None
            await pilot.press("down", "enter")  # the toy game beside it plays
            await at_rest(pilot, app)
            assert app.session is not None and app.session.game.id == "toy-7"
            assert app.session.persist is None  # --demo
            await back_to_lobby(pilot, app)
            assert "broken.toml cannot be played" not in lobby_text(app)  # a new note
            await pilot.press("1")  # a shipped game still plays
            await at_rest(pilot, app)
            assert app.session.game.id == game_ids()[0]
    finally:
        shelf.close()


def test_snapshot_of_a_long_list(snap_compare: Any, tmp_path: Path) -> None:
    """Twelve games at 80x24, the last one highlighted: the list scrolled to it, the note
    and the keys in their places."""
    broken = BrokenGame(
        file=tmp_path / "fruit.toml", error='fruit.toml: reels.base[2][7]: unknown symbol "SEVN"'
    )
    app = shell_app(tmp_path, shelf=toy_shelf(COUNT, broken={10: broken}))
    assert snap_compare(app, terminal_size=SMALL, press=["end", "up", "enter"])


async def test_a_lobby_with_no_game_takes_every_key_quietly(tmp_path: Path) -> None:
    app = shell_app(tmp_path, shelf=GameShelf([]))
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("down", "up", "home", "end", "pagedown", "pageup", "1", "enter", "r")
        await pilot.pause()
        assert app.screen is app.lobby and app.session is None
        assert app.return_code is None  # still running: nothing failed
