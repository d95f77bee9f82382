"""A game is a file (issue 19): the synthetic game on the screens, through Pilot.

The lobby finds it in a ``--games`` folder (through the real loader); it opens from its
number; it spins, plays its free spins with their multiplier shown, and shows its own
paytable and its own help.
"""

from __future__ import annotations

from pathlib import Path

from slotterm.cli import build_parser
from slotterm.commands.play import shelf_for
from slotterm.engine.records import Phase
from slotterm.games import get_game
from slotterm.money import format_cents
from slotterm.rng import SeededSource
from slotterm.session.game_session import demo_session
from slotterm.tui.app import SlotApp
from slotterm.tui.screens.help_screen import HelpScreen
from slotterm.tui.screens.paytable_screen import PaytableScreen
from slotterm.tui.widgets.help_text import MarkdownText
from tests.games.proof_game import TREE, write_game
from tests.tui.main_support import settle
from tests.tui.modal_support import screen_text
from tests.tui.shell_support import SIZE, at_rest, lobby_text, shell_app, wait_for

GAME_ID = TREE["game"]


async def test_the_lobby_lists_the_file_game_and_it_plays(tmp_path: Path) -> None:
    folder = tmp_path / "games"
    path = write_game(folder)
    saves = str(tmp_path / "saves")
    argv = ["play", "--demo", "--seed", "1", "--save-dir", saves, "--games", str(folder)]
    shelf = shelf_for(build_parser().parse_args(argv))
    assert GAME_ID in shelf.ids()
    number = shelf.ids().index(GAME_ID) + 1
    app = shell_app(tmp_path, shelf=shelf)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            text = lobby_text(app)
            assert f"{number}. Proof Toy  ·  3 reels × 3 rows, 5 lines" in text
            assert "proof-toy.toml" in text
            await pilot.press(str(number))
            await at_rest(pilot, app)
            session = app.session
            assert session is not None and session.game.id == GAME_ID
            assert session.game.source == str(path)
            assert "PROOF TOY" in screen_text(app.screen)
            played = session.state.rounds_played
            for _ in range(20):  # spin, collect, play the feature: the round to its end
                await pilot.press("space")
                await settle(pilot, app)  # type: ignore[arg-type]
                if session.state.rounds_played > played and session.phase is Phase.IDLE:
                    break
            assert session.state.rounds_played == played + 1
            assert format_cents(session.state.credits) in screen_text(app.screen)
    finally:
        shelf.close()


async def test_the_file_game_has_its_own_paytable_and_help(tmp_path: Path) -> None:
    game = get_game(str(write_game(tmp_path / "games")))
    app = SlotApp(demo_session(game, SeededSource(1)))
    app.animation_level = "none"
    async with app.run_test(size=SIZE) as pilot:
        await at_rest(pilot, app)
        await pilot.press("p")
        await wait_for(pilot, lambda: isinstance(app.screen, PaytableScreen))
        paytable = screen_text(app.screen)
        for symbol in TREE["symbols"]:
            assert symbol["name"] in paytable, symbol
        assert "wild and scatter at once" not in paytable  # two symbols here
        await pilot.press("escape")
        await wait_for(pilot, lambda: not isinstance(app.screen, PaytableScreen))

        await pilot.press("h")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        shown = app.screen.query_one(MarkdownText)
        drawn = "\n".join(strip.text for strip in shown.strips(shown.size.width))
        help_text = " ".join(drawn.split())
        assert TREE["help"] in help_text
        assert "Five reels" not in help_text  # the general words of the shipped games
        await pilot.press("escape")
        await wait_for(pilot, lambda: not isinstance(app.screen, HelpScreen))


async def test_the_file_games_free_spins_show_their_multiplier_and_pay(tmp_path: Path) -> None:
    game = get_game(str(write_game(tmp_path / "games")))
    session = demo_session(game, SeededSource(2))
    app = SlotApp(session, force="free_spins")
    app.animation_level = "none"
    async with app.run_test(size=SIZE) as pilot:
        await at_rest(pilot, app)
        start = session.state.credits
        await pilot.press("space")
        await wait_for(pilot, lambda: session.phase is Phase.FEATURE)
        seen_multiplier = False
        for _ in range(200):  # every key answers one step of the feature
            if session.phase is not Phase.FEATURE:
                break
            await settle(pilot, app)
            seen_multiplier = seen_multiplier or "ALL WINS ×2" in screen_text(app.screen)
            await pilot.press("space")
        await settle(pilot, app)
        assert session.phase is not Phase.FEATURE and seen_multiplier
        assert session.history or session.state.round is not None
        round_ = session.state.round or session.history[-1]
        record = round_.frame("free_spins").record
        doubled = [(s.win, 2 * s.result.evaluation.total_win) for s in record.spins]
        if record.ended_by is not None:  # the cap or a limit cut the last spin short
            doubled = doubled[:-1]
        assert record.spins and all(win == twice for win, twice in doubled), doubled
        assert format_cents(session.state.credits) in screen_text(app.screen)
        assert session.state.credits != start or round_.win == 0
