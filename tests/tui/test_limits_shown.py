"""The lobby and the help state the operator's limits that the rounds start with (qa2
finding 28): with ``max_win = 2.00`` in the settings file the lobby's card says "up to
2.00 a game" and the help "never pays more than 2.00 in credits", not the game's own
250,000.00; the help's free-spin and gamble limit sentences give the session's figures.

The expected words are written by hand from the settings (2.00, 0.50, 1.00), not taken
from the code."""

from __future__ import annotations

import re
from pathlib import Path

from slotterm.cli import build_parser
from slotterm.engine.actions import Limits
from slotterm.games import get_game
from slotterm.rng import SeededSource
from slotterm.session.game_session import demo_session
from slotterm.tui.lobby_facts import game_facts
from slotterm.tui.screens.help_screen import HelpScreen, help_markdown
from slotterm.tui.widgets.help_text import MarkdownText
from tests.tui.main_support import make_app
from tests.tui.shell_support import SIZE, lobby_text, shell_app, wait_for

BOOK, WITCH = get_game("book-of-spells"), get_game("lucky-witch")
OPERATOR = Limits(gamble_limit=100, free_spin_limit=50, max_win=200)
"""The settings file below, in cents."""
SETTINGS = "max_win = 2.00\nfree_spin_limit = 0.50\ngamble_limit = 1.00\n"


def _flat(text: str) -> str:
    """``text`` on one line, runs of spaces and line breaks made one space."""
    return re.sub(r"\s+", " ", text)


async def test_the_lobby_states_the_operators_round_cap(tmp_path: Path) -> None:
    from slotterm.commands.play import shelf_for

    config = tmp_path / "operator.toml"
    config.write_text(SETTINGS, encoding="utf-8")
    argv = ["play", "--demo", "--config", str(config), "--save-dir", str(tmp_path / "s")]
    shelf = shelf_for(build_parser().parse_args(argv))
    app = shell_app(tmp_path, shelf=shelf)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: "Lucky Witch" in lobby_text(app))
        shown = _flat(lobby_text(app))
        assert "up to 2.00 a game" in shown, shown  # Lucky Witch: the operator's cap
        assert "up to 5,000× the bet or 2.00 a game" in shown, shown  # Book: the smaller
        assert "250,000.00" not in shown, shown
    # Once opened, the card follows the session's own limits (the same ones).
    session = shelf.session("lucky-witch")
    assert session.limits.max_win == 200
    assert game_facts(WITCH, shelf.limits("lucky-witch")).top == "up to 2.00 a game"
    shelf.close()


def test_the_help_states_the_operators_limits() -> None:
    witch = _flat(help_markdown(WITCH, OPERATOR))
    assert "A round never pays more than 2.00 in credits." in witch, witch
    assert "250,000.00" not in witch
    assert "Here it is 0.50: once their wins pass it, the features end" in witch, witch
    book = _flat(help_markdown(BOOK, OPERATOR))
    assert "5,000 times the total bet, and never more than 2.00 in credits" in book, book
    assert "Here it is 0.50: once their wins pass it, the features end" in book, book
    assert "gamble limit here is 1.00" in book, book


def test_the_help_without_an_operator_cap_keeps_the_games_own() -> None:
    witch = _flat(help_markdown(WITCH, Limits()))
    assert "A round never pays more than 250,000.00 in credits." in witch, witch
    book = _flat(help_markdown(BOOK, Limits(gamble_limit=0, free_spin_limit=None)))
    assert "never pays more than 5,000 times the total bet;" in book, book
    assert "switched the gamble off" in book, book
    assert "Here there is none." in book, book


async def test_h_shows_the_help_with_the_sessions_limits() -> None:
    session = demo_session(WITCH, SeededSource(1), limits=OPERATOR)
    app = make_app(session=session)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.press("h")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        await wait_for(pilot, lambda: bool(app.screen.query(MarkdownText)))
        shown = _flat(app.screen.query_one(MarkdownText).plain)
        assert "never pays more than 2.00 in credits" in shown, shown
        assert "250,000.00" not in shown, shown
