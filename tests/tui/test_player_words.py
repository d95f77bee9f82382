"""One name per symbol and one way to write a multiple of the bet, on every screen a player
reads (qa2 findings 19 and 5).

A symbol is called by its game definition's display name everywhere: the reel captions
and banners (upper case, the same name), the round replay ("5 × Queen", never "5 × Q"),
the Magic Book's choice, the paytable.  A pick game's amounts are written "15× bet" in the
replay and the ``slotterm history`` table as on the pick screen, never "15x"; the
anticipation hint names the scatter ("2 × BOOK OF SPELLS…", not "2 BOOKS…")."""

from __future__ import annotations

import re

import pytest

from slotterm.commands.history import feature_text
from slotterm.engine.actions import Bet, Spin
from slotterm.engine.features.free_spins_records import record_of
from slotterm.engine.model import GameDefinition
from slotterm.engine.records import Round
from slotterm.games import get_game
from slotterm.session.game_session import GameSession
from slotterm.tui.anticipation import SCATTERS_NEEDED
from slotterm.tui.autoplay import autoplay_action
from slotterm.tui.player_words import symbol_name
from slotterm.tui.round_scenes import anticipation_hint
from slotterm.tui.screens.paytable_screen import wild_scatter_rules
from slotterm.tui.screens.round_replay_screen import replay_steps
from slotterm.tui.symbols import symbol_art
from tests.tui.modal_support import played_session
from tests.tui.pick_support import LABELS, force, witch_session

GAMES = [get_game("book-of-spells"), get_game("lucky-witch")]
BOOK = GAMES[0]


def _names(game: GameDefinition) -> dict[str, str]:
    """Each symbol id -> the name the game definition gives it."""
    return {s.id: s.name for s in game.symbols}


@pytest.mark.parametrize("game", GAMES, ids=[g.id for g in GAMES])
def test_each_symbol_has_one_name_its_definitions(game: GameDefinition) -> None:
    for symbol_id, name in _names(game).items():
        assert symbol_name(game, symbol_id) == name
        assert symbol_art(symbol_id, game).name == name  # the pictures' captions too


def _details(game: GameDefinition, round_: Round) -> list[str]:
    return [line for step in replay_steps(game, round_) for line in step.details]


def test_the_replay_names_the_symbols_of_its_line_wins() -> None:
    session = played_session()
    won = [r for r in session.history if r.base.evaluation.line_wins]
    assert won, "the played session has line wins"
    names = _names(BOOK)
    for round_ in won:
        details = _details(BOOK, round_)
        for win in round_.base.evaluation.line_wins:
            assert f"Line {win.line}: {win.count} × {names[win.symbol]} pays" in " ".join(details)
        for symbol_id in names:
            assert not any(
                f"× {symbol_id} pays" in d for d in details if symbol_id != names[symbol_id]
            )


def test_the_magic_book_and_its_expansion_are_told_by_name() -> None:
    session = played_session()
    rounds = [r for r in session.history if record_of(r) is not None]
    assert rounds, "the played session has free spins"
    names = _names(BOOK)
    for round_ in rounds:
        record = record_of(round_)
        assert record is not None
        special = record.modifier
        name = names[special]
        details = _details(BOOK, round_)
        assert f"The Magic Book chose {name} as the special symbol." in details
        assert f"Special symbol: {name}." in details
        assert f"({special})" not in " ".join(details)
        expands = [d for d in details if "expands on reels" in d]
        assert all(d.startswith(f"{name} expands") for d in expands), expands


def test_the_paytable_calls_the_book_by_its_name_only() -> None:
    text = wild_scatter_rules(BOOK, Bet(2, 9))
    assert "(BOOK)" not in text and "BOOKs" not in text
    assert "Book of Spells symbols alone" in text


def _played_pick_game(pick_game: str) -> GameSession:
    """A Lucky Witch session whose one round played ``pick_game`` to its end."""
    session = witch_session()
    session.act(Spin(session.bet, force=force(pick_game), limits=session.limits))
    for _ in range(50):  # the policy's picks until the round closes
        if session.state.round is None:
            break
        action = autoplay_action(session, play_features=True)
        assert action is not None
        session.act(action)
    assert session.state.round is None
    return session


@pytest.mark.parametrize("pick_game", list(LABELS))
def test_a_pick_games_replay_writes_its_amounts_as_the_game_does(pick_game: str) -> None:
    session = _played_pick_game(pick_game)
    text = " ".join(_details(session.game, session.history[-1]))
    assert "× bet" in text, text
    assert not re.search(r"\d+x\b", text), text


@pytest.mark.parametrize("pick_game", list(LABELS))
def test_the_history_table_writes_a_pick_games_amounts_as_the_game_does(pick_game: str) -> None:
    session = _played_pick_game(pick_game)
    text = feature_text(session.history[-1], session.game)
    assert "× bet" in text, text
    assert not re.search(r"\d+x\b", text), text


@pytest.mark.parametrize("game", GAMES, ids=[g.id for g in GAMES])
def test_the_anticipation_hint_names_the_scatter_as_the_paytable_does(
    game: GameDefinition,
) -> None:
    (scatter,) = game.scatter_ids
    name = _names(game)[scatter]
    hint = anticipation_hint(game)
    assert f"{SCATTERS_NEEDED} × {name.upper()}…" in hint, hint
    assert f"{scatter}S" not in hint, hint  # the id made plural, as it was
