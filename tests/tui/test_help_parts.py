"""The help built from the definition (slotterm.tui.help_rules, help_play and each feature
view's help section): a game without help text of its own gets its own rules, not another
game's; a file's ``help`` text is shown; every feature view has a section; the shipped
games' help keeps every fact the hand-written help had; and no module that draws symbols
or the rule screens names a game."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from slotterm.engine.features.mystery_bonus import MysteryBonus
from slotterm.engine.model import GameDefinition
from slotterm.games import get_game
from slotterm.tui.features.pick_screens import PICK_HELP
from slotterm.tui.features.registry import FEATURE_VIEWS, FeatureViews
from slotterm.tui.screens.help_screen import HelpScreen, help_markdown
from tests.tui.art_support import plain_game, shipped
from tests.tui.modal_support import ModalHost, screen_text


def _flat(text: str) -> str:
    return re.sub(r"\s+", " ", text)


def test_a_game_without_help_of_its_own_gets_its_own_rules() -> None:
    text = help_markdown(plain_game())
    flat = _flat(text)
    assert text.startswith("# How to play Plain Fruit\n")
    assert "$" not in text
    for fact in (
        "Five reels turn and stop on a window of three rows",
        "of the 5 lines",
        "stands in for the Seven, the Bar, the Bell, the Cherry and the Lemon, and for "
        "nothing else",
        "3, 4 or 5 Star symbols pay 2, 10 or 50 times the **total** bet",
        "The wild never stands in for a Star",
        "start **8 free spins**",
        "Free spins do not win more free spins",
        "1,000 times the total bet",
        "95.00 %",
    ):
        assert fact in flat, fact
    for other in ("Magic Book", "Book", "Witch", "Potion", "Cauldron", "Mystery", "coin"):
        assert other not in text, other


def test_a_files_help_text_comes_first() -> None:
    game = plain_game(help_text="Cherries and sevens, as on the pier.")
    text = help_markdown(game)
    assert text.index("Cherries and sevens") < text.index("## The game in short")


def test_without_free_spins_nothing_is_said_of_them() -> None:
    text = help_markdown(plain_game(features=()))
    assert "free spin" not in text.lower()
    assert "because much of the return comes from rare" not in text


@pytest.mark.parametrize("game_id", ["book-of-spells", "lucky-witch"])
def test_every_feature_view_has_a_help_section(game_id: str) -> None:
    game = get_game(game_id)
    views = FeatureViews(game).views
    assert {type(v) for v in views} <= set(FEATURE_VIEWS.values())
    for view in views:
        section = view.help_section(None)
        assert section is not None and section.heading and section.text, type(view)
        assert f"## {section.heading}" in help_markdown(game)


def test_each_pick_game_says_its_own_rules() -> None:
    game = get_game("lucky-witch")
    bonus = next(f for f in game.features if isinstance(f, MysteryBonus))
    assert {g.name for g in bonus.games} == set(PICK_HELP)
    text = help_markdown(game)
    for pick in bonus.games:
        item = PICK_HELP[pick.name].help_item(pick)
        assert item.startswith(f"**{pick.title}**") and item in text


BOOK_FACTS = [
    "Five reels turn and stop on a window of three rows",
    "of the 9 lines",
    "the stake per line times the number of lines",
    "waits in the **Win** box until you collect it",
    "from the **leftmost reel** onwards, on reels next to each other",
    "Only the lines you play can win",
    "Each line pays only its best win; wins on different lines add up",
    "counts as whatever symbol completes the best win",
    "pays as the same number of Witch symbols would",
    "3, 4 or 5 Book of Spells symbols pay 2, 20 or 200 times the **total** bet, on top of",
    "start **10 free spins**",
    "lands on one of the paying symbols: the **special symbol** for the whole feature",
    "shown above the reels until the feature ends",
    "Free spins cost nothing and are played at the bet and lines of the spin",
    "in a free spin add 10 more",
    "fills those reels from top to bottom and pays on every line you play",
    "even when those reels are not side by side",
    "does not make it expand",
    "still counts as the special symbol",
    "paid when they end",
    "5,000 times the total bet; reaching that ends the feature",
    "An operator may also limit what the features of a round win together",
    "shuffled 52-card deck: **5** for red, **6** for black",
    "A right guess doubles the win",
    "There is no gamble on a win autoplay collects, nor after a feature cut short",
    "The last five cards drawn are shown",
    "collects every win itself and never gambles",
    "stops when free spins are won, when your credits no longer cover the bet",
    "Every step is saved before it is shown",
    "A win that was waiting for Collect is credited as the game starts again",
    "more than 90 days",
    "a waiting win is collected, a feature is played to its end (no gamble)",
    "A malfunction voids all pays and plays",
    "| B | bet max: the highest stake you can afford on all lines; B again spins |",
    "| 5 6 | in the gamble: red / black |",
    "gamble on / off",
    "**96.13 %**",
    "the same for every number of lines",
    "much of the return comes from rare, large feature wins",
]
WITCH_FACTS = [
    "window of three rows",
    "15 lines to play",
    "You bet in **coins**",
    "(1 to 20)",
    "the **coin size**",
    "at most 300 coins",
    "goes straight into your credits when the round is over: this game has no gamble",
    "gives each win in coins for one coin per line",
    "stands in for the Witch, the Black Cat, the Owl and the Lizard, and for nothing else",
    "that win is **doubled** (once, however many of them are on the line)",
    '"doubled by the Lucky Witch" beside such a line',
    "pay their own amounts, which are not doubled",
    "it pays the better one",
    "come in **stacks**",
    "one tall box, so a whole reel can turn wild",
    "2, 3, 4 or 5 Potion symbols pay 1, 5, 20 or 100 times the total coins bet",
    "The wild never stands in for a Potion",
    "start **13 free spins**",
    "in a free spin add 13 more",
    '("Free spin N of M" with the total so far)',
    "appears only on reels 1, 3 and 5",
    "a bonus won in a free spin is played before the next free spin",
    "The Cauldron pays nothing by itself",
    "drawn at random with equal chances",
    "one bonus pays at most 30,000 coins",
    "**Win All** pays every amount bottle, opened or not",
    "adds a small prize for each bottle left closed",
    "at most 3 times. A given-up amount is gone for good",
    "sometimes the imp turns up and adds another",
    "choose 3 of 12 vaults; the rest open and vanish",
    "250,000.00 in credits",
    "| ↑ ↓ | one coin per line more / fewer (1 to 20) |",
    "20 coins per line (or as many as your credits cover)",
    "| C | show the bet, credits and win in coins or in credits |",
    "coins or credits, odds hints",
    "Letters work in upper and lower case",
    "at a Mystery bonus (the picks are yours)",
    "the spins left are shown while it runs",
    "with the same picks",
    "a bonus's last item opening",
    "played by its best choices",
    "**96.30 %**",
    "when the Pumpkin is played as well as it can be",
]


@pytest.mark.parametrize(
    "game_id,facts", [("book-of-spells", BOOK_FACTS), ("lucky-witch", WITCH_FACTS)]
)
def test_the_shipped_help_keeps_every_fact(game_id: str, facts: list[str]) -> None:
    flat = _flat(help_markdown(shipped(game_id)))
    missing = [fact for fact in facts if fact not in flat]
    assert missing == []


async def test_the_help_screen_shows_a_game_without_help_of_its_own() -> None:
    game: GameDefinition = plain_game()
    app = ModalHost(lambda: HelpScreen(game))
    async with app.run_test(size=(110, 200)) as pilot:
        await pilot.pause()
        text = screen_text(app.screen)
        assert "How to play Plain Fruit" in text and "8 free spins" in text


GAME_NAMES = re.compile(r"book.of.spells|lucky.witch", re.IGNORECASE)
TUI = Path(__file__).parents[2] / "slotterm" / "tui"
NO_GAMES = [
    *sorted((TUI / "art").glob("*.py")),
    TUI / "symbols.py",
    TUI / "widgets" / "reels.py",
    TUI / "screens" / "help_screen.py",
    TUI / "screens" / "paytable_screen.py",
    TUI / "screens" / "paytable_coins.py",
    TUI / "help_rules.py",
    TUI / "help_play.py",
]


def test_no_module_drawing_symbols_or_rules_names_a_game() -> None:
    named = [
        str(path.relative_to(TUI))
        for path in NO_GAMES
        if GAME_NAMES.search(path.read_text(encoding="utf-8"))
    ]
    assert named == []


async def test_the_paytable_shows_a_game_without_art_or_help() -> None:
    from slotterm.engine.actions import Bet
    from slotterm.tui.screens.paytable_screen import PaytableScreen, wild_scatter_rules

    game = plain_game()
    bet = Bet(bet_per_line=10, lines=5)
    rules = wild_scatter_rules(game, bet)
    assert "wild and scatter at once" not in rules  # its wild and its scatter are two
    assert "Star is the scatter" in rules and "Wild is wild" in rules
    app = ModalHost(lambda: PaytableScreen(game, bet))
    async with app.run_test(size=(124, 200)) as pilot:
        await pilot.pause()
        text = screen_text(app.screen)
        for symbol in game.symbols:
            assert symbol.name in text, symbol.id
        assert "The 5 lines" in text
